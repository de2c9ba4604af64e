/**
 * What a persisted run writes, and when: every program starts after its checkpoint is durable,
 * checkpoints stay small however long the run, and a store that refuses a write stops the run
 * with the store's error instead of passing it off as the task failing.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreWriteError, openStore } from '../../src/store/index.js';
import { adapterCommand, recoverPersisted, resume } from '../../src/runtime/index.js';

const dirs: string[] = [];
const tempDir = () => { const dir = mkdtempSync(join(tmpdir(), 'recovery-writes-')); dirs.push(dir); return dir; };
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });
const fixture = (name: string) => join(import.meta.dirname, '..', 'fixtures', name);

describe('persisted run writes', () => {
  it('an adapter program starts only once the checkpoint naming ADAPT is on disk', async () => {
    const dir = tempDir();
    const seen = join(dir, 'seen.json');
    let calls = 0;
    const outcome = await recoverPersisted(() => {
      if (calls++ === 0) throw new Error("SyntaxError: Unexpected token '}' in src/app.ts");
    }, { store: openStore(join(dir, 'store')), runId: 'wa', adapt: adapterCommand(['node', fixture('adapter-reads-store.mjs'), join(dir, 'store'), seen]) });
    expect(outcome.status).toBe('recovered');
    const saw = JSON.parse(readFileSync(seen, 'utf8')) as { state: unknown; phases: string[] };
    expect(saw.state).toEqual({ recovery: 'adapt' });
    expect(saw.phases).toEqual(['PAUSE', 'DIAGNOSE']);
  });

  it('the head stays the same size however long the history; the log grows by the new events only', async () => {
    const sizes: number[] = [];
    for (const failures of [1, 20]) {
      const dir = tempDir();
      let n = 0;
      const outcome = await recoverPersisted(() => {
        if (n++ < failures) throw new Error('Error: connect ECONNREFUSED 127.0.0.1:5432');
      }, { store: openStore(dir), runId: 'long', policy: { types: { NETWORK: { budget: 25, delaysMs: [0] } } } as never });
      expect(outcome).toMatchObject({ status: 'recovered', attempts: failures + 1 });
      sizes.push(readFileSync(join(dir, 'runs', 'long.json')).length);
    }
    // 20 failed iterations against 1: the head differs by a few counters, not by 19 iterations of history.
    expect(sizes[1]! / sizes[0]!).toBeLessThan(1.1);
  });

  it('resumes a handed-off or interrupted run with its history rebuilt from the log and its policy from its config', async () => {
    const dir = tempDir();
    const store = openStore(dir);
    let n = 0;
    const escalated = await recoverPersisted(() => { throw new Error('401 Unauthorized'); }, { store, runId: 'esc', policy: { maxDelayMs: 1234 } as never });
    expect(escalated.status).toBe('escalated');
    const head = JSON.parse(readFileSync(join(dir, 'runs', 'esc.json'), 'utf8')) as { checkpoint: { snapshot: { context: Record<string, unknown> } } };
    expect(head.checkpoint.snapshot.context.history).toEqual([]);
    expect(head.checkpoint.snapshot.context.policy).toMatchObject({ $config: { maxDelayMs: 1234 }, $hash: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const decided = await resume('esc', { store, task: () => { n++; }, decision: { choice: 'retry-fresh' } });
    expect(decided.status).toBe('recovered');
    expect(n).toBe(1);
    const loaded = (await store.load('esc'))!;
    expect(loaded.history.map((e) => e.seq)).toEqual(Array.from({ length: loaded.history.length }, (_, i) => i + 1));
    expect(loaded.history).toEqual(decided.history);
    expect(loaded.history.slice(0, escalated.history.length)).toEqual(escalated.history);
    expect(loaded.history.map((e) => e.phase)).toContain('DECISION');
  });
});

/** A 64 KB tmpfs, where a run soon meets ENOSPC; null where mounting is not allowed. */
function tinyDisk(): { dir: string; unmount: () => void } | null {
  const dir = tempDir();
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    return null;
  }
  return { dir, unmount: () => execFileSync('umount', [dir], { stdio: 'ignore' }) };
}

describe('a full disk', () => {
  it('stops the run with StoreWriteError (ENOSPC), leaves no temp file, and the last checkpoint resumes', async (ctx) => {
    const mounted = tinyDisk();
    if (mounted === null) return ctx.skip('mounting a tmpfs needs root (CI runs as root)');
    try {
      await fillTheDisk(mounted.dir);
    } finally {
      mounted.unmount();
    }
  });
});

async function fillTheDisk(disk: string): Promise<void> {
    const store = openStore(join(disk, 'store'));
    mkdirSync(join(disk, 'store'), { recursive: true });
    let executions = 0;
    // Each failure prints a long message that the checkpoint keeps: the 64 KB fill up in a few iterations.
    const task = () => { executions++; throw new Error(`Error: connect ECONNREFUSED 127.0.0.1:5432 ${'x'.repeat(3000)}`); };
    const error = await recoverPersisted(task, { store, runId: 'full', policy: { types: { NETWORK: { budget: 1000, delaysMs: [0] } } } as never })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StoreWriteError);
    expect(error).toMatchObject({ errno: 'ENOSPC', runId: 'full' });
    expect((error as Error).message).toMatch(/no space left on the device \(ENOSPC\).*previous checkpoint is intact/);
    expect(readdirSync(join(disk, 'store', 'runs')).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // The run is whole as last committed, and no attempt ran past its checkpoint.
    const stored = (await store.load('full'))!;
    expect(stored.status).toBe('running');
    expect(stored.history.filter((e) => e.phase === 'PAUSE').length).toBeLessThanOrEqual(executions);
    expect(executions - stored.history.filter((e) => e.phase === 'PAUSE').length).toBeLessThanOrEqual(1);
}
