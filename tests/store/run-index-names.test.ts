/** Which names of `runs/` are runs to list (run-index-names.ts): real directories. */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { headNames } from '../../src/store/run-index-names.js';
import { tempDir } from './helpers/fixtures.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

it.each([
  ['a head', ['r1.json'], ['r1.json']],
  ['a head and its event log: one run', ['r1.json', 'r1.events.ndjson'], ['r1.json']],
  ['only its event log (a commit between its renames)', ['r1.events.ndjson'], ['r1.json']],
  ['only its previous copy', ['.r1.json.prev'], ['r1.json']],
  ['a temp file, a file moved aside, strays', ['.r1.json.x1y2.tmp', 'r1.json.corrupt-2026', 'notes.txt', '.hidden.json'], []],
  ['a name no run id can have', ['..json', 'a b.json'], []],
])('%s', async (_name, files, heads) => {
  await mkdir(join(dir, 'runs'));
  for (const file of files) await writeFile(join(dir, 'runs', file), '');
  expect(headNames(join(dir, 'runs')).sort()).toEqual(heads);
});

it('no directory: no runs', () => {
  expect(headNames(join(dir, 'missing'))).toEqual([]);
});
