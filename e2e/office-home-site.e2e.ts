import type { TCategory } from '@shop/contracts/catalog';
import { SiteAdminPaths } from '@shop/contracts/site-admin-rules';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { api, apiAs, axeViolations, gotoHydrated, signInToOffice, staffToken, useBrowser } from './support';

const browser = useBrowser();

describe('home pages and site settings in the back office', () => {
  it('an operator gives a category home a new banner, previewed, and the storefront shows it at once', async () => {
    const tops = await api<TCategory[]>('/shop/goods/classify');
    // the last top category: the site home (/) keeps the first one's page for the other tests
    const top = tops[tops.length - 1] as TCategory;
    const title = `Autumn edit ${Date.now().toString(36)}`;
    const picture = await sharp({ create: { width: 800, height: 300, channels: 3, background: '#8a4b2d' } })
      .png()
      .toBuffer();

    const { page, context, problems } = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    try {
      await signInToOffice(page, 'operator@example.com', 'Operator1234');
      await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Home pages' }).click();
      await page
        .getByRole('navigation', { name: 'Top categories' })
        .getByRole('button', { name: new RegExp(top.name) })
        .click();
      const banners = page.getByRole('group', { name: 'Big banner' });
      await banners.getByLabel('Title of big banner 1').waitFor();
      expect(await axeViolations(page)).toEqual([]);

      await banners.getByLabel('Upload picture for Big banner 1').setInputFiles({
        name: 'autumn.png',
        mimeType: 'image/png',
        buffer: picture,
      });
      await banners
        .getByRole('img', { name: /^Big banner 1: / })
        .and(page.locator('img[src*="/media/home/"]'))
        .waitFor();
      await banners.getByLabel('Title of big banner 1').fill(title);
      // the preview is the storefront's page with the form's banner
      await page.locator(`[data-preview] img[alt="Shop ${title}"][src*="/media/home/"]`).waitFor();

      await page.getByRole('button', { name: 'Save home page' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved: the home page is live.' }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
      // on a phone the editor and its preview stack, and nothing runs off the screen
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      const storefront = await context.newPage();
      await gotoHydrated(storefront, `/home/${top.url}.html`);
      const banner = storefront.getByRole('link', { name: `Shop ${title}` }).first();
      await banner.waitFor();
      expect(await banner.locator('img').getAttribute('src')).toContain('/media/home/');
      expect(problems).toEqual([]);
    } finally {
      await apiAs(await staffToken()).post(SiteAdminPaths.homeReset, { category_id: top.id });
      await context.close();
    }
  });

  it('an administrator at 390 px reads the site settings and currencies, and a wrong address is refused in words', async () => {
    const { page, context, problems } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    try {
      await signInToOffice(page, 'admin@example.com', 'Admin1234');
      await gotoHydrated(page, '/office/site');
      await page.getByLabel('Facebook').waitFor();
      await page.getByRole('cell', { name: 'EUR', exact: true }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);

      await page.getByLabel('E-mail').fill('not-an-address');
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Enter a valid e-mail address, or leave it empty').waitFor();
      await expect.poll(() => page.getByLabel('E-mail').getAttribute('aria-invalid')).toBe('true');

      await page.getByRole('button', { name: 'Edit Euro' }).click();
      const form = page.getByRole('form', { name: 'Edit Euro' });
      await form.getByLabel('Rate (1 US dollar =)').fill('-2');
      await form.getByRole('button', { name: 'Save currency' }).click();
      await form.getByText(/The rate is a positive decimal number/).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
