// npm run bench: speed measured as ratios against a bare node:http server in the same run
// (quality-bars.md), then the chat benchmarks (scripts/bench-chat.mjs), then Lighthouse on every
// page type (scripts/bench-lighthouse.mjs). Results go to bench/results/*.json.
// BENCH_ONLY=http, mixed (scripts/bench-mixed.mjs), chat or lighthouse runs one of the four.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { commerceBench } from './bench-commerce.mjs';
import { firstOk, freePort, startShop, stop } from './bench-server.mjs';
import { build, buildIsFresh, ensureDependencies, root, run } from './lib.mjs';
import { INITIAL_JS_BUDGET_KB, initialScripts, kilobytes, pageTypes } from './page-weight.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;

const ONLY = process.env.BENCH_ONLY ?? '';
if (!['', 'http', 'mixed', 'chat', 'lighthouse'].includes(ONLY)) {
  console.error('✗ BENCH_ONLY must be http, mixed, chat or lighthouse');
  process.exit(1);
}

ensureDependencies();
if (!buildIsFresh()) build();

/** The chat fan-out and capacity benchmarks, in a process of their own (bench/results/chat.json). */
function chatBench() {
  const status = run(process.execPath, [join(root, 'scripts/bench-chat.mjs')]);
  if (status !== 0) process.exit(status);
}
/** Lighthouse on every page type, in Debian’s Chromium (bench/results/lighthouse.json). */
function lighthouseBench() {
  const status = run(process.execPath, [join(root, 'scripts/bench-lighthouse.mjs')]);
  if (status !== 0) process.exit(status);
}
/** The mixed shopper load on SQLite and PostgreSQL, in a process of its own (bench/results/mixed.json). */
function mixedBench() {
  const status = run(process.execPath, [join(root, 'scripts/bench-mixed.mjs')]);
  if (status !== 0) process.exit(status);
}
if (ONLY === 'mixed') {
  mixedBench();
  process.exit(0);
}
if (ONLY === 'chat') {
  chatBench();
  process.exit(0);
}
if (ONLY === 'lighthouse') {
  lighthouseBench();
  process.exit(0);
}

const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-'));
const port = await freePort();
// the default log level: the shop is measured as it runs, with a request line per request;
// the commerce bench registers one shopper per connection
const env = { RATE_LIMIT_AUTH_PER_MINUTE: '10000' };
const base = `http://127.0.0.1:${port}`;
const startServer = (script) => startShop({ port, dataDir, env, script });

/** CPU time (user + system, in clock ticks of 10 ms) a process has used, where Linux tells it. */
function cpuTicks(pid) {
  const file = `/proc/${pid}/stat`;
  if (pid === undefined || !existsSync(file)) return undefined;
  const fields = readFileSync(file, 'utf8').split(') ')[1].split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * Loads `url` for the bench's duration. With the serving process's `pid`, it also gives the CPU
 * time that process spent per request: on a machine whose load generator saturates a core before a
 * bare server does, requests per second flatter the shop, and CPU per request does not.
 */
async function load(url, title, pid) {
  const before = cpuTicks(pid);
  const result = await new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, title }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
  const after = cpuTicks(pid);
  if (before !== undefined && after !== undefined && result.requests.total > 0) {
    result.cpuUsPerRequest = Math.round(((after - before) * 10_000) / result.requests.total);
  }
  return result;
}

const summary = (r) => ({
  requests_per_s: Math.round(r.requests.average),
  p50_ms: r.latency.p50,
  p99_ms: r.latency.p99,
  errors: r.errors + r.non2xx,
  ...(r.cpuUsPerRequest === undefined ? {} : { cpu_us_per_request: r.cpuUsPerRequest }),
});

/** A bare node:http server answering the same bytes, in a process of its own: the baseline for a route. */
async function bareBaseline(url, headers = {}) {
  const response = await fetch(url, { headers: { 'accept-encoding': 'identity', ...headers } });
  const bodyFile = join(dataDir, 'bare-body');
  writeFileSync(bodyFile, Buffer.from(await response.arrayBuffer()));
  const type = response.headers.get('content-type') ?? 'text/plain';
  const bare = spawn(process.execPath, [join(root, 'scripts/bench-bare.mjs'), bodyFile, type], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [port] = await once(bare.stdout, 'data');
    return await load(`http://127.0.0.1:${String(port).trim()}/`, 'bare', bare.pid);
  } finally {
    await stop(bare);
  }
}

/**
 * The orders bench buys one SKU for 10 s: its stock is raised in the bench's own database first
 * (the server is stopped), so that the run measures ordering rather than selling out.
 */
function raiseStockForBench() {
  const Database = createRequire(import.meta.url)('better-sqlite3');
  const db = new Database(join(dataDir, 'shop.db'));
  try {
    const sku = db
      .prepare(
        'select skus.id, skus.goods_id from skus join goods on goods.id = skus.goods_id where goods.status = 1 order by skus.id limit 1',
      )
      .get();
    db.prepare('update skus set stock = 1000000 where id = ?').run(sku.id);
    return sku;
  } finally {
    db.close();
  }
}

