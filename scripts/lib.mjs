// Shared steps of `npm start`, `npm test` and `npm run build`: dependencies, build freshness, build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = join(root, '.build-stamp');

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function must(command, args, options) {
  const status = run(command, args, options);
  if (status !== 0) throw new Error(`${command} ${args.join(' ')} failed (exit ${status})`);
}

/** Installs dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const fresh = existsSync(marker) && existsSync(lock) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  console.log('› Installing dependencies (first run; native modules compile, this takes a few minutes)…');
  // `npm install` rather than `npm ci`: with the lockfile it installs the same versions, and unlike
  // `npm ci` it tolerates platform packages a registry mirror does not carry (Biome's, for one).
  must('npm', ['install', '--no-audit', '--no-fund']);
}

const SOURCES = [
  'packages/contracts/src',
  'apps/server/src',
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'scripts/build.mjs',
  'package-lock.json',
];

function* files(path) {
  const full = join(root, path);
  if (!existsSync(full)) return;
  if (statSync(full).isFile()) {
    yield full;
    return;
  }
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.endsWith('.test.ts')) continue;
    const child = join(path, entry.name);
    if (entry.isDirectory()) yield* files(child);
    else yield join(root, child);
  }
}

/** A hash of everything the build reads, so a stale build is noticed and a fresh one is reused. */
export function sourceHash() {
  const hash = createHash('sha256');
  for (const source of SOURCES) {
    for (const file of [...files(source)].sort()) {
      hash.update(relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export const buildOutputs = [join(root, 'apps/server/dist/main.js'), join(root, 'apps/web/build/server/index.js')];

export function buildIsFresh() {
  if (!buildOutputs.every((file) => existsSync(file)) || !existsSync(stampFile)) return false;
  return readFileSync(stampFile, 'utf8').trim() === sourceHash();
}

/** Builds the web app (client and server bundles) and bundles the server. */
export function build() {
  console.log('› Building the web app…');
  // Vite picks React's production build only when NODE_ENV says so.
  must('npx', ['react-router', 'build'], { cwd: join(root, 'apps/web'), env: { ...process.env, NODE_ENV: 'production' } });
  console.log('› Bundling the server…');
  must(process.execPath, [join(root, 'scripts/bundle-server.mjs')]);
  writeFileSync(stampFile, `${sourceHash()}\n`);
}
