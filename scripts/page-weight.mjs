// The JavaScript a page loads before anyone can use it, in gzip bytes (quality-bars.md: at most
// 150 KB on every page type). Shared by `npm run bench` and e2e/page-weight.e2e.ts.
//
// "Before interaction" is what the served HTML names: its module scripts, its modulepreload links
// and the modules its inline script imports (the entry and the route modules), with every module
// those import statically, followed through the built files. Code a page imports later with
// `import()` (a dialog, the chat, the register form) is not counted: it loads on intent, when idle
// or when that part of the page is drawn.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_KB = 150;

/** The scripts an HTML page loads up front: modulepreload links, script sources, imports of inline scripts. */
export function scriptsOfHtml(html) {
  const sources = new Set();
  for (const match of html.matchAll(
    /<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"|<script[^>]*\bsrc="([^"]+)"|\bimport\s*\(?\s*(?:\*\s*as\s+[\w$]+\s+from\s*)?"([^"]+\.js)"/g,
  )) {
    sources.add(match[1] ?? match[2] ?? match[3]);
  }
  return [...sources];
}

/** The modules a built chunk imports statically (`import … from "./x.js"`, `export … from`), not `import("…")`. */
export function staticImportsOfModule(code) {
  const found = [];
  for (const match of code.matchAll(
    /\b(?:import|export)\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)?\s*(?:from\s*)?["']([^"']+\.js)["']/g,
  )) {
    found.push(match[1]);
  }
  return found;
}

/**
 * Every script `url` loads before interaction, with its gzip size: { status, files: [{ url, bytes }],
 * bytes }. The HTML is the same for every visitor (tokens live in the browser), so a guest's
 * request measures the signed-in pages too.
 */
export async function initialScripts(url) {
  const response = await fetch(url);
  const html = await response.text();
  const pending = scriptsOfHtml(html).map((source) => new URL(source, url).href);
  const seen = new Map();
  while (pending.length > 0) {
    const next = pending.pop();
    if (seen.has(next)) continue;
    const script = await fetch(next, { headers: { 'accept-encoding': 'identity' } });
    if (!script.ok) throw new Error(`${next} answered ${script.status}`);
    const bytes = Buffer.from(await script.arrayBuffer());
    seen.set(next, gzipSync(bytes).length);
    for (const imported of staticImportsOfModule(bytes.toString('utf8'))) pending.push(new URL(imported, next).href);
  }
  const files = [...seen].map(([file, bytes]) => ({ url: file, bytes }));
  return { status: response.status, files, bytes: files.reduce((sum, file) => sum + file.bytes, 0) };
}

export const kilobytes = (bytes) => Math.round(bytes / 102.4) / 10;

/**
 * One address per page type of apps/web/app/routes.ts, on the demo shop at `base`, each with the
 * route file that draws it. The account pages and /order draw themselves in the browser from the
 * shopper's token; their HTML, and so what they load before interaction, is the same for everyone.
 */
