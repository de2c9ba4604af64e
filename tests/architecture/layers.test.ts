/**
 * The architecture, checked (issue #27): every import of `src/` and `machines/` (static,
 * `import type`, `export … from`, `import()`) keeps to the table of rooms in `layers.ts`, rooms
 * import one another without a cycle, and the README's "Architecture" section shows that table
 * and a picture whose floors agree with it. A small tree shows the checker catching each kind
 * of forbidden import, so a pass on the real tree means something.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { breaches, roomGraph, type RoomTable } from './check.js';
import { cyclesOf, importGraph } from '../helpers/import-graph.js';
import { MAY_IMPORT, ROOMS } from './layers.js';

const root = join(import.meta.dirname, '../..');
const sources = ['src', 'machines'].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => `${dir}/${file.split('\\').join('/')}`));
const graph = importGraph(root, sources);
const tableGraph = new Map(Object.entries(MAY_IMPORT).map(([room, allowed]) => [room, new Set(allowed)]));
const sorted = (names: Iterable<string>) => [...names].sort();

describe('the code keeps to the table', () => {
  it('reads the whole tree', () => {
    expect(graph.size).toBe(sources.length);
    expect(sources.length).toBeGreaterThan(300);
  });

  it('no import crosses into a room its room may not import, and every file is in a room', () => {
    expect(breaches(graph, MAY_IMPORT)).toEqual([]);
  });

  it('rooms import one another without a cycle, in the code and in the table', () => {
    expect(cyclesOf(roomGraph(graph))).toEqual([]);
    expect(cyclesOf(tableGraph)).toEqual([]);
  });

  it('every room of the table holds code (the table names no room that is gone)', () => {
    expect(sorted(roomGraph(graph).keys())).toEqual(sorted(ROOMS));
  });
});

describe("the README's Architecture section", () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('\n## Architecture\n');
  const end = readme.indexOf('\n## ', start + 1);
  const section = readme.slice(start, end === -1 ? undefined : end);
  /** A table cell's rooms: its `code` spans outside parentheses ('—' is none). */
  const roomsIn = (cell: string) => [...cell.replace(/\([^)]*\)/g, '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

  it('shows this table: each room and what it may import', () => {
    expect(start, 'README.md has no "## Architecture" section').toBeGreaterThan(-1);
    const rows = section.split('\n').filter((line) => line.startsWith('| `'));
    const shown = Object.fromEntries(rows.map((row) => {
      const cells = row.split('|');
      return [roomsIn(cells[1]!)[0]!, sorted(roomsIn(cells[3]!))];
    }));
    expect(shown).toEqual(Object.fromEntries(Object.entries(MAY_IMPORT).map(([room, allowed]) => [room, sorted(allowed)])));
  });

  it('draws every room once, each import of the table going down a floor', () => {
    const floors = new Map<string, number>();
    for (const [, floor, rooms] of section.matchAll(/^floor (\d+) +(.+)$/gm)) {
      for (const room of rooms!.trim().split(/\s+/)) {
        expect(floors.has(room), `${room} is drawn twice`).toBe(false);
        floors.set(room, Number(floor));
      }
    }
    expect(sorted(floors.keys())).toEqual(sorted(ROOMS));
    const upOrSideways = Object.entries(MAY_IMPORT).flatMap(([room, allowed]) =>
      allowed.filter((to) => floors.get(to)! >= floors.get(room)!).map((to) => `${room} → ${to}`));
    expect(upOrSideways).toEqual([]);
  });
});

describe('the checker, on a small tree', () => {
  const tree = mkdtempSync(join(tmpdir(), 'architecture-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(tree, file)), { recursive: true });
    writeFileSync(join(tree, file), text);
  };
  write('src/low/a.ts', 'export const a = 1;\n');
  write('src/low/index.ts', "export { a } from './a.js';\n");
  write('src/low/types.d.ts', "import '../high/b.js';\n");
  // Up from the bottom through an `import('…')` type; a comment and a package are not imports.
  write('src/low/c.ts', "export type C = import('../high/b.js').B;\n");
  write('src/low/d.ts', "// import '../high/b.js' is a comment\nimport ts from 'typescript';\nexport const d = ts;\n");
  write('src/high/b.ts', "import { a } from '../low/index.js';\nimport type { T } from '../mid/t.js';\nexport type B = T;\nexport const b = a;\n");
  // Up from the middle through an `import()` call.
  write('src/mid/t.ts', "export type T = number;\nexport const later = () => import('../high/b.js');\n");
  // A directory import, from a room the table does not know.
  write('src/stray/e.ts', "import '../low';\n");
  write('machines/m.ts', "export { a } from '../src/low/a.js';\n");
  const table: RoomTable = { 'src/high': ['src/low', 'src/mid'], 'src/mid': ['src/low'], 'src/low': [], machines: ['src/low'] };

  it('reads every kind of import, relative ones only, `.js` to `.ts` and a directory to its index', () => {
    const read = importGraph(tree);
    expect(Object.fromEntries([...read].map(([file, imported]) => [file, sorted(imported)]))).toEqual({
      'machines/m.ts': ['src/low/a.ts'],
      'src/high/b.ts': ['src/low/index.ts', 'src/mid/t.ts'],
      'src/low/a.ts': [],
      'src/low/c.ts': ['src/high/b.ts'],
      'src/low/d.ts': [],
      'src/low/index.ts': ['src/low/a.ts'],
      'src/mid/t.ts': ['src/high/b.ts'],
      'src/stray/e.ts': ['src/low/index.ts'],
    });
  });

  it('names the file and the import that break the table, and a file in no room', () => {
    expect(breaches(importGraph(tree), table)).toEqual([
      'src/low/c.ts imports src/high/b.ts: src/low may not import src/high',
      'src/mid/t.ts imports src/high/b.ts: src/mid may not import src/high',
      'src/stray/e.ts is in no room of the table (src/stray)',
    ]);
  });

  it('finds rooms that import one another in a cycle, and none once the arrows up are gone', () => {
    expect(cyclesOf(roomGraph(importGraph(tree)))).toEqual([['src/high', 'src/low', 'src/mid']]);
    const downOnly = ['src/low/a.ts', 'src/low/index.ts', 'src/high/b.ts', 'machines/m.ts'];
    expect(cyclesOf(roomGraph(importGraph(tree, downOnly)))).toEqual([]);
  });

  it('finds a file that imports itself', () => {
    const alone = mkdtempSync(join(tmpdir(), 'architecture-self-'));
    try {
      writeFileSync(join(alone, 's.ts'), "export type S = import('./s.js').S | null;\n");
      expect(cyclesOf(importGraph(alone))).toEqual([['s.ts']]);
    } finally {
      rmSync(alone, { recursive: true, force: true });
    }
  });
});
