/**
 * Fix memory in real runs: `recover()` with a memory, a task that passes only under the right
 * approach (the fix it is handed), and an adapter that proposes it. What the adapter receives,
 * what is remembered, reuse without the adapter, and demotion of a remembered fix that fails.
 */
import { describe, expect, it } from 'vitest';
import { memoryFixMemory } from '../../src/memory/memory-fix-memory.js';
import { failureSignature } from '../../src/memory/signature.js';
import type { KnownFix } from '../../src/memory/types.js';
import type { AdaptInput } from '../../machines/index.js';
import { recover } from '../../src/runtime/recovery.js';
import type { TaskContext } from '../../src/runtime/options.js';

const POLICY = { maxDelayMs: 1, types: { VERIFICATION_FAILED: { budget: 3 } } };
const GOOD = 'set server.port in config';

/** Fails with a VERIFICATION_FAILED message naming this run's paths and numbers unless its approach is `good`. */
const task = (run: number, good = GOOD) => (ctx: TaskContext) => {
  if (ctx.approach !== good) throw new Error(`AssertionError: expected ${run * 7} to equal ${run * 11} in /tmp/run-${run}/server.test.ts:${run}`);
};

/** An adapter answering `fix`, keeping what it was given. */
function adapter(fix: string) {
  const calls: (AdaptInput & { knownFixes?: KnownFix[] })[] = [];
  return { calls, adapt: (input: AdaptInput & { knownFixes?: KnownFix[] }) => (calls.push(input), { fix, confidence: 0.9 }) };
}

describe('fix memory in recover()', () => {
  it('remembers the fix a run recovered with, and offers it to the next run that fails the same way', async () => {
    const fixMemory = memoryFixMemory();
    const first = adapter(GOOD);
    const one = await recover(task(1), { policy: POLICY, adapt: first.adapt, fixMemory });
    expect(one.status).toBe('recovered');
    expect(first.calls.map((c) => c.knownFixes)).toEqual([[]]);
    const [entry] = await fixMemory.list();
    expect(entry).toMatchObject({ type: 'VERIFICATION_FAILED', fix: GOOD, worked: 1, failed: 0 });
    expect(entry!.signature).toBe(failureSignature('VERIFICATION_FAILED', 'AssertionError: expected 1 to equal 2 in /a/b.test.ts:3'));

    const second = adapter(GOOD);
    expect((await recover(task(2), { policy: POLICY, adapt: second.adapt, fixMemory })).status).toBe('recovered');
    expect(second.calls).toHaveLength(1);
    expect(second.calls[0]!.knownFixes).toEqual([{ fix: GOOD, worked: 1, failed: 0, lastUsed: new Date(entry!.lastUsed).toISOString() }]);
    expect((await fixMemory.list())[0]).toMatchObject({ fix: GOOD, worked: 2 });
    expect(await fixMemory.stats()).toEqual({ lookups: 2, hits: 1, reused: 0 });
  });

  it('with reuseFixes, tries the remembered fix without calling the adapter', async () => {
    const fixMemory = memoryFixMemory();
    await recover(task(1), { policy: POLICY, adapt: adapter(GOOD).adapt, fixMemory });
    const never = adapter('something else');
    const outcome = await recover(task(3), { policy: POLICY, adapt: never.adapt, fixMemory, reuseFixes: true });
    expect(outcome.status).toBe('recovered');
    expect(never.calls).toEqual([]);
    expect(outcome.history.find((e) => e.phase === 'ADAPT')?.fix).toBe(GOOD);
    expect((await fixMemory.list())[0]).toMatchObject({ fix: GOOD, worked: 2, failed: 0 });
    expect(await fixMemory.stats()).toEqual({ lookups: 2, hits: 1, reused: 1 });
  });

  it('demotes a remembered fix that fails, then asks the adapter (which sees the demotion)', async () => {
    const fixMemory = memoryFixMemory();
    await recover(task(1), { policy: POLICY, adapt: adapter(GOOD).adapt, fixMemory });
    // The failure now needs another fix: the remembered one no longer works.
    const fresh = adapter('pin node 20');
    const outcome = await recover(task(4, 'pin node 20'), { policy: POLICY, adapt: fresh.adapt, fixMemory, reuseFixes: true });
    expect(outcome.status).toBe('recovered');
    expect(outcome.history.filter((e) => e.phase === 'ADAPT').map((e) => e.fix)).toEqual([GOOD, 'pin node 20']);
    expect(fresh.calls).toHaveLength(1);
    expect(fresh.calls[0]!.knownFixes).toEqual([expect.objectContaining({ fix: GOOD, worked: 1, failed: 1 })]);
    expect(fresh.calls[0]!.fixesTried).toEqual([GOOD]);
    const remembered = await fixMemory.list();
    expect(remembered.map((e) => [e.fix, e.worked, e.failed])).toEqual([['pin node 20', 1, 0], [GOOD, 1, 1]]);
    // Best first now: the fix that just worked.
    expect((await fixMemory.known(remembered[0]!.signature)).map((e) => e.fix)).toEqual(['pin node 20', GOOD]);
  });

  it('keeps no secret: neither from the failure message nor from the fix', async () => {
    const fixMemory = memoryFixMemory();
    const token = 'ghp_0123456789abcdefghijklmnopqrstuvwxyzAB';
    const secretTask = (ctx: TaskContext) => {
      if (!ctx.approach) throw new Error(`AssertionError: login with password=hunter2horse and ${token} expected 200 got 401`);
    };
    await recover(secretTask, { policy: POLICY, adapt: () => ({ fix: `export GITHUB_TOKEN=${token}` }), fixMemory });
    const stored = JSON.stringify(await fixMemory.list());
    expect(stored).toContain('GITHUB_TOKEN');
    expect(stored).not.toContain(token.slice(4));
    expect(stored).not.toContain('hunter2horse');
  });

  it('records nothing for a run that recovers without an adaptation', async () => {
    const fixMemory = memoryFixMemory();
    let calls = 0;
    const flaky = () => {
      if (calls++ === 0) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    const outcome = await recover(flaky, { policy: POLICY, adapt: adapter(GOOD).adapt, fixMemory });
    expect(outcome.status).toBe('recovered');
    expect(await fixMemory.list()).toEqual([]);
  });
});