export async function pageTypes(base) {
  const json = async (path) => {
    const response = await fetch(`${base}${path}`);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    return (await response.json()).result;
  };
  const tree = await json('/shop/goods/classify');
  const hot = await json('/api/hot/goods?page=1&pagesize=1');
  const leaf = tree[0].children?.[0] ?? tree[0];
  const product = hot.data[0];
  return [
    { name: 'home', path: '/', routes: ['routes/home.tsx'] },
    { name: 'category-home', path: `/home/${tree[0].url}.html`, routes: ['routes/category-home.tsx'] },
    { name: 'listing', path: `/classify/${leaf.url}-${leaf.id}.html`, routes: ['routes/classify.tsx'] },
    { name: 'listing-template', path: `/template/classify?classify_id=${leaf.id}`, routes: ['routes/classify.tsx'] },
    { name: 'search', path: '/template/SearchClassify?keyword=dress', routes: ['routes/search.tsx'] },
    { name: 'product', path: `/product/${product.url}.html`, routes: ['routes/product.tsx'] },
    { name: 'recommend', path: '/recommend/recommend', routes: ['routes/recommend.tsx'] },
    { name: 'help', path: '/help', routes: ['routes/help.tsx'] },
    { name: 'help-page', path: '/help/AboutUs', routes: ['routes/help.page.tsx'] },
    { name: 'help-custom', path: '/help/custom', routes: ['routes/help.page.tsx'] },
    { name: 'help-tailor-made', path: '/help/projectTailorMade', routes: ['routes/help.page.tsx'] },
    { name: 'help-wholesale', path: '/help/wholesale', routes: ['routes/help.page.tsx'] },
    { name: 'help-contact', path: '/help/helpContact?key=how_to_place_an_order', routes: ['routes/help.contact.tsx'] },
    { name: 'login', path: '/login', routes: ['routes/login.tsx'] },
    { name: 'register', path: '/login?tab=register', routes: ['routes/login.tsx'] },
    { name: 'forgot-password', path: '/forgotpassword', routes: ['routes/forgotpassword.tsx'] },
    { name: 'cancel-account', path: '/cancelAccount', routes: ['routes/cancel-account.tsx'] },
    // answers with a redirect to MyAccount: what is measured is the page it loads
    { name: 'person', path: '/person', routes: ['routes/person.tsx'] },
    { name: 'order', path: '/order', routes: ['routes/order.tsx'] },
    { name: 'payment', path: '/order?id=1', routes: ['routes/order.tsx'] },
    { name: 'pay-success', path: '/order/paySuccess?id=1', routes: ['routes/order.pay-success.tsx'] },
    {
      name: 'my-account',
      path: '/ShoppingListMain/MyAccount',
      routes: ['routes/account-layout.tsx', 'routes/account.my-account.tsx'],
    },
    {
      name: 'account-info',
      path: '/ShoppingListMain/AccountInfo',
      routes: ['routes/account-layout.tsx', 'routes/account.account-info.tsx'],
    },
    {
      name: 'password',
      path: '/ShoppingListMain/password',
      routes: ['routes/account-layout.tsx', 'routes/account.password.tsx'],
    },
    {
      name: 'notifications',
      path: '/ShoppingListMain/notifications',
      routes: ['routes/account-layout.tsx', 'routes/account.notifications.tsx'],
    },
    { name: 'unsubscribe', path: '/unsubscribe?token=1.newsletter.x', routes: ['routes/unsubscribe.tsx'] },
    {
      name: 'browsing-history',
      path: '/ShoppingListMain/BrowsingHistory',
      routes: ['routes/account-layout.tsx', 'routes/account.browsing-history.tsx'],
    },
    { name: 'address', path: '/ShoppingListMain/address', routes: ['routes/account-layout.tsx', 'routes/account.address.tsx'] },
    {
      name: 'wishlist',
      path: '/ShoppingListMain/MyWishlist',
      routes: ['routes/account-layout.tsx', 'routes/account.my-wishlist.tsx'],
    },
    { name: 'my-order', path: '/ShoppingListMain/MyOrder', routes: ['routes/account-layout.tsx', 'routes/account.my-order.tsx'] },
    {
      name: 'my-coupons',
      path: '/ShoppingListMain/MyCoupons',
      routes: ['routes/account-layout.tsx', 'routes/account.my-coupons.tsx'],
    },
    {
      name: 'redeem-points',
      path: '/ShoppingListMain/RedeemPointsMore',
      routes: ['routes/account-layout.tsx', 'routes/account.redeem-points-more.tsx'],
    },
    {
      name: 'order-details',
      path: '/ShoppingListMain/OrderDetails?id=1',
      routes: ['routes/account-layout.tsx', 'routes/account.order-details.tsx'],
    },
    {
      name: 'logistics',
      path: '/ShoppingListMain/LogisticsInformation?id=1',
      routes: ['routes/account-layout.tsx', 'routes/account.logistics-information.tsx'],
    },
    {
      name: 'my-points',
      path: '/ShoppingListMain/MyPoints',
      routes: ['routes/account-layout.tsx', 'routes/account.my-points.tsx'],
    },
    {
      name: 'points-detail',
      path: '/ShoppingListMain/PointsDetail',
      routes: ['routes/account-layout.tsx', 'routes/account.points-detail.tsx'],
    },
    {
      name: 'points-comment',
      path: '/ShoppingListMain/MyPointsComment',
      routes: ['routes/account-layout.tsx', 'routes/account.my-points-comment.tsx'],
    },
    {
      name: 'my-reviews',
      path: '/ShoppingListMain/MyReviews',
      routes: ['routes/account-layout.tsx', 'routes/account.my-reviews.tsx'],
    },
    {
      name: 'by-friends',
      path: '/ShoppingListMain/ByFriends',
      routes: ['routes/account-layout.tsx', 'routes/account.by-friends.tsx'],
    },
    {
      name: 'my-friends',
      path: '/ShoppingListMain/MyFriends',
      routes: ['routes/account-layout.tsx', 'routes/account.my-friends.tsx'],
    },
    {
      name: 'my-message',
      path: '/ShoppingListMain/MyMessage',
      routes: ['routes/account-layout.tsx', 'routes/account.my-message.tsx'],
    },
    {
      name: 'return-exchange',
      path: '/ShoppingListMain/ReturnExchange',
      routes: ['routes/account-layout.tsx', 'routes/account.return-exchange.tsx'],
    },
    {
      name: 'return-exchange-one',
      path: '/ShoppingListMain/ReturnExchangeOne?id=1',
      routes: ['routes/account-layout.tsx', 'routes/account.return-exchange-one.tsx'],
    },
    {
      name: 'return-exchange-details',
      path: '/ShoppingListMain/ReturnExchangeDetails?id=1',
      routes: ['routes/account-layout.tsx', 'routes/account.return-exchange-details.tsx'],
    },
    {
      name: 'waiting-return',
      path: '/ShoppingListMain/WaitingReturn?id=1',
      routes: ['routes/account-layout.tsx', 'routes/account.waiting-return.tsx'],
    },
    {
      name: 'account-not-found',
      path: '/ShoppingListMain/Nowhere',
      routes: ['routes/account-layout.tsx', 'routes/account.not-found.tsx'],
    },
    { name: 'agent', path: '/agent', routes: ['routes/agent.tsx'] },
    { name: 'agent-login', path: '/agent/login', routes: ['routes/agent.login.tsx'] },
    { name: 'office-login', path: '/office/login', routes: ['routes/office.login.tsx'] },
    { name: 'office', path: '/office', routes: ['routes/office.tsx', 'routes/office.home.tsx'] },
    { name: 'office-orders', path: '/office/orders', routes: ['routes/office.tsx', 'routes/office.orders.tsx'] },
    { name: 'office-returns', path: '/office/returns', routes: ['routes/office.tsx', 'routes/office.returns.tsx'] },
    { name: 'office-return', path: '/office/returns/1', routes: ['routes/office.tsx', 'routes/office.return.tsx'] },
    { name: 'office-order', path: '/office/orders/1', routes: ['routes/office.tsx', 'routes/office.order.tsx'] },
    {
      name: 'office-packing-slip',
      path: '/office/orders/1/packing-slip',
      routes: ['routes/office.tsx', 'routes/office.packing-slip.tsx'],
    },
    { name: 'office-audit', path: '/office/audit', routes: ['routes/office.tsx', 'routes/office.audit.tsx'] },
    { name: 'office-customers', path: '/office/customers', routes: ['routes/office.tsx', 'routes/office.customers.tsx'] },
    { name: 'office-customer', path: '/office/customers/1', routes: ['routes/office.tsx', 'routes/office.customer.tsx'] },
    { name: 'office-coupons', path: '/office/coupons', routes: ['routes/office.tsx', 'routes/office.coupons.tsx'] },
    { name: 'office-catalog', path: '/office/catalog', routes: ['routes/office.tsx', 'routes/office.catalog.tsx'] },
    {
      name: 'office-catalog-new',
      path: '/office/catalog/new',
      routes: ['routes/office.tsx', 'routes/office.catalog-product.tsx'],
    },
    {
      name: 'office-catalog-product',
      path: '/office/catalog/1',
      routes: ['routes/office.tsx', 'routes/office.catalog-product.tsx'],
    },
    {
      name: 'office-catalog-categories',
      path: '/office/catalog/categories',
      routes: ['routes/office.tsx', 'routes/office.catalog-categories.tsx'],
    },
    { name: 'office-catalog-csv', path: '/office/catalog/csv', routes: ['routes/office.tsx', 'routes/office.catalog-csv.tsx'] },
    { name: 'office-reviews', path: '/office/reviews', routes: ['routes/office.tsx', 'routes/office.reviews.tsx'] },
    { name: 'office-content', path: '/office/content', routes: ['routes/office.tsx', 'routes/office.content.tsx'] },
    { name: 'office-home-pages', path: '/office/home-pages', routes: ['routes/office.tsx', 'routes/office.home-pages.tsx'] },
    { name: 'office-site', path: '/office/site', routes: ['routes/office.tsx', 'routes/office.site.tsx'] },
    { name: 'office-support', path: '/office/support', routes: ['routes/office.tsx', 'routes/office.support.tsx'] },
    {
      name: 'office-quick-replies',
      path: '/office/quick-replies',
      routes: ['routes/office.tsx', 'routes/office.quick-replies.tsx'],
    },
    {
      name: 'office-knowledge-base',
      path: '/office/knowledge-base',
      routes: ['routes/office.tsx', 'routes/office.knowledge-base.tsx'],
    },
    { name: 'office-feedback', path: '/office/feedback', routes: ['routes/office.tsx', 'routes/office.feedback.tsx'] },
    {
      name: 'office-chat-reports',
      path: '/office/chat-reports',
      routes: ['routes/office.tsx', 'routes/office.chat-reports.tsx'],
    },
    { name: 'office-requests', path: '/office/requests', routes: ['routes/office.tsx', 'routes/office.requests.tsx'] },
    { name: 'office-request', path: '/office/requests/1', routes: ['routes/office.tsx', 'routes/office.request.tsx'] },
    { name: 'office-mail', path: '/office/mail', routes: ['routes/office.tsx', 'routes/office.mail.tsx'] },
    { name: 'office-staff', path: '/office/staff', routes: ['routes/office.tsx', 'routes/office.staff.tsx'] },
    { name: 'office-security', path: '/office/security', routes: ['routes/office.tsx', 'routes/office.security.tsx'] },
    { name: 'office-accept', path: '/office/accept?token=x', routes: ['routes/office.accept.tsx'] },
    { name: 'not-found', path: '/no-such-page', routes: ['routes/not-found.tsx'] },
  ];
}

