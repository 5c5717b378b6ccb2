// npm test: installs what is missing, then typecheck, lint, unit, API (SQLite, then PostgreSQL and
// Redis when configured), the production build and the browser tests (with the HTML check). Ends with the totals.
import { execSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build, buildIsFresh, ensureDependencies, root, run } from './lib.mjs';

const CHROMIUM = '/usr/bin/chromium';
const ci = process.env.CI === 'true' || process.env.CI === '1';
const results = [];
let failedSteps = 0;

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

function step(name, command, args, env) {
  console.log(`\n━━ ${name} ━━`);
  const status = run(command, args, env ? { env: { ...process.env, ...env } } : {});
  results.push({ name, ok: status === 0 });
  if (status !== 0) failedSteps += 1;
  return status === 0;
}

function vitestStep(name, project, env) {
  const out = join(root, 'test-results', `${project}.json`);
  rmSync(out, { force: true });
  const ok = step(
    name,
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  const last = results.at(-1);
  if (existsSync(out)) {
    const report = JSON.parse(readFileSync(out, 'utf8'));
    last.passed = report.numPassedTests;
    last.failed = report.numFailedTests;
    last.skipped = report.numPendingTests + report.numTodoTests;
    if (report.numTotalTests === 0) {
      last.ok = false;
      failedSteps += ok ? 1 : 0;
      console.error(`✗ ${name}: no test ran`);
    }
  }
  return ok;
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
mkdirSync(join(root, 'test-results'), { recursive: true });

step('typecheck', 'npm', ['run', 'typecheck', '--silent']);
step('lint', 'npx', ['biome', 'check', '.']);
vitestStep('unit tests', 'unit');
vitestStep('API tests on SQLite', 'api');
if (process.env.TEST_DATABASE_URL) {
  vitestStep('API tests on PostgreSQL and Redis', 'api-postgres');
} else {
  console.log('\n(API tests on PostgreSQL skipped: set TEST_DATABASE_URL and TEST_REDIS_URL to run them)');
}
console.log('\n━━ production build ━━');
let built = true;
try {
  if (buildIsFresh()) console.log('build is up to date');
  else build();
} catch (error) {
  console.error(`✗ ${error.message}`);
  built = false;
}
results.push({ name: 'production build', ok: built });
if (!built) failedSteps += 1;
if (built) vitestStep('browser tests (Chromium)', 'e2e');

// Installing, building and testing must leave the work tree as they found it (a rewritten lockfile,
// a generated file that should be ignored, a test writing into the tree all show here).
const statusAfter = gitStatus();
if (statusBefore !== null && statusAfter !== statusBefore) {
  const before = new Set(statusBefore.split('\n'));
  const changed = statusAfter.split('\n').filter((line) => line && !before.has(line));
  console.error(`\n✗ The run changed the work tree (git status):\n${changed.map((l) => `    ${l}`).join('\n')}`);
  results.push({ name: 'work tree left as found', ok: false });
  failedSteps += 1;
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
  console.log(`${r.ok ? '✓' : '✗'} ${r.name}${counts}`);
  passed += r.passed ?? 0;
  failed += r.failed ?? 0;
  skipped += r.skipped ?? 0;
}
// a failed step without test counts (typecheck, lint, build) counts as one failure
failed += results.filter((r) => !r.ok && r.passed === undefined).length;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failedSteps > 0 || failed > 0 ? 1 : 0);
