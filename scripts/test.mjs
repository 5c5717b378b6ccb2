// npm test: installs what is missing, then typecheck, lint, unit, API (SQLite, and PostgreSQL and
// Redis when configured), the production build and the browser tests (with the HTML check), a few
// side by side. Ends with the totals and each step's time.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDependencies, root } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const logDir = join(root, 'test-results', 'logs');

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() === 0) {
    console.log('› Installing Debian’s chromium for the browser tests…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    return;
  }
  console.error(
    `\n✗ The browser tests need Chromium at ${CHROMIUM}.\n  Install it with:  sudo apt-get install -y chromium\n  (on Debian or Ubuntu), then run npm test again.\n`,
  );
  process.exit(1);
}

/** The HTML check (e2e/html-validity.e2e.ts) runs the Nu HTML Checker, a Java program. */
function ensureJava() {
  if (spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0) return;
  if (process.getuid?.() === 0) {
    console.log('› Installing Debian’s default-jre-headless for the HTML check…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless', {
      stdio: 'inherit',
    });
    return;
  }
  console.error(
    '\n✗ The HTML check needs Java.\n  Install it with:  sudo apt-get install -y default-jre-headless\n  (on Debian or Ubuntu), then run npm test again.\n',
  );
  process.exit(1);
}

/** In CI the PostgreSQL and Redis runs are required: fail early when they cannot be reached. */
async function checkServices() {
  const dbUrl = process.env.TEST_DATABASE_URL;
  const redisUrl = process.env.TEST_REDIS_URL;
  if (ci && (!dbUrl || !redisUrl)) {
    console.error('✗ CI needs TEST_DATABASE_URL and TEST_REDIS_URL (see .ci/run).');
    process.exit(1);
  }
  if (dbUrl) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: dbUrl, connectionTimeoutMillis: 5000 });
    try {
      await client.connect();
      await client.query('select 1');
    } catch (error) {
      console.error(`✗ PostgreSQL at TEST_DATABASE_URL cannot be reached: ${error.message}`);
      process.exit(1);
    } finally {
      await client.end().catch(() => {});
    }
  }
  if (redisUrl) {
    const { Redis } = await import('ioredis');
    const redis = new Redis(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
      connectTimeout: 5000,
      retryStrategy: () => null,
    });
    try {
      await redis.connect();
      await redis.ping();
    } catch (error) {
      console.error(`✗ Redis at TEST_REDIS_URL cannot be reached: ${error.message}`);
      process.exit(1);
    } finally {
      redis.disconnect();
    }
  }
}

/**
 * One step of the run: a command whose output goes to test-results/logs/<id>.log and is printed
 * whole when it ends, so that steps running side by side do not interleave their lines.
 */