/** The route files apps/web/app/routes.ts names (the layout route of the account area included). */
export function routeFilesOf(routesSource) {
  return [...new Set([...routesSource.matchAll(/'(routes\/[^']+\.tsx)'/g)].map((match) => match[1]))];
}

// `node scripts/page-weight.mjs`: the table for every page type, on the built shop with a fresh demo database.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { firstOk, freePort, startShop, stop } = await import('./bench-server.mjs');
  const { build, buildIsFresh } = await import('./lib.mjs');
  if (!buildIsFresh()) build();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-page-weight-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = startShop({ port, dataDir, env: { LOG_LEVEL: 'warn' } });
  let over = 0;
  try {
    await firstOk(`${base}/healthz`, server, 120_000);
    for (const page of await pageTypes(base)) {
      const kb = kilobytes((await initialScripts(`${base}${page.path}`)).bytes);
      if (kb > INITIAL_JS_BUDGET_KB) over++;
      console.log(`${kb > INITIAL_JS_BUDGET_KB ? '✗' : '✓'} ${page.name.padEnd(18)} ${String(kb).padStart(6)} KB  ${page.path}`);
    }
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(
    over ? `✗ ${over} page types pass ${INITIAL_JS_BUDGET_KB} KB` : `✓ every page type is within ${INITIAL_JS_BUDGET_KB} KB`,
  );
  process.exitCode = over ? 1 : 0;
}
