import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's boundaries, read from its sources (decision 0023): each table has one owning
 * module, named in docs/ARCHITECTURE.md's ownership table, and only the owner writes its rows; a
 * module reaches no other module's private data layer; migrations are frozen text that import
 * nothing of the live code. Migrations, the seed and the test factories may write anything.
 *
 * A module's private data layer is its `repo` or `store` files, and every other file of it that
 * writes a table itself, except its public faces: `service.ts`, `personal-data.ts` (each owner's
 * erase and export functions, which the account workflows call, decision 0026) and a file the
 * ownership table names as an owner (a module of one file, such as `infra/events.ts`). A file that
 * writes nothing (types, presenters, pricing, readers) is anyone's to import. The exceptions that
 * stand today are in `PUBLIC_WRITERS` below, each with its reason.
 *
 * The server's modules (each folder under `modules/`, and the chat, `chat/` with its support
 * content and uploads) each have one public entry, their `index.ts`, which names what the rest of
 * the server may use; everything else in a module is its inside (decision 0074). A file outside a
 * module imports only its index; an index exposes no private writer; no two modules import each
 * other through any chain; and a module imports no workflow, since workflows are built on modules
 * (a route a workflow serves is handed it by the composition, and may name its type). Tests, the
 * test factories, the seed and migrations may reach into a module: they build its data and test
 * its parts.
 */

const SRC = dirname(fileURLToPath(import.meta.url));
const ARCHITECTURE = resolve(SRC, '../../../docs/ARCHITECTURE.md');
const CODE = /\.(?:[cm]?ts|[cm]?js)$/;

/** Every source file under src (TypeScript or JavaScript), as a path relative to it with forward slashes. */
function sources(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return CODE.test(entry.name) ? [relative(SRC, path).split('\\').join('/')] : [];
  });
}

/** Files that may write any table: migrations, the seed, tests and test factories. */
const exempt = (file: string) =>
  file.startsWith('db/migrations/') ||
  file.startsWith('seed/') ||
  file.startsWith('testing/') ||
  file.endsWith('.test.ts') ||
  file.endsWith('.testing.ts');

/**
 * Files outside `service.ts` and `personal-data.ts` that other modules call although they write
 * their module's tables. Each is a module's public face by another name; a new entry needs a
 * reason here, and an entry that no longer writes a table, or is neither imported from outside nor
 * exposed by its module's index, fails the suite.
 */
const PUBLIC_WRITERS = new Map<string, string>([
  [
    'modules/returns/requests.ts',
    'the returns module has no service.ts: `returnRequests(db)` is its repo and its only face, which the returns workflow (`workflows/returns/`) and workflows/dashboard.ts call',
  ],
  [
    'modules/orders/refunds.ts',
    "the orders module's part of returns (decision 0047): the order as a request reads it and `recordRefund`, the money and units refunded (named in the ownership table), which the returns workflow (`workflows/returns/`) calls",
  ],
  [
    'modules/payments/refunds.ts',
    "the payments module's refunds (`openRefund`, `settleRefund`, `refundsOf`, …), which the returns workflow (`workflows/returns/`) and workflows/office-orders.ts call",
  ],
  [
    'modules/users/notes.ts',
    "the staff's notes on a customer (decision 0055: `addNote`, `deleteNote`, audited; `eraseNotesOf`), which workflows/customers.ts and workflows/cancel-account.ts call",
  ],
  ['infra/mail/mailer.ts', "the mail module's face: `Mailer`, which the app builds and every sender's `enqueue` goes through"],
  ['chat/uploads/expiry.ts', "the chat uploads' expiry (`expireUploads`), a background job that jobs.ts schedules"],
]);

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

/** Kysely's writing calls, whose first argument names the table. */
const BUILDER_WRITES = new Set(['insertInto', 'updateTable', 'deleteFrom', 'replaceInto', 'mergeInto']);
/** Where raw SQL text is run: `sql.raw(text)`, `CompiledQuery.raw(text)`. */
const RAW_RUNNERS = new Set(['sql.raw', 'CompiledQuery.raw']);
/** A run-time part of a template (`${…}`), as the raw scan sees it. */
const HOLE = '\uFFFC';
/**
 * Raw writes: `insert [or …] into t`, `replace into t`, `delete from t`, `merge into t`,
 * `truncate [table] t`, `update [only] t`; not `for update`, `for no key update` nor `do update set`.
 * The table may be quoted or schema-qualified; a run-time part in its place is reported as such.
 */
