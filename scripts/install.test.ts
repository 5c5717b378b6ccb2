// The committed lockfile installs as written: a clean clone passes `npm ci`, and a package.json
// that drifts from the lockfile is named before anything installs.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockfileDisagreements, root } from './lib.mjs';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'shop-install-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The manifests and the lockfile of the work tree, copied where a test may change them. */
function copyManifests(): string {
  const dir = scratch();
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  for (const file of ['package.json', 'package-lock.json', ...manifest.workspaces.map((w: string) => `${w}/package.json`)]) {
    cpSync(join(root, file), join(dir, file));
  }
  return dir;
}

describe('the lockfile', () => {
  it('agrees with every package.json of the workspace', () => {
    expect(lockfileDisagreements()).toEqual([]);
  });

  it('names a dependency added, dropped or changed without the lockfile', () => {
    const dir = copyManifests();
    const path = join(dir, 'apps/web/package.json');
    const web = JSON.parse(readFileSync(path, 'utf8'));
    web.dependencies['left-pad'] = '^1.3.0';
    delete web.dependencies.sonner;
    web.dependencies.react = '^18.0.0';
    writeFileSync(path, JSON.stringify(web));
    const problems = lockfileDisagreements(dir);
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).toMatch(/left-pad@\^1\.3\.0, which the lockfile lacks/);
    expect(problems.join('\n')).toMatch(/still lists sonner@.*which apps\/web\/package\.json dropped/);
    expect(problems.join('\n')).toMatch(/asks for react@\^18\.0\.0, the lockfile has/);
  });

  it('installs with npm ci in a clean clone of the committed tree', () => {
    const dir = scratch();
    const clone = spawnSync('git', ['clone', '--quiet', '--depth', '1', `file://${root}`, join(dir, 'c')], {
      encoding: 'utf8',
    });
    if (clone.status !== 0) throw new Error(`git clone failed: ${clone.stderr}`);
    const ci = spawnSync('npm', ['ci', '--dry-run', '--no-audit', '--no-fund', '--ignore-scripts'], {
      cwd: join(dir, 'c'),
      encoding: 'utf8',
    });
    expect(ci.stderr).not.toMatch(/npm error/);
    expect(ci.status).toBe(0);
  }, 120_000);
});
