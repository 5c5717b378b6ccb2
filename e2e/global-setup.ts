import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHAT_AGENT_CAP_MAX } from '@shop/contracts/chat-constants';
import type { TestProject } from 'vitest/node';
import { smtpServer } from '../apps/server/src/testing/smtp';
import { build, buildIsFresh, root } from '../scripts/lib.mjs';

/**
 * The server's signing key in the browser tests, so a test can hand the browser an access token
 * that has already run out (support.ts `expired`) instead of waiting for one to.
 */
export const E2E_AUTH_SECRET = 'e2e-signing-key-for-browser-tests-only-0123456789';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** where the suite's SMTP server writes each message it receives, one JSON file each */
    mailDir: string;
  }
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });

async function waitForHealth(url: string, server: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not answer ${url}/healthz within ${timeoutMs} ms`);
}

/**
 * The demo agents answer the visitors of every chat journey in the suite, which leave their
 * conversations open: the default cap on open conversations (decision 0056) is raised to its
 * maximum, so no journey's visitor waits in the queue for an earlier journey's conversations.
 */
async function uncapAgents(url: string) {
  const login = await fetch(`${url}/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@example.com', password: 'Admin1234' }),
  });
  const { result } = (await login.json()) as { result: { token: string } };
  const saved = await fetch(`${url}/admin/kefu/config`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${result.token}` },
    body: JSON.stringify({ agent_chat_cap: CHAT_AGENT_CAP_MAX }),
  });
  if (!saved.ok) throw new Error(`the chat settings could not be saved: ${saved.status}`);
}

/** Builds when stale, then runs the real server on SQLite with the demo shop in a data dir of its own. */
export default async function setup(project: TestProject) {
  if (!buildIsFresh()) build();
  const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
  // The shop's mail goes to a local SMTP server; tests read it from mailDir (mail.ts).
  const mailDir = join(dataDir, 'mail');
  mkdirSync(mailDir);
  let mails = 0;
  const smtp = await smtpServer((mail) => {
    mails += 1;
    // written aside and renamed into place, so a test reading the folder never meets half a message
    const name = join(mailDir, `${String(mails).padStart(6, '0')}.json`);
    writeFileSync(`${name}.part`, JSON.stringify(mail));
    renameSync(`${name}.part`, name);
  });
  const port = await freePort();
  const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_AUTH_PER_MINUTE: '10000',
      // every browser of the suite is a new visitor from this one address
      CHAT_VISITORS_PER_HOUR_PER_ADDRESS: '10000',
      // agents' replies to a visitor who left are mailed after a second, not two minutes
      CHAT_REPLY_MAIL_DELAY_S: '1',
      AUTH_SECRET: E2E_AUTH_SECRET,
      SMTP_URL: smtp.url,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, server, 90_000);
  await uncapAgents(baseURL);
  project.provide('baseURL', baseURL);
  project.provide('mailDir', mailDir);

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => {
      if (server.exitCode !== null) resolve(null);
      else server.once('exit', resolve);
    });
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
