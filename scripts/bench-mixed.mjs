// The mixed shopper load of quality-bars.md: 50 signed-in shoppers, each in a loop of its own,
// browse a category, search, open a product, add it to the bag, read the bag, check out and pay,
// for BENCH_MIXED_S seconds (default 60), on SQLite and on PostgreSQL, after BENCH_MIXED_WARMUP_S
// seconds (default 5) of the same load unmeasured: a restarted shop's first requests fill its
// caches, and the bar is of a shop that runs. Latency is taken per request and per step; every
// answer that is not a success counts as an error, during the warm-up too.
// PostgreSQL: BENCH_DATABASE_URL (an admin URL), else the local server at 127.0.0.1:5432 if it
// answers; without one, that half is reported as skipped. BENCH_MIXED_ONLY=sqlite or postgres runs
// one half alone (its figures are printed, the results file is left as it was).
// Results: bench/results/mixed.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { makeShoppers } from './bench-commerce.mjs';
import { createPostgresDatabase, firstOk, freePort, startShop, stop } from './bench-server.mjs';
import { build, buildIsFresh, ensureDependencies, root } from './lib.mjs';

const DURATION_S = Number(process.env.BENCH_MIXED_S ?? 60);
const WARMUP_S = Number(process.env.BENCH_MIXED_WARMUP_S ?? 5);
const SHOPPERS = 50;
const BARS_P99_MS = { sqlite: 100, postgres: 200 };
const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const CARD = {
  name: 'Bench Shopper',
  number: '4242 4242 4242 4242',
  exp_month: 12,
  exp_year: new Date().getFullYear() + 2,
  cvc: '123',
};
const WORDS = ['dress', 'shirt', 'shoe', 'red', 'black', 'wedding', 'linen', 'boot', 'skirt', 'coat'];

const pick = (items) => items[Math.floor(Math.random() * items.length)];

/** p50 and p99 of a list of milliseconds. */
function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]) : null);
  return { count: sorted.length, p50_ms: at(0.5), p99_ms: at(0.99) };
}

/** Every SKU gets a stock that lasts the run, so that the load measures buying rather than selling out. */
async function raiseStock(database) {
  const statement = 'update skus set stock = 1000000';
  if (database.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query(statement);
    await client.end();
    return;
  }
  const { default: Database } = await import('better-sqlite3');
  const db = new Database(database.file);
  db.prepare(statement).run();
  db.close();
}

async function postgresAdminUrl() {
  const url = process.env.BENCH_DATABASE_URL ?? LOCAL_POSTGRES;
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

/** Connections kept open between requests, as a browser keeps them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

/**
 * One request as a browser makes it (compressed answers accepted), through `node:http` rather
 * than fetch: fetch costs the load generator several times the CPU, which on a shared machine is
 * taken from the shop it measures.
 */
function request(url, { method, headers, body }) {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers: { 'accept-encoding': 'br, gzip', ...headers }, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const encoding = response.headers['content-encoding'];
          const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          resolve({ status: response.statusCode, envelope: JSON.parse(text.toString('utf8')) });
        } catch (error) {
          reject(error);
        }
      });
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

const TICKS_PER_S = 100;

/** CPU time (user and system, ms) a process has used, from /proc; null where it cannot be read. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/** The PostgreSQL server processes serving `url`'s database, when the server runs on this machine. */
async function backendPids(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  await client.end();
  return rows.map((row) => row.pid);
}

/**
 * The CPU the shop's process and its database's server processes spend, read at the start and end
 * of the load: per request, a figure the machine's other tenants move far less than latency.
 */
async function cpuMeter(server, database) {
  const read = async () => {
    const database_ms = new Map();
    if (database.kind === 'postgres') for (const pid of await backendPids(database.url)) database_ms.set(pid, cpuMs(pid));
    return { shop_ms: cpuMs(server.pid), load_ms: cpuMs(process.pid), database_ms };
  };
  const before = await read();
  return async (requests) => {
    const after = await read();
    const per = (ms) => (ms === null ? null : Math.round((ms / requests) * 1000) / 1000);
    let databaseMs = 0;
    for (const [pid, ms] of after.database_ms) databaseMs += (ms ?? 0) - (before.database_ms.get(pid) ?? 0);
    return {
      shop_ms: per(after.shop_ms - before.shop_ms),
      database_ms: database.kind === 'postgres' ? per(databaseMs) : null,
      load_generator_ms: per(after.load_ms - before.load_ms),
    };
  };
}

/** One shopper's journey, again and again until `until`; each request's time is kept by step. */
async function shopperLoop({ base, shopper, catalogue, until, timings, errors }) {
  const call = async (step, path, { method = 'GET', body, headers = {} } = {}) => {
    const started = performance.now();
    let envelope = null;
    try {
      const payload = body ? JSON.stringify(body) : undefined;
      const answer = await request(`${base}${path}`, {
        method,
        headers: {
          'user-token': shopper.token,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...headers,
        },
        body: payload,
      });
      envelope = answer.envelope;
      if (answer.status !== 200 || envelope.code !== 200) throw new Error(`${answer.status} ${envelope.msg}`);
    } catch (error) {
      errors.push(`${step}: ${error.message}`);
      envelope = null;
    } finally {
      timings[step].push(performance.now() - started);
    }
    return envelope?.result;
  };
  while (performance.now() < until) {
    const category = pick(catalogue.categories);
    await call(
      'browse',
      `/shop/goods/classifyDetail?classify_id=${category}&page=${1 + Math.floor(Math.random() * 2)}&page_size=24`,
    );
    await call('search', `/shop/goods?name=${pick(WORDS)}&page=1&page_size=24`);
    const product = await call('product', `/shop/goods/detail?id=${pick(catalogue.goods)}`);
    const sku = product?.skus?.find((candidate) => candidate.stock > 0);
    if (!sku) continue;
    await call('add_to_bag', '/shop/userCart/add', { method: 'POST', body: { goods_id: product.id, sku_id: sku.id, num: 1 } });
    const bag = await call('read_bag', '/shop/userCart?page=1&page_size=50');
    const cartIds = bag?.data?.map((line) => line.id) ?? [];
    if (cartIds.length === 0) continue;
    const order = await call('checkout', '/shop/order/create', {
      method: 'POST',
      body: { address_id: shopper.addressId, cart_ids: cartIds, shipping_method: 'standard' },
      headers: { 'idempotency-key': randomUUID() },
    });
    if (!order) continue;
    await call('pay', '/shop/order/pay', {
      method: 'POST',
      body: { id: order.id, card: CARD },
      headers: { 'idempotency-key': randomUUID() },
    });
  }
}

