/**
 * `src/cli` has no import cycle (issue #27): verbs import the shared modules below them, never
 * one another nor the dispatcher. Checked with the compiler's scanner (tests/helpers/import-graph.ts),
 * `import type` and `import()` included; a cycle fails the test naming its files.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, test } from 'vitest';
import { cyclesOf, importGraph } from '../helpers/import-graph.js';

const CLI = fileURLToPath(new URL('../../src/cli', import.meta.url));

/** The cycles as a failure message names them: one line per cycle, its files. */
const described = (cycles: string[][]) => cycles.map((files) => `  ${files.length} files: ${files.join(', ')}`).join('\n');

test('src/cli has no import cycle (import type and import() included)', () => {
  const graph = importGraph(CLI);
  expect(graph.has('main.ts')).toBe(true);
  const cycles = cyclesOf(graph);
  expect(cycles, `import cycles in src/cli:\n${described(cycles)}`).toEqual([]);
});

test('nothing in src/cli imports the dispatcher (main.ts)', () => {
  const importers = [...importGraph(CLI)].filter(([, imports]) => imports.has('main.ts')).map(([file]) => file);
  expect(importers).toEqual([]);
});

describe('the checker, on a small tree', () => {
  const root = mkdtempSync(join(tmpdir(), 'import-graph-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  };
  // a → b (type only) → sub/c (a dynamic import) → a (a re-export): one cycle of three.
  write('a.ts', "import type { B } from './b.js';\nexport const a = 1;\n");
  write('b.ts', "export type B = number;\nexport const load = () => import('./sub/c.js');\n");
  write('sub/c.ts', "export { a } from '../a.js';\n// import './d.js' in a comment is not an import\n");
  // d imports into the cycle and a package: no cycle of its own.
  write('d.ts', "import { a } from './a.js';\nimport ts from 'typescript';\nexport const d = [a, ts];\n");
  // e imports itself through an `import('…')` type.
  write('e.ts', "export type E = import('./e.js').E | null;\n");
  write('types.d.ts', "import './a.js';\n");

  test('reads every kind of import, relative ones only, .js resolved to .ts', () => {
    const graph = importGraph(root);
    expect(Object.fromEntries([...graph].map(([file, imports]) => [file, [...imports].sort()]))).toEqual({
      'a.ts': ['b.ts'], 'b.ts': ['sub/c.ts'], 'sub/c.ts': ['a.ts'], 'd.ts': ['a.ts'], 'e.ts': ['e.ts'],
    });
  });

  test('names the files of each cycle; a file that imports itself is one', () => {
    expect(cyclesOf(importGraph(root))).toEqual([['a.ts', 'b.ts', 'sub/c.ts'], ['e.ts']]);
  });

  test('only the files asked about: breaking the loop by leaving one out leaves none', () => {
    expect(cyclesOf(importGraph(root, ['a.ts', 'b.ts', join(root, 'd.ts')]))).toEqual([]);
    expect([...importGraph(root, ['a.ts', 'b.ts']).keys()]).toEqual(['a.ts', 'b.ts']);
  });
});
