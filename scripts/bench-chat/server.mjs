// The server under test: apps/server/dist/main.js started on a fresh data directory (migrated and
// demo-seeded on start), its warnings and errors counted, and the database it runs on.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPostgresDatabase, freePort } from '../bench-server.mjs';
import { root } from '../lib.mjs';
import { children, nofile, sleep, tempDirs } from './process.mjs';
import { SCALE_OUT_PG, SCALE_OUT_REDIS } from './settings.mjs';

/** The server's environment: production, quiet logs, and the chat's per-address limits lifted. */
function serverEnv(port, dataDir, databaseUrl, redisUrl) {
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
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (redisUrl) env.REDIS_URL = redisUrl;
  return env;
}

/** Spawns the server with an open-file limit raised for `sockets` where the shell allows it. */
function spawnServer(env, sockets) {
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
  const nofileNote =
    current < need && !raise
      ? `the server's open-file limit is ${current} and cannot be raised here (${need} wanted for ${sockets} sockets)`
      : undefined;
  return { child, nofile: raise ? need : current, nofileNote };
}

/** Counts the warnings and errors the server logs, keeping a few samples. */
function countLogs(child, logs) {
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
    if (level >= 50) logs.error++;
    else if (level >= 40) logs.warn++;
    else return;
    if (logs.samples.length < 5 && !logs.samples.includes(msg)) logs.samples.push(msg.slice(0, 300));
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
}

/** Waits for a 200 from /healthz, failing when the server exits first or after 120 s. */
async function healthy(server) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`${server.label}: server exited with ${server.child.exitCode} (${server.logs.samples.join('; ')})`);
    try {
      if ((await fetch(`${server.http}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${server.label}: no 200 from /healthz within 120 s`);
    await sleep(50);
  }
}

/**
 * Starts apps/server/dist/main.js on a fresh data directory (migrated and demo-seeded on start) and
 * waits for /healthz. Warnings and errors it logs are counted.
 */
export async function startServer(label, sockets, { database, redisUrl = process.env.BENCH_REDIS_URL } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-bench-chat-'));
  tempDirs.add(dataDir);
  // a database shared by several servers is the caller's to drop
  const ownDb = !database && process.env.BENCH_DATABASE_URL ? await createPostgresDatabase(process.env.BENCH_DATABASE_URL) : null;
  const pgDb = database ?? ownDb;
  const port = await freePort();
  const { child, nofile: serverNofile, nofileNote } = spawnServer(serverEnv(port, dataDir, pgDb?.url, redisUrl), sockets);
  children.add(child);
  const server = {
    label,
    child,
    pid: child.pid,
    port,
    http: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}/worker/ws`,
    nofile: serverNofile,
    nofileNote,
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
  countLogs(child, server.logs);
  await healthy(server);
  server.sql = pgDb ? { kind: 'postgres', url: pgDb.url } : { kind: 'sqlite', file: join(dataDir, 'shop.db') };
  return server;
}

/**
 * Lets the two demo agents take every conversation of the run: the routing gives an agent at most
 * their cap of open conversations (decision 0056, at most 50 through the back office), and the
 * benchmark's two agents hold thousands. Written in the database, before the agents come online.
 */
export async function uncapAgents(server, cap) {
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

/** Whether PostgreSQL and Redis answer at the scale-out run's addresses; the reason when not. */
export async function scaleOutUnavailable() {
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
