/**
 * A damaged run file is named by path, never overwritten or deleted, shown as damaged in list,
 * and moved aside only by repair(); the other runs stay usable throughout.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptRunError } from '../../src/store/errors.js';
import { openStore } from '../../src/store/lowdb-store.js';
import type { Store } from '../../src/store/types.js';
import { makeEvent, makeRun, tempDir } from './helpers/fixtures.js';

const full = JSON.stringify(makeRun('bad'), null, 2);
const DAMAGE: [string, Buffer][] = [
  ['truncated JSON', Buffer.from(full.slice(0, Math.floor(full.length / 2)))],
  ['invalid JSON', Buffer.from('{"runId": "bad", status: running}')],
  ['binary garbage', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 7919 + 13) % 256))],
  ['an empty file', Buffer.alloc(0)],
  ['JSON null', Buffer.from('null')],
  ['JSON that is not a run', Buffer.from('[1, 2, 3]')],
  ['a run with a gap in its history', Buffer.from(JSON.stringify(makeRun('bad', { history: [makeEvent(1), makeEvent(3)] })))],
  ['another run\'s record', Buffer.from(JSON.stringify(makeRun('other')))],
];

describe.each(DAMAGE)('a run file holding %s', (_label, bytes) => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let store: Store;
  let file: string;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    store = openStore(dir);
    await store.save(makeRun('good', { updatedAt: 10 }));
    await store.save(makeRun('bad'));
    file = join(dir, 'runs', 'bad.json');
    await writeFile(file, bytes);
  });
  afterEach(() => cleanup());

  const unchanged = async () => expect(await readFile(file)).toEqual(bytes);

  it('load throws CorruptRunError naming the file', async () => {
    const error = await store.load('bad').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptRunError);
    expect(error).toMatchObject({ path: file, runId: 'bad', code: 'ERR_RUN_CORRUPT' });
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toMatch(/^[\x20-\x7e]+$/); // printable even for binary garbage
  });

  it('save and append refuse and leave the bytes as they were', async () => {
    await expect(store.save(makeRun('bad', {}, 10))).rejects.toMatchObject({ name: 'CorruptRunError', path: file });
    await unchanged();
    await expect(store.append('bad', [makeEvent(4)])).rejects.toBeInstanceOf(CorruptRunError);
    await unchanged();
  });

  it('list shows it damaged, by path, next to the healthy runs', async () => {
    const list = await store.list();
    expect(list.find((s) => s.runId === 'good')).toMatchObject({ status: 'running', updatedAt: 10 });
    const bad = list.find((s) => s.runId === 'bad');
    expect(bad).toMatchObject({ status: null, task: null, damaged: { path: file } });
    expect(bad!.damaged!.error.length).toBeGreaterThan(0);
    // Cached damage is still reported: age the file so the index trusts it, list twice.
    const old = new Date(Date.now() - 60_000);
    await utimes(file, old, old);
    await store.list();
    expect((await openStore(dir).list()).find((s) => s.runId === 'bad')?.damaged?.path).toBe(file);
  });

  it('prune never removes it, however old', async () => {
    const old = new Date(0);
    await utimes(file, old, old);
    expect(await store.prune(0, Date.now() + 1e12)).toEqual(['good']);
    await unchanged();
  });

  it('the other runs stay usable', async () => {
    await store.save(makeRun('good', { status: 'recovered', updatedAt: 11 }, 4));
    await store.append('good', [makeEvent(5)]);
    expect((await store.load('good'))!.history).toHaveLength(5);
    const lock = await store.lock('bad'); // locking is about processes, not file health
    await lock.release();
  });

  it('repair moves it aside byte for byte; then the run id is free again', async () => {
    const { moved, skipped } = await store.repair();
    expect(skipped).toEqual([]);
    expect(moved).toHaveLength(1);
    expect(moved[0]!.from).toBe(file);
    expect(moved[0]!.to).toMatch(/bad\.json\.corrupt-\d+$/);
    expect(existsSync(file)).toBe(false);
    expect(await readFile(moved[0]!.to)).toEqual(bytes);
    expect((await store.list()).map((s) => s.runId)).toEqual(['good']);
    expect(await store.load('bad')).toBeNull();
    await store.save(makeRun('bad'));
    expect((await store.load('bad'))?.runId).toBe('bad');
    expect((await readdir(join(dir, 'runs'))).sort()).toEqual(['bad.json', 'good.json', moved[0]!.to.split('/').pop()].sort());
  });

  it('repair skips it while the run is locked', async () => {
    const lock = await store.lock('bad');
    const { moved, skipped } = await store.repair();
    expect(moved).toEqual([]);
    expect(skipped).toEqual([{ path: file, reason: `the run is locked by process ${process.pid}` }]);
    await unchanged();
    await lock.release();
  });
});

describe('repair', () => {
  it('never replaces an earlier file moved aside', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const store = openStore(dir);
      const moved: string[] = [];
      for (let i = 0; i < 3; i++) {
        await writeFile(join(dir, 'runs', 'bad.json'), `{ broken ${i}`).catch(async () => {
          await store.save(makeRun('seed'));
          await writeFile(join(dir, 'runs', 'bad.json'), `{ broken ${i}`);
        });
        moved.push(...(await store.repair()).moved.map((m) => m.to));
      }
      expect(new Set(moved).size).toBe(3);
      for (let i = 0; i < 3; i++) expect(await readFile(moved[i]!, 'utf8')).toBe(`{ broken ${i}`);
    } finally {
      await cleanup();
    }
  });
});

describe('a directory where a run file should be', () => {
  it('is damaged, listed, refused by save, and skipped by repair without stopping it', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const store = openStore(dir);
      await store.save(makeRun('good'));
      await mkdir(join(dir, 'runs', 'odd.json'));
      await writeFile(join(dir, 'runs', 'bad.json'), '{');
      await expect(store.load('odd')).rejects.toThrow(/unreadable \(EISDIR\)/);
      await expect(store.save(makeRun('odd'))).rejects.toBeInstanceOf(CorruptRunError);
      expect((await store.list()).filter((s) => s.damaged).map((s) => s.runId).sort()).toEqual(['bad', 'odd']);
      const { moved, skipped } = await store.repair();
      expect(moved.map((m) => m.from)).toEqual([join(dir, 'runs', 'bad.json')]);
      expect(skipped).toEqual([{ path: join(dir, 'runs', 'odd.json'), reason: expect.stringMatching(/^could not move it: /) }]);
    } finally {
      await cleanup();
    }
  });
});
