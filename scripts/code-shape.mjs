// The shape of the code: files past 500 lines and functions past 100 lines of their own (the
// functions nested in them left out), read from the sources' syntax trees. `node
// scripts/code-shape.mjs` prints the report; scripts/code-shape.test.ts holds the limits.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { root } from './lib.mjs';

export const LIMITS = {
  /** lines a source file may have */
  fileLines: 500,
  /** lines of its own a function or component may have */
  functionLines: 200,
  /** lines of its own past which a function counts as long */
  longFunction: 100,
  /** how many long functions the code may have */
  longFunctions: 30,
};

const PLACES = ['apps', 'packages', 'scripts', 'e2e'];
const CODE = /\.(?:tsx?|mjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'build', 'dist', '.react-router', 'public']);

/**
 * Files the limits do not hold for: tests and their helpers, data (the demo catalogue and the
 * generated demo pictures, the country and region lists), the seed, migrations (frozen text) and
 * the schema generated from them.
 */
export function exempt(file) {
  return (
    /\.test\.tsx?$/.test(file) ||
    /\.e2e\.ts$/.test(file) ||
    file.startsWith('e2e/') ||
    file.includes('/testing/') ||
    file.includes('/seed/') ||
    file.includes('/db/migrations/') ||
    file.endsWith('/db/schema.ts') ||
    /(?:^|\/)[\w-]*-data\.ts$/.test(file) ||
    file.endsWith('/ui/countries.ts') ||
    file.endsWith('/contracts/src/address-regions.ts')
  );
}

/** Every TypeScript or module source under the project's code folders, relative to the root. */
export function sources(dir = root, places = PLACES) {
  const out = [];
  const walk = (path) => {
    for (const entry of readdirSync(path, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || SKIPPED_DIRS.has(entry.name)) continue;
      const full = join(path, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (CODE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(relative(dir, full).split('\\').join('/'));
    }
  };
  for (const place of places) {
    try {
      walk(join(dir, place));
    } catch {
      // a place that does not exist has nothing to measure
    }
  }
  return out.sort();
}

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

/** A readable name for a function: its own, or the variable, property or call it stands in. */
function nameOf(node, source) {
  if (node.name) return node.name.getText(source);
  if (node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DefaultKeyword)) return 'default export';
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source).replace(/\s+/g, ' ');
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` ${first.text}` : '';
    return `${callee.length > 40 ? `${callee.slice(0, 40)}…` : callee}(${label.trim()}) callback`;
  }
  if (ts.isExportAssignment(parent)) return 'default export';
  return '(anonymous)';
}

/**
 * The functions of one source text with their own lines: the lines a function spans, less the lines
 * of the functions nested in it (each nested one counted for itself).
 */
export function functionsOf(text, file = 'file.tsx') {
  const kind = file.endsWith('x') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (position) => source.getLineAndCharacterOfPosition(position).line;
  const found = [];
  /** Walks below `node`, handing each outermost nested function's span to `nested`. */
  const visit = (node, nested) => {
    ts.forEachChild(node, (child) => {
      if (FUNCTION_KINDS.has(child.kind) && child.body) {
        const start = lineOf(child.getStart(source));
        const end = lineOf(child.getEnd());
        const span = end - start + 1;
        nested.push(span);
        const inner = [];
        visit(child, inner);
        const own = span - inner.reduce((sum, lines) => sum + lines, 0);
        found.push({ name: nameOf(child, source), line: start + 1, own });
      } else {
        visit(child, nested);
      }
    });
  };
  visit(source, []);
  return found;
}

/** The measured shape of the project: long files and long functions, longest first. */
export function measure(dir = root) {
  const files = [];
  const functions = [];
  for (const file of sources(dir)) {
    if (exempt(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    files.push({ file, lines });
    for (const fn of functionsOf(text, file)) functions.push({ file, ...fn });
  }
  files.sort((a, b) => b.lines - a.lines);
  functions.sort((a, b) => b.own - a.own);
  return {
    files: files.length,
    longFiles: files.filter((f) => f.lines > LIMITS.fileLines),
    longFunctions: functions.filter((f) => f.own > LIMITS.longFunction),
    largestFiles: files.slice(0, 10),
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  const shape = measure();
  console.log(`${shape.files} source files measured (tests, data, seed, migrations and the schema left out)`);
  console.log(`\nFiles over ${LIMITS.fileLines} lines: ${shape.longFiles.length}`);
  for (const f of shape.longFiles) console.log(`  ${String(f.lines).padStart(5)}  ${f.file}`);
  const over = shape.longFunctions.filter((f) => f.own > LIMITS.functionLines);
  console.log(`\nFunctions over ${LIMITS.functionLines} lines of their own: ${over.length}`);
  console.log(
    `Functions over ${LIMITS.longFunction} lines of their own: ${shape.longFunctions.length} (at most ${LIMITS.longFunctions})`,
  );
  for (const f of shape.longFunctions) console.log(`  ${String(f.own).padStart(5)}  ${f.file}:${f.line}  ${f.name}`);
}
