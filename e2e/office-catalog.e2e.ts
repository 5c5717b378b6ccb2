import type { TAdminCategoryList, TAdminProduct, TAdminProductList } from '@shop/contracts/catalog-admin';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  apiAs,
  axeViolations,
  gotoHydrated,
  payOrder,
  placeOrder,
  registerShopper,
  signInToOffice,
  staffToken,
  useBrowser,
} from './support';

const browser = useBrowser();

/** A photo as a camera would give it. */
const photo = async (name: string, background: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: await sharp({ create: { width: 1800, height: 2400, channels: 3, background } })
    .jpeg()
    .toBuffer(),
});

describe('the catalogue in the back office', () => {
  it('an operator adds a product with two pictures and stock, and a shopper finds it by search and buys it', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'operator@example.com', 'Operator1234');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.locator('[data-product]').first().waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('Zephyrine Linen Shirt');
    const category = page.getByLabel('Category');
    await category.locator('option').nth(2).waitFor({ state: 'attached' });
    await category.selectOption({ index: 2 });
    await page.getByLabel('Price (USD)').fill('48');
    await page.getByLabel('Sale price (USD, empty when not on sale)').fill('39');
    await page.getByLabel('Description').fill('A relaxed shirt in washed linen.');
    await page.getByLabel('Add to colours').fill('Sage');
    await page.getByLabel('Add to colours').press('Enter');
    for (const size of ['S', 'M']) {
      await page.getByLabel('Add to sizes').fill(size);
      await page.getByLabel('Add to sizes').press('Enter');
    }
    await page.getByLabel('Stock of Sage S').fill('5');
    await page.getByLabel('Stock of Sage M').fill('3');

    await page
      .getByLabel('Add pictures (JPEG, PNG, WebP, GIF or AVIF)')
      .setInputFiles([await photo('front.jpg', '#9caf88'), await photo('back.jpg', '#5f7a57')]);
    const pictures = page.getByRole('list', { name: 'Pictures in display order' }).getByRole('listitem');
    // each picture is uploaded and resized on the server before it is listed: on a machine busy with
    // the other test steps that takes longer than a poll's default five seconds
    await expect.poll(() => pictures.count(), { timeout: 30_000 }).toBe(2);
    await page.getByLabel('Alternative text of picture 1').fill('The shirt from the back');
    await page.getByLabel('Alternative text of picture 2').fill('The shirt from the front');
    await page.getByRole('button', { name: 'Move up picture 2' }).click();
    expect(await page.getByLabel('Alternative text of picture 1').inputValue()).toBe('The shirt from the front');

    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL((url) => /^\/office\/catalog\/\d+$/.test(url.pathname));
    await page.getByRole('heading', { level: 1, name: 'Edit Zephyrine Linen Shirt' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    const goodsId = Number(new URL(page.url()).pathname.split('/').pop());
    const operator = apiAs(await staffToken('operator@example.com', 'Operator1234'));
    const saved = await operator.get<TAdminProduct>(`/admin/catalog/products/${goodsId}`);
    expect(saved.images.map((image) => image.alt)).toEqual(['The shirt from the front', 'The shirt from the back']);
    expect(saved.skus.map((sku) => [sku.size, sku.stock])).toEqual([
      ['S', 5],
      ['M', 3],
    ]);

    // the shopper finds it by search at once and buys it
    const shopper = await registerShopper({ first_name: 'Zephyr' });
    const shop = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await gotoHydrated(shop.page, '/');
    const box = shop.page.getByRole('banner').getByRole('combobox', { name: 'Search' });
    await box.fill('zephyrine');
    await box.press('Enter');
    const result = shop.page.locator(`main li[data-product-id="${goodsId}"]`);
    await result.waitFor();
    await result.getByRole('link').first().click();
    await shop.page.getByRole('heading', { level: 1, name: 'Zephyrine Linen Shirt' }).waitFor();
    await shop.page.getByRole('img', { name: 'The shirt from the front' }).first().waitFor({ state: 'attached' });
    const sage = saved.skus[0] as TAdminProduct['skus'][number];
    const order = await placeOrder(shopper.token, {}, { goodsId, skuId: sage.id });
    await payOrder(shopper.token, order.id);
    const after = await operator.get<TAdminProduct>(`/admin/catalog/products/${goodsId}`);
    expect(after.skus[0]?.stock).toBe(4);
    expect(shop.problems).toEqual([]);
    await shop.context.close();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('the product list at 390 px: searchable, no sideways scrolling, accessible', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await signInToOffice(page, 'operator@example.com', 'Operator1234');
    await gotoHydrated(page, '/office/catalog');
    await page.locator('[data-product]').first().waitFor();
    await page.getByLabel('Name, address or number').fill('dress');
    await page.getByRole('button', { name: 'Show products' }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'dress');
    await page.locator('[data-product]').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeViolations(page)).toEqual([]);
    // the editor fits too, its SKU table scrolling within its own box
    await page.locator('[data-product] a').first().click();
    await page.getByRole('button', { name: 'Save product' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('an operator imports stock from a file, reads the rejected row, and arranges the category tree', async () => {
    const operator = apiAs(await staffToken('operator@example.com', 'Operator1234'));
    const [first] = (await operator.get<TAdminProductList>('/admin/catalog/products?pagesize=1')).data;
    const product = await operator.get<TAdminProduct>(`/admin/catalog/products/${first?.id}`);
    const sku = product.skus[0] as TAdminProduct['skus'][number];

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await signInToOffice(page, 'operator@example.com', 'Operator1234');
    await gotoHydrated(page, '/office/catalog/csv');
    const stock = page.getByRole('region', { name: 'Stock' });
    await stock.getByLabel('CSV file to import').setInputFiles({
      name: 'stock.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`sku_id,stock\n${sku.id},17\n${sku.id + 1_000_000},2\n`),
    });
    await stock.getByRole('button', { name: 'Import stock' }).click();
    await stock.getByText('2 rows read: 1 applied, 1 rejected.').waitFor();
    const rejected = stock.getByRole('table', { name: 'Rejected rows' }).getByRole('row').nth(1);
    expect(await rejected.getByRole('cell').allInnerTexts()).toEqual(['3', 'sku_id', 'SKU not found']);
    expect(await axeViolations(page)).toEqual([]);
    expect((await operator.get<TAdminProduct>(`/admin/catalog/products/${product.id}`)).skus[0]?.stock).toBe(17);

    await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Categories' }).click();
    await page.locator('[data-category]').first().waitFor();
    await page.getByLabel('New category’s name').fill('Capsule Edit');
    await page.getByRole('button', { name: 'Add category' }).click();
    const added = page.locator('[data-category="Capsule Edit"]');
    await added.waitFor();
    const topNames = async () => {
      const { data } = await operator.get<TAdminCategoryList>('/admin/catalog/categories');
      return data.filter((category) => category.parent_id === null).map((category) => category.name);
    };
    expect((await topNames()).at(-1)).toBe('Capsule Edit');
    await added.getByRole('button', { name: 'Up Capsule Edit' }).click();
    await expect.poll(async () => (await topNames()).at(-2)).toBe('Capsule Edit');
    await page.getByText('Capsule Edit moved up.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
