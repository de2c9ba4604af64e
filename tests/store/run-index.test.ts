/**
 * The lowdb listing's shortcut (run-index.ts): a store whose `runs/` directory has not changed
 * since a whole listing is listed from `index.json` alone, and anything that changes an entry of
 * the directory (a commit, a new run, a prune) sends it back to checking every file. Real files.
 */
import { mkdir, readFile, rm, stat, truncate, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/lowdb-store.js';
import { runIndexOf } from '../../src/store/run-index.js';
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

  it('a garbage or foreign index is never trusted for a directory, and the garbage is named', async () => {
    const store = openStore(dir);
    await saveRun(store, makeRun('r1', { updatedAt: 1 }));
    await settle(['r1']);
    await openStore(dir).list();
    const path = join(dir, 'index.json');
    const index = await readFile(path, 'utf8');
    // A row that does not check out (here: a run id no store would write) voids the whole index.
    await writeFile(path, index.replace('"runId":"r1"', '"runId":"../x"'));
    const problems: string[] = [];
    expect((await runIndexOf(dir).list({ onIndexProblem: (m) => problems.push(m) })).map((s) => s.runId)).toEqual(['r1']);
    expect(problems).toEqual([`${path}: row 1: not a run's row ({"runId":"../x","status":"running","task":"npm test","createdAt":1700000000000,"); every run file was read instead, and the index rewritten`]);
    expect(await readFile(path, 'utf8')).toBe(index); // rewritten whole
    // The index of another directory (another inode) does not match this one.
    await editInPlace('r1', { status: 'skipped' });
    await writeFile(path, index.replace(/"dir":"\d+:/, '"dir":"1:'));
    expect((await openStore(dir).list()).map((s) => `${s.runId}:${s.status}`)).toEqual(['r1:skipped']);
  });
});

describe('the index file', () => {
  /** Three settled runs listed once, so index.json vouches for runs/ (r3 newest). */
  async function quietStore(): Promise<string> {
    const store = openStore(dir);
    for (const [i, runId] of ['r1', 'r2', 'r3'].entries()) await saveRun(store, makeRun(runId, { updatedAt: i + 1, task: `task ${runId} — ü` }));
    await settle(['r1', 'r2', 'r3']);
    await openStore(dir).list();
    expect(await indexDir()).not.toBe('');
    return readFile(join(dir, 'index.json'), 'utf8');
  }

  it('an index of the format before (version 1) keeps its rows, and is written anew as version 2', async () => {
    const v2 = JSON.parse(await quietStore()) as { dir: string; runs: { runId: string; status: string; task: string; createdAt: number; updatedAt: number }[]; ids: string[] };
    // What the listing before this format wrote for the same store.
    const runs = Object.fromEntries(v2.runs.map((r, i) => [r.runId, [v2.ids[i], r.status, r.task, r.createdAt, r.updatedAt, null]]));
    await writeFile(join(dir, 'index.json'), JSON.stringify({ version: 1, dir: v2.dir, runs }));
    // Its rows are used as they are, not re-read: a hand edit in place does not show yet.
    await editInPlace('r2', { status: 'skipped' });
    const problems: string[] = [];
    const listed = await runIndexOf(dir).list({ onIndexProblem: (m) => problems.push(m) });
    expect(listed.map((s) => `${s.runId}:${s.status}:${s.task}`)).toEqual(['r3:running:task r3 — ü', 'r2:running:task r2 — ü', 'r1:running:task r1 — ü']);
    expect(problems).toEqual([]);
    expect(JSON.parse(await readFile(join(dir, 'index.json'), 'utf8'))).toEqual(v2);
  });

  it('a limited listing of a quiet store is the whole listing\'s first rows, and reads no further', async () => {
    const text = await quietStore();
    const whole = await openStore(dir).list();
    for (const limit of [1, 2, 3, 4]) expect(await runIndexOf(dir).list({ limit })).toEqual(whole.slice(0, limit));
    // A bad last row (the oldest run) is past what a listing of the newest two decodes …
    await writeFile(join(dir, 'index.json'), text.replace('"runId":"r1"', '"runId":"../x"'));
    const problems: string[] = [];
    expect(await runIndexOf(dir).list({ limit: 2, onIndexProblem: (m) => problems.push(m) })).toEqual(whole.slice(0, 2));
    expect(problems).toEqual([]);
    // … and a whole listing finds it, says so, and lists from the files.
    expect(await runIndexOf(dir).list({ onIndexProblem: (m) => problems.push(m) })).toEqual(whole);
    expect(problems).toEqual([expect.stringMatching(/index\.json: row 3: not a run's row/)]);
  });

  it('an index cut short is named and rebuilt', async () => {
    const text = await quietStore();
    await writeFile(join(dir, 'index.json'), text.slice(0, text.length / 2));
    const problems: string[] = [];
    expect((await runIndexOf(dir).list({ onIndexProblem: (m) => problems.push(m) })).map((s) => s.runId)).toEqual(['r3', 'r2', 'r1']);
    expect(problems).toEqual([expect.stringMatching(/index\.json: cut short \(no end\); every run file was read instead, and the index rewritten$/)]);
    expect(await readFile(join(dir, 'index.json'), 'utf8')).toBe(text);
  });

  it('an index that cannot be read is named and left as it is', async () => {
    await quietStore();
    await rm(join(dir, 'index.json'));
    await mkdir(join(dir, 'index.json'));
    const problems: string[] = [];
    expect((await runIndexOf(dir).list({ onIndexProblem: (m) => problems.push(m) })).map((s) => s.runId)).toEqual(['r3', 'r2', 'r1']);
    expect(problems).toEqual([expect.stringMatching(/index\.json: cannot be read \(EISDIR\); every run file was read instead, and the index left as it is$/)]);
    expect((await stat(join(dir, 'index.json'))).isDirectory()).toBe(true);
  });

  it('what a listing returns is the caller\'s: changing it changes no later listing', async () => {
    await quietStore();
    const index = runIndexOf(dir);
    for (let round = 0; round < 3; round++) { // from the file, from the checked files, from memory
      const listed = await index.list({ verify: round === 1 });
      expect(listed.map((s) => s.status)).toEqual(['running', 'running', 'running']);
      for (const s of listed) s.status = 'aborted';
    }
  });
});
