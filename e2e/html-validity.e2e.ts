import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, baseURL, gotoHydrated, registerShopper, signInByApi, signInWithTokens, useBrowser } from './support';

/**
 * Every page the server renders passes the Nu HTML Checker (decision 0016): the HTML as served, for
 * a sample of each route of the demo shop, and the pages a signed-in shopper or agent sees as the
 * browser shows them once their data has loaded (their content is drawn in the browser, since
 * tokens live there). vnu runs once, over all the files together.
 */

const vnuJar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
const browser = useBrowser();
const dir = mkdtempSync(join(tmpdir(), 'shop-html-'));
/** file name → the page it holds */
const pages = new Map<string, string>();

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function keep(label: string, html: string) {
  const file = join(dir, `page-${pages.size + 1}.html`);
  writeFileSync(file, html);
  pages.set(file, label);
}

async function served(path: string): Promise<string> {
  const response = await fetch(`${baseURL()}${path}`);
  expect(response.headers.get('content-type'), path).toMatch(/^text\/html/);
  return response.text();
}

/** The first `count` distinct links of the page that match `pattern`, unescaped. */
function linksOf(html: string, pattern: RegExp, count: number): string[] {
  const found = new Set<string>();
  for (const [, href = ''] of html.matchAll(/href="([^"]+)"/g)) {
    const path = href.replaceAll('&amp;', '&');
    if (pattern.test(path)) found.add(path);
  }
  const picked = [...found].slice(0, count);
  expect(picked.length, `links matching ${pattern}`).toBe(count);
  return picked;
}

/**
 * The document as the browser holds it once the page's requests have settled. The `<style>`
 * elements a library adds at run time are left out: the server sends none (the stylesheet is a
 * file), and vnu's CSS parser refuses some valid modern CSS in them (custom properties holding
 * expressions).
 */
async function rendered(page: Page, path: string, ready?: () => Promise<void>): Promise<string> {
  await gotoHydrated(page, path);
  await page.waitForLoadState('networkidle');
  await ready?.();
  return page.evaluate(() => {
    const copy = document.documentElement.cloneNode(true) as HTMLElement;
    for (const style of Array.from(copy.querySelectorAll('style'))) style.remove();
    return `<!DOCTYPE html>\n${copy.outerHTML}`;
  });
}

type VnuMessage = { type: string; url?: string; message: string; extract?: string; lastLine?: number };

