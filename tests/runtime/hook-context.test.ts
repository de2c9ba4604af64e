import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { InspectionEvent } from 'xstate';
import { callHook, HOOK_TIMEOUT_MS, hookTimeoutProblem, type HookContext } from '../../src/runtime/hook-context.js';
import { createRecovery, recover, TaskFailure } from '../../src/runtime/index.js';
import type { AdaptInput } from '../../machines/index.js';
import { advanceUntilSettled, flush, simulatedClock } from './clock-helpers.js';

const failingTest = (name: string) =>
  new TaskFailure('tests failed', { exitCode: 1, stderr: `AssertionError: expected 200 but got 404\n  ✗ ${name}`, tests: { passed: 1, failed: 1, failing: [name] } });

/** A hook that answers only when aborted (a hung LLM call that honours its signal), recording what it saw. */
function hangingHook(seen: HookContext[]) {
  return (context: HookContext) => {
    seen.push(context);
    return new Promise<never>((_, reject) => context.signal.addEventListener('abort', () => reject(new Error('aborted by signal'))));
  };
}

/** Collects the messages of the actor errors the machine receives (an inspection observer). */
function errorsOf(event: InspectionEvent, into: string[]): void {
  if (event.type !== '@xstate.event') return;
  const { type, error } = event.event as { type: string; error?: unknown };
  if (type.startsWith('xstate.error.actor') && error instanceof Error) into.push(error.message);
}

describe('callHook', () => {
  it('rejects at the deadline on the given clock, naming the phase and the time, and aborts the signal', async () => {
    const clock = simulatedClock();
    const seen: HookContext[] = [];
    let settled: unknown;
    const call = callHook('adapter', hangingHook(seen), new AbortController().signal, clock, 600_000);
    call.catch((error: unknown) => { settled = error; });
    clock.increment(599_999);
    await flush();
    expect(settled).toBeUndefined();
    expect(seen[0]!.signal.aborted).toBe(false);
    clock.increment(1);
    await expect(call).rejects.toThrow('adapter timed out after 600000 ms');
    expect(seen[0]!.timeoutMs).toBe(600_000);
    expect(seen[0]!.signal.aborted).toBe(true);
    expect((seen[0]!.signal.reason as Error).message).toBe('adapter timed out after 600000 ms');
  });

  it("aborts the hook's signal and rejects when the stop signal fires, without waiting for the hook", async () => {
    const stop = new AbortController();
    let signal: AbortSignal | undefined;
    const call = callHook('diagnoser', (context) => { signal = context.signal; return new Promise<never>(() => undefined); }, stop.signal, simulatedClock(), 1000);
    stop.abort(new Error('run stopped'));
    await expect(call).rejects.toThrow('run stopped');
    expect(signal!.aborted).toBe(true);
  });

  it('does not call the hook at all when the run was stopped before it started', async () => {
    const stop = new AbortController();
    stop.abort(new Error('stopped during the write-ahead'));
    let called = false;
    await expect(callHook('adapter', () => { called = true; return null; }, stop.signal, simulatedClock(), 1000)).rejects.toThrow('stopped during the write-ahead');
    expect(called).toBe(false);
  });

  it('resolves with the answer before the deadline, and the deadline no longer fires', async () => {
    const clock = simulatedClock();
    let signal: AbortSignal | undefined;
    await expect(callHook('adapter', (context) => { signal = context.signal; return { fix: 'x' }; }, new AbortController().signal, clock, 10)).resolves.toEqual({ fix: 'x' });
    clock.increment(1000);
    expect(signal!.aborted).toBe(false);
  });

  it('passes on a synchronous throw as a rejection', async () => {
    await expect(callHook('diagnoser', () => { throw new Error('bad input'); }, new AbortController().signal, simulatedClock(), 10)).rejects.toThrow('bad input');
  });

  it('sets no timer for Infinity (a timer of Infinity ms would fire at once)', async () => {
    const clock = simulatedClock();
    const call = callHook('adapter', () => new Promise((resolve) => setTimeout(() => resolve('late'), 20)), new AbortController().signal, clock, Infinity);
    clock.increment(HOOK_TIMEOUT_MS * 10);
    await expect(call).resolves.toBe('late');
  });

  it('hookTimeoutProblem accepts exactly the positive numbers (Infinity included)', () => {
    fc.assert(fc.property(fc.double(), (ms) => {
      expect(hookTimeoutProblem(ms) === null).toBe(ms > 0);
    }));
    expect(hookTimeoutProblem('1000')).toMatch(/positive number/);
    expect(hookTimeoutProblem(Infinity)).toBeNull();
  });
});

