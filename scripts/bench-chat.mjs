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
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { createPostgresDatabase } from './bench-server.mjs';
import { build, buildIsFresh, ensureDependencies, root } from './lib.mjs';

// ── settings ─────────────────────────────────────────────────────────────────────────────────

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

const CONVERSATIONS = setting('BENCH_CHAT_CONVERSATIONS', 2000, 20_000);
const SECONDS = setting('BENCH_CHAT_SECONDS', 20, 600);
const SMALLER = (process.env.BENCH_CHAT_SMALLER || '500,200')
  .split(',')
  .map((size) => Number(size.trim()))
  .filter((size) => Number.isInteger(size) && size > 0 && size <= 20_000)
  .sort((a, b) => b - a);
let IDLE = setting('BENCH_CHAT_IDLE', 10_000, 50_000);
const GRACE_S = setting('BENCH_CHAT_GRACE_S', 10, 600);
const DRAIN_MAX_S = setting('BENCH_CHAT_DRAIN_MAX_S', 180, 3600);
const IDLE_HOLD_S = setting('BENCH_CHAT_IDLE_HOLD_S', 10, 1200);
const BATCH = Math.max(1, setting('BENCH_CHAT_BATCH', 100, 5_000));
const SCALE_OUT = process.env.BENCH_CHAT_SCALE_OUT !== '0' && !process.env.BENCH_DATABASE_URL;
const SCALE_OUT_CONVERSATIONS = setting('BENCH_CHAT_PG_CONVERSATIONS', CONVERSATIONS, 20_000);
const SCALE_OUT_PG = process.env.BENCH_CHAT_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const SCALE_OUT_REDIS = process.env.BENCH_CHAT_PG_REDIS_URL || 'redis://127.0.0.1:6379';
/** Tells this run's messages from any other run's on a shared Redis (its channels are not per run). */
const RUN_TAG = Math.random().toString(36).slice(2, 8);
const ONLY = process.env.BENCH_CHAT_ONLY ?? '';
if (!['', 'fanout', 'idle'].includes(ONLY)) {
  console.error('✗ BENCH_CHAT_ONLY must be fanout or idle');
  process.exit(1);
}
/** The whole benchmark stops (and cleans up) after this long, whatever happens. */
const TIME_LIMIT_MS = 40 * 60_000;
const HEARTBEAT_MS = 50_000;
const BARS = {
  fanout: { conversations: 2000, p99_ms: 50, lost: 0, duplicated: 0 },
  /** two servers on one PostgreSQL database, messages between them through Redis */
  scale_out: { conversations: 2000, instances: 2, p99_ms: 100, lost: 0, duplicated: 0 },
  capacity: { connections: 10_000, rss_mb: 600 },
};
const NOTE =
  'Shared 2-core machine: the server, the database and every client socket run on the same cores, so the ' +
  'client load and the server compete for CPU; latency includes the client event loop. Figures drift between runs.';

// ── open-file limits: the client holds every socket too ─────────────────────────────────────

const script = fileURLToPath(import.meta.url);
const nofile = () => Number(spawnSync('bash', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim()) || 1024;
const socketsNeeded = Math.max(ONLY === 'fanout' ? 0 : IDLE, ONLY === 'idle' ? 0 : CONVERSATIONS + 2) + 512;
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
  limits.client_nofile_note = `open-file limit ${limits.client_nofile} here and it cannot be raised: idle run cut from ${IDLE} to ${Math.min(IDLE, fits)}`;
  IDLE = Math.min(IDLE, fits);
}

// ── cleanup: servers killed and temp dirs removed, whatever happens ─────────────────────────

const children = new Set();
const tempDirs = new Set();
const openSockets = new Set();
function cleanupNow() {
  for (const socket of openSockets) socket.terminate();
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', cleanupNow);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    console.error(`\n✗ ${signal}: stopping the servers and cleaning up`);
    cleanupNow();
    process.exit(130);
  });
}
setTimeout(() => {
  console.error(`✗ the chat benchmark ran past ${TIME_LIMIT_MS / 60_000} minutes: stopped`);
  cleanupNow();
  process.exit(2);
}, TIME_LIMIT_MS).unref();

// ── small helpers ────────────────────────────────────────────────────────────────────────────

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const round = (n, digits = 1) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : null);
const say = (line) => console.log(`  ${line}`);

