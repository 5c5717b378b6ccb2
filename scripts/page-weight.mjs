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
import { ACCOUNT_PAGES, NOT_FOUND_PAGE, STAFF_PAGES, shopPages } from './page-weight/page-types.mjs';

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
  return [...shopPages(tree, leaf, product), ...ACCOUNT_PAGES, ...STAFF_PAGES, NOT_FOUND_PAGE];
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