const RAW_WRITE =
  /\b(?:(?:insert|replace)(?:\s+or\s+[a-z]+)?\s+into|delete\s+from|merge\s+into|truncate(?:\s+table)?|(?<!\b(?:for|do|key)\s+)update(?!\s+set\b))(?:\s+only)?\s+(?:"?[a-z_]+"?\.)?(?:"?([a-z_]+)\b"?|(\uFFFC))/gi;

/** A table written, or null when the scan cannot tell which: its name (`why: 'name'`) or the whole SQL text (`'text'`) is made at run time. */
export type Write = { table: string | null; line: number; why?: 'name' | 'text' };
export type Import = { specifier: string; line: number; typeOnly: boolean };

export type Scan = { writes: Write[]; imports: Import[] };

const scanned = new Map<string, Scan>();
/** What a file writes and imports, read from its syntax tree (each text parsed once). */
export function scan(text: string): Scan {
  const known = scanned.get(text);
  if (known) return known;
  const found = scanText(text);
  scanned.set(text, found);
  return found;
}

function scanText(text: string): Scan {
  const source = ts.createSourceFile('file.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const lineAt = (position: number) => source.getLineAndCharacterOfPosition(position).line + 1;
  const lineOf = (node: ts.Node) => lineAt(node.getStart(source));
  const writes: Write[] = [];
  const imports: Import[] = [];
  const write = (table: string | null, line: number, why: Write['why'] = 'name') =>
    writes.push(table === null ? { table, line, why } : { table, line });
  /** The local names of kysely's `sql` (usually `sql`). */
  const sqlTags = new Set(['sql']);
  /** A callee as written, with an alias of `sql` read as `sql` (`sql.raw`, `sql.table`, …). */
  const calleeName = (callee: ts.Expression) =>
    callee.getText(source).replace(/^(\w+)\./, (all, tag: string) => (sqlTags.has(tag) ? 'sql.' : all));
  const literal = (node: ts.Node | undefined) => (node && ts.isStringLiteralLike(node) ? node.text : null);
  /**
   * SQL text with each run-time part as a HOLE, except `sql.table('t')`, `sql.id('t')` and
   * `sql.ref('t')`, which name it; with each piece's place in the file, for the line of a match.
   */
  const sqlText = (node: ts.Expression): Array<{ text: string; at: number }> | null => {
    if (ts.isStringLiteralLike(node)) return [{ text: node.text, at: node.getStart(source) + 1 }];
    if (!ts.isTemplateExpression(node)) return null;
    return [
      { text: node.head.text, at: node.head.getStart(source) + 1 },
      ...node.templateSpans.flatMap((span) => {
        const part = span.expression;
        const named =
          ts.isCallExpression(part) && ['sql.table', 'sql.id', 'sql.ref'].includes(calleeName(part.expression))
            ? literal(part.arguments[0])
            : null;
        return [
          { text: named ?? HOLE, at: part.getStart(source) },
          { text: span.literal.text, at: span.literal.getStart(source) + 1 },
        ];
      }),
    ];
  };
  const rawWrites = (pieces: Array<{ text: string; at: number }>) => {
    const whole = pieces.map((piece) => piece.text).join('');
    for (const match of whole.matchAll(RAW_WRITE)) {
      let offset = match.index ?? 0;
      let piece = pieces[0] ?? { text: '', at: 0 };
      for (piece of pieces) {
        if (offset < piece.text.length) break;
        offset -= piece.text.length;
      }
      write(match[1]?.toLowerCase() ?? null, lineAt(piece.at) + piece.text.slice(0, offset).split('\n').length - 1);
    }
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const specifier = node.moduleSpecifier.text;
      imports.push({ specifier, line: lineOf(node), typeOnly: node.importClause?.isTypeOnly ?? false });
      const bindings = node.importClause?.namedBindings;
      if (specifier === 'kysely' && bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          if ((element.propertyName ?? element.name).text === 'sql') sqlTags.add(element.name.text);
        }
      }
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      imports.push({ specifier: node.moduleSpecifier.text, line: lineOf(node), typeOnly: node.isTypeOnly });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      imports.push({ specifier: node.argument.literal.text, line: lineOf(node), typeOnly: true });
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const first = node.arguments[0];
      if (callee.kind === ts.SyntaxKind.ImportKeyword && first && ts.isStringLiteralLike(first)) {
        imports.push({ specifier: first.text, line: lineOf(node), typeOnly: false });
      } else if (ts.isPropertyAccessExpression(callee) && BUILDER_WRITES.has(callee.name.text) && first) {
        const named = literal(first);
        write(named === null ? null : (/^\s*([a-z_]+)/.exec(named)?.[1] ?? null), lineOf(callee.name));
      } else if (RAW_RUNNERS.has(calleeName(callee))) {
        const pieces = first ? sqlText(first) : null;
        if (pieces === null) write(null, lineOf(node), 'text');
        else rawWrites(pieces);
      }
    } else if (ts.isTaggedTemplateExpression(node) && ts.isIdentifier(node.tag) && sqlTags.has(node.tag.text)) {
      // `sql` and `sql<T>` alike; a template inside a template is visited on its own.
      rawWrites(sqlText(node.template) ?? []);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { writes, imports };
}

/** The tables a file writes: query-builder writes, and writes in raw SQL (`sql`, `sql<T>`, `sql.raw`). */
export function writesOf(text: string): Write[] {
  return scan(text).writes;
}

/** The module a file belongs to: `modules/<name>`, else its folder (`chat`, `chat/uploads`, `infra/mail`, `workflows`, …). */
const moduleOf = (file: string) => (file.startsWith('modules/') ? file.split('/').slice(0, 2).join('/') : dirname(file));
const isRepo = (path: string) => /(^|\/)(repo|store)(\.[cm]?[jt]s)?$/.test(path);
const owns = (owner: string, file: string) => file === owner || file.startsWith(`${owner.replace(/\/$/, '')}/`);

/** The file a relative import names, among these files (`./x`, `./x.js`, `./x/index`), or null. */
function resolveImport(from: string, specifier: string, known: Map<string, unknown>): string | null {
  if (!specifier.startsWith('.')) return null;
  const path = join(dirname(from), specifier).split('\\').join('/');
  const bare = path.replace(CODE, '');
  const candidates = [path, `${bare}.ts`, `${bare}.js`, `${bare}/index.ts`, `${bare}/index.js`];
  return candidates.find((candidate) => known.has(candidate)) ?? null;
}

/** The server module a file belongs to: `modules/<name>`, or `chat` for all of `chat/`; null for the rest (workflows, infra, http, …). */
export function serverModuleOf(file: string): string | null {
  const [top, name, rest] = file.split('/');
  if (top === 'modules') return rest === undefined ? null : `modules/${name}`;
  return top === 'chat' && name !== undefined ? 'chat' : null;
}

/** A module's one public entry. */
const indexOf = (module: string) => `${module}/index.ts`;
const isIndex = (file: string) => file === indexOf(serverModuleOf(file) ?? '');

/** The file an import names: among these files when it is one of them, else its bare path; null for a package. */
const targetOf = (from: string, specifier: string, known: Map<string, unknown>) =>
  resolveImport(from, specifier, known) ??
  (specifier.startsWith('.') ? join(dirname(from), specifier).split('\\').join('/') : null);

/**
 * Where a file reaches into another module other than by its index, or a module imports a
 * workflow's code, as `file:line: what`.
 */
export function entryViolations(sourceFiles: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of sourceFiles) {
    if (exempt(file)) continue;
    const from = serverModuleOf(file);
    for (const { specifier, line, typeOnly } of scan(source).imports) {
      const target = targetOf(file, specifier, sourceFiles);
      if (target === null) continue;
      const to = serverModuleOf(target);
      if (to !== null && to !== from && target !== indexOf(to)) {
        found.push(`${file}:${line}: imports ${target.replace(CODE, '')}, inside ${to} (import ${indexOf(to)})`);
      }
      if (from !== null && !typeOnly && target.startsWith('workflows/')) {
        found.push(`${file}:${line}: imports ${target.replace(CODE, '')}, a workflow (modules do not build on workflows)`);
      }
    }
  }
  return found;
}

