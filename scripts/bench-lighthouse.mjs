// Lighthouse on every page type of the shop (quality-bars.md), mobile form factor, in Debian's
// Chromium, against the built server on a fresh demo shop. Each page is audited
// BENCH_LIGHTHOUSE_RUNS times (default 3) and the median of each category is kept; a run whose trace
// Chromium failed to record is tried again. The account pages, /order, the agents' console and the
// back office are audited signed in (the demo shopper's, agent's or administrator's tokens in the
// page's storage, as the shop keeps them). Each page's initial JavaScript (scripts/page-weight.mjs) is printed beside its scores.
// BENCH_LIGHTHOUSE_PAGES=login,help,… audits only the pages of those names and replaces only their
// entries. Results go to bench/results/lighthouse.json, each page with the time it was audited.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { firstOk, freePort, startShop, stop } from './bench-server.mjs';
import { build, buildIsFresh, ensureDependencies, root } from './lib.mjs';
import { INITIAL_JS_BUDGET_KB, initialScripts, kilobytes, pageTypes } from './page-weight.mjs';

const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const ONLY = (process.env.BENCH_LIGHTHOUSE_PAGES ?? '')
  .split(',')
  .map((name) => name.trim())
  .filter(Boolean);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
/** SEO counts only on pages that ask to be indexed (the others say noindex, and Lighthouse marks that down). */
const BARS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 };
const CATEGORIES = Object.keys(BARS);
/** The metrics behind the performance score, kept as medians too (milliseconds; CLS unitless). */
const METRICS = {
  fcp_ms: 'first-contentful-paint',
  lcp_ms: 'largest-contentful-paint',
  tbt_ms: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  speed_index_ms: 'speed-index',
};

