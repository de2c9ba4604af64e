/** The lowdb store: the shared contract, plus what only a directory of files can show. */
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readFile, readdir, rename, stat, symlink, unlink, utimes, writeFile } from 'node:fs/promises';
import fc from 'fast-check';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RunFencedError, StoreWriteError } from '../../src/store/errors.js';
import { logText } from '../../src/store/event-log.js';
import { openStore } from '../../src/store/lowdb-store.js';
import { defaultStoreDir } from '../../src/store/store-dir.js';
import { describeStoreContract } from './contract.js';
import { deadPid, headOf, makeEvent, makeEvents, makeRun, saveRun, tempDir, type TestRun } from './helpers/fixtures.js';

describeStoreContract('lowdb', async () => {
  const { dir, cleanup } = await tempDir();
  return { store: openStore(join(dir, 'nested', 'store')), cleanup };
});

describe('lowdb store on disk', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  it('writes a compact head and an NDJSON event log per run, even under NODE_ENV=test', async () => {
    expect(process.env.NODE_ENV).toBe('test'); // where JSONFilePreset would silently keep everything in memory
    const store = openStore(dir);
    const fence = await saveRun(store, makeRun('r1'));
    await saveRun(store, makeRun('r2'));
    expect((await readdir(join(dir, 'runs'))).sort()).toEqual(['r1.events.ndjson', 'r1.json', 'r2.events.ndjson', 'r2.json']);
    const head = await readFile(join(dir, 'runs', 'r1.json'), 'utf8');
    expect(head).not.toContain('\n'); // compact: `recover history` and `report` are the human views
    const { history, ...rest } = JSON.parse(JSON.stringify(makeRun('r1')));
    expect(JSON.parse(head)).toEqual({ format: 2, ...rest, fence, events: 3, logBytes: Buffer.byteLength(await readFile(join(dir, 'runs', 'r1.events.ndjson'))) });
    const lines = (await readFile(join(dir, 'runs', 'r1.events.ndjson'), 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => JSON.parse(l))).toEqual(history);
  });

  it('creates the store private with a .gitignore of *, and nothing before the first write', async () => {
    const store = openStore(join(dir, 'a', 'b'));
    expect(await store.load('r1')).toBeNull();
    expect(await store.list()).toEqual([]);
    expect(existsSync(join(dir, 'a'))).toBe(false);
    await saveRun(store, makeRun('r1'));
    expect(existsSync(join(dir, 'a', 'b', 'runs', 'r1.json'))).toBe(true);
    expect(await readFile(join(dir, 'a', 'b', '.gitignore'), 'utf8')).toMatch(/^\*$/m);
    expect((await stat(join(dir, 'a', 'b'))).mode & 0o777).toBe(0o700);
    expect((await stat(join(dir, 'a', 'b', 'runs', 'r1.json'))).mode & 0o777).toBe(0o600);
    expect((await stat(join(dir, 'a', 'b', 'runs', 'r1.events.ndjson'))).mode & 0o777).toBe(0o600);
  });

  it('shares files between store objects on one directory', async () => {
    const a = openStore(dir);
    const b = openStore(dir);
    const lease = await a.acquire('r1');
    await Promise.all(Array.from({ length: 10 }, (_, i) =>
      (i % 2 ? a : b).commit('r1', lease.fence, { events: [makeEvent(i + 1)], head: headOf(makeRun('r1', { updatedAt: i })) })));
    expect((await a.load('r1'))!.updatedAt).toBe(9);
    expect((await b.load('r1'))!.history).toHaveLength(10);
    expect((await b.list()).map((s) => s.runId)).toEqual(['r1']);
    await expect(b.acquire('r1')).rejects.toThrow(/locked by process/);
    await lease.release();
  });

  it('replaces the head on every commit and appends only the new events to the log', async () => {
    const store = openStore(dir);
    const lease = await store.acquire('r1');
    await store.commit('r1', lease.fence, { events: makeEvents(1, 3), head: headOf(makeRun('r1')) });
    const head = await stat(join(dir, 'runs', 'r1.json'));
    const log = await stat(join(dir, 'runs', 'r1.events.ndjson'));
    await store.commit('r1', lease.fence, { events: [makeEvent(4)], head: headOf(makeRun('r1', { updatedAt: 1 })) });
    expect((await stat(join(dir, 'runs', 'r1.json'))).ino).not.toBe(head.ino);
    const after = await stat(join(dir, 'runs', 'r1.events.ndjson'));
    expect(after.ino).toBe(log.ino);
    expect(after.size - log.size).toBe(Buffer.byteLength(`${JSON.stringify(makeEvent(4))}\n`));
    await lease.release();
  });

  it('never follows a symbolic link planted in the store: temp names are unpredictable, the log is refused', async () => {
    const store = openStore(dir);
    await saveRun(store, makeRun('r1'));
    const victim = join(dir, 'victim.txt');
    await writeFile(victim, 'precious');
    for (const name of ['.r1.json.tmp', '.r2.json.tmp']) await symlink(victim, join(dir, 'runs', name));
    await saveRun(store, makeRun('r1', { updatedAt: 7 }, 5));
    await symlink(victim, join(dir, 'runs', 'r2.events.ndjson'));
    const error = await saveRun(store, makeRun('r2')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreWriteError);
    expect(error).toMatchObject({ code: 'ERR_STORE_WRITE', errno: 'ELOOP', runId: 'r2' });
    expect(await readFile(victim, 'utf8')).toBe('precious');
    expect((await store.load('r1'))!.history).toHaveLength(5);
  });

  it('a store path that is not a directory gives StoreWriteError naming it', async () => {
    await writeFile(join(dir, 'file'), 'x');
    const error = await openStore(join(dir, 'file', 'store')).acquire('r1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreWriteError);
    expect(error).toMatchObject({ errno: 'ENOTDIR' });
    expect((error as Error).message).toMatch(/a part of the path is not a directory \(ENOTDIR\)/);
  });

  it('lists from the index cache and still notices files changed behind its back', async () => {
    const store = openStore(dir);
    for (let i = 0; i < 5; i++) await saveRun(store, makeRun(`r${i}`, { updatedAt: i }));
    const old = new Date(Date.now() - 60_000);
    for (let i = 0; i < 5; i++) await utimes(join(dir, 'runs', `r${i}.json`), old, old);
    expect(await store.list()).toHaveLength(5);
    const index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as { runs: { runId: string }[] };
    expect(index.runs.map((run) => run.runId).sort()).toEqual(['r0', 'r1', 'r2', 'r3', 'r4']);

    // Another process edits one run's head in place, and a crash left a temp file behind.
    const file = join(dir, 'runs', 'r2.json');
    await writeFile(file, JSON.stringify({ ...JSON.parse(await readFile(file, 'utf8')), status: 'skipped', updatedAt: 99 }));
    await writeFile(join(dir, 'runs', '.r3.json.abc.tmp'), 'half a write'); // a crash's leftovers are not runs
    await openStore(dir).prune(0, 5); // removes r0..r4 older than 5, except r2 (99)
    const fresh = await openStore(dir).list();
    expect(fresh).toEqual([{ runId: 'r2', status: 'skipped', task: 'npm test', createdAt: 1_700_000_000_000, updatedAt: 99 }]);
    expect(await store.list()).toEqual(fresh);
  });

  it('lists correctly with a garbage index and rewrites it', async () => {
    const store = openStore(dir);
    await saveRun(store, makeRun('r1'));
    const old = new Date(Date.now() - 60_000);
    await utimes(join(dir, 'runs', 'r1.json'), old, old);
    await writeFile(join(dir, 'index.json'), '{"version":1,"runs":{"r1":["x",null,null,null,1,null]');
    expect((await openStore(dir).list()).map((s) => s.status)).toEqual(['running']);
    expect(JSON.parse(await readFile(join(dir, 'index.json'), 'utf8'))).toMatchObject({ version: 2, count: 1 });
  });
});

