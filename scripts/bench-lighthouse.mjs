// Lighthouse on the storefront (quality-bars.md): home, a category listing and a product page,
// mobile form factor, in Debian's Chromium, against the built server on a fresh demo shop.
// Each page is audited BENCH_LIGHTHOUSE_RUNS times (default 3) and the median of each category is
// kept; a run whose trace Chromium failed to record is tried again. Results go to
// bench/results/lighthouse.json.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { build, buildIsFresh, ensureDependencies, root } from './lib.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const BARS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };

ensureDependencies();
if (!existsSync(CHROME)) {
  console.error(
    `✗ Lighthouse needs Chromium at ${CHROME} (npm test installs Debian's chromium when run as root; or set CHROME_PATH)`,
  );
  process.exit(1);
}
if (!buildIsFresh()) build();

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => (port ? resolve(port) : reject(new Error('no port'))));
    });
  });

async function waitFor(url, child) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url}`);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const dataDir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const chrome = await launch({
  chromePath: CHROME,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const results = { when: new Date().toISOString(), runs: RUNS, bars: BARS, pages: {} };
let failed = false;
try {
  await waitFor(`${base}/healthz`, server);
  const tree = await (await fetch(`${base}/shop/goods/classify`)).json();
  const hot = await (await fetch(`${base}/api/hot/goods?page=1&pagesize=1`)).json();
  const leaf = tree.result[0].children[0];
  const pages = {
    home: '/',
    listing: `/classify/${leaf.url}-${leaf.id}.html`,
    product: `/product/${hot.result.data[0].url}.html`,
  };
  for (const [name, path] of Object.entries(pages)) {
    // one visit first, so that resized pictures and the page cache are warm, as for any shopper after the first
    await fetch(`${base}${path}`);
    const scores = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
    for (let run = 0, attempts = 0; run < RUNS && attempts < RUNS * 3; attempts++) {
      const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error' });
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) continue;
      for (const key of Object.keys(scores)) scores[key].push(Math.round((lhr.categories[key]?.score ?? 0) * 100));
      run++;
    }
    const page = { path };
    for (const [key, values] of Object.entries(scores)) {
      page[key] = values.length ? median(values) : null;
      if (page[key] === null || page[key] < BARS[key]) failed = true;
    }
    results.pages[name] = page;
    console.log(
      `${name} ${path}: ${Object.keys(scores)
        .map(
          (key) =>
            `${key} ${page[key] ?? 'no result'}${page[key] !== null && page[key] >= BARS[key] ? '' : ` (bar ${BARS[key]})`}`,
        )
        .join(', ')}`,
    );
  }
} finally {
  await chrome.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/lighthouse.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(failed ? '✗ some Lighthouse scores are below their bars' : '✓ every Lighthouse score meets its bar');