describe('diagnoser and adapter functions in a run', () => {
  it('an adapter that hangs past hookTimeoutMs fails ADAPT like a throwing one (adapter_failed), on the run clock', async () => {
    const clock = simulatedClock();
    const seen: HookContext[] = [];
    const errors: string[] = [];
    const adapt = (_input: AdaptInput, context?: HookContext) => hangingHook(seen)(context!);
    const run = recover(() => { throw failingTest('always fails'); }, {
      clock, adapt, hookTimeoutMs: 60_000, policy: { flakeProbe: false }, inspect: (event) => errorsOf(event, errors),
    });
    const { value: outcome, elapsedMs } = await advanceUntilSettled(clock, run, 10_000);
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'adapter_failed' });
    expect(outcome.history.map((e) => [e.phase, e.result, e.reason])).toContainEqual(['ADAPT', 'failure', 'adapter_failed']);
    expect(elapsedMs).toBeGreaterThanOrEqual(60_000);
    expect(elapsedMs).toBeLessThan(80_000);
    // The machine was failed with the error that names the phase and the time.
    expect(errors).toEqual(['adapter timed out after 60000 ms']);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.timeoutMs).toBe(60_000);
    expect(seen[0]!.signal.aborted).toBe(true);
  });

  it('a diagnoser that hangs is cut off at the default 10 minutes and the built-in diagnosis stands', async () => {
    const clock = simulatedClock();
    const seen: HookContext[] = [];
    const errors: string[] = [];
    const run = recover((ctx) => { if (ctx.approach === null) throw failingTest('needs a fix'); return 'fixed'; }, {
      clock,
      diagnose: (_input, context) => hangingHook(seen)(context!),
      adapt: () => ({ fix: 'regenerate the fixture' }),
      policy: { flakeProbe: false },
      inspect: (event) => errorsOf(event, errors),
    });
    const { value: outcome, elapsedMs } = await advanceUntilSettled(clock, run, 60_000);
    expect(outcome).toMatchObject({ status: 'recovered', value: 'fixed' });
    // The DIAGNOSE event says the diagnoser failed, and how.
    expect(outcome.history.find((e) => e.phase === 'DIAGNOSE')).toMatchObject({ reason: 'diagnoser_failed', message: `diagnoser timed out after ${HOOK_TIMEOUT_MS} ms` });
    expect(elapsedMs).toBeGreaterThanOrEqual(HOOK_TIMEOUT_MS);
    expect(seen[0]!.timeoutMs).toBe(HOOK_TIMEOUT_MS);
    expect(errors).toEqual([`diagnoser timed out after ${HOOK_TIMEOUT_MS} ms`]);
  });

  it("stopping the run aborts the adapter's signal", async () => {
    let signal: AbortSignal | undefined;
    let asked!: () => void;
    const adapting = new Promise<void>((resolve) => { asked = resolve; });
    const actor = createRecovery({
      task: () => { throw failingTest('always fails'); },
      adapt: (_input, context) => { signal = context!.signal; asked(); return new Promise<never>(() => undefined); },
      policy: { flakeProbe: false },
    });
    await adapting;
    expect(signal!.aborted).toBe(false);
    actor.stop();
    expect(signal!.aborted).toBe(true);
  });

  it('a one-argument adapter still fills the slot', async () => {
    const outcome = await recover((ctx) => { if (ctx.approach === null) throw failingTest('needs a fix'); }, {
      adapt: (input) => ({ fix: `fix for ${input.failure.classification.type}` }), policy: { flakeProbe: false },
    });
    expect(outcome).toMatchObject({ status: 'recovered', history: expect.arrayContaining([expect.objectContaining({ phase: 'ADAPT', fix: 'fix for VERIFICATION_FAILED' })]) });
  });

  it('refuses a hookTimeoutMs that is not a positive number', () => {
    expect(() => createRecovery({ task: () => undefined, hookTimeoutMs: 0 })).toThrow(RangeError);
    expect(() => createRecovery({ task: () => undefined, hookTimeoutMs: Number.NaN })).toThrow(/hookTimeoutMs must be a positive number/);
  });
});
