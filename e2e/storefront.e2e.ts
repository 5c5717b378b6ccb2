import { COOKIE_BANNER_DELAY_MS, SHOP_NAME } from '@shop/contracts';
import { describe, expect, it } from 'vitest';
import { baseURL, gotoHydrated, useBrowser } from './support';

const browser = useBrowser();

describe('the server-rendered storefront shell', () => {
  it('sends real content in the HTML, with a CSP nonce on every script', async () => {
    const response = await fetch(`${baseURL()}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
    const html = await response.text();
    for (const name of ['Clothing', 'Shoes', 'Hobbies', 'Wedding']) expect(html).toContain(name);
    expect(html).toContain('Sign In');
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag.includes(`nonce="${nonce}"`) || /\bsrc=/.test(tag)).toBe(true);
  });

  it('answers a repeat visit from the page cache, still with a nonce of its own', async () => {
    const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? '')?.[1];
    const first = await fetch(`${baseURL()}/home/shoes.html`);
    const second = await fetch(`${baseURL()}/home/shoes.html`);
    expect(second.headers.get('x-page-cache')).toBe('hit');
    const [firstNonce, secondNonce] = [
      nonceOf(first.headers.get('content-security-policy')),
      nonceOf(second.headers.get('content-security-policy')),
    ];
    expect(secondNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
    const html = await second.text();
    expect(html).toContain(`nonce="${secondNonce}"`);
    expect(html).not.toContain(`nonce="${firstNonce}"`);
    const withToken = await fetch(`${baseURL()}/home/shoes.html`, { headers: { 'user-token': 'x' } });
    expect(withToken.headers.get('x-page-cache')).toBeNull();
  });

  it('answers an unknown path with the not-found page and HTTP 404', async () => {
    const response = await fetch(`${baseURL()}/no/such/page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/not found/i);
    expect(html).toContain(`<title>Page not found | ${SHOP_NAME}</title>`);
    expect(html).toMatch(/<meta name="robots" content="noindex"\/>/);
    // and in the browser: hydrated without an error, the title kept
    const { page, context, problems } = await browser.newPage();
    await gotoHydrated(page, '/no/such/page');
    expect(await page.title()).toBe(`Page not found | ${SHOP_NAME}`);
    expect(problems).toEqual([]);
    await context.close();
    const api = await fetch(`${baseURL()}/shop/no-such-endpoint`);
    expect(api.status).toBe(404);
    expect((await api.json()).code).toBe(404);
  });

  it('renders the page readably without JavaScript', async () => {
    const { page, context } = await browser.newPage({ javaScriptEnabled: false });
    await page.goto('/');
    for (const name of ['Clothing', 'Shoes', 'Hobbies', 'Wedding']) {
      expect(await page.getByRole('link', { name, exact: true }).count()).toBeGreaterThan(0);
    }
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: /privacy policy/i })
      .first()
      .waitFor();
    await context.close();
  });

  it('hydrates the home page and the login page without errors or warnings', async () => {
    const { page, context, problems } = await browser.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await page.goto('/login');
    await page.waitForLoadState('networkidle');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the cookie banner after 1.5 s and remembers acceptance', async () => {
    const { page, context } = await browser.newPage();
    // the page's clock is ours and stands still: the banner's delay is stepped through, not waited for
    const start = Date.now();
    await page.clock.install({ time: start });
    // paused ahead of where it was installed, by more than a busy machine takes between the two calls
    await page.clock.pauseAt(start + 10_000);
    await gotoHydrated(page, '/');
    const banner = page.getByRole('region', { name: /cookie/i });
    await page.clock.runFor(COOKIE_BANNER_DELAY_MS - 100);
    expect(await banner.count()).toBe(0);
    await page.clock.runFor(100);
    await banner.waitFor();
    await banner.getByRole('button', { name: 'I Accept' }).click();
    await banner.waitFor({ state: 'detached' });
    await gotoHydrated(page, '/');
    await page.clock.runFor(COOKIE_BANNER_DELAY_MS * 2);
    expect(await banner.count()).toBe(0);
    await context.close();
  });

  it('offers Sign In and Join to a guest, both leading to /login', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/login');
    expect(await header.getByRole('link', { name: 'Join' }).getAttribute('href')).toMatch(/^\/login/);
    await context.close();
  });
});
