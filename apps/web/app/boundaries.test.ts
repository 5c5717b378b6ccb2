import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers (decision 0024): `lib` and `components` are shared and import no feature;
 * a feature (`features/<name>/`) imports the shared layers, its own folder, and other features only
 * through their `index.ts` or a module that index re-exports; and no features import each other in
 * a circle. Routes and the root
 * compose features and are not held to this. Read from the sources, so a new file is covered the
 * moment it exists.
 */

const APP = dirname(fileURLToPath(import.meta.url));
const FEATURES = join(APP, 'features');
const SOURCE = /\.(?:ts|tsx)$/;

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

/** Where a relative import points inside the app, as a path like `features/cart/cart-store`; null for packages. */
function target(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  return relative(APP, resolve(dirname(file), specifier))
    .split('\\')
    .join('/')
    .replace(SOURCE, '');
}

const featureOf = (path: string) => (path.startsWith('features/') ? (path.split('/')[1] ?? null) : null);
const isIndexOf = (path: string, feature: string) => path === `features/${feature}` || path === `features/${feature}/index`;

const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

type Edge = { file: string; specifier: string; to: string };

/** Each feature's imports that leave its folder. */
const outgoing = new Map<string, Edge[]>(
  features.map((feature) => [
    feature,
    sourcesUnder(join(FEATURES, feature)).flatMap((file) =>
      importsOf(file).flatMap((specifier) => {
        const to = target(file, specifier);
        return to === null || featureOf(to) === feature ? [] : [{ file: relative(APP, file), specifier, to }];
      }),
    ),
  ]),
);

/**
 * The modules a feature's index.ts re-exports: its public surface, file by file. Another feature
 * may import one of them directly (`../chat/language` rather than `../chat`) so that a page takes
 * only the module it uses: a bundle keeps every module an index names wherever it is imported.
 */
const publicModules = new Set(
  features.flatMap((feature) => {
    const index = join(FEATURES, feature, 'index.ts');
    return existsSync(index) ? importsOf(index).flatMap((specifier) => target(index, specifier) ?? []) : [];
  }),
);

/** A feature's import that the rules forbid, or null. */
function crossing(edge: Edge): string | null {
  if (edge.to.startsWith('lib/') || edge.to.startsWith('components/')) return null;
  const other = featureOf(edge.to);
  if (other !== null && (isIndexOf(edge.to, other) || publicModules.has(edge.to))) return null;
  return `${edge.file} imports '${edge.specifier}'`;
}

/** The circles in the features' graph (each named once, from its first feature in order). */
function cycles(graph: Map<string, Set<string>>): string[][] {
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

describe('the web app’s import boundaries', () => {
  it('gives every feature an index.ts, its public surface', () => {
    expect(features.filter((feature) => !existsSync(join(FEATURES, feature, 'index.ts')))).toEqual([]);
  });

  it('lets a feature import only components, lib, its own folder and other features’ public modules', () => {
    const refused = [...outgoing.values()].flat().flatMap((edge) => crossing(edge) ?? []);
    expect(refused, 'a feature imports another feature only through its index.ts and the modules it re-exports').toEqual([]);
  });

  it('has no features importing each other in a circle', () => {
    const graph = new Map(
      [...outgoing].map(([feature, edges]) => [feature, new Set(edges.flatMap((edge) => featureOf(edge.to) ?? []))]),
    );
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('keeps lib and components free of features and routes', () => {
    const shared = [...sourcesUnder(join(APP, 'lib')), ...sourcesUnder(join(APP, 'components'))];
    const upward = shared.flatMap((file) =>
      importsOf(file)
        .filter((specifier) => {
          const to = target(file, specifier);
          return to !== null && !to.startsWith('lib/') && !to.startsWith('components/');
        })
        .map((specifier) => `${relative(APP, file)} imports '${specifier}'`),
    );
    expect(upward).toEqual([]);
  });
});
