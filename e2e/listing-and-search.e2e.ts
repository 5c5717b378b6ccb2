import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, baseURL, gotoHydrated, useBrowser } from './support';

const browser = useBrowser();

const QUICK_VIEW_SOURCE = fileURLToPath(new URL('../apps/web/app/features/product/quick-view.tsx', import.meta.url));

type Facet = { id: number; name: string; count: number };
type Listing = { total: number; data: { id: number; url: string; name: string }[]; facets: { colors: Facet[]; sizes: Facet[] } };
type Sku = { color_value_id: number; size_value_id: number; stock: number };

const mostCommon = (values: Facet[]) => [...values].sort((a, b) => b.count - a.count)[0];

/** The products in the grid, in order, as the cards carry them. */
const shownCards = (page: Page) =>
  page
    .locator('main li[data-product-id]')
    .evaluateAll((items) => items.map((item) => ({ url: (item as HTMLElement).dataset.productUrl ?? '' })));

/** The price each card shows first (the sale price), in USD. */
const shownPrices = (page: Page) =>
  page
    .locator('main li[data-product-id]')
    .evaluateAll((items) =>
      items.map((item) => Number((item.querySelector('[translate="no"]')?.textContent ?? '').replace(/[^\d.]/g, ''))),
    );

const countText = async (page: Page) => (await page.locator('main p[role="status"]').textContent()) ?? '';

/** Waits until the listing shows `expected` and no change is still loading. */
async function waitForCount(page: Page, expected: string) {
  await page.waitForFunction(
    (text) =>
      document.querySelector('main p[role="status"]')?.textContent === text && !document.querySelector('main [aria-busy="true"]'),
    expected,
  );
}

const productCount = (total: number) => `${total} ${total === 1 ? 'product' : 'products'}`;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A facet checkbox's accessible name: 'Black, 30 products' (spacing as the browser joins it). */
const facetName = (name: string, count?: number) =>
  new RegExp(`^${escapeRegExp(name)}\\s*,\\s*${count === undefined ? '\\d+' : count} products?$`);

/** Text as it appears in server-rendered HTML. */
const asHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

