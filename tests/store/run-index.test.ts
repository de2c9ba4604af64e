/**
 * The lowdb listing's shortcut (run-index.ts): a store whose `runs/` directory has not changed
 * since a whole listing is listed from `index.json` alone, and anything that changes an entry of
 * the directory (a commit, a new run, a prune) sends it back to checking every file. Real files.
 */
import { readFile, truncate, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/lowdb-store.js';
import { makeRun, saveRun, tempDir } from './helpers/fixtures.js';

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => ({ dir, cleanup } = await tempDir()));
afterEach(() => cleanup());

const old = new Date(Date.now() - 60_000);
/** Files and the directory settled long ago, as a store nobody has written to for a while. */
async function settle(runIds: string[]): Promise<void> {
  for (const runId of runIds) await utimes(join(dir, 'runs', `${runId}.json`), old, old);
  await utimes(join(dir, 'runs'), old, old);
}
/** The directory identity index.json vouches for; '' for none (or no index written yet). */
const indexDir = async (): Promise<unknown> => (JSON.parse(await readFile(join(dir, 'index.json'), 'utf8').catch(() => '{"dir":""}')) as { dir?: unknown }).dir;
/** Edits a head in place (same inode, the directory untouched), as a hand edit would. */
async function editInPlace(runId: string, change: Record<string, unknown>): Promise<void> {
  const file = join(dir, 'runs', `${runId}.json`);
  await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), ...change }));
  await utimes(file, old, old);
}

describe('listing a quiet store from the index alone', () => {
  it('records the directory only after a whole listing of settled files', async () => {
    const store = openStore(dir);
    await saveRun(store, makeRun('r1', { updatedAt: 1 }));
    await openStore(dir).list();
    expect(await indexDir()).toBe(''); // just written: too recent to vouch for
    await settle(['r1']);
    await openStore(dir).list();
    expect(await indexDir()).toMatch(/^\d+:[\d.]+:[\d.]+$/);
  });

  it('trusts the index while runs/ is unchanged, and checks every file again once it changes', async () => {
    const store = openStore(dir);
    await saveRun(store, makeRun('r1', { updatedAt: 1 }));
    await saveRun(store, makeRun('r2', { updatedAt: 2 }));
    await settle(['r1', 'r2']);
    await openStore(dir).list();
    // A hand edit in place changes no entry of runs/: the quiet listing does not see it (that is
    // the shortcut at work: no file was looked at) …
    await editInPlace('r1', { status: 'skipped', updatedAt: 5 });
    expect((await openStore(dir).list()).map((s) => `${s.runId}:${s.status}`)).toEqual(['r2:running', 'r1:running']);
    // … and any commit, to any run, renames an entry: every file is checked again.
    await saveRun(store, makeRun('r3', { updatedAt: 3 }));
    expect((await openStore(dir).list()).map((s) => `${s.runId}:${s.status}`)).toEqual(['r1:skipped', 'r3:running', 'r2:running']);
  });

  it('a fresh store object and the same one agree, and a commit through either is seen at once', async () => {
    const store = openStore(dir);
    await saveRun(store, makeRun('r1', { updatedAt: 1 }));
    await settle(['r1']);
    const lister = openStore(dir);
    expect(await lister.list()).toEqual(await openStore(dir).list());
    await saveRun(openStore(dir), makeRun('r1', { updatedAt: 9, status: 'recovered' }));
    expect((await lister.list()).map((s) => [s.status, s.updatedAt])).toEqual([['recovered', 9]]);
  });

  it('repair checks every file: a head damaged in place is found and moved aside, the index rebuilt', async () => {
    const store = openStore(dir);
    await saveRun(store, makeRun('r1', { updatedAt: 1 }));
    await saveRun(store, makeRun('r2', { updatedAt: 2 }));
    await settle(['r1', 'r2']);
    await openStore(dir).list();
    const file = join(dir, 'runs', 'r1.json');
    await truncate(file, 10);
    await utimes(file, old, old);
    const result = await openStore(dir).repair();
    expect(result.moved.map((m) => m.from)).toEqual([file]);
    expect((await openStore(dir).list()).map((s) => s.runId)).toEqual(['r2']);
  });

  it('a garbage or foreign index is never trusted for a directory', async () => {
    const store = openStore(dir);
    await saveRun(store, makeRun('r1', { updatedAt: 1 }));
    await settle(['r1']);
    await openStore(dir).list();
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as { dir: string; runs: Record<string, unknown> };
    // A row that does not check out (here: a run id no store would write) voids the whole index.
    await writeFile(join(dir, 'index.json'), JSON.stringify({ ...index, runs: { ...index.runs, '../x': index.runs.r1 } }));
    expect((await openStore(dir).list()).map((s) => s.runId)).toEqual(['r1']);
    // The index of another directory (another inode) does not match this one.
    await writeFile(join(dir, 'index.json'), JSON.stringify({ ...index, dir: `1:${index.dir.split(':').slice(1).join(':')}`, runs: {} }));
    expect((await openStore(dir).list()).map((s) => s.runId)).toEqual(['r1']);
  });
});