function percentile(sorted, p) {
  if (!sorted.length) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function latencySummary(values) {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50_ms: round(percentile(sorted, 50), 2),
    p95_ms: round(percentile(sorted, 95), 2),
    p99_ms: round(percentile(sorted, 99), 2),
    max_ms: round(sorted[sorted.length - 1] ?? Number.NaN, 2),
  };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** VmRSS and VmHWM of a process, in MB. */
function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss_mb: round(kb('VmRSS') / 1024), peak_rss_mb: round(kb('VmHWM') / 1024) };
}
const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** CPU seconds (user + system) a process has used. */
function cpuSecondsOf(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
const clientCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

// ── the server under test ────────────────────────────────────────────────────────────────────

/**
 * Starts apps/server/dist/main.js on a fresh data directory (migrated and demo-seeded on start) and
 * waits for /healthz. Warnings and errors it logs are counted.
 */
async function startServer(label, sockets, { database, redisUrl = process.env.BENCH_REDIS_URL } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-chat-'));
  tempDirs.add(dataDir);
  // a database shared by several servers is the caller's to drop
  const ownDb = !database && process.env.BENCH_DATABASE_URL ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL) : null;
  const pgDb = database ?? ownDb;
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    // Every simulated visitor comes from this one address and sends a message a second, faster
    // than a person types for long: the chat's limits on visitors would stop the load.
    CHAT_VISITORS_PER_HOUR_PER_ADDRESS: '1000000',
    CHAT_MESSAGES_PER_MINUTE_PER_ADDRESS: '1000000',
    CHAT_MESSAGE_BURST: '1000',
    CHAT_MESSAGES_PER_MINUTE: '1000',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (pgDb) env.DATABASE_URL = pgDb.url;
  if (redisUrl) env.REDIS_URL = redisUrl;
  const main = join(root, 'apps/server/dist/main.js');
  const need = sockets + 1024;
  const current = nofile();
  const raise = current < need && spawnSync('bash', ['-c', `ulimit -n ${need}`]).status === 0;
  // `exec` keeps one process: the pid spawned is the server's, whose memory is read from /proc.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = raise
    ? spawn('bash', ['-c', `ulimit -n ${need} && exec "$0" "$@"`, process.execPath, ...nodeArgs, main], {
        cwd: root,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, [...nodeArgs, main], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const server = {
    label,
    child,
    pid: child.pid,
    port,
    http: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/worker/ws`,
    nofile: raise ? need : current,
    nofileNote:
      current < need && !raise
        ? `the server's open-file limit is ${current} and cannot be raised here (${need} wanted for ${sockets} sockets)`
        : undefined,
    logs: { warn: 0, error: 0, samples: [] },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      children.delete(child);
      await ownDb?.drop().catch((error) => console.error(`  (could not drop the bench database: ${error.message})`));
      rmSync(dataDir, { recursive: true, force: true });
      tempDirs.delete(dataDir);
    },
  };
  const onLine = (line, fromStderr) => {
    if (!line.trim()) return;
    let level = 0;
    let msg = line;
    try {
      const entry = JSON.parse(line);
      level = Number(entry.level) || 0;
      msg = [entry.msg, entry.err?.message].filter(Boolean).join(': ');
    } catch {
      // the start banner (stdout) is not a problem; anything else on stderr is
      if (!fromStderr) return;
      level = 50;
    }
    if (level >= 50) server.logs.error++;
    else if (level >= 40) server.logs.warn++;
    else return;
    if (server.logs.samples.length < 5 && !server.logs.samples.includes(msg)) server.logs.samples.push(msg.slice(0, 300));
  };
  for (const stream of [child.stdout, child.stderr]) {
    const fromStderr = stream === child.stderr;
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) onLine(line, fromStderr);
    });
  }
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${label}: server exited with ${child.exitCode} (${server.logs.samples.join('; ')})`);
    try {
      if ((await fetch(`${server.http}/healthz`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${label}: no 200 from /healthz within 120 s`);
    await sleep(50);
  }
  server.sql = pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'sqlite', file: join(dataDir, 'shop.db') };
  return server;
}

/**
 * Lets the two demo agents take every conversation of the run: the routing gives an agent at most
 * their cap of open conversations (decision 0056, at most 50 through the back office), and the
 * benchmark's two agents hold thousands. Written in the database, before the agents come online.
 */
