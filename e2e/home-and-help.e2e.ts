import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL, gotoHydrated, useBrowser } from './support';

const browser = useBrowser();

const CLASSIFY_HREF = /^\/classify\/[\w-]+-\d+\.html$/;
const PRODUCT_HREF = /^\/product\/[\w%-]+\.html$/;

/** Every JSON-LD object of an HTML document. */
function structuredData(html: string): Array<Record<string, unknown>> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)];
  return scripts.flatMap((match) => {
    const parsed = JSON.parse(match[1] ?? 'null') as unknown;
    return (Array.isArray(parsed) ? parsed : [parsed]) as Array<Record<string, unknown>>;
  });
}

const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));

describe('the home page', () => {
  it('shows the banner, the hot-recommend grid, the three-image row and the featured products', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/');
    await page.getByRole('heading', { level: 1, name: 'Clothing' }).waitFor();

    const banner = page.getByRole('main').getByRole('link', { name: 'Shop Clothing', exact: true });
    expect(await banner.getAttribute('href')).toMatch(CLASSIFY_HREF);
    const bannerImage = banner.locator('img');
    expect(await bannerImage.getAttribute('fetchpriority')).toBe('high');
    expect(await bannerImage.getAttribute('loading')).toBe('eager');
    expect(await bannerImage.getAttribute('width')).toBe('1600');
    expect(await bannerImage.getAttribute('height')).toBe('600');
    expect(await bannerImage.getAttribute('src')).toMatch(/^\/media\/.+\?w=\d+$/);
    expect(await bannerImage.getAttribute('srcset')).toMatch(/\?w=480 480w/);

    const hot = page.getByRole('region', { name: /^Trending in Clothing$/ });
    const hotLinks = await hot.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hotLinks.length).toBeGreaterThanOrEqual(2);
    for (const href of hotLinks) expect(href).toMatch(CLASSIFY_HREF);
    for (const image of await hot.locator('img').all()) expect(await image.getAttribute('loading')).toBe('lazy');

    const three = page.getByRole('region', { name: 'Explore more' });
    const threeLinks = await three.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(threeLinks).toHaveLength(3);
    for (const href of threeLinks) expect(href).toMatch(CLASSIFY_HREF);

    const featured = page.getByRole('region', { name: 'Clothing recommendations' });
    const productLinks = await featured
      .locator('h3 a')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    expect(productLinks.length).toBeGreaterThan(0);
    for (const href of productLinks) expect(href).toMatch(PRODUCT_HREF);
    expect(await page.getByRole('link', { name: 'More recommendations' }).getAttribute('href')).toBe('/recommend/recommend');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lays the hot-recommend grid out 2 per row from medium widths and 1 per row on a phone', async () => {
    const rowsOf = async (page: Page) => {
      const tiles = page.getByRole('region', { name: /^Trending in/ }).getByRole('listitem');
      const [first, second] = [await tiles.nth(0).boundingBox(), await tiles.nth(1).boundingBox()];
      return { sameRow: first?.y === second?.y, width: first?.width ?? 0 };
    };
    const wide = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await gotoHydrated(wide.page, '/');
    expect((await rowsOf(wide.page)).sameRow).toBe(true);
    await wide.context.close();

    const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await gotoHydrated(phone.page, '/');
    const layout = await rowsOf(phone.page);
    expect(layout.sameRow).toBe(false);
    expect(layout.width).toBeLessThanOrEqual(390);
    // nothing wider than the screen
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });

  it('serves its head and structured data in the HTML, readable without JavaScript', async () => {
    const response = await fetch(`${baseURL()}/`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const data = structuredData(html);
    expect(data.find((entry) => entry['@type'] === 'Organization')).toMatchObject({ name: 'Aurelle' });
    expect(data.find((entry) => entry['@type'] === 'WebSite')).toMatchObject({
      potentialAction: { '@type': 'SearchAction', 'query-input': 'required name=search_term_string' },
    });
    const list = data.find((entry) => entry['@type'] === 'ItemList') as { itemListElement: Array<{ url: string }> };
    expect(list.itemListElement.length).toBeGreaterThan(0);
    for (const entry of list.itemListElement) expect(new URL(entry.url).pathname).toMatch(PRODUCT_HREF);
    expect(html).toContain(`<link rel="canonical" href="${baseURL()}/"/>`);
    expect(html).toMatch(/<meta property="og:title" content="Clothing \| Aurelle"\/>/);
    expect(html).toMatch(/<meta name="keywords" content="[^"]+"\/>/);
    expect(html).toMatch(/<meta name="twitter:card" content="summary_large_image"\/>/);
  });

  it('shows a category home at /home/shoes.html, and the not-found page for a category the shop does not have', async () => {
    const { page, context, problems } = await browser.newPage();
    const response = await page.goto('/home/shoes.html');
    expect(response?.status()).toBe(200);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('heading', { level: 1, name: 'Shoes' }).waitFor();
    expect(await page.getByRole('main').getByRole('link', { name: 'Shop Shoes', exact: true }).getAttribute('href')).toMatch(
      /^\/classify\/shoes-\d+\.html$/,
    );
    expect(await page.getByRole('region', { name: 'Shoes recommendations' }).locator('h3 a').count()).toBeGreaterThan(0);
    expect(await page.title()).toBe('Shoes | Aurelle');
    expect(problems).toEqual([]);
    await context.close();

    const html = await (await fetch(`${baseURL()}/home/shoes.html`)).text();
    expect(structuredData(html).find((entry) => entry['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [{ name: 'Home' }, { name: 'Shoes', item: `${baseURL()}/home/shoes.html` }],
    });

    const missing = await fetch(`${baseURL()}/home/no-such-category.html`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
  });

  it('shows the skeleton while a client-side navigation loads the next home page', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/home/shoes.html');
    // hold the next page's data back, so that the skeleton can be seen
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/home/hobbies.html.data*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Shop by category' }).getByRole('link', { name: 'Hobbies' }).click();
    await page.getByRole('status').filter({ hasText: 'Loading the page' }).waitFor({ state: 'attached' });
    release();
    await page.getByRole('heading', { level: 1, name: 'Hobbies' }).waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Loading the page' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('keeps a still skeleton, without retrying, when the next home page cannot be loaded', async () => {
    const { page, context } = await browser.newPage();
    // the page's clock stands still, so a retry on a timer would have to show itself when it is stepped
    const start = Date.now();
    await page.clock.install({ time: start });
    // paused ahead of where it was installed, by more than a busy machine takes between the two calls
    await page.clock.pauseAt(start + 10_000);
    await gotoHydrated(page, '/home/shoes.html');
    let attempts = 0;
    // the home page's own data fails; the rest of the page (the header's categories) still loads
    const homeData = (url: URL) =>
      url.pathname === '/home/wedding.html.data' && url.searchParams.get('_routes') === 'routes/category-home';
    await page.route(homeData, (route) => {
      attempts += 1;
      return route.abort('failed');
    });
    await page.getByRole('navigation', { name: 'Shop by category' }).getByRole('link', { name: 'Wedding' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await alert.waitFor();
    expect(await alert.getByRole('link', { name: 'Try again' }).getAttribute('href')).toBe('/home/wedding.html');
    expect(await page.locator('main .animate-pulse').count()).toBeGreaterThan(0);
    const animations = await page
      .locator('main .animate-pulse')
      .evaluateAll((blocks) => blocks.map((block) => getComputedStyle(block).animationName));
    expect(new Set(animations)).toEqual(new Set(['none']));
    await page.clock.runFor(60_000);
    expect(attempts).toBe(1);
    await context.close();
  });
});

describe('the header category tabs', () => {
  it('open a sub-menu on hover with up to 6 child icons, close on Escape, and lead to a child listing', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/');
    const nav = page.getByRole('navigation', { name: 'Shop by category' });
    const tab = nav.getByRole('link', { name: 'Clothing', exact: true });
    expect(await tab.getAttribute('href')).toBe('/home/clothings.html');

    await tab.hover();
    const viewAll = nav.getByRole('link', { name: 'View all Clothing' });
    await viewAll.waitFor();
    expect(await viewAll.getAttribute('href')).toMatch(CLASSIFY_HREF);
    // Clothing has 7 sub-categories: 6 with icons, the rest as plain links
    expect(await nav.locator('img').count()).toBe(6);
    expect(await nav.getByRole('link', { name: 'Coats' }).count()).toBe(1);

    await page.keyboard.press('Escape');
    await viewAll.waitFor({ state: 'detached' });

    await nav.getByRole('link', { name: 'Shoes', exact: true }).hover();
    const sneakers = nav.getByRole('link', { name: 'Sneakers' });
    await sneakers.waitFor();
    expect(await sneakers.locator('img').count()).toBe(1);
    const href = await sneakers.getAttribute('href');
    expect(href).toMatch(/^\/classify\/sneakers-\d+\.html$/);
    expect(problems).toEqual([]);
    await sneakers.click();
    await page.waitForURL((url) => url.pathname === href);
    // the sub-menu closes once its link is followed
    await nav.getByRole('link', { name: 'View all Shoes' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it('open by keyboard: focusing a tab shows its sub-menu and Arrow Down moves into it', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/help');
    const nav = page.getByRole('navigation', { name: 'Shop by category' });
    // Tab from the search box's neighbourhood until the Wedding tab has the keyboard focus
    await page.getByRole('link', { name: 'Skip to content' }).focus();
    for (let step = 0; step < 60; step += 1) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement?.textContent === 'Wedding')) break;
    }
    const viewAll = nav.getByRole('link', { name: 'View all Wedding' });
    await viewAll.waitFor();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.activeElement?.closest('nav')?.getAttribute('aria-label'))).toBe(
      'Shop by category',
    );
    await page.keyboard.press('Escape');
    await viewAll.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('open on a first tap on a touch screen, and follow the tab on a second', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 1024, height: 768 } });
    await gotoHydrated(page, '/');
    const nav = page.getByRole('navigation', { name: 'Shop by category' });
    const tab = nav.getByRole('link', { name: 'Hobbies', exact: true });
    const tap = async () => {
      await tab.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, bubbles: true });
      await tab.dispatchEvent('click', { detail: 1, bubbles: true, cancelable: true });
    };
    await tap();
    await nav.getByRole('link', { name: 'View all Hobbies' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await tap();
    await page.waitForURL(/\/home\/hobbies\.html$/);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('remember the last top category visited', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/home/wedding.html');
    const nav = page.getByRole('navigation', { name: 'Shop by category' });
    expect(await nav.getByRole('link', { name: 'Wedding', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.evaluate(() => window.localStorage.getItem('top_category'))).toBe('wedding');

    await gotoHydrated(page, '/');
    const wedding = nav.getByRole('link', { name: 'Wedding', exact: true });
    await page.waitForSelector('[data-remembered]');
    expect(await wedding.getAttribute('data-remembered')).toBe('');
    expect(await wedding.getAttribute('aria-current')).toBeNull();
    expect(await nav.locator('[data-remembered]').count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the help pages', () => {
  it('open from every footer help and company link, each with real content and status 200', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/');
    const footer = page.getByRole('contentinfo');
    const links = [
      ...(await hrefs(page, 'footer nav[aria-labelledby="footer-help"] a[href]')),
      ...(await hrefs(page, 'footer nav[aria-labelledby="footer-company"] a[href]')),
    ];
    expect(links).toContain('/help');
    expect(links).toContain('/help/brandStory');
    expect(links.filter((href) => href.startsWith('/help/helpContact?key='))).toHaveLength(8);
    for (const label of ['Reviews', 'Mobile Site']) {
      const inactive = footer.getByRole('link', { name: label });
      expect(await inactive.getAttribute('aria-disabled')).toBe('true');
      expect(await inactive.getAttribute('href')).toBeNull();
    }

    for (const href of links) {
      const response = await page.goto(href);
      expect(response?.status(), href).toBe(200);
      await page.waitForSelector('html[data-hydrated="true"]');
      const article = page.getByRole('article');
      const title = (await article.getByRole('heading', { level: 1 }).textContent())?.trim() ?? '';
      expect(title.length, href).toBeGreaterThan(0);
      expect(await article.locator('p').count(), href).toBeGreaterThan(1);
      const current = page.locator('nav[aria-labelledby] a[aria-current="page"]:visible');
      expect(await current.textContent(), href).toBe(title);
      expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Home' }).count()).toBe(1);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length, href).toBeGreaterThan(20);
    }
    expect(problems).toEqual([]);
    await context.close();
  });

  it('lists every help page in the help centre, and moves between them without reloading', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/help');
    const listed = await page.getByRole('article').getByRole('region').getByRole('link').count();
    expect(listed).toBe(14);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.getByRole('article').getByRole('region').getByRole('link', { name: 'Wholesale' }).click();
    await page.waitForURL(/\/help\/wholesale$/);
    await page.getByRole('heading', { level: 1, name: 'Wholesale' }).waitFor();
    // a link inside the Markdown text also stays in the app
    await gotoHydrated(page, '/help');
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await page.locator('article > div a[href="/help/AboutUs"]').first().click();
    await page.getByRole('heading', { level: 1, name: 'About us' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('serves each page with its breadcrumb as structured data, and a help page without JavaScript', async () => {
    const html = await (await fetch(`${baseURL()}/help/helpContact?key=about_payment&title=About%20payment`)).text();
    expect(structuredData(html).find((entry) => entry['@type'] === 'BreadcrumbList')).toMatchObject({
      itemListElement: [{ name: 'Home' }, { name: 'Help center' }, { name: 'About payment' }],
    });
    expect(html).toContain(
      `<link rel="canonical" href="${baseURL()}/help/helpContact?key=about_payment&amp;title=About%20payment"/>`,
    );

    const { page, context } = await browser.newPage({ javaScriptEnabled: false });
    await page.goto('/help/projectTailorMade');
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.length).toBeGreaterThan(0);
    expect(await page.getByRole('article').locator('p').count()).toBeGreaterThan(1);
    await context.close();
  });

  it('answers an unknown helpContact key with the not-found page, and sends a page with its own route there', async () => {
    const unknown = await fetch(`${baseURL()}/help/helpContact?key=no_such_page&title=Nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Page not found');
    const malformed = await fetch(`${baseURL()}/help/helpContact?key=%3Cscript%3E`);
    expect(malformed.status).toBe(404);
    const own = await fetch(`${baseURL()}/help/helpContact?key=about_us&title=About%20us`, { redirect: 'manual' });
    expect(own.status).toBe(301);
    expect(own.headers.get('location')).toBe('/help/AboutUs');
  });
});

describe('the recommendations page', () => {
  it('shows recommended products with page links, and the not-found page past the last page', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/recommend/recommend');
    await page.getByRole('heading', { level: 1, name: 'Recommended for you' }).waitFor();
    const productLinks = await hrefs(page, 'main ul h3 a');
    expect(productLinks.length).toBe(24);
    for (const href of productLinks) expect(href).toMatch(PRODUCT_HREF);
    expect(await page.locator('main ul img').first().getAttribute('loading')).toBe('eager');
    expect(await page.locator('main ul img').nth(1).getAttribute('loading')).toBe('lazy');

    const pagination = page.getByRole('navigation', { name: 'Pagination' });
    expect(await pagination.getByRole('link', { name: 'Page 1', exact: true }).getAttribute('aria-current')).toBe('page');
    await pagination.getByRole('link', { name: 'Next' }).click();
    await page.waitForURL(/\/recommend\/recommend\?page=2$/);
    await pagination.getByRole('link', { name: 'Page 2', exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
    const second = await hrefs(page, 'main ul h3 a');
    expect(second.length).toBeGreaterThan(0);
    expect(second[0]).not.toBe(productLinks[0]);
    expect(problems).toEqual([]);
    await context.close();

    expect((await fetch(`${baseURL()}/recommend/recommend?page=9999`)).status).toBe(404);
    expect((await fetch(`${baseURL()}/recommend/recommend?page=abc`)).status).toBe(404);
  });
});