function runStep(task) {
  const log = join(logDir, `${task.id}.log`);
  const out = createWriteStream(log);
  const started = Date.now();
  console.log(`› ${task.name}: started`);
  return new Promise((resolve) => {
    const child = spawn(task.command, task.args, {
      cwd: root,
      env: { ...process.env, FORCE_COLOR: process.stdout.isTTY ? '1' : '0', ...task.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('error', (error) => out.write(`\n${error.message}\n`));
    child.on('close', (code) => {
      out.end(() => {
        const seconds = Math.round((Date.now() - started) / 1000);
        console.log(`\n━━ ${task.name} (${seconds} s) ━━`);
        process.stdout.write(readFileSync(log, 'utf8'));
        resolve({ name: task.name, ok: code === 0, seconds, ...task.report?.(code === 0) });
      });
    });
  });
}

/**
 * The unit and API tests run in a new random order within each file every time (decision 0068), so a
 * test that leans on what an earlier one left behind fails; TEST_ORDER_SEED replays an order.
 */
const ORDER_SEED = Number(process.env.TEST_ORDER_SEED) || Math.floor(Math.random() * 2 ** 31);

/** A Vitest project (or one shard of it) as a step, with its counts read from its JSON report. */
function vitestTask(id, name, project, { after = [], shard, shuffled = false } = {}) {
  const out = join(root, 'test-results', `${id}.json`);
  rmSync(out, { force: true });
  const args = ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`];
  if (shard) args.push(`--shard=${shard}`);
  if (shuffled) args.push('--sequence.shuffle.tests', `--sequence.seed=${ORDER_SEED}`);
  const order = shuffled ? `tests in the order of seed ${ORDER_SEED} (TEST_ORDER_SEED=${ORDER_SEED} replays it)` : undefined;
  return {
    id,
    name,
    after,
    command: 'npx',
    args,
    report(ok) {
      if (!existsSync(out)) return {};
      const report = JSON.parse(readFileSync(out, 'utf8'));
      const counts = {
        passed: report.numPassedTests,
        failed: report.numFailedTests,
        skipped: report.numPendingTests + report.numTodoTests,
      };
      // a project that ran nothing has lost its files: that is a failure, not a pass
      if (report.numTotalTests === 0) return { ...counts, ok: false, note: 'no test ran' };
      return { ...counts, ok, failures: failuresOf(report), ...(ok || !order ? {} : { note: order }) };
    },
  };
}

/**
 * The failed tests of a Vitest JSON report, each as its file, its name and the first line of its
 * error, so that the summary at the end of a long run says what failed without scrolling back.
 */
function failuresOf(report) {
  const failures = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.startsWith(root) ? file.name.slice(root.length + 1) : file.name;
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      const message = (test.failureMessages?.[0] ?? '').split('\n').find((line) => line.trim()) ?? '';
      failures.push(`${path} › ${test.fullName}${message ? `\n        ${message.trim().slice(0, 300)}` : ''}`);
    }
    // a file that failed before its tests ran (an import error, a failing hook) has no failed test
    if (file.status === 'failed' && failed.length === 0) {
      failures.push(`${path}${file.message ? `\n        ${file.message.split('\n')[0].slice(0, 300)}` : ''}`);
    }
  }
  return failures;
}

/**
 * Runs the steps, at most `jobs` at a time, in the order listed: each once the steps it comes
 * `after` have passed (a step whose prerequisite failed is not run and counts as failed) and the
 * steps it `waits` for have ended, however they ended.
 */
async function runAll(tasks, jobs) {
  const done = new Map();
  const running = new Set();
  return new Promise((resolveAll) => {
    const pump = () => {
      for (const task of tasks) {
        if (done.has(task.id) || running.has(task.id)) continue;
        const blocked = task.after.find((id) => done.has(id) && !done.get(id).ok);
        if (blocked) {
          done.set(task.id, { name: task.name, ok: false, note: `not run: ${blocked} failed` });
          continue;
        }
        const ready = [...task.after, ...(task.waits ?? [])].every((id) => done.has(id));
        if (running.size >= jobs || !ready) continue;
        running.add(task.id);
        runStep(task).then((result) => {
          running.delete(task.id);
          done.set(task.id, result);
          pump();
        });
      }
      if (running.size === 0 && done.size === tasks.length) resolveAll(tasks.map((task) => done.get(task.id)));
    };
    pump();
  });
}

/** What git says is changed or new, so that the run can prove it changed nothing tracked. */
function gitStatus() {
  try {
    return execSync('git status --porcelain', { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null; // not a git checkout (an unpacked tarball): nothing to compare
  }
}

const statusBefore = gitStatus();
try {
  ensureDependencies();
} catch (error) {
  console.error(`\n✗ ${error.message}`);
  process.exit(1);
}
ensureChromium();
ensureJava();
await checkServices();
mkdirSync(logDir, { recursive: true });

const postgres = Boolean(process.env.TEST_DATABASE_URL);
if (!postgres) console.log('(API tests on PostgreSQL skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run them)');
/**
 * The browser tests run in shards side by side, each Vitest process with its own server, demo shop
 * and mail folder (e2e/global-setup.ts), so no shard sees another's data.
 */
const E2E_SHARDS = Math.max(1, Number(process.env.TEST_E2E_SHARDS) || 2);
/**
 * Steps side by side. The browser tests are the longest chain and mostly wait on the browser, so
 * their shards start first, as soon as the build is there; the steps that keep the processors busy
 * (the API tests, typecheck, unit tests) fill the remaining place and follow, and do not take the
 * shards' places while the build runs.
 */
const JOBS = Math.max(1, Number(process.env.TEST_JOBS) || 3);
const afterTheBuild = (task) => ({ ...task, waits: ['build'] });
const tasks = [
  {
    id: 'build',
    name: 'production build',
    after: [],
    command: process.execPath,
    args: [join(root, 'scripts/build.mjs'), '--if-stale'],
  },
  { id: 'lint', name: 'lint', after: [], command: 'npx', args: ['biome', 'check', '.'] },
  ...Array.from({ length: E2E_SHARDS }, (_, i) =>
    vitestTask(`e2e-${i + 1}`, `browser tests (Chromium), part ${i + 1} of ${E2E_SHARDS}`, 'e2e', {
      after: ['build'],
      shard: `${i + 1}/${E2E_SHARDS}`,
    }),
  ),
  afterTheBuild(vitestTask('api', 'API tests on SQLite', 'api', { shuffled: true })),
  ...(postgres
    ? [afterTheBuild(vitestTask('api-postgres', 'API tests on PostgreSQL and Redis', 'api-postgres', { shuffled: true }))]
    : []),
  afterTheBuild({ id: 'typecheck', name: 'typecheck', after: [], command: 'npm', args: ['run', 'typecheck', '--silent'] }),
  afterTheBuild(vitestTask('unit', 'unit tests', 'unit', { shuffled: true })),
];
const runStarted = Date.now();
const results = await runAll(tasks, JOBS);

// Installing, building and testing must leave the work tree as they found it (a rewritten lockfile,
// a generated file that should be ignored, a test writing into the tree all show here).
const statusAfter = gitStatus();
if (statusBefore !== null && statusAfter !== statusBefore) {
  const before = new Set(statusBefore.split('\n'));
  const changed = statusAfter.split('\n').filter((line) => line && !before.has(line));
  console.error(`\n✗ The run changed the work tree (git status):\n${changed.map((l) => `    ${l}`).join('\n')}`);
  results.push({ name: 'work tree left as found', ok: false });
} else {
  results.push({ name: 'work tree left as found', ok: true });
}

let passed = 0;
let failed = 0;
let skipped = 0;
console.log('\n━━ summary ━━');
for (const r of results) {
  const counts =
    r.passed === undefined ? '' : `  ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`;
  const time = r.seconds === undefined ? '' : `  (${r.seconds} s)`;
  const note = r.note ? `  — ${r.note}` : '';
  console.log(`${r.ok ? '✓' : '✗'} ${r.name}${counts}${time}${note}`);
  for (const failure of r.failures ?? []) console.log(`    ✗ ${failure}`);
  passed += r.passed ?? 0;
  failed += r.failed ?? 0;
  skipped += r.skipped ?? 0;
}
// a failed step without test counts (typecheck, lint, build) counts as one failure
failed += results.filter((r) => !r.ok && r.passed === undefined).length;
const minutes = ((Date.now() - runStarted) / 60_000).toFixed(1);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} — ${minutes} min`);
process.exit(results.some((r) => !r.ok) || failed > 0 ? 1 : 0);