async function uncapAgents(server, cap) {
  const statement = "update staff set chat_cap = $1 where email in ('agent@example.com', 'agent2@example.com')";
  if (server.sql.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: server.sql.url });
    await client.connect();
    try {
      await client.query(statement, [cap]);
    } finally {
      await client.end();
    }
  } else {
    const { default: SQLite } = await import('better-sqlite3');
    const db = new SQLite(server.sql.file);
    try {
      db.pragma('busy_timeout = 5000');
      db.prepare(statement.replace('$1', '?')).run(cap);
    } finally {
      db.close();
    }
  }
}

// ── a chat client that does not keep what it does not need ──────────────────────────────────

/** Pushes the benchmark never reads, recognised without parsing (an agent's session lists grow large). */
const SKIPPED = ['{"type":"sessions"', '{"type":"csrWindowInit"', '{"type":"changeStatus"'];

class Client {
  constructor(ws, role) {
    this.ws = ws;
    this.role = role;
    this.waiters = [];
    this.seen = new Set();
    this.lastSent = performance.now();
    this.closedByServer = null;
    this.skippedBytes = 0;
  }

  static open(url, role, hooks) {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false, handshakeTimeout: 60_000 });
      const client = new Client(ws, role);
      ws.once('open', () => {
        openSockets.add(ws);
        resolve(client);
      });
      ws.once('error', reject);
      ws.on('error', () => {});
      ws.on('close', (code) => {
        openSockets.delete(ws);
        if (!client.closing) {
          client.closedByServer = code;
          hooks.onClose?.(client, code);
        }
      });
      ws.on('message', (raw) => {
        const head = raw.subarray(0, 24).toString('latin1');
        if (SKIPPED.some((prefix) => head.startsWith(prefix))) {
          client.skippedBytes += raw.length;
          return;
        }
        let push;
        try {
          push = JSON.parse(raw.toString('utf8'));
        } catch {
          hooks.onError?.(client, { message: 'unparseable push' });
          return;
        }
        if (push.type === 'newMessage') hooks.onMessage?.(client, push.data);
        else if (push.type === 'error') hooks.onError?.(client, push.data);
        const index = client.waiters.findIndex((waiter) => waiter.type === push.type);
        if (index >= 0) {
          const [waiter] = client.waiters.splice(index, 1);
          clearTimeout(waiter.timer);
          waiter.resolve(push.data);
        }
      });
    });
  }

  /** Sends a frame and waits for the next push of `type`. */
  ask(frame, type, timeoutMs = 60_000) {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter.timer !== timer);
        reject(new Error(`no '${type}' push within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiters.push({ type, resolve, timer });
      this.send(frame);
    });
  }

  send(frame) {
    this.lastSent = performance.now();
    this.ws.send(JSON.stringify(frame));
  }

  close() {
    this.closing = true;
    this.ws.terminate();
  }
}

const PATH = {
  initialize: 'worker/kefu.WsIndex/initialize',
  distribution: 'worker/kefu.WsIndex/distribution',
  send: 'worker/kefu.Wsession/sendSessionMessage',
  ping: 'worker/kefu.WsMixed/ping',
};

/**
 * The client heartbeat: a ping from each connection silent for 50 s, as the chat widget does; the
 * server closes a connection silent for 100 s. Matters for ramps and holds that last that long.
 */
function keepAlive(clients) {
  const state = { pings: 0, stop: () => clearInterval(timer) };
  const timer = setInterval(() => {
    const now = performance.now();
    for (const client of clients) {
      if (client.ws.readyState === WebSocket.OPEN && now - client.lastSent >= HEARTBEAT_MS) {
        client.send({ pathInfo: PATH.ping });
        state.pings++;
      }
    }
  }, 1_000);
  return state;
}

/** Opens `count` connections, `BATCH` at a time; `open(i)` opens and sets up one. */
async function ramp(count, open, { onProgress } = {}) {
  const started = performance.now();
  const batches = [];
  const failures = [];
  for (let first = 0; first < count; first += BATCH) {
    const batchStarted = performance.now();
    const size = Math.min(BATCH, count - first);
    const settled = await Promise.allSettled(Array.from({ length: size }, (_, k) => open(first + k)));
    for (const result of settled)
      if (result.status === 'rejected') failures.push(result.reason?.message ?? String(result.reason));
    batches.push(performance.now() - batchStarted);
    await onProgress?.(first + size);
    if (failures.length > Math.max(10, count * 0.02)) break;
  }
  return {
    seconds: round((performance.now() - started) / 1000, 1),
    first_batch_ms: round(batches[0] ?? Number.NaN, 0),
    last_batch_ms: round(batches[batches.length - 1] ?? Number.NaN, 0),
    failures: failures.length,
    failure_samples: [...new Set(failures)].slice(0, 3),
  };
}

// ── fan-out ──────────────────────────────────────────────────────────────────────────────────

async function fanout(n, { scaleOut = false } = {}) {
  const where = scaleOut ? ' on two servers sharing PostgreSQL and Redis' : '';
  console.log(`\n› Chat fan-out${where}: ${n} conversations, ${SECONDS} s, one message a second each way`);
  const shared = scaleOut ? await createPostgresDatabase(SCALE_OUT_PG) : null;
  const servers = [];
  const stopAll = async () => {
    for (const server of servers) await server.stop();
    await shared?.drop().catch((error) => console.error(`  (could not drop the bench database: ${error.message})`));
  };
  try {
    // one after the other: the first migrates and seeds the shared database
    for (let k = 0; k < (scaleOut ? 2 : 1); k++)
      servers.push(
        await startServer(`fan-out ${n} #${k + 1}`, n + 2, scaleOut ? { database: shared, redisUrl: SCALE_OUT_REDIS } : {}),
      );
  } catch (error) {
    await stopAll();
    throw error;
  }
  const server = servers[0];
  const serversCpu = () => servers.reduce((sum, s) => sum + cpuSecondsOf(s.pid), 0);
  const logs = () => ({
    warn: servers.reduce((sum, s) => sum + s.logs.warn, 0),
    error: servers.reduce((sum, s) => sum + s.logs.error, 0),
    samples: servers.flatMap((s) => s.logs.samples).slice(0, 5),
  });
  const errors = { count: 0, samples: [] };
  const closedByServer = { count: 0, codes: {} };
  /** client_msg_id → what became of that message */
  const messages = new Map();
  const latencies = { t2a: [], a2t: [] };
  const duplicated = { by_seq: 0, by_id: 0, echoes: 0 };
  let otherMessages = 0;
  let firstSend = Number.NaN;
  let lastDelivery = Number.NaN;
  let delivered = 0;

  const hooks = {
    onError(_client, data) {
      errors.count++;
      const text = `${data?.message ?? '?'}${data?.pathInfo ? ` (${data.pathInfo})` : ''}`;
      if (errors.samples.length < 5 && !errors.samples.includes(text)) errors.samples.push(text);
    },
    onClose(_client, code) {
      closedByServer.count++;
      closedByServer.codes[code] = (closedByServer.codes[code] ?? 0) + 1;
    },
    onMessage(client, message) {
      const at = performance.now();
      const record = messages.get(message.client_msg_id);
      if (!record) {
        otherMessages++; // system notices and the like
        return;
      }
      const fromTourist = record.dir === 't2a';
      if ((client.role === 'tourist') === fromTourist) {
        // the sender's own echo: it tells the sender the message was stored
        if (record.ackAt === undefined) record.ackAt = at;
        else duplicated.echoes++;
        return;
      }
      const key = `${message.session_id}:${message.seq}`;
      if (client.seen.has(key)) {
        duplicated.by_seq++;
        return;
      }
      client.seen.add(key);
      if (record.recvAt !== undefined) {
        duplicated.by_id++;
        return;
      }
      if (message.session_id !== record.session) hooks.onError(client, { message: 'a message arrived in another session' });
      record.recvAt = at;
      latencies[record.dir].push(at - record.sentAt);
      delivered++;
      lastDelivery = at;
    },
  };

  const clients = [];
  const heartbeat = keepAlive(clients);
  try {
    // Both agents sign in and come online, each on a server of their own when there are two.
    await uncapAgents(server, n + 10);
    const agents = [];
    for (const [j, username] of ['agent@example.com', 'agent2@example.com'].entries()) {
      const home = servers[j % servers.length];
      const response = await fetch(`${home.http}/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: 'Agent1234' }),
      });
      const body = await response.json();
      const token = body?.result?.token;
      if (!token) throw new Error(`${username} could not sign in: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      const client = await Client.open(home.ws, 'agent', hooks);
      client.server = j % servers.length;
      clients.push(client);
      const { user } = await client.ask({ pathInfo: PATH.initialize, baToken: token, backend: true }, 'init');
      if (!user) throw new Error(`${username}: initialize answered without a user`);
      client.id = user.id;
      agents.push(client);
    }

    // Visitors arrive, write, and are given an agent.
    const conversations = [];
    const rssAtStart = memoryOf(server.pid);
    const rampCpu = serversCpu();
    const rampResult = await ramp(n, async (i) => {
      // visitors alternate between the servers
      const tourist = await Client.open(servers[i % servers.length].ws, 'tourist', hooks);
      tourist.server = i % servers.length;
      clients.push(tourist);
      const { user } = await tourist.ask({ pathInfo: PATH.initialize, language: 'en-us' }, 'init');
      if (!user) throw new Error('a visitor was refused at initialize');
      // the first message opens the conversation (decision 0014); the answer names its agent
      const assigned = await tourist.ask(
        { pathInfo: PATH.send, type: 'text', content: 'Hello', client_msg_id: `open-${i}` },
        'distribution',
      );
      const agent = agents.find((a) => a.id === assigned?.csr?.id);
      if (!agent) throw new Error(`conversation ${assigned?.session_id} was not given to a benchmark agent (queued?)`);
      conversations[i] = { tourist, agent, session: assigned.session_id, sent: { t2a: 0, a2t: 0 } };
    });
    rampResult.server_cpu_s = round(serversCpu() - rampCpu, 1);
    const ready = conversations.filter(Boolean);
    const perAgent = agents.map((a) => ready.filter((c) => c.agent === a).length);
    if (ready.length === 0) throw new Error(`no conversation could be opened: ${rampResult.failure_samples.join('; ')}`);
    // The ramp leaves work behind (every assignment re-sends the agent's session list): the clock
    // starts once the server has been quiet (under 20 % of a core) for a second, or after 120 s.
    const settleStarted = performance.now();
    for (;;) {
      const before = serversCpu();
      await sleep(1_000);
      if (serversCpu() - before < 0.2 * servers.length || performance.now() - settleStarted > 120_000) break;
    }
    rampResult.settle_s = round((performance.now() - settleStarted) / 1000, 1);
    say(
      `ramp: ${ready.length}/${n} conversations in ${rampResult.seconds} s (first batch of ${BATCH} ${rampResult.first_batch_ms} ms, last ${rampResult.last_batch_ms} ms; split ${perAgent.join('/')}), then ${rampResult.settle_s} s until the server was quiet`,
    );

    // One message a second each way per conversation, spread evenly over the second.
    const schedule = [];
    ready.forEach((_, c) => {
      const offset = (c / ready.length) * 1000;
      schedule.push({ t: offset, c, dir: 't2a' }, { t: (offset + 500) % 1000, c, dir: 'a2t' });
    });
    schedule.sort((a, b) => a.t - b.t);
    const total = schedule.length * SECONDS;
    const sendLag = [];
    let sent = 0;
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const cpuServer0 = serversCpu();
    const cpuClient0 = clientCpuSeconds();
    const start = performance.now() + 50;
    firstSend = start;
    await new Promise((resolve) => {
      let index = 0;
      let second = 0;
      const tick = () => {
        const now = performance.now();
        while (sent < total) {
          const event = schedule[index];
          const due = start + second * 1000 + event.t;
          if (due > now) break;
          const conversation = ready[event.c];
          const k = conversation.sent[event.dir]++;
          const id = `${RUN_TAG}${event.dir === 't2a' ? 't' : 'a'}${event.c}-${k}`;
          const sentAt = performance.now();
          sendLag.push(sentAt - due);
          messages.set(id, { dir: event.dir, session: conversation.session, sentAt, second });
          (event.dir === 't2a' ? conversation.tourist : conversation.agent).send({
            pathInfo: PATH.send,
            session_id: conversation.session,
            type: 'text',
            content: `bench ${id} sent at ${sentAt.toFixed(3)} ms`,
            client_msg_id: id,
          });
          sent++;
          if (++index === schedule.length) {
            index = 0;
            second++;
          }
        }
        if (sent < total) setTimeout(tick, 1);
        else resolve();
      };
      setTimeout(tick, 50);
    });
    const sendWindowS = (performance.now() - start) / 1000;
    const cpuServerSend = serversCpu() - cpuServer0;
    const cpuClientSend = clientCpuSeconds() - cpuClient0;
    loopDelay.disable();

    // Grace: what is still on its way is waited for while it keeps arriving (an overloaded server
    // has a backlog), and given up on once nothing has arrived for GRACE_S.
    const graceStart = performance.now();
    const deliveredInWindow = delivered;
    const unsettled = () => {
      let n = 0;
      for (const record of messages.values()) if (record.ackAt === undefined || record.recvAt === undefined) n++;
      return n;
    };
    for (let progress = performance.now(), last = -1; ; ) {
      const left = unsettled();
      if (left === 0 || performance.now() - progress > GRACE_S * 1000 || performance.now() - graceStart > DRAIN_MAX_S * 1000)
        break;
      if (left !== last) {
        last = left;
        progress = performance.now();
      }
      await sleep(100);
    }
    const graceUsed = (performance.now() - graceStart) / 1000;

    let lost = 0;
    let unacknowledged = 0;
    let neitherArrived = 0;
    const undeliveredByDirection = { tourist_to_agent: 0, agent_to_tourist: 0 };
    for (const record of messages.values()) {
      if (record.recvAt === undefined) undeliveredByDirection[record.dir === 't2a' ? 'tourist_to_agent' : 'agent_to_tourist']++;
      if (record.ackAt !== undefined && record.recvAt === undefined) lost++;
      if (record.ackAt === undefined) {
        unacknowledged++;
        if (record.recvAt === undefined) neitherArrived++;
      }
    }
    const all = latencySummary([...latencies.t2a, ...latencies.a2t]);
    // p99 by the second a message was sent in: a steady overload climbs, a stall shows as one bad second.
    const bySecond = Array.from({ length: SECONDS }, () => []);
    for (const record of messages.values())
      if (record.recvAt !== undefined) bySecond[record.second].push(record.recvAt - record.sentAt);
    const p99BySecond = bySecond.map((values) => latencySummary(values).p99_ms);
    const sortedLag = Float64Array.from(sendLag).sort();
    const totalDuplicated = duplicated.by_seq + duplicated.by_id;
    const result = {
      conversations: ready.length,
      conversations_asked: n,
      instances: servers.length,
      database: server.sql.kind,
      pubsub: scaleOut || process.env.BENCH_REDIS_URL ? 'redis' : 'memory',
      // a conversation whose visitor and agent are on different servers: its messages cross through Redis
      conversations_across_servers: ready.filter((c) => c.tourist.server !== c.agent.server).length,
      agents: 2,
      split_per_agent: perAgent,
      seconds: SECONDS,
      ramp: rampResult,
      messages_sent: sent,
      messages_delivered: delivered,
      sent_per_s: round(sent / sendWindowS, 0),
      delivered_per_s: round(delivered / ((lastDelivery - firstSend) / 1000), 0),
      latency_ms: all,
      latency_tourist_to_agent_ms: latencySummary(latencies.t2a),
      latency_agent_to_tourist_ms: latencySummary(latencies.a2t),
      latency_p99_ms_by_second_sent: p99BySecond,
      lost,
      unacknowledged,
      unacknowledged_and_undelivered: neitherArrived,
      undelivered_by_direction: undeliveredByDirection,
      duplicated: totalDuplicated,
      duplicated_detail: duplicated,
      error_pushes: errors.count,
      error_samples: errors.samples,
      closed_by_server: closedByServer.count,
      closed_codes: closedByServer.codes,
      pings_sent: heartbeat.pings,
      other_messages: otherMessages,
      delivered_during_send_window: deliveredInWindow,
      drain_after_run_s: round(graceUsed, 1),
      last_delivery_after_run_s: round((lastDelivery - firstSend) / 1000 - sendWindowS, 1),
      client: {
        send_lag_p99_ms: round(percentile(sortedLag, 99), 1),
        send_lag_max_ms: round(sortedLag[sortedLag.length - 1] ?? Number.NaN, 1),
        event_loop_delay_p99_ms: round(loopDelay.percentile(99) / 1e6, 1),
        cpu_percent_of_one_core: round((cpuClientSend / sendWindowS) * 100, 0),
      },
      server: {
        cpu_percent_of_one_core: round((cpuServerSend / sendWindowS) * 100, 0),
        rss_mb_before_ramp: rssAtStart.rss_mb,
        ...memoryOf(server.pid),
        ...(servers.length > 1 ? { rss_mb_by_instance: servers.map((s) => memoryOf(s.pid).rss_mb) } : {}),
        logged_warnings: logs().warn,
        logged_errors: logs().error,
        log_samples: logs().samples,
        agent_bytes_of_session_lists: agents.reduce((sum, a) => sum + a.skippedBytes, 0),
      },
    };
    const bar = scaleOut ? BARS.scale_out : BARS.fanout;
    result.bars = {
      p99_ms: { bar: bar.p99_ms, value: all.p99_ms, pass: all.p99_ms !== null && all.p99_ms <= bar.p99_ms },
      lost: { bar: 0, value: lost + unacknowledged, pass: lost + unacknowledged === 0 },
      duplicated: { bar: 0, value: totalDuplicated, pass: totalDuplicated === 0 },
      errors: { bar: 0, value: errors.count, pass: errors.count === 0 },
      at_bar_size: ready.length >= bar.conversations,
    };
    result.pass = result.bars.p99_ms.pass && result.bars.lost.pass && result.bars.duplicated.pass && result.bars.errors.pass;
    say(
      `sent ${sent} (${result.sent_per_s}/s), delivered ${deliveredInWindow} while sending and ${delivered} in all (${result.delivered_per_s}/s, the last ${result.last_delivery_after_run_s} s after the run); latency p50 ${all.p50_ms} / p95 ${all.p95_ms} / p99 ${all.p99_ms} / max ${all.max_ms} ms`,
    );
    say(
      `lost ${lost}, unacknowledged ${unacknowledged}, duplicated ${totalDuplicated}, error pushes ${errors.count}, closed by the server ${closedByServer.count}, server log errors ${logs().error}; server CPU ${result.server.cpu_percent_of_one_core}% of a core, client ${result.client.cpu_percent_of_one_core}%`,
    );
    return result;
  } finally {
    heartbeat.stop();
    for (const client of clients) client.close();
    await stopAll();
  }
}