describe('run files written before run log v2', () => {
  const FIXTURES = join(import.meta.dirname, 'fixtures', 'v1');
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  it.each(['recovered', 'escalated', 'interrupted-backoff'])('load %s as they are, and become version 2 on their next commit', async (name) => {
    const v1 = JSON.parse(await readFile(join(FIXTURES, `${name}.json`), 'utf8')) as TestRun;
    await mkdir(join(dir, 'runs'), { recursive: true });
    await writeFile(join(dir, 'runs', `${v1.runId}.json`), JSON.stringify(v1, null, 2));
    const store = openStore(dir);
    expect(await store.load(v1.runId)).toEqual({ ...v1, fence: 0 });
    expect((await store.list())[0]).toMatchObject({ runId: v1.runId, status: v1.status });
    const lease = await store.acquire(v1.runId);
    expect(lease.fence).toBe(1);
    const next = { ...makeEvent(v1.history.length + 1), seq: v1.history.length + 1 };
    await store.commit(v1.runId, lease.fence, { events: [next], head: { ...headOf(v1), updatedAt: v1.updatedAt + 1 } });
    await lease.release();
    const migrated = JSON.parse(await readFile(join(dir, 'runs', `${v1.runId}.json`), 'utf8')) as Record<string, unknown>;
    expect(migrated).toMatchObject({ format: 2, events: v1.history.length + 1, fence: 1 });
    expect(migrated.history).toBeUndefined();
    expect((await store.load(v1.runId))!.history).toEqual([...v1.history, next]);
  });
});

