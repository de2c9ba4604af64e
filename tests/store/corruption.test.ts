/**
 * A damaged run file is named by path, never overwritten or deleted, shown as damaged in list,
 * and moved aside only by repair(); the other runs stay usable throughout.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, symlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CorruptRunError } from '../../src/store/errors.js';
import { openStore } from '../../src/store/lowdb-store.js';
import type { Store } from '../../src/store/types.js';
import { headOf, makeEvent, makeRun, saveRun, tempDir } from './helpers/fixtures.js';

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
    await saveRun(store, makeRun('good', { updatedAt: 10 }));
    await saveRun(store, makeRun('bad'));
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

  it('a commit refuses and leaves the bytes as they were', async () => {
    const lease = await store.acquire('bad'); // owning is about processes, not file health
    await expect(store.commit('bad', lease.fence, { events: [makeEvent(4)], head: headOf(makeRun('bad')) }))
      .rejects.toMatchObject({ name: 'CorruptRunError', path: file });
    await unchanged();
    await lease.release();
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
    await saveRun(store, makeRun('good', { status: 'recovered', updatedAt: 11 }, 5));
    expect((await store.load('good'))!.history).toHaveLength(5);
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
    await saveRun(store, makeRun('bad'));
    expect((await store.load('bad'))?.runId).toBe('bad');
    const names = (await readdir(join(dir, 'runs'))).filter((n) => !n.endsWith('.ndjson'));
    expect(names.sort()).toEqual(['bad.json', 'good.json', moved[0]!.to.split('/').pop()].sort());
  });

  it('repair skips it while the run is locked', async () => {
    const lock = await store.acquire('bad');
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
          await saveRun(store, makeRun('seed'));
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
      await saveRun(store, makeRun('good'));
      await mkdir(join(dir, 'runs', 'odd.json'));
      await writeFile(join(dir, 'runs', 'bad.json'), '{');
      await expect(store.load('odd')).rejects.toThrow(/unreadable \(EISDIR\)/);
      const lease = await store.acquire('odd');
      await expect(store.commit('odd', lease.fence, { events: [], head: headOf(makeRun('odd')) })).rejects.toBeInstanceOf(CorruptRunError);
      await lease.release();
      expect((await store.list()).filter((s) => s.damaged).map((s) => s.runId).sort()).toEqual(['bad', 'odd']);
      const { moved, skipped } = await store.repair();
      expect(moved.map((m) => m.from)).toEqual([join(dir, 'runs', 'bad.json')]);
      expect(skipped).toEqual([{ path: join(dir, 'runs', 'odd.json'), reason: expect.stringMatching(/^could not move it: /) }]);
    } finally {
      await cleanup();
    }
  });
});

describe('a damaged event log or head link', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  let store: Store;
  beforeEach(async () => {
    ({ dir, cleanup } = await tempDir());
    store = openStore(dir);
    await saveRun(store, makeRun('r1', {}, 4));
  });
  afterEach(() => cleanup());
  const log = () => join(dir, 'runs', 'r1.events.ndjson');

  it('a log cut shorter than its committed part is damage, named by path, and no commit writes over it', async () => {
    const bytes = await readFile(log());
    await writeFile(log(), bytes.subarray(0, bytes.length - 10));
    const error = await store.load('r1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptRunError);
    expect((error as Error).message).toContain(log());
    expect((error as Error).message).toMatch(/it was truncated/);
    const lease = await store.acquire('r1');
    await expect(store.commit('r1', lease.fence, { events: [makeEvent(5)], head: headOf(makeRun('r1')) })).rejects.toBeInstanceOf(CorruptRunError);
    await lease.release();
    expect((await readFile(log())).length).toBe(bytes.length - 10);
  });

  it('a log line that is not an event is damage naming its line', async () => {
    const text = await readFile(log(), 'utf8');
    await writeFile(log(), text.replace(/^.*\n/, `${'x'.repeat(text.indexOf('\n'))}\n`));
    await expect(store.load('r1')).rejects.toThrow(/line 1 of the event log is not JSON/);
  });

  it.each([
    ['status', { status: 'bogus' }, /not a run head: status: expected one of /],
    ['runId', { runId: 'other' }, /not a run head: runId: expected "r1", found "other"/],
    ['events', { events: -1 }, /not a run head: events: expected a whole number >= 0/],
  ])('a head whose %s is wrong is damage naming the field', async (_field, change, message) => {
    const head = join(dir, 'runs', 'r1.json');
    const bytes = JSON.stringify({ ...JSON.parse(await readFile(head, 'utf8')), ...change });
    await writeFile(head, bytes);
    const error = await store.load('r1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptRunError);
    expect((error as Error).message).toContain(head);
    expect((error as Error).message).toMatch(message);
    expect(await readFile(head, 'utf8')).toBe(bytes);
  });

  it('a dangling symbolic link as a run file is listed as damaged, not as missing', async () => {
    await symlink(join(dir, 'gone.json'), join(dir, 'runs', 'dangling.json'));
    const error = await store.load('dangling').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CorruptRunError);
    expect((error as Error).message).toMatch(/a symbolic link to .*gone\.json, which does not exist/);
    expect((await store.list()).find((s) => s.runId === 'dangling')).toMatchObject({ status: null, damaged: { path: join(dir, 'runs', 'dangling.json') } });
  });
});
