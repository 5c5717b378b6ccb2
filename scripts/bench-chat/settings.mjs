// The chat benchmark's settings, read from the environment (listed in scripts/bench-chat.mjs), and
// the bars of quality-bars.md it is held to.

/** A whole number from the environment, `fallback` when unset; anything else outside 0..max stops the run. */
function setting(name, fallback, max) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > max) {
    console.error(`✗ ${name} must be a whole number from 0 to ${max}`);
    process.exit(1);
  }
  return value;
}

export const CONVERSATIONS = setting('BENCH_CHAT_CONVERSATIONS', 2000, 20_000);
export const SECONDS = setting('BENCH_CHAT_SECONDS', 20, 600);
export const SMALLER = (process.env.BENCH_CHAT_SMALLER || '500,200')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isInteger(size) && size > 0 && size <= 20_000)
  .sort((a, b) => b - a);
/** Idle connections asked for; the entry point may hold fewer when the open-file limit cannot be raised. */
export const IDLE = setting('BENCH_CHAT_IDLE', 10_000, 50_000);
export const GRACE_S = setting('BENCH_CHAT_GRACE_S', 10, 600);
export const DRAIN_MAX_S = setting('BENCH_CHAT_DRAIN_MAX_S', 180, 3600);
export const IDLE_HOLD_S = setting('BENCH_CHAT_IDLE_HOLD_S', 10, 1200);
export const BATCH = Math.max(1, setting('BENCH_CHAT_BATCH', 100, 5_000));
export const SCALE_OUT = process.env.BENCH_CHAT_SCALE_OUT !== '0' && !process.env.BENCH_DATABASE_URL;
export const SCALE_OUT_CONVERSATIONS = setting('BENCH_CHAT_PG_CONVERSATIONS', CONVERSATIONS, 20_000);
export const SCALE_OUT_PG = process.env.BENCH_CHAT_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const SCALE_OUT_REDIS = process.env.BENCH_CHAT_PG_REDIS_URL || 'redis://127.0.0.1:6379';
/** Tells this run's messages from any other run's on a shared Redis (its channels are not per run). */
export const RUN_TAG = Math.random().toString(36).slice(2, 8);
export const ONLY = process.env.BENCH_CHAT_ONLY ?? '';
if (!['', 'fanout', 'idle'].includes(ONLY)) {
  console.error('✗ BENCH_CHAT_ONLY must be fanout or idle');
  process.exit(1);
}
/** The whole benchmark stops (and cleans up) after this long, whatever happens. */
export const TIME_LIMIT_MS = 40 * 60_000;
export const HEARTBEAT_MS = 50_000;
export const BARS = {
  fanout: { conversations: 2000, p99_ms: 50, lost: 0, duplicated: 0 },
  /** two servers on one PostgreSQL database, messages between them through Redis */
  scale_out: { conversations: 2000, instances: 2, p99_ms: 100, lost: 0, duplicated: 0 },
  capacity: { connections: 10_000, rss_mb: 600 },
};
export const NOTE =
  'Shared 2-core machine: the server, the database and every client socket run on the same cores, so the ' +
  'client load and the server compete for CPU; latency includes the client event loop. Figures drift between runs.';
