import { CART_POPOVER_CLOSE_DELAY_MS, Messages } from '@shop/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api, gotoHydrated, registerShopper, signInWithTokens, useBrowser, waitForFocus } from './support';

const browser = useBrowser();

type Sku = { id: number; stock: number; spec: string };
type Detail = { id: number; name: string; url: string; skus: Sku[]; sizes: { id: number }[] };

const detailByUrl = (url: string) => api<Detail>(`/shop/goods/detail?url=${encodeURIComponent(url)}`);

/** Two different products in several sizes, each with a SKU that has a few pieces in stock. */
async function twoProducts(): Promise<[{ product: Detail; sku: Sku }, { product: Detail; sku: Sku }]> {
  const listing = await api<{ data: { url: string }[] }>('/shop/goods?page_size=30');
  const found: { product: Detail; sku: Sku }[] = [];
  for (const item of listing.data) {
    const product = await detailByUrl(item.url);
    const sku = product.skus.find((candidate) => candidate.stock >= 2 && candidate.stock <= 60);
    if (sku && product.sizes.length > 1) found.push({ product, sku });
    if (found.length === 2) return found as [{ product: Detail; sku: Sku }, { product: Detail; sku: Sku }];
  }
  throw new Error('the demo shop has no two products with a few pieces in stock');
}

/** The header's bag button, whatever its count says. */
const bagButton = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^Shopping bag/ });

/** Adds the product page's chosen SKU (given in the address) to the bag and waits for the bag to open. */
async function addFromProductPage(page: Page, product: Detail, sku: Sku) {
  await gotoHydrated(page, `/product/${product.url}.html?sku=${sku.id}`);
  await page.getByRole('button', { name: 'Add to bag' }).click();
  await page.getByRole('status').filter({ hasText: 'Added to your bag' }).waitFor();
  // spec 4: the bag opens briefly after an add, listing what was added
  const bag = page.getByRole('dialog', { name: 'Shopping bag' });
  await bag.getByRole('link', { name: product.name }).waitFor();
  return bag;
}

