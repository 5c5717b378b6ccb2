// The built shop in a process of its own, for the benchmarks: started on a free port with a data
// directory of its own, its log written to a file there as a service's log goes to its reader.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { root } from './lib.mjs';

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });

/** Waits for a 200 from `url`, failing if the process exits first or the time runs out. */
export async function firstOk(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no 200 from ${url}`);
}

/** Stops a child process with SIGTERM and waits for it to exit. */
export async function stop(child) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

/**
 * Starts `script` (default the built server; BENCH_SHOP_SCRIPT names another, a profiling wrapper say) with the shop's production settings on `port`,
 * storing its data in `dataDir`; `env` adds or overrides variables.
 */
export function startShop({
  port,
  dataDir,
  env = {},
  script = process.env.BENCH_SHOP_SCRIPT ?? join(root, 'apps/server/dist/main.js'),
}) {
  const log = openSync(join(dataDir, 'server.log'), 'a');
  const child = spawn(process.execPath, [script], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', log, 'inherit'],
  });
  closeSync(log);
  return child;
}

/** A PostgreSQL database of its own on the server of `adminUrl`, like the test harness makes; drop() removes it. */
export async function createPostgresDatabase(adminUrl) {
  const { default: pg } = await import('pg');
  const name = `shop_bench_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