describe('category listings', () => {
  it('leads from a category tab to its listing, filters by colour and size, sorts, pages and reloads', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/');
    const clothing = (await api<{ id: number; name: string; url: string }[]>('/shop/goods/classify')).find(
      (category) => category.url === 'clothings',
    );
    if (!clothing) throw new Error('the demo shop has no clothing');
    const id = clothing.id;
    const path = `/classify/clothings-${id}.html`;
    // the tab's sub-menu links to the category's whole listing
    const tabs = page.getByRole('navigation', { name: 'Shop by category' });
    await tabs.getByRole('link', { name: 'Clothing', exact: true }).hover();
    await tabs.locator(`a[href="${path}"]`).first().click();
    await page.waitForURL((url) => url.pathname === path);
    await page.getByRole('heading', { level: 1, name: 'Clothing' }).waitFor();

    const all = await api<Listing>(`/shop/goods/classifyDetail?classify_id=${id}&page_size=1`);
    expect(await countText(page)).toBe(productCount(all.total));
    expect(await page.locator('main li[data-product-id]').count()).toBe(Math.min(24, all.total));

    // the colour with the most products, then the size with the most products in that colour
    const colour = mostCommon(all.facets.colors);
    if (!colour) throw new Error('the demo clothing has no colours');
    const inColour = await api<Listing>(
      `/shop/goods/classifyDetail?classify_id=${id}&page_size=1&attribute_value_ids=${colour.id}`,
    );
    const size = mostCommon(inColour.facets.sizes);
    if (!size) throw new Error('the demo clothing has no sizes');
    const both = await api<Listing>(
      `/shop/goods/classifyDetail?classify_id=${id}&page_size=1&attribute_value_ids=${colour.id},${size.id}`,
    );
    expect(both.total, 'a colour and size with more than one page of products').toBeGreaterThan(24);

    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: facetName(colour.name, colour.count) }).check();
    await page.waitForURL((url) => url.searchParams.getAll('color').includes(String(colour.id)));
    await waitForCount(page, productCount(colour.count));
    await filters.getByRole('checkbox', { name: facetName(size.name) }).check();
    await page.waitForURL((url) => url.searchParams.getAll('size').includes(String(size.id)));
    await waitForCount(page, productCount(both.total));
    expect(new URL(page.url()).searchParams.getAll('color')).toEqual([String(colour.id)]);
    expect(await page.getByRole('list', { name: 'Filters on' }).getByRole('link').allInnerTexts()).toEqual([
      expect.stringContaining(colour.name),
      expect.stringContaining(`Size ${size.name}`),
      'Clear all',
    ]);

    // every card shown has the colour and the size, in stock, on one SKU
    for (const card of await shownCards(page)) {
      const detail = await api<{ skus: Sku[] }>(`/shop/goods/detail?url=${encodeURIComponent(card.url)}`);
      const match = detail.skus.some((sku) => sku.color_value_id === colour.id && sku.size_value_id === size.id && sku.stock > 0);
      expect(match, `${card.url} comes in ${colour.name}, size ${size.name}`).toBe(true);
    }

    await page.getByRole('group', { name: 'Sort by' }).getByRole('link', { name: 'Price: low to high' }).click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price_asc');
    await waitForCount(page, productCount(both.total));
    const firstPage = await shownPrices(page);
    expect(firstPage.length).toBe(24);
    expect(firstPage).toEqual([...firstPage].sort((a, b) => a - b));

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await waitForCount(page, productCount(both.total));
    const secondPage = await shownPrices(page);
    expect(secondPage.length).toBe(both.total - 24);
    expect(secondPage).toEqual([...secondPage].sort((a, b) => a - b));
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage.at(-1) ?? 0);

    // the address holds everything: a reload shows the same page of the same filtered list
    const before = page.url();
    const cardsBefore = await shownCards(page);
    await page.reload();
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(page.url()).toBe(before);
    expect(await countText(page)).toBe(productCount(both.total));
    expect(await shownCards(page)).toEqual(cardsBefore);
    expect(await filters.getByRole('checkbox', { name: facetName(colour.name) }).isChecked()).toBe(true);
    expect(await filters.getByRole('checkbox', { name: facetName(size.name) }).isChecked()).toBe(true);
    expect(
      await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).getAttribute('aria-current'),
    ).toBe('page');

    // clearing goes back to the whole category, page 1, keeping the sort
    await page.getByRole('list', { name: 'Filters on' }).getByRole('link', { name: 'Clear all' }).click();
    await page.waitForURL((url) => url.pathname === path && url.search === '?sort=price_asc');
    await waitForCount(page, productCount(all.total));

    expect(problems).toEqual([]);
    await context.close();
  });

  it.skipIf(!existsSync(QUICK_VIEW_SOURCE))('opens a quick view from a card and closes it again', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/classify/clothings-1.html');
    const first = page.locator('main li[data-product-id]').first();
    const name = (await first.getByRole('heading').textContent()) ?? '';
    await first.getByRole('button', { name: 'Quick view' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByText(name, { exact: true }).first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/classify/clothings-1.html');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('serves the listing to a client without JavaScript: products, canonical and breadcrumb data', async () => {
    const all = await api<Listing>('/shop/goods/classifyDetail?classify_id=1&page_size=24');
    const response = await fetch(`${baseURL()}/classify/clothings-1.html?sort=price_desc&page=2`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL()}/classify/clothings-1.html?page=2"/>`);
    expect(html).toMatch(/<title>Clothing, page 2 \| Aurelle<\/title>/);
    const first = await fetch(`${baseURL()}/classify/clothings-1.html`).then((page) => page.text());
    for (const product of all.data.slice(0, 5)) expect(first).toContain(asHtml(product.name));

    const blocks = [...first.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((match) =>
      JSON.parse(match[1] ?? 'null'),
    );
    const trail = blocks.find((block) => block?.['@type'] === 'BreadcrumbList');
    expect(trail.itemListElement.map((item: { name: string; item: string }) => [item.name, item.item])).toEqual([
      ['Clothing', `${baseURL()}/home/clothings.html`],
      ['All Clothing', `${baseURL()}/classify/clothings-1.html`],
    ]);
  });

  it('filters with the GET form and pages with links when JavaScript is off', async () => {
    const { page, context } = await browser.newPage({ javaScriptEnabled: false });
    await page.goto('/classify/clothings-1.html');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    const colour = filters.getByRole('checkbox').first();
    const colourId = await colour.getAttribute('value');
    await colour.check();
    await filters.getByRole('button', { name: 'Apply filters' }).click();
    await page.waitForURL((url) => url.searchParams.get('color') === colourId);
    expect(await page.locator('main li[data-product-id]').count()).toBeGreaterThan(0);
    await page.getByRole('group', { name: 'Sort by' }).getByRole('link', { name: 'Best selling' }).click();
    await page.waitForURL((url) => url.searchParams.get('color') === colourId && url.searchParams.get('sort') === 'best_selling');
    await context.close();
  });

  it('answers an unknown category with the not-found page and HTTP 404', async () => {
    for (const path of ['/classify/nothing-999999.html', '/classify/clothings.html', '/template/classify']) {
      const response = await fetch(`${baseURL()}${path}`);
      expect(response.status, path).toBe(404);
      expect(await response.text()).toContain('Page not found');
    }
  });

  it('moves a hand-typed address the API refuses to the listing without the bad parameters', async () => {
    const typed = await fetch(`${baseURL()}/classify/clothings-1.html?color=999999&page=abc&sort=cheapest`);
    expect(typed.status).toBe(200);
    expect(new URL(typed.url).pathname + new URL(typed.url).search).toBe('/classify/clothings-1.html');
    const reversed = await fetch(`${baseURL()}/classify/clothings-1.html?min_price=90&max_price=10&sort=price_asc`);
    expect(new URL(reversed.url).search).toBe('?sort=price_asc');
    const renamed = await fetch(`${baseURL()}/classify/anything-1.html?page=2`, { redirect: 'manual' });
    expect(renamed.status).toBe(301);
    expect(renamed.headers.get('location')).toBe('/classify/clothings-1.html?page=2');
    const template = await fetch(`${baseURL()}/template/classify?classify_id=clothings-1`);
    expect(template.status).toBe(200);
    expect(await template.text()).toContain(`<link rel="canonical" href="${baseURL()}/classify/clothings-1.html"/>`);
  });

  it('shows an empty state with a way back for a page past the end and for filters without a match', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/classify/clothings-1.html?sort=price_asc&page=500');
    await page.getByRole('heading', { name: 'There is no page 500' }).waitFor();
    await page.getByRole('link', { name: 'Go to page 1' }).click();
    await page.waitForURL((url) => url.search === '?sort=price_asc');
    await page.locator('main li[data-product-id]').first().waitFor();

    await gotoHydrated(page, '/classify/clothings-1.html?min_price=9999990');
    await page.getByRole('heading', { name: 'No products match these filters' }).waitFor();
    expect(await countText(page)).toBe('0 products');
    await page.getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => url.search === '');
    await page.locator('main li[data-product-id]').first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens the filters in a drawer on a phone and applies them at once', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, '/classify/clothings-1.html');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await page.getByRole('complementary', { name: 'Filters' }).isVisible()).toBe(false);
    const columns = await page
      .locator('main li[data-product-id]')
      .evaluateAll((items) => new Set(items.slice(0, 4).map((item) => item.getBoundingClientRect().left)).size);
    expect(columns).toBe(2);

    await page.getByRole('button', { name: /^Filters/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    const colour = drawer.getByRole('checkbox').first();
    const colourId = await colour.getAttribute('value');
    await colour.check();
    await page.waitForURL((url) => url.searchParams.get('color') === colourId);
    await drawer.getByRole('button', { name: /^Show \d+ products?$/ }).waitFor();
    await drawer.getByRole('button', { name: /^Show \d+ products?$/ }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Filters\s*\(\s*1 on\)$/ }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('search', () => {
  it('finds dresses for "dres" typed in the header', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    await box.fill('dres');
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname === '/template/SearchClassify' && url.searchParams.get('keyword') === 'dres');
    await page.getByRole('heading', { level: 1, name: 'Results for "dres"' }).waitFor();
    const firstName = (await page.locator('main li[data-product-id]').first().getByRole('heading').textContent()) ?? '';
    expect(firstName).toContain('Dress');
    expect(await countText(page)).toMatch(/^\d+ products?$/);
    expect(await box.inputValue()).toBe('dres');
    const sorts = await page.getByRole('group', { name: 'Sort by' }).getByRole('link').allInnerTexts();
    expect(sorts[0]).toBe('Relevance');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('suggests a sneaker for "snek" under the header search box and opens it', async () => {
    // what the box can show is what the suggestions API answers for the typed text
    const answer = await api<{ goods: { name: string }[] }>('/shop/goods/suggest?keyword=snek');
    expect(
      answer.goods.map((goods) => goods.name),
      'GET /shop/goods/suggest?keyword=snek suggests a sneaker',
    ).toContainEqual(expect.stringMatching(/Sneaker/));
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    await box.pressSequentially('snek', { delay: 60 });
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    // the category "Sneakers" is suggested too; the product group holds the goods
    const sneaker = listbox
      .getByRole('group', { name: 'Products' })
      .getByRole('option', { name: /Sneaker/ })
      .first();
    await sneaker.waitFor();
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    await sneaker.click();
    await page.waitForURL(/\/product\/[^/]+\.html$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('moves through the suggestions with the arrow keys, opens one with Enter and closes them with Escape', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    await box.pressSequentially('sneak', { delay: 40 });
    const listbox = page.getByRole('listbox', { name: 'Search suggestions' });
    await listbox.getByRole('option').first().waitFor();
    expect(await box.getAttribute('aria-controls')).toBe(await listbox.getAttribute('id'));

    await box.press('ArrowDown');
    const firstId = await box.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${firstId}"]`).getAttribute('aria-selected')).toBe('true');
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).not.toBe(firstId);
    await box.press('ArrowUp');
    expect(await box.getAttribute('aria-activedescendant')).toBe(firstId);

    await box.press('Escape');
    expect(await box.getAttribute('aria-expanded')).toBe('false');
    expect(await box.inputValue()).toBe('sneak');

    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    const chosen = (await page.locator(`[id="${await box.getAttribute('aria-activedescendant')}"]`).textContent()) ?? '';
    await box.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/classify/') || url.pathname.startsWith('/product/'));
    expect(chosen.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('offers suggestions in the mobile menu’s search box too', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('combobox', { name: 'Search' }).pressSequentially('sneak', { delay: 40 });
    await menu
      .getByRole('option', { name: /Sneakers/ })
      .first()
      .click();
    await page.waitForURL((url) => url.pathname.startsWith('/classify/') || url.pathname.startsWith('/product/'));
    await menu.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows an empty state with advice and the top categories when nothing matches', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/template/SearchClassify?keyword=qqxqzv');
    await page.getByRole('heading', { name: 'No results for "qqxqzv"' }).waitFor();
    expect(await countText(page)).toBe('0 products');
    await page.getByText('Check the spelling').waitFor();
    const browse = page.getByRole('list', { name: 'Browse our categories' });
    expect(await browse.getByRole('link', { name: 'Shoes' }).getAttribute('href')).toBe('/home/shoes.html');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the search box and the top categories without a keyword, and a canonical on results', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/template/SearchClassify');
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await page.getByRole('main').getByRole('combobox', { name: 'Search' }).waitFor();
    await page.getByRole('list', { name: 'Or browse a category' }).getByRole('link', { name: 'Clothing' }).waitFor();
    const html = await fetch(`${baseURL()}/template/SearchClassify?keyword=dres&sort=price_asc`).then((response) =>
      response.text(),
    );
    expect(html).toContain(`<link rel="canonical" href="${baseURL()}/template/SearchClassify?keyword=dres"/>`);
    expect(html).toContain('<meta name="robots" content="noindex, follow"/>');
    expect(problems).toEqual([]);
    await context.close();
  });
});
