// The chat benchmarks of quality-bars.md, through the real gateway of the built server:
//   fan-out   N conversations (two demo agents, N visitors), one message a second each way,
//             delivery latency at the recipient, lost and duplicated messages;
//   capacity  M idle visitor websockets held by one server process, and its resident memory.
// Everything runs on 127.0.0.1 against servers started here, each on a fresh data directory.
// Results go to bench/results/chat.json.
//
// Settings (environment):
//   BENCH_CHAT_CONVERSATIONS  fan-out conversations (default 2000)
//   BENCH_CHAT_SECONDS        fan-out run length in seconds (default 20)
//   BENCH_CHAT_SMALLER        when the fan-out misses a bar, runs again at these sizes, largest first, until one
//                             passes (comma-separated, default 500,200; 0: never)
//   BENCH_CHAT_IDLE           idle connections for the capacity run (default 10000)
//   BENCH_CHAT_GRACE_S        after the run, undelivered messages are waited for until none has arrived for
//                             this long (default 10; at most BENCH_CHAT_DRAIN_MAX_S, default 180, in all)
//   BENCH_CHAT_IDLE_HOLD_S    how long the idle connections are held after the ramp (default 10; past 100 s it
//                             shows the 50 s client ping keeps them open through the server's idle sweep)
//   BENCH_CHAT_BATCH          connections opened at once while ramping (default 100)
//   BENCH_CHAT_ONLY           fanout | idle: run one of the two
//   BENCH_DATABASE_URL        a PostgreSQL admin URL: each server gets a database of its own, dropped after
//   BENCH_REDIS_URL           a Redis URL for the servers (pub/sub and rate limits; key prefix `shop:`)
//   BENCH_CHAT_PG_URL         the scale-out run: a PostgreSQL admin URL (default postgres://postgres@127.0.0.1:5432/postgres)
//   BENCH_CHAT_PG_REDIS_URL   the scale-out run: a Redis URL (default redis://127.0.0.1:6379)
//   BENCH_CHAT_PG_CONVERSATIONS  the scale-out run's conversations (default BENCH_CHAT_CONVERSATIONS); when it misses
//                             a bar, BENCH_CHAT_SMALLER applies to it too
//   BENCH_CHAT_SCALE_OUT=0    no scale-out run (two servers on one PostgreSQL database and one Redis)
//   BENCH_SERVER_NODE_ARGS    extra node options for the servers, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
//   BENCH_NO_BUILD=1          use apps/server/dist as it is, even when the sources changed since the build
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { capacity } from './bench-chat/capacity.mjs';
import { fanoutRuns } from './bench-chat/fanout.mjs';
import { cleanUpWhateverHappens, nofile, round } from './bench-chat/process.mjs';
import { scaleOutUnavailable } from './bench-chat/server.mjs';
import { BARS, CONVERSATIONS, IDLE, NOTE, ONLY, SCALE_OUT, SCALE_OUT_CONVERSATIONS } from './bench-chat/settings.mjs';
import { printSummary } from './bench-chat/summary.mjs';
import { build, buildIsFresh, ensureDependencies, root } from './lib.mjs';

// ── open-file limits: the client holds every socket too ─────────────────────────────────────

const script = fileURLToPath(import.meta.url);
let idle = IDLE;
const socketsNeeded = Math.max(ONLY === 'fanout' ? 0 : idle, ONLY === 'idle' ? 0 : CONVERSATIONS + 2) + 512;
const limits = { client_nofile: nofile(), client_nofile_note: '' };
if (limits.client_nofile < socketsNeeded) {
  const canRaise = spawnSync('bash', ['-c', `ulimit -n ${socketsNeeded}`]).status === 0;
  if (canRaise && !process.env.BENCH_CHAT_REEXEC) {
    // Re-run this script with a higher limit (a process cannot raise its own past the soft limit from Node).
    const result = spawnSync('bash', ['-c', `ulimit -n ${socketsNeeded} && exec "$0" "$@"`, process.execPath, script], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_CHAT_REEXEC: '1' },
    });
    process.exit(result.status ?? 1);
  }
  const fits = Math.max(0, limits.client_nofile - 512);
  limits.client_nofile_note = `open-file limit ${limits.client_nofile} here and it cannot be raised: idle run cut from ${idle} to ${Math.min(idle, fits)}`;
  idle = Math.min(idle, fits);
}

cleanUpWhateverHappens();

// ── run ──────────────────────────────────────────────────────────────────────────────────────

ensureDependencies();
if (process.env.BENCH_NO_BUILD === '1') {
  if (!existsSync(join(root, 'apps/server/dist/main.js'))) throw new Error('BENCH_NO_BUILD=1 but there is no build');
  if (!buildIsFresh()) console.log('› BENCH_NO_BUILD=1: benchmarking the existing build, older than the sources');
} else if (!buildIsFresh()) build();

const results = {
  when: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    memory_gb: round(totalmem() / 2 ** 30, 1),
    node: process.version,
    load_average_at_start: loadavg().map((n) => round(n, 2)),
    database: process.env.BENCH_DATABASE_URL ? 'postgres' : 'sqlite',
    pubsub: process.env.BENCH_REDIS_URL ? 'redis' : 'memory',
  },
  note: NOTE,
  bars: BARS,
};

const started = performance.now();
if (ONLY !== 'idle') results.fanout = await fanoutRuns(CONVERSATIONS);
if (ONLY !== 'idle' && SCALE_OUT) {
  const unavailable = await scaleOutUnavailable();
  if (unavailable) {
    console.log(`\n› Chat fan-out on two servers: not run (${unavailable})`);
    results.scale_out = { not_run: unavailable };
  } else results.scale_out = await fanoutRuns(SCALE_OUT_CONVERSATIONS, { scaleOut: true });
}
if (ONLY !== 'fanout' && idle > 0) results.capacity = await capacity(idle, limits);
results.total_seconds = round((performance.now() - started) / 1000, 0);

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/chat.json'), `${JSON.stringify(results, null, 2)}\n`);
printSummary(results);
