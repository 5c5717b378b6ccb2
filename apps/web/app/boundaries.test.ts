import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers (decision 0024): `lib` and the shared components are the shared kit and
 * import no feature; a feature (`features/<name>/`) imports the shared kit, its own folder, and
 * another feature only through that feature's `index.ts` (or one of the few second entries named
 * below, each with its reason); and no features import each other in a circle. Routes and the root
 * compose features and are not held to this. Read from the sources, so a new file is covered the
 * moment it exists.
 */

const APP = dirname(fileURLToPath(import.meta.url));
const FEATURES = join(APP, 'features');
const SOURCE = /\.(?:ts|tsx)$/;

/**
 * What a feature may import beyond features: the shared kit. `lib/` (the API client, sessions,
 * storage, forms, paths) and `components/ui/` (the design system: buttons, fields, icons,
 * skeletons, tabs, the phone input) are it by the rule's own words. The other shared components
 * are part of it too, each because several features show the same thing and it imports no feature
 * (the last test holds that): `components/product/` (the product card, carousel, price, picture,
 * discount badge and favourite heart of the listings, home pages, product page, wishlist, bag and
 * orders), `components/coupon/` (a coupon's ticket: the coupon pages, checkout's savings, the back
 * office) and `components/markdown.tsx` (safe Markdown: the help pages, the chat, the back office's
 * help editor) and `components/office/` (the back office's kit: its tables, forms, search bar,
 * confirm dialog, charts, dates and the schemas its forms load late, which every office area uses).
 * Anything else put under `components/` is not shared until it is named here.
 */
const SHARED_KIT = [
  'lib/',
  'components/ui/',
  'components/product/',
  'components/coupon/',
  'components/markdown',
  'components/office/',
];

/**
 * A feature's public entries besides its index: a module another feature may import by itself,
 * because the index would bring the importing page much more than the module (a bundle keeps
 * every module an index names wherever the index is imported, decision 0024). Each names its
 * reason; an entry no other feature imports any more fails the suite.
 */
const SECOND_ENTRIES = new Map([
  [
    'features/chat/language',
    "the chat's language alone (a stored choice and its hook): the console's language switch is on the agents' sign-in page, which the chat's index (composer, message list, connection) would make about 84 KB of gzip heavier",
  ],
]);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** Every module a file names: static and type imports, re-exports and `import()`. */
function importsOf(file: string): string[] {
  return ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((imported) => imported.fileName);
}

/** Where a relative import from a file (a path under app) points, as a path like `features/cart/cart-store`; null for packages. */
export function target(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(APP, resolve(APP, dirname(from), specifier))
    .split('\\')
    .join('/')
    .replace(/\.(?:tsx?|js)$/, '');
}

const featureOf = (path: string) => (path.startsWith('features/') ? (path.split('/')[1] ?? null) : null);
const isIndexOf = (path: string, feature: string) => path === `features/${feature}` || path === `features/${feature}/index`;

/** A feature's import that leaves its folder: the file (under app), the specifier as written, and where it points. */
export type Edge = { file: string; specifier: string; to: string };

/** The imports of these files (path under app → specifiers) that leave their feature's folder. */
export function outgoingOf(files: Map<string, string[]>): Edge[] {
  return [...files].flatMap(([file, specifiers]) =>
    specifiers.flatMap((specifier) => {
      const to = target(file, specifier);
      return to === null || featureOf(to) === featureOf(file) ? [] : [{ file, specifier, to }];
    }),
  );
}

/** A feature's import that the rules refuse, as `file imports 'specifier'`, or null. */
export function crossing(edge: Edge): string | null {
  if (SHARED_KIT.some((shared) => edge.to === shared || edge.to.startsWith(shared))) return null;
  const other = featureOf(edge.to);
  if (other !== null && (isIndexOf(edge.to, other) || SECOND_ENTRIES.has(edge.to))) return null;
  return `${edge.file} imports '${edge.specifier}'`;
}