/** Which module imports which, by any import (types too), each edge with the first place it is made. */
function moduleGraph(sourceFiles: Map<string, string>): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const [file, source] of sourceFiles) {
    const from = serverModuleOf(file);
    if (exempt(file) || from === null) continue;
    for (const { specifier, line } of scan(source).imports) {
      const target = targetOf(file, specifier, sourceFiles);
      const to = target === null ? null : serverModuleOf(target);
      if (to === null || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string>();
      if (!edges.has(to)) edges.set(to, `${file}:${line}`);
      graph.set(from, edges);
    }
  }
  return graph;
}

/**
 * The loops between modules, each named once from its first module by name: the modules in turn,
 * and where each imports the next.
 */
export function moduleLoops(sourceFiles: Map<string, string>): string[] {
  const graph = moduleGraph(sourceFiles);
  const loops = new Map<string, string>();
  for (const start of [...graph.keys()].sort()) {
    // The shortest way back to `start`, breadth first.
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0 && !cameFrom.has(start)) {
      const at = queue.shift() as string;
      for (const next of graph.get(at)?.keys() ?? []) {
        if (cameFrom.has(next)) continue;
        cameFrom.set(next, at);
        queue.push(next);
      }
    }
    if (!cameFrom.has(start)) continue;
    const path: string[] = [];
    for (let at = cameFrom.get(start) as string; at !== start; at = cameFrom.get(at) as string) path.unshift(at);
    path.unshift(start);
    const first = path.indexOf([...path].sort()[0] as string);
    const turn = [...path.slice(first), ...path.slice(0, first)];
    const key = turn.join(' → ');
    const places = turn.map((module, i) => graph.get(module)?.get(turn[(i + 1) % turn.length] as string));
    loops.set(key, `${key} → ${turn[0]} (${places.join(', ')})`);
  }
  return [...loops.values()];
}