describe('an unfinished append (a writer killed mid-commit)', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());

  it('is invisible to readers, and cut and reported by the next owner', async () => {
    const store = openStore(dir);
    await saveRun(store, makeRun('r1'));
    const log = join(dir, 'runs', 'r1.events.ndjson');
    const torn = `${JSON.stringify(makeEvent(4))}\n${JSON.stringify(makeEvent(5)).slice(0, 40)}`;
    await appendFile(log, torn);
    expect((await store.load('r1'))!.history).toEqual(makeEvents(1, 3));
    const lease = await store.acquire('r1');
    expect(lease.repairs).toEqual([`cut ${Buffer.byteLength(torn)} bytes from ${log}: an append its last owner never committed (it stopped mid-checkpoint)`]);
    await store.commit('r1', lease.fence, { events: [makeEvent(4, { result: 'success' })], head: headOf(makeRun('r1')) });
    await lease.release();
    expect((await store.load('r1'))!.history).toEqual([...makeEvents(1, 3), makeEvent(4, { result: 'success' })]);
  });

  it('property: commits interleaved with crashes (torn tails, lost head writes) always load to the committed run', async () => {
    const op = fc.oneof(
      fc.record({ kind: fc.constant('commit' as const), events: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('betweenRenames' as const) }),
      fc.record({ kind: fc.constant('torn' as const), bytes: fc.integer({ min: 1, max: 300 }) }),
      fc.record({ kind: fc.constant('lostHead' as const), events: fc.integer({ min: 1, max: 3 }) }),
      fc.record({ kind: fc.constant('reacquire' as const) }),
    );
    let round = 0;
    await fc.assert(fc.asyncProperty(fc.array(op, { maxLength: 12 }), async (ops) => {
      const store = openStore(join(dir, `p${round++}`));
      const runId = 'prop';
      const log = join(dir, `p${round - 1}`, 'runs', `${runId}.events.ndjson`);
      let lease = await store.acquire(runId);
      let committed = 0;
      let updatedAt = 0;
      let dirty = false; // bytes past the committed part that the next owner must cut
      for (const o of ops) {
        if (o.kind === 'commit') {
          const events = makeEvents(committed + 1, committed + o.events);
          await store.commit(runId, lease.fence, { events, head: headOf(makeRun(runId, { updatedAt: ++updatedAt })) });
          committed += o.events;
          // Writing new events at the committed offset cuts what was past it; a commit of no events leaves the log alone.
          if (o.events > 0) dirty = false;
        } else if (o.kind === 'torn') {
          await appendFile(log, JSON.stringify(makeEvent(committed + 1)).repeat(3).slice(0, o.bytes));
          dirty = true;
        } else if (o.kind === 'betweenRenames') {
          // The head moved to its previous copy and the new one not yet renamed in (a writer stopped there).
          const runs = join(dir, `p${round - 1}`, 'runs');
          if (existsSync(join(runs, `${runId}.json`))) await rename(join(runs, `${runId}.json`), join(runs, `.${runId}.json.prev`));
        } else if (o.kind === 'lostHead') {
          // Whole lines appended, then the process died before the head's rename: not committed.
          await appendFile(log, logText(makeEvents(committed + 1, committed + o.events)));
          dirty = true;
        } else {
          await lease.release();
          lease = await store.acquire(runId);
          expect(lease.repairs.length).toBe(dirty ? 1 : 0);
          dirty = false;
        }
        const loaded = await store.load(runId);
        if (updatedAt === 0) expect(loaded).toBeNull();
        else expect(loaded).toMatchObject({ updatedAt, history: makeEvents(1, committed) });
      }
      await lease.release();
    }), { numRuns: 60 });
  });
});

