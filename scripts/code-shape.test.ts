// The code's shape is held, not hoped for: no long files, no long functions, and the way they are
// counted is itself tested.
import { describe, expect, it } from 'vitest';
import { exempt, functionsOf, LIMITS, measure } from './code-shape.mjs';

describe('counting a function’s own lines', () => {
  it('leaves the functions nested in a function out of its count, and counts each of them for itself', () => {
    const text = [
      'export function outer() {', // 1
      '  const a = 1;', // 2
      '  const inner = () => {', // 3
      '    return a;', // 4
      '  };', // 5
      '  return inner();', // 6
      '}', // 7
    ].join('\n');
    const found = functionsOf(text, 'sample.ts');
    expect(found).toContainEqual({ name: 'outer', line: 1, own: 4 });
    expect(found).toContainEqual({ name: 'inner', line: 3, own: 3 });
  });

  it('names methods, components, callbacks and default exports', () => {
    const text = [
      'class Shop { open() { return 1; } }',
      'export const Page = () => <p>hi</p>;',
      "app.get('/x', async () => 1);",
      'export default function () { return 2; }',
    ].join('\n');
    const names = functionsOf(text, 'sample.tsx').map((fn) => fn.name);
    expect(names).toEqual(['open', 'Page', 'app.get(/x) callback', 'default export']);
  });

  it('holds no tests, data, seed, migrations or the generated schema to the limits', () => {
    for (const file of [
      'apps/server/src/chat/chat.test.ts',
      'e2e/checkout.e2e.ts',
      'apps/server/src/seed/images.ts',
      'apps/server/src/db/migrations/0001-start.ts',
      'apps/server/src/db/schema.ts',
      'apps/server/src/seed/catalog-data.ts',
      'apps/server/src/testing/harness.ts',
    ]) {
      expect(exempt(file), file).toBe(true);
    }
    for (const file of ['apps/server/src/app.ts', 'apps/web/app/root.tsx', 'scripts/bench.mjs']) {
      expect(exempt(file), file).toBe(false);
    }
  });
});

describe('the code’s shape', () => {
  const shape = measure();

  it(`has no source file over ${LIMITS.fileLines} lines`, () => {
    expect(shape.longFiles.map((f) => `${f.file}: ${f.lines} lines`)).toEqual([]);
  });

  it(`has no function or component over ${LIMITS.functionLines} lines of its own`, () => {
    const over = shape.longFunctions.filter((fn) => fn.own > LIMITS.functionLines);
    expect(over.map((fn) => `${fn.file}:${fn.line} ${fn.name}: ${fn.own} lines`)).toEqual([]);
  });

  it(`has at most ${LIMITS.longFunctions} functions over ${LIMITS.longFunction} lines of their own`, () => {
    const listed = shape.longFunctions.map((fn) => `${fn.file}:${fn.line} ${fn.name}: ${fn.own}`);
    expect(listed.length, listed.join('\n')).toBeLessThanOrEqual(LIMITS.longFunctions);
  });
});