/** The modules among these files that have no `index.ts`. */
export function missingIndexes(paths: string[]): string[] {
  const modules = new Set(paths.map(serverModuleOf).filter((module): module is string => module !== null));
  return [...modules].filter((module) => !paths.includes(indexOf(module))).sort();
}

/** Why a file is another module's public face although it writes tables, or null when it is private. */
function publicFace(file: string, ownerOf: Map<string, string>): string | null {
  if (isRepo(file)) return null;
  if (['service.ts', 'personal-data.ts'].includes(basename(file))) return basename(file);
  if ([...ownerOf.values()].includes(file)) return 'an owner in the ownership table';
  return PUBLIC_WRITERS.get(file) ?? null;
}

const files = sources();
const text = new Map(files.map((file) => [file, readFileSync(join(SRC, file), 'utf8')]));
const owners = ownershipTable(readFileSync(ARCHITECTURE, 'utf8'));

/** Where a rule is broken, as `file:line: what`. */
export function violations(sourceFiles: Map<string, string>, ownerOf: Map<string, string>): string[] {
  const found: string[] = [];
  for (const [file, source] of sourceFiles) {
    if (exempt(file)) continue;
    const { writes, imports } = scan(source);
    for (const write of writes) {
      const owner = write.table === null ? undefined : ownerOf.get(write.table);
      if (write.why === 'text') found.push(`${file}:${write.line}: runs SQL text made at run time, which this test cannot read`);
      else if (write.table === null)
        found.push(`${file}:${write.line}: writes a table named at run time, which this test cannot check`);
      else if (!owner) found.push(`${file}:${write.line}: writes ${write.table}, a table with no owner in docs/ARCHITECTURE.md`);
      else if (!owns(owner, file)) found.push(`${file}:${write.line}: writes ${write.table}, which ${owner} owns`);
    }
    // A module's index speaks for the module to the rest of the server: what it exposes is reached from outside.
    const exposing = isIndex(file);
    for (const { specifier, line, typeOnly } of imports) {
      const target = targetOf(file, specifier, sourceFiles);
      if (target === null || (moduleOf(target) === moduleOf(file) && !exposing) || exempt(target)) continue;
      const reach = `${exposing ? 'exposes' : 'imports'} ${target.replace(CODE, '')}`;
      if (isRepo(target)) {
        found.push(
          `${file}:${line}: ${reach}, ${exposing ? 'its' : "another module's"} repo (${exposing ? 'expose' : 'call'} its service)`,
        );
        continue;
      }
      // A type carries no code: it cannot write anything.
      const tables = [...new Set(scan(sourceFiles.get(target) ?? '').writes.map((write) => write.table ?? '(run time)'))];
      if (!typeOnly && tables.length > 0 && publicFace(target, ownerOf) === null) {
        found.push(
          `${file}:${line}: ${reach}, which writes ${tables.join(', ')} for ${moduleOf(target)} (${exposing ? 'expose' : 'call'} its service)`,
        );
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

  it('lets only the owner write a table, and no module reach into another module’s data layer', () => {
    expect(violations(text, owners)).toEqual([]);
  });

  it('names each public writer only while it writes and is called from outside its module', () => {
    const stale = [...PUBLIC_WRITERS.keys()].filter((writer) => {
      if (!text.has(writer) || writesOf(text.get(writer) ?? '').length === 0) return true;
      return !files.some(
        (file) =>
          !exempt(file) &&
          (moduleOf(file) !== moduleOf(writer) || isIndex(file)) &&
          scan(text.get(file) ?? '').imports.some(
            ({ specifier, typeOnly }) => !typeOnly && resolveImport(file, specifier, text) === writer,
          ),
      );
    });
    expect(stale).toEqual([]);
  });

  it('gives every server module its index', () => {
    expect(missingIndexes(files)).toEqual([]);
  });

  it('reaches a module only through its index, and builds no module on a workflow', () => {
    expect(entryViolations(text)).toEqual([]);
  });

  it('has no loop between modules', () => {
    expect(moduleLoops(text)).toEqual([]);
  });

  it('keeps migrations frozen: they import only kysely and each other', () => {
    const imports = files
      .filter((file) => file.startsWith('db/migrations/') && !file.endsWith('.test.ts'))
      .flatMap((file) =>
        scan(text.get(file) ?? '')
          .imports.map(({ specifier }) => specifier)
          .filter((specifier) => specifier !== 'kysely' && !/^\.\/[\w-]+$/.test(specifier))
          .map((specifier) => `${file}: ${specifier}`),
      );
    expect(imports).toEqual([]);
  });

  it('catches a write outside the owner and a reach into another module’s data layer', () => {
    const planted = new Map([
      ['modules/cart/service.ts', "import { ON_SALE } from '../catalog/repo';\nawait trx.updateTable('orders').set({});"],
      ['modules/orders/repo.ts', "await db.updateTable('orders').set({});\nawait sql`update skus set stock = 0`.execute(db);"],
      ['seed/orders.ts', "await db.updateTable('orders').set({});"],
      // Raw SQL typed with `sql<T>`, run with `sql.raw`, or inside a template with templates in it.
      [
        'modules/wishlist/service.ts',
        [
          'const ids = await sql<{ id: number }>`insert into cart_items (user_id) values (1) returning id`.execute(db);',
          'await sql.raw(\'DELETE FROM "users" WHERE id = 1\').execute(db);',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: planted source, a template inside a template
          'await sql`with gone as (${sql`select ${sql.ref("x")}`}) insert or ignore into addresses (id) select id from gone`.execute(db);',
          'await sql`select * from skus where id = 1 for no key update`.execute(db);',
          'await sql.raw(text).execute(db);',
          'await db.deleteFrom(table).execute();',
        ].join('\n'),
      ],
      // A module's file that writes its tables, not its service: private to it.
      ['modules/orders/ledger.ts', "export const close = (db) => db.updateTable('orders').set({ status: 6 }).execute();"],
      ['modules/orders/service.ts', "export const closeOrder = (db) => db.updateTable('orders').set({ status: 6 }).execute();"],
      ['modules/orders/pricing.ts', 'export const total = (lines) => lines.length;'],
      [
        'workflows/close.ts',
        [
          "import { close } from '../modules/orders/ledger';",
          "import { closeOrder } from '../modules/orders/service';",
          "import { total } from '../modules/orders/pricing';",
          "import type { Ledger } from '../modules/orders/ledger';",
          "const later = await import('../modules/orders/ledger.js');",
        ].join('\n'),
      ],
    ]);
    expect(violations(planted, owners)).toEqual([
      'modules/cart/service.ts:2: writes orders, which modules/orders owns',
      "modules/cart/service.ts:1: imports modules/catalog/repo, another module's repo (call its service)",
      'modules/orders/repo.ts:2: writes skus, which modules/catalog owns',
      'modules/wishlist/service.ts:1: writes cart_items, which modules/cart owns',
      'modules/wishlist/service.ts:2: writes users, which modules/users owns',
      'modules/wishlist/service.ts:3: writes addresses, which modules/addresses owns',
      'modules/wishlist/service.ts:5: runs SQL text made at run time, which this test cannot read',
      'modules/wishlist/service.ts:6: writes a table named at run time, which this test cannot check',
      'workflows/close.ts:1: imports modules/orders/ledger, which writes orders for modules/orders (call its service)',
      'workflows/close.ts:5: imports modules/orders/ledger, which writes orders for modules/orders (call its service)',
    ]);
  });

  it('catches a reach past an index, a module built on a workflow, an index missing and a loop', () => {
    const planted = new Map([
      ['modules/orders/index.ts', "export { closeOrder } from './service';\nexport type { Ledger } from './ledger';"],
      ['modules/orders/service.ts', "import { total } from './pricing';\nimport type { Cart } from '../cart';"],
      ['modules/orders/pricing.ts', "import { reserve } from '../catalog/stock';"],
      ['modules/cart/index.ts', "export { cartOf } from './service';"],
      [
        'modules/cart/service.ts',
        "import { closeOrder } from '../orders';\nimport type { Checkout } from '../../workflows/checkout';",
      ],
      ['modules/catalog/stock.ts', "import { cartOf } from '../cart/index';\nimport { steps } from '../../workflows/checkout';"],
      ['chat/uploads/routes.ts', "import { closeOrder } from '../../modules/orders/service';\nimport { hub } from '../hub';"],
      [
        'workflows/close.ts',
        "import { closeOrder } from '../modules/orders';\nconst later = await import('../modules/cart/service.js');",
      ],
      ['modules/orders/orders.test.ts', "import { cartOf } from '../cart/service';"],
      ['seed/orders.ts', "import { total } from '../modules/orders/pricing';"],
    ]);
    expect(entryViolations(planted)).toEqual([
      'modules/orders/pricing.ts:1: imports modules/catalog/stock, inside modules/catalog (import modules/catalog/index.ts)',
      'modules/catalog/stock.ts:2: imports workflows/checkout, a workflow (modules do not build on workflows)',
      'chat/uploads/routes.ts:1: imports modules/orders/service, inside modules/orders (import modules/orders/index.ts)',
      'workflows/close.ts:2: imports modules/cart/service, inside modules/cart (import modules/cart/index.ts)',
    ]);
    expect(missingIndexes([...planted.keys()])).toEqual(['chat', 'modules/catalog']);
    expect(moduleLoops(planted)).toEqual([
      'modules/cart → modules/orders → modules/cart (modules/cart/service.ts:1, modules/orders/service.ts:2)',
      'modules/cart → modules/orders → modules/catalog → modules/cart (modules/cart/service.ts:1, modules/orders/pricing.ts:1, modules/catalog/stock.ts:1)',
    ]);
    // An index exposes a module's faces, never its private writers.
    planted.set(
      'modules/orders/ledger.ts',
      "export const close = (db) => db.updateTable('orders').set({ status: 6 }).execute();",
    );
    planted.set(
      'modules/orders/index.ts',
      "export { close } from './ledger';\nexport type { Ledger } from './ledger';\nexport { orders } from './repo';",
    );
    expect(violations(planted, owners)).toEqual([
      'modules/orders/index.ts:1: exposes modules/orders/ledger, which writes orders for modules/orders (expose its service)',
      'modules/orders/index.ts:3: exposes modules/orders/repo, its repo (expose its service)',
    ]);
  });
});