describe('this process\'s own lease: fence from memory, head replaced without renaming over it', () => {
  let dir: string;
  let cleanup: () => Promise<void>;
  beforeEach(async () => ({ dir, cleanup } = await tempDir()));
  afterEach(() => cleanup());
  const head = () => join(dir, 'runs', 'r1.json');
  const previous = () => join(dir, 'runs', '.r1.json.prev');

  it('a lock deleted by hand and taken by another owner: the first owner\'s commits are refused', async () => {
    const store = openStore(dir);
    const first = await store.acquire('r1');
    await store.commit('r1', first.fence, { events: makeEvents(1, 2), head: headOf(makeRun('r1', { updatedAt: 1 })) });
    await unlink(join(dir, 'locks', 'r1.lock'));
    const second = await openStore(dir).acquire('r1');
    expect(second.fence).toBeGreaterThan(first.fence);
    const error = await store.commit('r1', first.fence, { events: [makeEvent(3)], head: headOf(makeRun('r1', { updatedAt: 2 })) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunFencedError);
    await store.commit('r1', second.fence, { events: [makeEvent(3, { result: 'success' })], head: headOf(makeRun('r1', { updatedAt: 3 })) });
    await first.release();
    expect(existsSync(join(dir, 'locks', 'r1.lock'))).toBe(true); // the first owner's release leaves the second's lock alone
    await second.release();
    expect(await store.load('r1')).toMatchObject({ updatedAt: 3, history: [...makeEvents(1, 2), makeEvent(3, { result: 'success' })], fence: second.fence });
  });

  it('a lock rewritten in place by hand for another holder: the owner\'s commit is refused', async () => {
    const store = openStore(dir);
    const lease = await store.acquire('r1');
    await store.commit('r1', lease.fence, { events: makeEvents(1, 1), head: headOf(makeRun('r1')) });
    await writeFile(join(dir, 'locks', 'r1.lock'), JSON.stringify({ pid: process.pid, hostname: 'elsewhere.example', acquiredAt: 1, token: 'x', fence: lease.fence + 1 }));
    const error = await store.commit('r1', lease.fence, { events: [makeEvent(2)], head: headOf(makeRun('r1')) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RunFencedError);
    expect((await store.load('r1'))!.history).toHaveLength(1);
    await lease.release();
  });

  it('replaces the head with a new file each commit and leaves no copy of the old one behind', async () => {
    const store = openStore(dir);
    const lease = await store.acquire('r1');
    let inode = -1;
    for (let i = 1; i <= 3; i++) {
      await store.commit('r1', lease.fence, { events: [makeEvent(i)], head: headOf(makeRun('r1', { updatedAt: i })) });
      const now = (await stat(head())).ino;
      expect(now, `commit ${i} wrote a new file, not the old one in place`).not.toBe(inode);
      inode = now;
      expect(existsSync(previous()), `after commit ${i}`).toBe(false);
      expect(JSON.parse(await readFile(head(), 'utf8'))).toMatchObject({ updatedAt: i, events: i });
    }
    await lease.release();
    expect((await readdir(join(dir, 'runs'))).sort()).toEqual(['r1.events.ndjson', 'r1.json']);
    expect(await store.load('r1')).toMatchObject({ updatedAt: 3, history: makeEvents(1, 3) });
  });

  it('a head found only as its previous copy (its writer killed between the renames) loads, lists, and is put back by the next owner', async () => {
    const store = openStore(dir);
    const old = await store.acquire('r1', { pid: await deadPid() });
    await store.commit('r1', old.fence, { events: makeEvents(1, 3), head: headOf(makeRun('r1', { updatedAt: 1 })) });
    await store.commit('r1', old.fence, { events: [makeEvent(4)], head: headOf(makeRun('r1', { updatedAt: 2 })) });
    // Killed after moving the head aside and before renaming the new one in.
    await rename(head(), previous());
    await writeFile(join(dir, 'runs', '.r1.json.0123456789ab.tmp'), '{"format":2, "half');
    expect(await openStore(dir).load('r1')).toMatchObject({ updatedAt: 2, history: makeEvents(1, 4) });
    expect((await openStore(dir).list()).map((s) => [s.runId, s.updatedAt, s.damaged])).toEqual([['r1', 2, undefined]]);
    const heir = await store.acquire('r1');
    expect(heir.tookOverFrom).not.toBeNull();
    expect(JSON.parse(await readFile(head(), 'utf8'))).toMatchObject({ updatedAt: 2, events: 4 });
    await store.commit('r1', heir.fence, { events: [makeEvent(5)], head: headOf(makeRun('r1', { updatedAt: 3 })) });
    await heir.release();
    expect((await readdir(join(dir, 'runs'))).sort()).toEqual(['r1.events.ndjson', 'r1.json']);
    expect(await store.load('r1')).toMatchObject({ updatedAt: 3, history: makeEvents(1, 5) });
  });

  it('keeps the last fence in the released lock, above a fence file written by an earlier release (a bare number)', async () => {
    const store = openStore(dir);
    await mkdir(join(dir, 'locks'), { recursive: true });
    await writeFile(join(dir, 'locks', 'r1.fence'), '7\n');
    const lease = await store.acquire('r1');
    expect(lease.fence).toBe(8);
    await lease.release();
    expect(JSON.parse(await readFile(join(dir, 'locks', 'r1.fence'), 'utf8'))).toMatchObject({ pid: process.pid, fence: 8 });
    const next = await store.acquire('r1');
    expect(next.fence).toBe(9);
    await next.release();
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

describe('a head write its owner never renamed into place', () => {
  it('is removed by the next owner, which takes over the killed owner\'s lock, and never listed', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const store = openStore(dir);
      await saveRun(store, makeRun('r1'));
      // What an owner SIGKILLed mid-write leaves: its lock, and its temp head.
      await store.acquire('r1', { pid: await deadPid() });
      const orphan = join(dir, 'runs', '.r1.json.0123456789ab.tmp');
      await writeFile(orphan, '{"format":2, "half');
      expect((await store.list()).map((s) => s.runId)).toEqual(['r1']);
      const lease = await store.acquire('r1');
      expect(lease.tookOverFrom).not.toBeNull();
      await lease.release();
      expect(existsSync(orphan)).toBe(false);
      expect((await store.load('r1'))!.history).toHaveLength(3);
    } finally {
      await cleanup();
    }
  });

  it('is removed too when a racing acquirer cleared the dead lock first: the head left running says the last writer died', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const store = openStore(dir);
      await saveRun(store, makeRun('r1'));
      const orphan = join(dir, 'runs', '.r1.json.0123456789ab.tmp');
      await writeFile(orphan, '{"format":2, "half');
      // No stale lock left to replace (another resume removed it and lost the race for the new one).
      expect(existsSync(join(dir, 'locks', 'r1.lock'))).toBe(false);
      const lease = await store.acquire('r1');
      expect(lease.tookOverFrom).toBeNull();
      await lease.release();
      expect(existsSync(orphan)).toBe(false);
      expect((await store.load('r1'))!.history).toHaveLength(3);
    } finally {
      await cleanup();
    }
  });

  it('a run at rest is not listed for temp heads on acquire (nobody can have died writing it)', async () => {
    const { dir, cleanup } = await tempDir();
    try {
      const store = openStore(dir);
      await saveRun(store, makeRun('r1', { status: 'escalated' }));
      // Not a real leftover: placed by hand to see whether acquire looked.
      const planted = join(dir, 'runs', '.r1.json.0123456789ab.tmp');
      await writeFile(planted, 'x');
      const lease = await store.acquire('r1');
      await lease.release();
      expect(existsSync(planted)).toBe(true);
    } finally {
      await cleanup();
    }
  });
});
