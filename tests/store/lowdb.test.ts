/** The lowdb store: the shared contract, plus what only a directory of files can show. */
import { existsSync } from 'node:fs';
import { readFile, readdir, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/lowdb-store.js';
import { defaultStoreDir } from '../../src/store/store-dir.js';
import { describeStoreContract } from './contract.js';
import { makeRun, tempDir } from './helpers/fixtures.js';

describeStoreContract('lowdb', async () => {
  const { dir, cleanup } = await tempDir();
  return { store: openStore(join(dir, 'nested', 'store')), cleanup };
});

describe('lowdb store on disk', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  it('writes one pretty JSON file per run, even under NODE_ENV=test', async () => {
    expect(process.env.NODE_ENV).toBe('test'); // where JSONFilePreset would silently keep everything in memory
    const store = openStore(dir);
    await store.save(makeRun('r1'));
    await store.save(makeRun('r2'));
    expect((await readdir(join(dir, 'runs'))).sort()).toEqual(['r1.json', 'r2.json']);
    const text = await readFile(join(dir, 'runs', 'r1.json'), 'utf8');
    expect(text).toContain('\n  "runId": "r1"');
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(makeRun('r1'))));
  });

  it('creates nothing until the first write, then the directories it needs', async () => {
    const store = openStore(join(dir, 'a', 'b'));
    expect(await store.load('r1')).toBeNull();
    expect(await store.list()).toEqual([]);
    expect(existsSync(join(dir, 'a'))).toBe(false);
    await store.save(makeRun('r1'));
    expect(existsSync(join(dir, 'a', 'b', 'runs', 'r1.json'))).toBe(true);
  });

  it('shares files between store objects on one directory', async () => {
    const a = openStore(dir);
    const b = openStore(dir);
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).save(makeRun('r1', { updatedAt: i }, 3 + i))));
    expect((await a.load('r1'))!.updatedAt).toBe(9);
    expect((await b.list()).map((s) => s.runId)).toEqual(['r1']);
    const lock = await a.lock('r1');
    await expect(b.lock('r1')).rejects.toThrow(/locked by process/);
    await lock.release();
  });

  it('lists from the index cache and still notices files changed behind its back', async () => {
    const store = openStore(dir);
    for (let i = 0; i < 5; i++) await store.save(makeRun(`r${i}`, { updatedAt: i }));
    const old = new Date(Date.now() - 60_000);
    for (let i = 0; i < 5; i++) await utimes(join(dir, 'runs', `r${i}.json`), old, old);
    expect(await store.list()).toHaveLength(5);
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as { runs: Record<string, unknown> };
    expect(Object.keys(index.runs).sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);

    // Another store object (another process, say) edits one run in place and removes another.
    const file = join(dir, 'runs', 'r2.json');
    await writeFile(file, JSON.stringify(makeRun('r2', { status: 'skipped', updatedAt: 99 })));
    await writeFile(join(dir, 'runs', '.r3.json.tmp'), 'half a write'); // a crash's leftovers are not runs
    await openStore(dir).prune(0, 5); // removes r0..r4 older than 5, except r2 (99)
    const fresh = await openStore(dir).list();
    expect(fresh).toEqual([{ runId: 'r2', status: 'skipped', task: 'npm test', createdAt: 1_700_000_000_000, updatedAt: 99 }]);
    expect(await store.list()).toEqual(fresh);
  });

  it('lists correctly with a garbage index and rewrites it', async () => {
    const store = openStore(dir);
    await store.save(makeRun('r1'));
    const old = new Date(Date.now() - 60_000);
    await utimes(join(dir, 'runs', 'r1.json'), old, old);
    await writeFile(join(dir, 'index.json'), '{"version":1,"runs":{"r1":["x",null,null,null,1,null]');
    expect((await openStore(dir).list()).map((s) => s.status)).toEqual(['running']);
    expect(JSON.parse(await readFile(join(dir, 'index.json'), 'utf8'))).toMatchObject({ version: 1 });
  });

  it('replaces the file on every save (a new inode), never editing it in place', async () => {
    const store = openStore(dir);
    await store.save(makeRun('r1'));
    const before = await stat(join(dir, 'runs', 'r1.json'));
    await store.save(makeRun('r1', { updatedAt: 1 }));
    expect((await stat(join(dir, 'runs', 'r1.json'))).ino).not.toBe(before.ino);
  });
});

describe('defaultStoreDir', () => {
  it('is .recovery in the working directory by default', () => {
    expect(defaultStoreDir({}, '/work/p')).toBe('/work/p/.recovery');
    expect(defaultStoreDir({ RECOVERY_STORE: '' }, '/work/p')).toBe('/work/p/.recovery');
  });

  it('honours RECOVERY_STORE, relative to the working directory', () => {
    expect(defaultStoreDir({ RECOVERY_STORE: '/var/runs' }, '/work/p')).toBe('/var/runs');
    expect(defaultStoreDir({ RECOVERY_STORE: 'state/runs' }, '/work/p')).toBe('/work/p/state/runs');
  });
});
