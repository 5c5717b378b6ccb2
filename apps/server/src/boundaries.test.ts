import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundaries, read from its sources (decision 0023): each table has one owning
 * module, named in docs/ARCHITECTURE.md's ownership table, and only the owner writes its rows;
 * a module never imports another module's repo; migrations are frozen text that import nothing
 * of the live code. Migrations, the seed and the test factories may write anything.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const ARCHITECTURE = resolve(SRC, '../../../docs/ARCHITECTURE.md');

/** Every .ts file under src, as a path relative to it with forward slashes. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [relative(SRC, path).split('\\').join('/')] : [];
  });
}

/** Files that may write any table: migrations, the seed, tests and test factories. */
const exempt = (file: string) =>
  file.startsWith('db/migrations/') ||
  file.startsWith('seed/') ||
  file.startsWith('testing/') ||
  file.endsWith('.test.ts') ||
  file.endsWith('.testing.ts');

/** The ownership table of docs/ARCHITECTURE.md: table → owner (a folder or a file under src). */
export function ownershipTable(markdown: string): Map<string, string> {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Table ownership'));
  if (!section) throw new Error('docs/ARCHITECTURE.md has no "Table ownership" section');
  const owners = new Map<string, string>();
  for (const match of section.matchAll(/^\|\s*`([a-z_]+)`\s*\|\s*`([\w./-]+)`/gm)) {
    owners.set(match[1] as string, match[2] as string);
  }
  return owners;
}

/** The tables the schema declares (db/schema.ts `interface Database`). */
function declaredTables(schema: string): string[] {
  const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? '';
  return [...body.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1] as string);
}

const WRITE = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*['"`]([a-z_]+)['"`]/g;
/** `insert into t`, `delete from t`, `update t set`; not `for update` nor `do update set`. */
const RAW_WRITE = /\b(?:insert\s+into|delete\s+from|(?<!(?:for|do)\s+)update(?!\s+set\b))\s+"?([a-z_]+)"?\s/gi;

/** The tables a file writes: query-builder writes, and writes in raw SQL templates. */
export function writesOf(text: string): Array<{ table: string; line: number }> {
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const writes = [...text.matchAll(WRITE)].map((match) => ({ table: match[2] as string, line: lineOf(match.index ?? 0) }));
  for (const template of text.matchAll(/sql`([^`]*)`/g)) {
    for (const match of (template[1] as string).matchAll(RAW_WRITE)) {
      writes.push({ table: match[1] as string, line: lineOf((template.index ?? 0) + (match.index ?? 0)) });
    }
  }
  return writes;
}

/** What a file's import and export statements name, as written. */
const specifiersOf = (text: string) =>
  [...text.matchAll(/^\s*(?:import|export)\b[^;'"]*?from\s+['"]([^'"]+)['"]/gm)].map((match) => match[1] as string);

/** Relative imports of a file, resolved to paths under src (without extension). */
export function importsOf(file: string, text: string): string[] {
  return specifiersOf(text)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => join(dirname(file), specifier).split('\\').join('/'));
}

const isRepo = (path: string) => /(^|\/)(repo|store)(\.ts)?$/.test(path);
const owns = (owner: string, file: string) => file === owner || file.startsWith(`${owner.replace(/\/$/, '')}/`);

const files = sources();
const text = new Map(files.map((file) => [file, readFileSync(join(SRC, file), 'utf8')]));
const owners = ownershipTable(readFileSync(ARCHITECTURE, 'utf8'));

/** Where a rule is broken, as `file:line: what`. */
export function violations(sourceFiles: Map<string, string>, ownerOf: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of sourceFiles) {
    if (exempt(file)) continue;
    for (const write of writesOf(source)) {
      const owner = ownerOf.get(write.table);
      if (!owner) found.push(`${file}:${write.line}: writes ${write.table}, a table with no owner in docs/ARCHITECTURE.md`);
      else if (!owns(owner, file)) found.push(`${file}:${write.line}: writes ${write.table}, which ${owner} owns`);
    }
    for (const target of importsOf(file, source)) {
      if (isRepo(target) && dirname(target) !== dirname(file)) {
        found.push(`${file}: imports ${target}, another module's repo (call its service)`);
      }
    }
  }
  return found;
}

describe('module boundaries', () => {
  it('gives every table of the schema one owner that exists', () => {
    const declared = declaredTables(text.get('db/schema.ts') ?? '');
    expect(declared.length).toBeGreaterThan(20);
    expect(declared.filter((table) => !owners.has(table))).toEqual([]);
    const missing = [...owners.values()].filter((owner) => !files.some((file) => owns(owner, file)));
    expect(missing).toEqual([]);
  });

  it('lets only the owner write a table, and no module import another module’s repo', () => {
    expect(violations(text, owners)).toEqual([]);
  });

  it('keeps migrations frozen: they import only kysely and each other', () => {
    const imports = files
      .filter((file) => file.startsWith('db/migrations/') && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        specifiersOf(text.get(file) ?? '')
          .filter((specifier) => specifier !== 'kysely' && !/^\.\/[\w-]+$/.test(specifier))
          .map((specifier) => `${file}: ${specifier}`),
      );
    expect(imports).toEqual([]);
  });

  it('catches a write outside the owner and a reach into another module’s repo', () => {
    const planted = new Map([
      ['modules/cart/service.ts', "import { ON_SALE } from '../catalog/repo';\nawait trx.updateTable('orders').set({});"],
      ['modules/orders/repo.ts', "await db.updateTable('orders').set({});\nawait sql`update skus set stock = 0`.execute(db);"],
      ['seed/orders.ts', "await db.updateTable('orders').set({});"],
    ]);
    expect(violations(planted, owners)).toEqual([
      'modules/cart/service.ts:2: writes orders, which modules/orders owns',
      "modules/cart/service.ts: imports modules/catalog/repo, another module's repo (call its service)",
      'modules/orders/repo.ts:2: writes skus, which modules/catalog owns',
    ]);
  });
});