/** One run of the Nu HTML Checker over every file kept; its errors, each named with its page. */
function vnuErrors(): string[] {
  const run = spawnSync('java', ['-jar', vnuJar, '--format', 'json', '--errors-only', '--exit-zero-always', ...pages.keys()], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw new Error(`java could not be started (npm test installs default-jre-headless): ${run.error.message}`);
  if (run.status !== 0) throw new Error(`vnu failed (exit ${run.status}): ${run.stderr}`);
  const { messages } = JSON.parse(run.stderr) as { messages: VnuMessage[] };
  return messages
    .filter((message) => message.type === 'error' || message.type === 'non-document-error')
    .map((message) => {
      const file = message.url?.replace(/^file:/, '') ?? '';
      const where = pages.get(file) ?? file;
      return `${where} (line ${message.lastLine ?? '?'}): ${message.message}\n    ${message.extract?.replace(/\s+/g, ' ') ?? ''}`;
    });
}

// The pages are gathered before the test, by three hooks in turn, and checked together by the test.
describe('valid HTML on every page (Nu HTML Checker)', () => {
  let listing = '';

  /** Gathers a sample of every route as the server renders it. */
  async function gatherServerPages() {
    const home = await served('/');
    keep('/', home);
    listing = await served(linksOf(home, /^\/classify\//, 1)[0] ?? '');
    const sampled = [
      ...linksOf(home, /^\/home\/[\w-]+\.html$/, 2),
      ...linksOf(home, /^\/classify\//, 2),
      ...linksOf(listing, /^\/product\//, 2),
      ...linksOf(home, /^\/help\/helpContact\?/, 2),
      '/recommend/recommend',
      '/template/SearchClassify?keyword=dress',
      '/template/SearchClassify?keyword=zzzznothing',
      '/help',
      '/help/AboutUs',
      '/help/wholesale',
      '/no-such-page',
      '/login',
      '/login?tab=register',
      '/forgotpassword',
      '/forgotpassword?email=ada%40example.com&code=123456',
      '/cancelAccount',
      '/order',
      '/order/paySuccess',
      '/ShoppingListMain/MyAccount',
      '/ShoppingListMain/AccountInfo',
      '/ShoppingListMain/address',
      '/ShoppingListMain/password',
      '/ShoppingListMain/MyOrder',
      '/ShoppingListMain/MyCoupons',
      '/ShoppingListMain/RedeemPointsMore',
      '/ShoppingListMain/MyWishlist',
      '/ShoppingListMain/BrowsingHistory',
      '/ShoppingListMain/OrderDetails?id=1',
      '/ShoppingListMain/LogisticsInformation?id=1',
      '/ShoppingListMain/MyPoints',
      '/ShoppingListMain/ByFriends',
      '/ShoppingListMain/ReturnExchange',
      '/ShoppingListMain/ReturnExchangeOne?id=1',
      '/ShoppingListMain/no-such-page',
      '/agent',
      '/agent/login',
    ];
    for (const path of sampled) keep(path, await served(path));
  }

  /** Gathers the pages of a signed-in shopper as the browser shows them. */
  async function gatherShopperPages() {
    // A shopper with an address, a favourite, a bag and an order waiting for payment.
    const shopper = await registerShopper();
    const token = shopper.token;
    const products = linksOf(listing, /^\/product\//, 2).map((path) => path.replace(/^\/product\//, ''));
    const details = await Promise.all(
      products.map((url) =>
        apiAs(null).get<{ id: number; skus: { id: number; stock: number }[] }>(
          `/shop/goods/detail?url=${encodeURIComponent(url)}`,
        ),
      ),
    );
    const lines: number[] = [];
    for (const detail of details) {
      const sku = detail.skus.find((candidate) => candidate.stock >= 3);
      if (!sku) throw new Error(`product ${detail.id} has no SKU in stock`);
      lines.push(
        (await apiAs(token).post<{ id: number }>('/shop/userCart/add', { goods_id: detail.id, sku_id: sku.id, num: 1 })).id,
      );
      await apiAs(token).post('/shop/goods/favorite', { goods_id: detail.id });
    }
    const address = await apiAs(token).post<{ id: number }>('/shop/userAddress/add', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      phone: '+12025550143',
      country: 'US',
      state: 'CA',
      city: 'Sacramento',
      address1: '3 Capitol Mall',
      postcode: '95814',
      is_default: 1,
    });
    const order = await apiAs(token).post<{ id: number }>(
      '/shop/order/create',
      { address_id: address.id, cart_ids: lines.slice(0, 1) },
      { 'idempotency-key': `html-${Date.now()}` },
    );

    const shopperPage = await browser.newPage();
    await signInWithTokens(shopperPage.page, shopper);
    for (const path of [
      '/ShoppingListMain/MyAccount',
      '/ShoppingListMain/AccountInfo',
      '/ShoppingListMain/address',
      '/ShoppingListMain/password',
      '/ShoppingListMain/MyOrder',
      '/ShoppingListMain/MyCoupons',
      '/ShoppingListMain/RedeemPointsMore',
      '/ShoppingListMain/MyWishlist',
      '/ShoppingListMain/BrowsingHistory',
      `/ShoppingListMain/OrderDetails?id=${order.id}`,
      `/ShoppingListMain/LogisticsInformation?id=${order.id}`,
      '/ShoppingListMain/MyPoints',
      '/ShoppingListMain/PointsDetail',
      '/ShoppingListMain/MyPointsComment',
      '/ShoppingListMain/MyReviews',
      '/ShoppingListMain/ByFriends',
      '/ShoppingListMain/MyFriends',
      '/ShoppingListMain/MyMessage',
      '/order',
      `/order?id=${order.id}`,
    ]) {
      keep(`${path} (signed in, in the browser)`, await rendered(shopperPage.page, path));
    }
    await shopperPage.context.close();
  }

  /** Gathers the agent console of a signed-in agent as the browser shows it. */
  async function gatherAgentConsole() {
    const staff = await signInByApi('staff', 'agent@example.com', 'Agent1234');
    const agentPage = await browser.newPage();
    await gotoHydrated(agentPage.page, '/agent/login');
    await agentPage.page.evaluate((pair) => {
      window.localStorage.setItem('staff_token', pair.token);
      window.localStorage.setItem('staff_refresh_token', pair.refresh_token);
    }, staff);
    const connected = () => agentPage.page.getByText(/Your agent number: \d+/).waitFor();
    keep('/agent (signed in, in the browser)', await rendered(agentPage.page, '/agent', connected));
    await agentPage.context.close();
  }

  beforeAll(async () => {
    await gatherServerPages();
    await gatherShopperPages();
    await gatherAgentConsole();
  }, 300_000);

  it('finds no error in any of them', { timeout: 300_000 }, async () => {
    expect(pages.size).toBeGreaterThan(40);
    const errors = vnuErrors();
    expect(errors, `the Nu HTML Checker found errors:\n${errors.join('\n')}`).toEqual([]);
  });
});
