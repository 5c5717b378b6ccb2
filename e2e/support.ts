import { randomUUID } from 'node:crypto';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { type AccessClaims, signAccessToken } from '../apps/server/src/modules/auth/tokens';
import { E2E_AUTH_SECRET } from './global-setup';

export const baseURL = () => inject('baseURL');

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** One browser per test file; each test gets a fresh context (its own storage). */
export function useBrowser() {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(
      options: { viewport?: { width: number; height: number }; javaScriptEnabled?: boolean } = {},
    ): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
      const context = await browser.newContext({
        baseURL: baseURL(),
        viewport: options.viewport ?? { width: 1280, height: 900 },
        javaScriptEnabled: options.javaScriptEnabled ?? true,
      });
      const page = await context.newPage();
      const problems = watchForProblems(page);
      return { page, context, problems };
    },
  };
}

/** Collects console errors, hydration warnings, CSP violations and uncaught exceptions. */
export function watchForProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || /hydrat|did not match|Content Security Policy/i.test(text)) {
      // a 4xx that the page handles itself (a failed sign-in) is logged by the browser as a resource error
      if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
      problems.push(`${message.type()}: ${text}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

/** Opens a page and waits until React has hydrated it, so that typing and blurring reach the forms. */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForSelector('html[data-hydrated="true"]');
}

/**
 * Starts noting whether `text` appears on the page, and answers a check of it that holds across a
 * navigation in the same tab (the note is kept in the tab's session storage). For a message shown
 * just before the page moves on, which a wait on the old page may miss on a busy machine.
 */
export async function noteText(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `noted:${text}`;
  await page.evaluate(
    ({ key, text }) => {
      const check = () => {
        if (document.body.textContent?.includes(text)) window.sessionStorage.setItem(key, '1');
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
      check();
    },
    { key, text },
  );
  return async () => (await page.evaluate((key) => window.sessionStorage.getItem(key), key)) === '1';
}

let counter = 0;
export const uniqueEmail = (prefix = 'e2e') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

/** Registers a shopper through the API (fixtures log in through the API, not through the UI). */
export async function registerShopper(overrides: Record<string, unknown> = {}) {
  const payload = {
    first_name: 'Fixture',
    last_name: 'Shopper',
    mobile: '+12025550143',
    code: '1',
    email: uniqueEmail('fixture'),
    password: 'Password123',
    passwordConfirm: 'Password123',
    email_type: 1,
    marketing_consent: true,
    terms_accepted: true,
    ...overrides,
  };
  const response = await fetch(`${baseURL()}/shop/login/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const envelope = (await response.json()) as { code: number; result: { token: string; refresh_token: string } };
  if (envelope.code !== 200) throw new Error(`fixture registration failed: ${JSON.stringify(envelope)}`);
  return { ...payload, ...envelope.result };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
type CallInit = { method?: Method; body?: unknown; token?: string | null; headers?: Record<string, string> };
export type ApiEnvelope<T> = { code: number; msg: string; result: T };

/** One call to the shop's API, answered with its whole envelope; a body makes it a POST unless told. */
export async function callApi<T>(path: string, init: CallInit = {}): Promise<ApiEnvelope<T>> {
  const { body, token, headers = {} } = init;
  const response = await fetch(`${baseURL()}${path}`, {
    method: init.method ?? (body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { 'user-token': token } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await response.json()) as ApiEnvelope<T>;
}

/** A call that must succeed: its result; any other answer fails the test with the envelope. */
export async function api<T>(path: string, init: CallInit = {}): Promise<T> {
  const envelope = await callApi<T>(path, init);
  if (envelope.code !== 200) throw new Error(`${init.method ?? ''} ${path} answered ${JSON.stringify(envelope)}`.trim());
  return envelope.result;
}

/** The API as one principal (a shopper's or staff token, or null for a guest), for set-up and checks. */
export function apiAs(token: string | null) {
  return {
    get: <T>(path: string) => api<T>(path, { token }),
    post: <T>(path: string, body: unknown, headers?: Record<string, string>) => api<T>(path, { body, token, headers }),
  };
}

type ProductDetail = { id: number; skus: { id: number; stock: number }[] };

/** A product of the demo shop with a SKU holding at least `stock` units. */
export async function skuInStock(stock = 3): Promise<{ goodsId: number; skuId: number }> {
  const listing = await apiAs(null).get<{ data: { url: string }[] }>('/shop/goods?page_size=12');
  for (const item of listing.data) {
    const product = await apiAs(null).get<ProductDetail>(`/shop/goods/detail?url=${encodeURIComponent(item.url)}`);
    const sku = product.skus.find((candidate) => candidate.stock >= stock);
    if (sku) return { goodsId: product.id, skuId: sku.id };
  }
  throw new Error('the demo shop has no product in stock');
}

/**
 * An order placed through the API as the shopper, left unpaid: a SKU in stock (or the one given)
 * put in the bag, a Californian address, and whatever else the order's request should carry
 * (`coupon_id`, `points`).
 */
export async function placeOrder(
  token: string,
  extra: Record<string, unknown> = {},
  sku?: { goodsId: number; skuId: number },
): Promise<{ id: number; order_no: string }> {
  const { goodsId, skuId } = sku ?? (await skuInStock());
  const line = await apiAs(token).post<{ id: number }>('/shop/userCart/add', { goods_id: goodsId, sku_id: skuId, num: 1 });
  const address = await apiAs(token).post<{ id: number }>('/shop/userAddress/add', {
    first_name: 'Mary',
    last_name: 'Shelley',
    phone: '+12025550143',
    country: 'US',
    state: 'CA',
    city: 'Sacramento',
    address1: '4 Capitol Mall',
    postcode: '95814',
    is_default: 1,
  });
  return apiAs(token).post<{ id: number; order_no: string }>(
    '/shop/order/create',
    { address_id: address.id, cart_ids: [line.id], ...extra },
    { 'idempotency-key': randomUUID() },
  );
}

/** Pays an order with the test provider's card that always succeeds. */
export async function payOrder(token: string, id: number): Promise<void> {
  const card = {
    number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 2,
    cvc: '123',
    name: 'Mary Shelley',
  };
  const paid = await apiAs(token).post<{ status: string }>('/shop/order/pay', { id, card }, { 'idempotency-key': randomUUID() });
  if (paid.status !== 'succeeded') throw new Error(`the test payment answered ${paid.status}`);
}

export type TokenPair = { token: string; refresh_token: string };

/** A fresh session through the API, both its tokens: a shopper's, or a staff member's. */
export function signInByApi(who: 'shopper' | 'staff', email: string, password: string): Promise<TokenPair> {
  const path = who === 'staff' ? '/admin/login' : '/shop/login/password';
  return api<TokenPair>(path, { body: { username: email, password } });
}

/** A fresh staff token through the API (the seeded administrator unless told). */
export async function staffToken(email = 'admin@example.com', password = 'Admin1234'): Promise<string> {
  return (await signInByApi('staff', email, password)).token;
}

/** A shopper's fresh token through the API. */
export async function shopperToken(email: string, password: string): Promise<string> {
  return (await signInByApi('shopper', email, password)).token;
}

/** Signs a page in by storing the tokens the way the shop does (spec 3 "Storage"). */
/**
 * The same access token (shopper's or staff's) as it is once it has run out: same session, same
 * subject, its expiry a minute ago. The server answers it with 409, as it would after the wait.
 */
export function expired(token: string): string {
  const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as AccessClaims;
  const now = Math.floor(Date.now() / 1000);
  return signAccessToken(E2E_AUTH_SECRET, { ...claims, iat: now - 120, exp: now - 60 });
}

export async function signInWithTokens(page: Page, tokens: { token: string; refresh_token: string }) {
  await gotoHydrated(page, '/login');
  await page.evaluate((t) => {
    window.localStorage.setItem('user_token', t.token);
    window.localStorage.setItem('refresh_token', t.refresh_token);
  }, tokens);
}

/**
 * Waits (2 s at most) until the focused element matches `selector`. Dialogs and popovers move the
 * focus in the tick after they open or close, so reading it at once races with them.
 */
export async function waitForFocus(page: Page, selector: string) {
  await page.waitForFunction((s) => document.activeElement?.matches(s) ?? false, selector, { timeout: 2000 });
}

type AxeResults = { violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }> };

/** What axe-core (WCAG 2.1 A and AA rules) finds wrong on the page as it is now: one line per violation and node. */
export async function axeViolations(page: Page): Promise<string[]> {
  // a toast fades out on its own: measured halfway, its colours would read as low contrast
  await page.locator('[data-sonner-toast]').last().waitFor({ state: 'detached', timeout: 10_000 });
  const { source } = await import('axe-core');
  // evaluated through the debugging protocol, which the page's script policy does not govern
  await page.evaluate(source);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    }),
  );
  return results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${JSON.stringify(node.target)}`),
  );
}

/** Signs a page in to the back office through its sign-in form, as a staff member does. */
export async function signInToOffice(page: Page, email: string, password: string) {
  await gotoHydrated(page, '/office/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
}
