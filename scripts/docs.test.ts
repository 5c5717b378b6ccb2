// The map and the decision records stay true to the code: every file they name exists, unless the
// record says it was superseded and by what; and the map stays a map, not a wall of table cells.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './lib.mjs';

/**
 * Where a path in the docs may start: from the project's root, from a package's source folder, or
 * from the server's modules and the web app's features, as the records name them
 * (`modules/orders/pricing.ts`, `users/points.ts`, `office/areas.ts`, `contracts/pricing.ts`).
 */
const BASES = [
  '',
  'apps/server/src/',
  'apps/server/src/modules/',
  'apps/server/',
  'apps/web/app/',
  'apps/web/app/features/',
  'apps/web/app/components/',
  'apps/web/',
  'packages/contracts/src/',
  'packages/',
];
const PATH = /`([\w.@+-]+(?:\/[\w.@+-]+)+\.(?:ts|tsx|mjs|js|css))`/g;

/** A path the docs name, tried from each base; `contracts/x.ts` is the contracts package's source. */
function exists(path: string, dir = root): boolean {
  const named = path.startsWith('contracts/') ? `packages/contracts/src/${path.slice('contracts/'.length)}` : path;
  return BASES.some((base) => existsSync(join(dir, base, named)));
}

/** A record that another has replaced says so near its top: "Superseded by …" or "Superseded in part by …". */
const superseded = (text: string) => /^\*\*Superseded\b[^*]*\*\*.+/m.test(text.split('\n## ')[0] ?? '');

const decisions = readdirSync(join(root, 'docs/decisions'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/decisions/${name}`);

describe('the docs', () => {
  it('name only files that exist (a superseded decision record excepted)', () => {
    const missing: string[] = [];
    for (const doc of ['README.md', 'docs/ARCHITECTURE.md', ...decisions]) {
      const text = readFileSync(join(root, doc), 'utf8');
      if (superseded(text)) continue;
      for (const match of text.matchAll(PATH)) {
        if (!exists(match[1] as string)) missing.push(`${doc} names ${match[1]}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keep the map’s tables short: no cell of docs/ARCHITECTURE.md over 300 characters', () => {
    const text = readFileSync(join(root, 'docs/ARCHITECTURE.md'), 'utf8');
    const long = text
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .flatMap((line) => line.split('|').map((cell) => cell.trim()))
      .filter((cell) => cell.length > 300 && !/^[-:]+$/.test(cell))
      .map((cell) => `${cell.slice(0, 60)}… (${cell.length} characters)`);
    expect(long).toEqual([]);
  });

  it('finds a moved file missing and tells a superseded record by its line', () => {
    expect(exists('modules/orders/pricing.ts')).toBe(true);
    expect(exists('contracts/pricing.ts')).toBe(true);
    expect(exists('modules/orders/transaction.ts')).toBe(false);
    expect(superseded('# 0001 — A\n\n**Superseded by** [0002](0002-b.md): the jobs moved.\n\n## Context\n')).toBe(true);
    expect(superseded('# 0001 — A\n\n## Context\n\nThis was superseded by nothing.\n')).toBe(false);
  });
});
