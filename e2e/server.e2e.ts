import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const main = join(import.meta.dirname, '..', 'apps/server/dist/main.js');

function startServer(env: Record<string, string>) {
  const output: string[] = [];
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output, exited };
}

describe('the server process', () => {
  it('refuses to start on bad configuration, naming every bad variable', async () => {
    const { output, exited } = startServer({ PORT: 'eighty', SMTP_URL: 'mail.example.com', SEED_DEMO: 'perhaps' });
    expect(await exited).toBe(1);
    const text = output.join('');
    expect(text).toContain('PORT');
    expect(text).toContain('SMTP_URL');
    expect(text).toContain('SEED_DEMO');
  });

  it('starts an empty shop with SEED_DEMO=false and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shop-empty-'));
    const port = 3600 + Math.floor(Math.random() * 300);
    const { child, output, exited } = startServer({ PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: 'false' });
    try {
      const deadline = Date.now() + 30_000;
      let health = 0;
      while (Date.now() < deadline && health !== 200) {
        health = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
        if (health !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health).toBe(200);
      const tree = await fetch(`http://127.0.0.1:${port}/shop/goods/classify`).then((r) => r.json());
      expect(tree.result).toEqual([]);
      const login = await fetch(`http://127.0.0.1:${port}/shop/login/password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'shopper@example.com', password: 'Shopper123' }),
      });
      expect(login.status).toBe(400);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('opens soon');
      expect(output.join('')).not.toContain('Demo accounts');

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