/** Which features each feature imports. */
export function featureGraph(edges: Edge[]): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const edge of edges) {
    const [from, to] = [featureOf(edge.file), featureOf(edge.to)];
    if (from === null) continue;
    const next = graph.get(from) ?? new Set<string>();
    if (to !== null) next.add(to);
    graph.set(from, next);
  }
  return graph;
}

/** The circles in the features' graph (each named once, from its first feature in order). */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) found.push([...path, start]);
      else if (next > start && !path.includes(next)) walk(start, next, [...path, next]);
    }
  };
  for (const start of [...graph.keys()].sort()) walk(start, start, [start]);
  return found;
}

/** What the rules refuse in these files' imports: the imports themselves, then the circles. */
export function refusals(files: Map<string, string[]>): string[] {
  const edges = outgoingOf(files);
  return [
    ...edges.flatMap((edge) => crossing(edge) ?? []),
    ...cycles(featureGraph(edges)).map((cycle) => `features import each other in a circle: ${cycle.join(' → ')}`),
  ];
}

const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Every feature's files (paths under app) with what each imports. */
const featureFiles = new Map(
  features.flatMap((feature) =>
    sourcesUnder(join(FEATURES, feature)).map((file) => [relative(APP, file), importsOf(file)] as const),
  ),
);
const edges = outgoingOf(featureFiles);

describe('the web app’s import boundaries', () => {
  it('gives every feature an index.ts, its public surface', () => {
    expect(features.filter((feature) => !existsSync(join(FEATURES, feature, 'index.ts')))).toEqual([]);
  });

  it('lets a feature import only the shared kit, its own folder and other features’ index.ts', () => {
    const refused = edges.flatMap((edge) => crossing(edge) ?? []);
    expect(refused, 'a feature imports another feature only through its index.ts (or a second entry named here)').toEqual([]);
  });

  it('names each second entry only while a module of it exists and another feature imports it', () => {
    const stale = [...SECOND_ENTRIES.keys()].filter(
      (entry) =>
        !['.ts', '.tsx'].some((extension) => existsSync(join(APP, `${entry}${extension}`))) ||
        !edges.some((edge) => edge.to === entry),
    );
    expect(stale).toEqual([]);
  });

  it('has no features importing each other in a circle', () => {
    expect(cycles(featureGraph(edges)).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('keeps lib and components free of features and routes', () => {
    const shared = [...sourcesUnder(join(APP, 'lib')), ...sourcesUnder(join(APP, 'components'))];
    const upward = shared.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => {
          const to = target(relative(APP, file), specifier);
          return to !== null && !to.startsWith('lib/') && !to.startsWith('components/');
        })
        .map((specifier) => `${relative(APP, file)} imports '${specifier}'`),
    );
    expect(upward).toEqual([]);
  });

  it('catches a deep import, a part of components outside the kit, an import of a route, and a circle', () => {
    const planted = new Map([
      [
        'features/coupons/planted.tsx',
        [
          '../orders', // the index: allowed
          '../orders/index', // the index named in full: allowed
          '../orders/order-parts', // a module the orders' index re-exports: refused all the same
          '../chat/language', // a second entry: allowed
          '../chat/messages/message-list', // a deep import: refused
          './coupon-rules', // its own folder: allowed
          '../../components/ui/button', // the shared kit: allowed
          '../../components/markdown', // the shared kit: allowed
          '../../components/header/menu', // components outside the kit: refused
          '../../lib/api', // the shared kit: allowed
          '../../routes/home', // a route: refused
          '@shop/contracts', // a package: not this test's business
        ],
      ],
      ['features/orders/planted.tsx', ['../coupons']],
    ]);
    expect(refusals(planted)).toEqual([
      "features/coupons/planted.tsx imports '../orders/order-parts'",
      "features/coupons/planted.tsx imports '../chat/messages/message-list'",
      "features/coupons/planted.tsx imports '../../components/header/menu'",
      "features/coupons/planted.tsx imports '../../routes/home'",
      'features import each other in a circle: coupons → orders → coupons',
    ]);
  });
});