/** The whole load on one database: a fresh shop, 50 shoppers, DURATION_S seconds. */
async function mixedLoad(kind, adminUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), `shop-bench-mixed-${kind}-`));
  const pgDb = kind === 'postgres' ? await createPostgresDatabase(adminUrl) : null;
  const database = pgDb ? { kind, url: pgDb.url } : { kind, file: join(dataDir, 'shop.db') };
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { RATE_LIMIT_AUTH_PER_MINUTE: '10000', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) };
  let server = startShop({ port, dataDir, env });
  try {
    // the first start migrates and seeds; stock is raised while the shop is stopped (its caches start empty)
    await firstOk(`${base}/healthz`, server, 120_000);
    await stop(server);
    await raiseStock(database);
    server = startShop({ port, dataDir, env });
    await firstOk(`${base}/healthz`, server, 60_000);

    const tree = (await (await fetch(`${base}/shop/goods/classify`)).json()).result;
    const categories = tree.flatMap((top) => [top.id, ...(top.children ?? []).map((child) => child.id)]);
    const listed = (await (await fetch(`${base}/shop/goods?page=1&page_size=100`)).json()).result.data;
    const catalogue = { categories, goods: listed.map((goods) => goods.id) };
    const shoppers = await makeShoppers(base, SHOPPERS);

    const steps = ['browse', 'search', 'product', 'add_to_bag', 'read_bag', 'checkout', 'pay'];
    const errors = [];
    const warmUntil = performance.now() + WARMUP_S * 1000;
    const unmeasured = Object.fromEntries(steps.map((step) => [step, []]));
    await Promise.all(
      shoppers.map((shopper) => shopperLoop({ base, shopper, catalogue, until: warmUntil, timings: unmeasured, errors })),
    );
    const timings = Object.fromEntries(steps.map((step) => [step, []]));
    const meter = await cpuMeter(server, database);
    const started = performance.now();
    const until = started + DURATION_S * 1000;
    await Promise.all(shoppers.map((shopper) => shopperLoop({ base, shopper, catalogue, until, timings, errors })));
    const seconds = (performance.now() - started) / 1000;

    const all = percentiles(Object.values(timings).flat());
    const cpu = await meter(all.count);
    const result = {
      shoppers: SHOPPERS,
      warmup_s: WARMUP_S,
      duration_s: Math.round(seconds),
      requests: all.count,
      requests_per_s: Math.round(all.count / seconds),
      orders_paid: timings.pay.length,
      p50_ms: all.p50_ms,
      p99_ms: all.p99_ms,
      errors: errors.length,
      first_errors: [...new Set(errors)].slice(0, 5),
      cpu_per_request: cpu,
      steps: Object.fromEntries(steps.map((step) => [step, percentiles(timings[step])])),
    };
    result.bar = { p99_ms: BARS_P99_MS[kind], pass: result.errors === 0 && result.p99_ms <= BARS_P99_MS[kind] };
    const slowest = steps.map((step) => `${step} ${result.steps[step].p50_ms}/${result.steps[step].p99_ms}`).join(', ');
    console.log(
      `${result.bar.pass ? '✓' : '✗'} mixed shopper load on ${kind}: ${result.requests_per_s} req/s, ${result.orders_paid} orders paid, ` +
        `p99 ${result.p99_ms} ms (bar ${BARS_P99_MS[kind]} ms), errors ${result.errors}\n  p50/p99 by step (ms): ${slowest}\n` +
        `  CPU per request (ms): shop ${cpu.shop_ms}, database ${cpu.database_ms ?? 'in the shop'}, load generator ${cpu.load_generator_ms}`,
    );
    return result;
  } finally {
    await stop(server);
    await pgDb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

ensureDependencies();
if (!buildIsFresh()) build();
const only = process.env.BENCH_MIXED_ONLY;
const results = { when: new Date().toISOString(), duration_s: DURATION_S, shoppers: SHOPPERS };
if (only !== 'postgres') results.sqlite = await mixedLoad('sqlite');
if (only !== 'sqlite') {
  const adminUrl = await postgresAdminUrl();
  if (adminUrl) results.postgres = await mixedLoad('postgres', adminUrl);
  else {
    results.postgres = { skipped: 'no PostgreSQL at BENCH_DATABASE_URL or 127.0.0.1:5432' };
    console.log(`- mixed shopper load on postgres skipped: ${results.postgres.skipped}`);
  }
}
if (!only) {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/mixed.json'), `${JSON.stringify(results, null, 2)}\n`);
}