// ── idle capacity ────────────────────────────────────────────────────────────────────────────

async function capacity(m) {
  console.log(`\n› Chat capacity: ${m} idle visitor connections on one server`);
  const server = await startServer(`capacity ${m}`, m);
  const clients = [];
  const errors = { count: 0, samples: [] };
  const closedByServer = { count: 0, codes: {} };
  const hooks = {
    onError(_client, data) {
      errors.count++;
      if (errors.samples.length < 5) errors.samples.push(String(data?.message ?? '?'));
    },
    onClose(_client, code) {
      closedByServer.count++;
      closedByServer.codes[code] = (closedByServer.codes[code] ?? 0) + 1;
    },
  };
  const openCount = () => clients.filter((c) => c.ws.readyState === WebSocket.OPEN).length;
  const heartbeat = keepAlive(clients);
  try {
    await sleep(1_000);
    const samples = [{ connections: 0, ...memoryOf(server.pid) }];
    const half = Math.floor(m / 2);
    const rampResult = await ramp(
      m,
      async () => {
        const client = await Client.open(server.ws, 'tourist', hooks);
        clients.push(client);
        const { user } = await client.ask({ pathInfo: PATH.initialize, language: 'en-us' }, 'init');
        if (!user) throw new Error('a visitor was refused at initialize');
      },
      {
        onProgress: async (opened) => {
          if (opened === half || (opened > half && opened - BATCH < half)) {
            await sleep(1_000);
            samples.push({ connections: openCount(), ...memoryOf(server.pid) });
          }
          if (opened % 2_000 < BATCH) say(`${openCount()} open…`);
        },
      },
    );
    await sleep(1_000);
    samples.push({ connections: openCount(), ...memoryOf(server.pid) });
    // Held a while longer: memory once the ramp's garbage is collected, and the connections still open.
    await sleep(IDLE_HOLD_S * 1000);
    const settled = { connections: openCount(), ...memoryOf(server.pid) };
    const atM = samples[samples.length - 1];
    const perConnectionKb = ((Math.max(atM.rss_mb, settled.rss_mb) - samples[0].rss_mb) * 1024) / Math.max(1, atM.connections);
    const result = {
      asked: m,
      held: settled.connections,
      ramp: rampResult,
      rss: samples,
      rss_after_hold: settled,
      hold_s: IDLE_HOLD_S,
      pings_sent: heartbeat.pings,
      rss_kb_per_connection: round(perConnectionKb, 1),
      error_pushes: errors.count,
      error_samples: errors.samples,
      closed_by_server: closedByServer.count,
      closed_codes: closedByServer.codes,
      server_nofile: server.nofile,
      server_nofile_note: server.nofileNote,
      client_nofile: limits.client_nofile,
      client_nofile_note: limits.client_nofile_note || undefined,
      server_logged_errors: server.logs.error,
      server_log_samples: server.logs.samples,
    };
    const worst = Math.max(atM.rss_mb, settled.rss_mb);
    result.bar = {
      connections: BARS.capacity.connections,
      rss_mb: BARS.capacity.rss_mb,
      held: settled.connections,
      worst_rss_mb: worst,
      pass: settled.connections >= BARS.capacity.connections && worst <= BARS.capacity.rss_mb,
    };
    say(
      `ramp: ${atM.connections}/${m} in ${rampResult.seconds} s; RSS ${samples.map((s) => `${s.rss_mb} MB @ ${s.connections}`).join(', ')}; ${settled.rss_mb} MB and ${settled.connections} open ${IDLE_HOLD_S} s later (${result.rss_kb_per_connection} KB per connection)`,
    );
    return result;
  } finally {
    heartbeat.stop();
    for (const client of clients) client.close();
    await server.stop();
  }
}

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