describe('the bag', () => {
  it('keeps a guest bag, merges it at sign-in (capped by stock, the shopper told), lists it and clears it', async () => {
    const { page, context, problems } = await browser.newPage();
    const [first, second] = await twoProducts();
    const shopper = await registerShopper();
    // the account already holds every piece of the first SKU: the guest's one more cannot go in
    const firstStock = (await detailByUrl(first.product.url)).skus.find((sku) => sku.id === first.sku.id)?.stock ?? 0;
    await api('/shop/userCart/add', {
      token: shopper.token,
      body: { goods_id: first.product.id, sku_id: first.sku.id, num: firstStock },
    });

    // a guest adds two SKUs; the header counts them and the bag lists them
    await addFromProductPage(page, first.product, first.sku);
    expect(await bagButton(page).getAttribute('aria-label')).toBe('Shopping bag, 1 item');
    await addFromProductPage(page, second.product, second.sku);
    expect(await bagButton(page).getAttribute('aria-label')).toBe('Shopping bag, 2 items');
    expect(await page.getByTestId('bag-count').textContent()).toBe('2');
    const stored = await page.evaluate(() => JSON.parse(window.localStorage.getItem('cart') ?? '[]').length);
    expect(stored).toBe(2);

    // sign in through the form: the guest bag goes into the account, and the shopper is told what changed
    await gotoHydrated(page, '/login');
    const signIn = page.getByRole('form', { name: 'Sign in' });
    await signIn.getByLabel('Email').fill(shopper.email);
    await signIn.getByLabel('Password', { exact: true }).fill(shopper.password);
    await signIn.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/ShoppingListMain\/MyAccount\?refresh=1$/);
    await page.getByText(`Only ${firstStock} left in stock, so your bag has ${firstStock}`, { exact: false }).waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('cart'))).toBeNull();

    const account = await api<{ data: { sku_id: number; num: number }[]; total: number }>('/shop/userCart', {
      token: shopper.token,
    });
    expect(Object.fromEntries(account.data.map((line) => [line.sku_id, line.num]))).toEqual({
      [first.sku.id]: firstStock,
      [second.sku.id]: 1,
    });
    await page.waitForFunction(
      (label) => document.querySelector(`header button[aria-label^="Shopping bag"]`)?.getAttribute('aria-label') === label,
      `Shopping bag, ${firstStock + 1} items`,
    );

    // the popover lists both lines with colour and size, and links to the cart page
    await bagButton(page).click();
    const bag = page.getByRole('dialog', { name: 'Shopping bag' });
    await bag.getByRole('link', { name: first.product.name }).waitFor();
    await bag.getByRole('link', { name: second.product.name }).waitFor();
    expect(await bag.getByText(/^Colour: /).count()).toBe(2);
    expect(await bag.getByRole('link', { name: 'View cart' }).getAttribute('href')).toBe('/order');

    // clearing asks first (spec 5); Cancel keeps the bag, Confirm empties it
    await bag.getByRole('button', { name: 'Clear' }).click();
    const confirm = page.getByRole('alertdialog', { name: Messages.confirmClearCart });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    await bag.getByRole('link', { name: first.product.name }).waitFor();
    await bag.getByRole('button', { name: 'Clear' }).click();
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await bag.getByText(Messages.emptyBag).waitFor();
    expect((await api<{ total: number }>('/shop/userCart', { token: shopper.token })).total).toBe(0);
    expect(await bagButton(page).getAttribute('aria-label')).toBe('Shopping bag, empty');

    // Escape closes the bag and gives the keyboard back to its button
    await page.keyboard.press('Escape');
    await bag.waitFor({ state: 'detached' });
    await waitForFocus(page, '[aria-label="Shopping bag, empty"]');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens on hover and closes about a second after the mouse leaves; says why a choice cannot be added', async () => {
    const { page, context, problems } = await browser.newPage();
    const [first] = await twoProducts();
    // the page's clock stands still: the close delay is stepped through, not waited for
    const start = Date.now();
    await page.clock.install({ time: start });
    // paused ahead of where it was installed, by more than a busy machine takes between the two calls
    await page.clock.pauseAt(start + 10_000);
    // with more than one size, none is chosen when the page opens
    await gotoHydrated(page, `/product/${first.product.url}.html`);
    const chosenSize = page.getByRole('radiogroup', { name: /^Size/ }).getByRole('radio', { checked: true });
    expect(await chosenSize.count()).toBe(0);
    await page.getByRole('button', { name: 'Add to bag' }).click();
    await page.getByRole('alert').filter({ hasText: 'Please choose a size' }).waitFor();
    await bagButton(page).hover();
    const bag = page.getByRole('dialog', { name: 'Shopping bag' });
    await bag.getByText(Messages.emptyBag).waitFor();
    await page.mouse.move(5, 600);
    await page.clock.runFor(CART_POPOVER_CLOSE_DELAY_MS - 200);
    expect(await bag.isVisible()).toBe(true);
    await page.clock.runFor(200);
    await bag.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
    await context.close();
  });

  it('opens as pressed when its code arrives while the button is held down', async () => {
    const { page, context, problems } = await browser.newPage();
    // the popover's code is held back until the button is down
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/cart-popover-[^/]*\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await gotoHydrated(page, '/');
    const box = await bagButton(page).boundingBox();
    if (!box) throw new Error('the bag button is not shown');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    const bag = page.getByRole('dialog', { name: 'Shopping bag' });
    await bag.getByText(Messages.emptyBag).waitFor();
    await page.mouse.up();
    // pressed open, it takes the focus, and Escape gives it back to the button
    await waitForFocus(page, '[role="dialog"][aria-label="Shopping bag"], [role="dialog"][aria-label="Shopping bag"] *');
    await page.keyboard.press('Escape');
    await bag.waitFor({ state: 'detached' });
    await waitForFocus(page, 'header button[aria-label^="Shopping bag"]');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('adds from the quick view of a listing, which closes so the bag can be seen', async () => {
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/classify/dresses-5.html');
    const card = page.getByRole('main').getByRole('article').first();
    const name = ((await card.getByRole('heading').textContent()) ?? '').trim();
    await card.hover();
    await card.getByRole('button', { name: 'Quick view' }).click();
    const dialog = page.getByRole('dialog', { name });
    const sizes = dialog.getByRole('radiogroup', { name: /^Size/ });
    await sizes.waitFor();
    await sizes.locator('[role="radio"]:not([aria-disabled="true"])').first().click();
    await dialog.getByRole('button', { name: 'Add to bag' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('dialog', { name: 'Shopping bag' }).getByRole('link', { name }).waitFor();
    expect(await bagButton(page).getAttribute('aria-label')).toBe('Shopping bag, 1 item');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('fits a phone: the bag stays in the bar and its popover fits the screen', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 360, height: 780 } });
    const [first] = await twoProducts();
    await addFromProductPage(page, first.product, first.sku);
    await page.keyboard.press('Escape');
    await bagButton(page).click();
    const bag = page.getByRole('dialog', { name: 'Shopping bag' });
    await bag.getByRole('link', { name: first.product.name }).waitFor();
    const box = await bag.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('the wishlist', () => {
  it('takes a heart from a listing into the popover and MyWishlist, where it is removed', async () => {
    const { page, context, problems } = await browser.newPage();
    const shopper = await registerShopper();
    await signInWithTokens(page, shopper);
    await gotoHydrated(page, '/classify/dresses-5.html');
    const card = page.getByRole('main').getByRole('article').first();
    const name = ((await card.getByRole('heading').textContent()) ?? '').trim();
    const heart = card.getByRole('button', { name: 'Add to wishlist' });
    await heart.click();
    // spec 4: 0 → 1 only once the wishlist accepted it
    await card.getByRole('button', { name: 'Remove from wishlist', pressed: true }).waitFor();

    // the header's wishlist lists it
    await page.getByRole('banner').getByRole('button', { name: 'Wishlist' }).click();
    const popover = page.getByRole('dialog', { name: 'My Wishlist' });
    await popover.getByRole('link', { name }).waitFor();
    expect(await popover.getByRole('link', { name: 'View wishlist' }).getAttribute('href')).toBe('/ShoppingListMain/MyWishlist');
    await page.keyboard.press('Escape');

    // the page is rendered for everyone, and the shopper's heart is shown on it after hydration
    await gotoHydrated(page, '/classify/dresses-5.html');
    await page
      .getByRole('main')
      .getByRole('article')
      .first()
      .getByRole('button', { name: 'Remove from wishlist', pressed: true })
      .waitFor();

    // MyWishlist lists it; Remove takes it off and says the wishlist is empty
    await gotoHydrated(page, '/ShoppingListMain/MyWishlist');
    const entry = page.getByRole('main').getByRole('listitem').filter({ hasText: name });
    await entry.waitFor();
    await entry.getByRole('button', { name: 'Remove' }).click();
    await page.getByText(Messages.emptyWishlist).waitFor();
    expect((await api<{ total: number }>('/shop/user_favorite/list', { token: shopper.token })).total).toBe(0);

    // the popover agrees
    await page.getByRole('banner').getByRole('button', { name: 'Wishlist' }).click();
    await page.getByRole('dialog', { name: 'My Wishlist' }).getByText(Messages.emptyWishlist).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
