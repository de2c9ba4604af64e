/**
 * The examples are what users copy: they reach the package only through its two entries
 * (`src/index.ts` is `recovery-protocol`, `machines/index.ts` is `recovery-protocol/machines`),
 * never a module behind them, which an installed package would not let them import.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importGraph } from '../helpers/import-graph.js';

const root = join(import.meta.dirname, '../..');
const typeScriptUnder = (dir: string) =>
  readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.ts')).map((file) => `${dir}/${file}`);
const ENTRIES = ['src/index.ts', 'machines/index.ts'];

describe('examples/', () => {
  it('import the package through its entries only', () => {
    const examples = typeScriptUnder('examples');
    const graph = importGraph(root, [...examples, ...typeScriptUnder('src'), ...typeScriptUnder('machines')]);
    const behind = examples.flatMap((file) =>
      [...graph.get(file)!].filter((target) => !ENTRIES.includes(target) && !target.startsWith('examples/')).map((target) => `${file} imports ${target}`));
    expect(behind).toEqual([]);
    expect(examples.filter((file) => [...graph.get(file)!].some((target) => ENTRIES.includes(target))).length).toBeGreaterThanOrEqual(3);
  });
});