/** The fan-out at `size`, then, while it misses a bar, at the smaller sizes: where the limit is on this machine. */
async function fanoutRuns(size, options) {
  const runs = [await fanout(size, options)];
  for (const smaller of SMALLER) {
    const last = runs[runs.length - 1];
    if (last.pass || smaller >= last.conversations) continue;
    if (runs.length === 1) console.log(`  (missed a bar at ${size}: smaller runs follow, to show where the limit is)`);
    runs.push(await fanout(smaller, options));
  }
  return runs;
}

/** Whether PostgreSQL and Redis answer at the scale-out run's addresses; the reason when not. */
async function scaleOutUnavailable() {
  try {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: SCALE_OUT_PG, connectionTimeoutMillis: 3_000 });
    await client.connect();
    await client.end();
  } catch (error) {
    return `PostgreSQL at ${SCALE_OUT_PG} did not answer: ${error.message}`;
  }
  try {
    const { Redis } = await import('ioredis');
    const redis = new Redis(SCALE_OUT_REDIS, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3_000 });
    await redis.connect();
    await redis.ping();
    redis.disconnect();
  } catch (error) {
    return `Redis at ${SCALE_OUT_REDIS} did not answer: ${error.message}`;
  }
  return null;
}

const started = performance.now();
if (ONLY !== 'idle') results.fanout = await fanoutRuns(CONVERSATIONS);
if (ONLY !== 'idle' && SCALE_OUT) {
  const unavailable = await scaleOutUnavailable();
  if (unavailable) {
    console.log(`\n› Chat fan-out on two servers: not run (${unavailable})`);
    results.scale_out = { not_run: unavailable };
  } else results.scale_out = await fanoutRuns(SCALE_OUT_CONVERSATIONS, { scaleOut: true });
}
if (ONLY !== 'fanout' && IDLE > 0) results.capacity = await capacity(IDLE);
results.total_seconds = round((performance.now() - started) / 1000, 0);

mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/chat.json'), `${JSON.stringify(results, null, 2)}\n`);

const mark = (pass) => (pass ? 'pass' : 'FAIL');
console.log('\nChat benchmark summary (bench/results/chat.json)');
const scaleOutRuns = Array.isArray(results.scale_out) ? results.scale_out : [];
for (const run of [...(results.fanout ?? []), ...scaleOutRuns]) {
  const b = run.bars;
  const setup =
    run.instances > 1
      ? `${run.instances} servers, ${run.database} + ${run.pubsub}, ${run.conversations_across_servers} across servers`
      : `${run.database}`;
  console.log(
    `  fan-out ${run.conversations} conversations × ${run.seconds} s (${setup}): ${run.delivered_per_s} msg/s delivered; p50 ${run.latency_ms.p50_ms} p95 ${run.latency_ms.p95_ms} p99 ${run.latency_ms.p99_ms} max ${run.latency_ms.max_ms} ms [p99 ≤ ${b.p99_ms.bar} ms: ${mark(b.p99_ms.pass)}]; lost ${run.lost}+${run.unacknowledged} unacknowledged [${mark(b.lost.pass)}]; duplicated ${run.duplicated} [${mark(b.duplicated.pass)}]; error pushes ${run.error_pushes}; closed by the server ${run.closed_by_server}${b.at_bar_size ? '' : ` (below the bar size of ${run.instances > 1 ? BARS.scale_out.conversations : BARS.fanout.conversations})`}`,
  );
}
if (results.scale_out?.not_run) console.log(`  fan-out on two servers: not run (${results.scale_out.not_run})`);
if (results.capacity) {
  const c = results.capacity;
  console.log(
    `  capacity: ${c.held} idle connections held; RSS ${c.rss.map((s) => `${s.rss_mb} MB @ ${s.connections}`).join(', ')}; ~${c.rss_kb_per_connection} KB each [${c.bar.connections} with ≤ ${c.bar.rss_mb} MB: ${mark(c.bar.pass)}]`,
  );
}
console.log(`  ${NOTE}`);
