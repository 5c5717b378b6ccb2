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

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/**
 * The places where package.json and package-lock.json disagree: a dependency added, removed or
 * given another range in a package.json (the root's or a workspace's) without the lockfile being
 * brought along. Empty when they agree. Reads no registry.
 */
export function lockfileDisagreements(dir = root) {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'));
  const rootManifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const places = ['', ...(rootManifest.workspaces ?? [])];
  const problems = [];
  for (const place of places) {
    const manifest = place === '' ? rootManifest : JSON.parse(readFileSync(join(dir, place, 'package.json'), 'utf8'));
    const locked = lock.packages?.[place];
    const where = place === '' ? 'package.json' : `${place}/package.json`;
    if (!locked) {
      problems.push(`${where} is not in the lockfile`);
      continue;
    }
    for (const field of DEPENDENCY_FIELDS) {
      const wanted = manifest[field] ?? {};
      const have = locked[field] ?? {};
      for (const name of new Set([...Object.keys(wanted), ...Object.keys(have)])) {
        if (wanted[name] === have[name]) continue;
        if (!(name in have)) problems.push(`${where} asks for ${name}@${wanted[name]}, which the lockfile lacks`);
        else if (!(name in wanted)) problems.push(`the lockfile still lists ${name}@${have[name]}, which ${where} dropped`);
        else problems.push(`${where} asks for ${name}@${wanted[name]}, the lockfile has ${have[name]}`);
      }
    }
  }
  return problems;
}

/**
 * Installs dependencies exactly as the committed lockfile says (`npm ci`) when node_modules is
 * missing or older than the lockfile. Never rewrites the lockfile: when it and a package.json
 * disagree, stops with what differs and how to bring them together.
 */
export function ensureDependencies() {
  const problems = lockfileDisagreements();
  if (problems.length > 0) {
    throw new Error(
      `package.json and package-lock.json disagree:\n${problems.map((p) => `    - ${p}`).join('\n')}\n` +
        '  Run `npm install` to bring the lockfile up to date, and commit package-lock.json with the change.',
    );
  }
  const marker = join(root, 'node_modules', '.package-lock.json');
  const lock = join(root, 'package-lock.json');
  const fresh = existsSync(marker) && statSync(marker).mtimeMs >= statSync(lock).mtimeMs;
  if (fresh) return;
  console.log('› Installing dependencies from package-lock.json (first run; native modules compile, this takes a few minutes)…');
  must('npm', ['ci', '--no-audit', '--no-fund']);
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