ensureDependencies();
if (!existsSync(CHROME)) {
  console.error(
    `✗ Lighthouse needs Chromium at ${CHROME} (npm test installs Debian's chromium when run as root; or set CHROME_PATH)`,
  );
  process.exit(1);
}
if (!buildIsFresh()) build();

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The element Lighthouse names as the largest paint, as a short snippet. */
function lcpElementOf(lhr) {
  const node = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? ''} ${String(node.snippet ?? '').slice(0, 120)}`.trim() : null;
}

/** The elements that moved, with their share of the layout shift score. */
function shiftsOf(lhr) {
  return (lhr.audits['layout-shifts']?.details?.items ?? []).map((item) => ({
    node: `${item.node?.selector ?? ''} ${String(item.node?.snippet ?? '').slice(0, 120)}`.trim(),
    score: Number(item.score ?? 0),
  }));
}

const mostCommon = (values) => {
  const counts = new Map();
  for (const value of values.filter(Boolean)) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
};

/** The three elements that moved most, their scores averaged over the runs. */
function topShifts(shifts, runs) {
  const total = new Map();
  for (const { node, score } of shifts) total.set(node, (total.get(node) ?? 0) + score);
  return [...total]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([node, score]) => ({ node, score: Number((score / runs).toFixed(3)) }));
}

async function signIn(base, path, credentials) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const envelope = await response.json();
  if (envelope.code !== 200) throw new Error(`${path} answered ${JSON.stringify(envelope)}`);
  return envelope.result;
}

/** Loads a page as the audit's phone would (412 × 823 at 1.75×), pictures included, so the server has resized them. */
async function warm(url) {
  const page = await browser.newPage();
  try {
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
    await page.goto(url, { waitUntil: 'networkidle0', timeout: 60_000 });
  } finally {
    await page.close();
  }
}

/**
 * Whose tokens a page is audited with: the shopper's on the account pages (/person and /cancelAccount
 * among them) and /order, the agent's on /agent, the administrator's on the back office (whose sign-in
 * and invitation pages are seen signed out).
 */
const SHOPPER_PAGES = ['/ShoppingListMain/', '/order', '/person', '/cancelAccount'];
const SIGNED_OUT_OFFICE = ['/office/login', '/office/accept'];
const sessionOf = (path) => {
  if (SHOPPER_PAGES.some((start) => path.startsWith(start))) return 'shopper';
  if (path === '/agent') return 'agent';
  if (path.startsWith('/office') && !SIGNED_OUT_OFFICE.some((start) => path.startsWith(start))) return 'admin';
  return null;
};

const dataDir = mkdtempSync(join(tmpdir(), 'shop-lighthouse-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = startShop({ port, dataDir, env: { LOG_LEVEL: 'warn' } });
const chrome = await launch({
  chromePath: CHROME,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

const results = { when: new Date().toISOString(), runs: RUNS, bars: BARS, initial_js_bar_kb: INITIAL_JS_BUDGET_KB, pages: {} };
let failed = false;
let browser;
try {
  await firstOk(`${base}/healthz`, server, 120_000);
  browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const sessions = {
    shopper: {
      keys: ['user_token', 'refresh_token'],
      tokens: await signIn(base, '/shop/login/password', { username: 'shopper@example.com', password: 'Shopper123' }),
    },
    agent: {
      keys: ['staff_token', 'staff_refresh_token'],
      tokens: await signIn(base, '/admin/login', { username: 'agent@example.com', password: 'Agent1234' }),
    },
    admin: {
      keys: ['staff_token', 'staff_refresh_token'],
      tokens: await signIn(base, '/admin/login', { username: 'admin@example.com', password: 'Admin1234' }),
    },
  };
  const pages = (await pageTypes(base)).filter((page) => ONLY.length === 0 || ONLY.includes(page.name));
  for (const { name, path } of pages) {
    const url = `${base}${path}`;
    // one visit first, so that resized pictures and the page cache are warm, as for any shopper after the first:
    // the page in a phone-sized window, so that its pictures are asked for at the widths the audit will ask
    const html = await (await fetch(url)).text();
    await warm(url);
    const indexable = !/<meta[^>]+name="robots"[^>]+content="[^"]*noindex/.test(html);
    const initialKb = kilobytes((await initialScripts(url)).bytes);
    const session = sessionOf(path);
    const scores = Object.fromEntries(CATEGORIES.map((key) => [key, []]));
    const metrics = Object.fromEntries(Object.keys(METRICS).map((key) => [key, []]));
    /** what made the largest paint and what moved, per run: the reason behind a score */
    const lcpElements = [];
    /** Lighthouse's measure of the host's speed in each run: a slower host, not a slower page, lowers every score */
    const benchmarkIndexes = [];
    const shifts = [];
    for (let run = 0, attempts = 0; run < RUNS && attempts < RUNS * 3; attempts++) {
      const page = await browser.newPage();
      try {
        if (!session) {
          // a page audited signed out is visited signed out: an earlier page's tokens would send a
          // sign-in page on to the account or the dashboard
          await page.goto(`${base}/robots.txt`);
          await page.evaluate(() => window.localStorage.clear());
        } else {
          // the tokens are in the page's storage before the audited visit, as after a sign-in
          const { keys, tokens } = sessions[session];
          await page.goto(`${base}/robots.txt`);
          await page.evaluate(
            (names, values) => {
              window.localStorage.setItem(names[0], values[0]);
              window.localStorage.setItem(names[1], values[1]);
            },
            keys,
            [tokens.token, tokens.refresh_token],
          );
        }
        const result = await lighthouse(
          url,
          { output: 'json', logLevel: 'error', disableStorageReset: Boolean(session) },
          undefined,
          page,
        );
        if (session) {
          // a visit may have refreshed the session (tokens last 15 minutes, and the bench runs longer):
          // the next visit starts from the tokens this one left, as the shopper's browser would, not
          // from a refresh token already used (which ends the whole session as a reuse)
          const { keys } = sessions[session];
          const [token, refresh_token] = await page.evaluate(
            (names) => names.map((name) => window.localStorage.getItem(name)),
            keys,
          );
          if (token && refresh_token) sessions[session].tokens = { token, refresh_token };
        }
        const lhr = result?.lhr;
        if (!lhr || lhr.runtimeError) continue;
        for (const key of CATEGORIES) scores[key].push(Math.round((lhr.categories[key]?.score ?? 0) * 100));
        for (const [key, audit] of Object.entries(METRICS)) metrics[key].push(lhr.audits[audit]?.numericValue ?? Number.NaN);
        lcpElements.push(lcpElementOf(lhr));
        benchmarkIndexes.push(lhr.environment?.benchmarkIndex ?? Number.NaN);
        shifts.push(...shiftsOf(lhr));
        run++;
      } finally {
        await page.close();
      }
    }
    const entry = { path, audited_at: new Date().toISOString(), initial_js_kb: initialKb, indexable, signed_in: session };
    const misses = [];
    for (const key of CATEGORIES) {
      entry[key] = scores[key].length ? median(scores[key]) : null;
      if (key === 'seo' && !indexable) continue;
      if (entry[key] === null || entry[key] < BARS[key]) misses.push(`${key} (bar ${BARS[key]})`);
    }
    for (const key of Object.keys(METRICS)) {
      const value = metrics[key].length ? median(metrics[key]) : null;
      entry[key] = value === null ? null : key === 'cls' ? Number(value.toFixed(3)) : Math.round(value);
    }
    entry.lcp_element = mostCommon(lcpElements);
    entry.benchmark_index = benchmarkIndexes.length ? Math.round(median(benchmarkIndexes)) : null;
    entry.layout_shifts = topShifts(shifts, RUNS);
    if (initialKb > INITIAL_JS_BUDGET_KB) misses.push(`initial JavaScript (bar ${INITIAL_JS_BUDGET_KB} KB)`);
    if (misses.length) failed = true;
    results.pages[name] = entry;
    const why = misses.length
      ? `\n    largest paint: ${entry.lcp_element ?? '?'}${entry.layout_shifts.map((shift) => `\n    moved (${shift.score}): ${shift.node}`).join('')}`
      : '';
    console.log(
      `${misses.length ? '✗' : '✓'} ${name} ${path}: ${CATEGORIES.map((key) => `${key} ${entry[key] ?? 'no result'}`).join(', ')} (FCP ${entry.fcp_ms} ms, LCP ${entry.lcp_ms} ms, TBT ${entry.tbt_ms} ms, CLS ${entry.cls}); initial JavaScript ${initialKb} KB${misses.length ? `; below the bar: ${misses.join(', ')}` : ''}${why}`,
    );
  }
} finally {
  await browser?.disconnect();
  await chrome.kill();
  await stop(server);
  rmSync(dataDir, { recursive: true, force: true });
}

const resultsFile = join(root, 'bench/results/lighthouse.json');
if (ONLY.length && existsSync(resultsFile)) {
  // a partial run updates the pages it audited and keeps the others' last results
  const earlier = JSON.parse(readFileSync(resultsFile, 'utf8'));
  results.pages = { ...earlier.pages, ...results.pages };
}
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(resultsFile, `${JSON.stringify(results, null, 2)}\n`);
console.log(failed ? '✗ some pages miss their bars' : '✓ every page meets its bars');