const results = { when: new Date().toISOString(), duration_s: DURATION_S, connections: CONNECTIONS };
try {
  // First start migrates and seeds; it is not a cold start of a built shop.
  let server = startServer(join(root, 'apps/server/dist/main.js'));
  await firstOk(`${base}/healthz`, server, 120_000);
  await stop(server);
  const benchSku = raiseStockForBench();

  // Cold start: `npm start` on a built, seeded tree to the first 200 on /.
  const coldStarts = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    server = startServer(join(root, 'scripts/start.mjs'));
    await firstOk(`${base}/`, server, 30_000);
    coldStarts.push(Math.round(performance.now() - started));
    await stop(server);
  }
  coldStarts.sort((a, b) => a - b);
  results.cold_start_ms = { median: coldStarts[1], runs: coldStarts, bar_ms: 3000 };

  server = startServer(join(root, 'apps/server/dist/main.js'));
  await firstOk(`${base}/`, server, 30_000);
  // A real listing (a top category, 24 items) and a real product page of the demo shop.
  const tree = await (await fetch(`${base}/shop/goods/classify`)).json();
  const hot = await (await fetch(`${base}/api/hot/goods?page=1&pagesize=1`)).json();
  const topCategory = tree.result[0];
  const product = hot.result.data[0];
  const routes = [
    ['home_page_ssr', '/'],
    ['category_tree_api', '/shop/goods/classify'],
    [
      'listing_api',
      `/shop/goods/classifyDetail?classify_id=${topCategory.id}&page=1&page_size=24`,
      { ratio_of_bare: 0.5, p99_ms: 25 },
    ],
    ['product_page_ssr', `/product/${product.url}.html`, { ratio_of_bare: 0.8, p99_ms: 40 }],
  ];
  for (const [name, path, bar] of routes) {
    const bare = summary(await bareBaseline(`${base}${path}`));
    const shop = summary(await load(`${base}${path}`, name, server.pid));
    const ratio = Number((shop.requests_per_s / bare.requests_per_s).toFixed(3));
    results[name] = { path, shop, bare, ratio_of_bare: ratio };
    // the same comparison by CPU per request (bare's CPU per request over the shop's)
    const cpuRatio =
      shop.cpu_us_per_request && bare.cpu_us_per_request
        ? Number((bare.cpu_us_per_request / shop.cpu_us_per_request).toFixed(3))
        : undefined;
    if (cpuRatio !== undefined) results[name].cpu_ratio_of_bare = cpuRatio;
    const cpu =
      cpuRatio === undefined
        ? ''
        : `; CPU ${shop.cpu_us_per_request} µs/request against bare's ${bare.cpu_us_per_request} µs = ${Math.round(cpuRatio * 100)}% of bare`;
    if (bar) {
      const pass = ratio >= bar.ratio_of_bare && shop.p99_ms <= bar.p99_ms && shop.errors === 0;
      results[name].bar = { ...bar, pass };
      console.log(
        `${pass ? '✓' : '✗'} ${name}: ${shop.requests_per_s} req/s = ${Math.round(ratio * 100)}% of bare (bar ${bar.ratio_of_bare * 100}%), p99 ${shop.p99_ms} ms (bar ${bar.p99_ms} ms), errors ${shop.errors}${cpu}`,
      );
    } else {
      console.log(`  ${name}: ${shop.requests_per_s} req/s = ${Math.round(ratio * 100)}% of bare${cpu}`);
    }
  }
  // The money path: add to cart + read cart (bar p99 ≤ 30 ms, with the cart read's bare baseline), order
  // creation. On a server of its own, like the chat's benchmarks, so that the page renders above
  // (their heap, their caches) are not part of what it measures.
  await stop(server);
  server = startServer(join(root, 'apps/server/dist/main.js'));
  await firstOk(`${base}/healthz`, server, 30_000);
  const commerce = await commerceBench({ base, sku: benchSku, connections: CONNECTIONS, durationS: DURATION_S });
  Object.assign(results, commerce.results);
  const cartBare = summary(await bareBaseline(`${base}/shop/userCart?page=1&page_size=50`, commerce.sampleHeaders));
  results.add_to_cart_and_read.bare_cart_read = cartBare;
  const cart = results.add_to_cart_and_read;
  console.log(
    `${cart.bar.pass ? '✓' : '✗'} add to cart + read cart: ${cart.shop.requests_per_s} req/s, p99 ${cart.shop.p99_ms} ms (bar 30 ms), errors ${cart.shop.errors}; bare cart read ${cartBare.requests_per_s} req/s`,
  );
  console.log(
    `  order creation: ${results.order_create.orders_per_s} orders/s (add + read + create), p99 ${results.order_create.shop.p99_ms} ms, errors ${results.order_create.shop.errors}`,
  );
  // JavaScript each page type loads before any interaction (scripts/page-weight.mjs), gzipped.
  results.initial_js_gzip_kb = {};
  for (const { name, path } of await pageTypes(base)) {
    const kb = kilobytes((await initialScripts(`${base}${path}`)).bytes);
    const pass = kb <= INITIAL_JS_BUDGET_KB;
    results.initial_js_gzip_kb[name] = { path, kb, bar_kb: INITIAL_JS_BUDGET_KB, pass };
    console.log(`${pass ? '✓' : '✗'} initial JavaScript of ${name}: ${kb} KB gzip (bar ${INITIAL_JS_BUDGET_KB} KB)`);
  }
  await stop(server);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/platform.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(JSON.stringify(results, null, 2));
if (ONLY !== 'http') {
  mixedBench();
  chatBench();
  lighthouseBench();
}
