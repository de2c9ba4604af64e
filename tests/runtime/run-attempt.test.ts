/** One attempt: the task started in a microtask of its own, timed on the clock, the signal made lazily. */
import { describe, expect, it } from 'vitest';
import type { AttemptInput } from '../../machines/recovery/types.js';
import { attemptBeats, runAttempt, TIMEOUT_GRACE_MS, type AttemptBinding } from '../../src/runtime/run-attempt.js';
import type { Task, TaskContext } from '../../src/runtime/options.js';
import { flush, simulatedClock } from './clock-helpers.js';
import { trackedTask } from '../../src/runtime/interrupt.js';

const input = (timeoutMs: number | null = null): AttemptInput => ({
  runId: 'r1', attempt: 2, iteration: 1, approach: 'use a fresh token', hint: null, guidance: '[REDACTED]', refreshContext: false, timeoutMs, probe: false,
});

/** A binding on a simulated clock that reveals the redacted guidance and keeps what was sent. */
function binding() {
  const clock = simulatedClock();
  const sent: unknown[] = [];
  const b: AttemptBinding = { clock, reveal: (t) => (t === '[REDACTED]' ? 'the secret guidance' : t), ...attemptBeats({ send: (e) => void sent.push(e) }, clock) };
  return { clock, sent, binding: b };
}

/** The run's side of a request: counts reads of its signal (the runner makes it lazily too). */
function request(timeoutMs: number | null = null) {
  const controller = new AbortController();
  let reads = 0;
  return { controller, reads: () => reads, run: { input: input(timeoutMs), get signal() { reads++; return controller.signal; } } };
}

describe('runAttempt', () => {
  it.each<[string, Task, unknown]>([
    ['returns', () => 'done', { ok: true, value: 'done' }],
    ['throws', () => { throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }); }, { ok: false, observation: { error: expect.objectContaining({ name: 'Error', code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }) } }],
    ['resolves', async () => ({ id: 1 }), { ok: true, value: { id: 1 } }],
    ['returns nothing', () => undefined, { ok: true, value: undefined }],
    ['rejects', async () => { throw new Error('401 Unauthorized'); }, { ok: false, observation: { error: expect.objectContaining({ message: '401 Unauthorized' }) } }],
  ])('a task that %s settles the attempt with it, its signal never made', async (_how, task, expected) => {
    const { binding: b } = binding();
    const r = request(5_000);
    expect(await runAttempt(task, r.run, b)).toEqual(expected);
    expect(r.reads()).toBe(0);
  });

  it('starts the task in a microtask of its own: what it throws carries its frames, not the caller\'s', async () => {
    const { binding: b } = binding();
    let called = false;
    function callerOfTheAttempt() {
      return runAttempt(function throwingTask() { called = true; throw new Error('boom'); }, request().run, b);
    }
    const outcome = callerOfTheAttempt();
    expect(called).toBe(false);
    const { observation } = (await outcome) as { observation: { error: { stack: string } } };
    expect(called).toBe(true);
    expect(observation.error.stack).toContain('throwingTask');
    expect(observation.error.stack).not.toContain('callerOfTheAttempt');
  });

  it('gives the task its input, the guidance as the user wrote it, heartbeat and progress that reach the run', async () => {
    const { binding: b, sent, clock } = binding();
    let seen: TaskContext | undefined;
    await runAttempt((context) => { seen = context; context.heartbeat(); context.progress(0.5); }, request().run, b);
    const { heartbeat, progress, ...fields } = { ...seen! };
    expect(fields).toEqual({ ...input(), guidance: 'the secret guidance' });
    expect([typeof heartbeat, typeof progress]).toEqual(['function', 'function']);
    expect(sent).toEqual([{ type: 'HEARTBEAT', at: clock.now() }, { type: 'PROGRESS', at: clock.now(), progress: 0.5 }]);
  });

  it('hands every attempt the run\'s own heartbeat and progress, and starts the attempt\'s time on the clock', async () => {
    const { binding: b, clock } = binding();
    const contexts: TaskContext[] = [];
    const started: number[] = [];
    const settle = (_outcome: unknown, startedAt: number) => void started.push(startedAt);
    await runAttempt((context) => void contexts.push(context), request().run, b, settle);
    clock.increment(250);
    await runAttempt((context) => void contexts.push(context), request().run, b, settle);
    expect(contexts[0]!.heartbeat).toBe(b.heartbeat);
    expect(contexts[1]!.progress).toBe(b.progress);
    expect(started).toEqual([started[0], started[0]! + 250]);
  });

  it('a run stopped before its task reads the signal: the signal it then reads is aborted with the run\'s reason', async () => {
    const { binding: b } = binding();
    const r = request();
    let reason: unknown;
    // The task starts in a microtask of its own: the run stops before it does.
    const outcome = runAttempt((context) => {
      reason = context.signal.aborted ? context.signal.reason : 'not aborted';
    }, r.run, b);
    r.controller.abort(new Error('run stopped'));
    await outcome;
    expect(String(reason)).toBe('Error: run stopped');
  });

  it('a task that reads its signal gets one that aborts with the run, for the run\'s reason', async () => {
    const { binding: b } = binding();
    const r = request();
    let signal: AbortSignal | undefined;
    const outcome = runAttempt(({ signal: s }) => { signal = s; return new Promise((_, reject) => s.addEventListener('abort', () => reject(s.reason))); }, r.run, b);
    await flush();
    expect(signal!.aborted).toBe(false);
    r.controller.abort(new Error('run stopped'));
    expect(signal!.aborted).toBe(true);
    expect(await outcome).toEqual({ ok: false, observation: { error: expect.objectContaining({ message: 'run stopped' }) } });
  });

  it('times out on the run\'s clock: the signal aborts, the outcome is a TIMEOUT with exit 124', async () => {
    const { binding: b, clock } = binding();
    let signal: AbortSignal | undefined;
    const outcome = runAttempt((context) => { signal = context.signal; return new Promise(() => {}); }, request(1_000).run, b);
    await flush();
    clock.increment(1_000);
    expect(signal!.aborted).toBe(true);
    expect(String(signal!.reason)).toBe('Error: attempt timed out');
    // The task never settles: past the grace it is abandoned, and the attempt counts as timed out.
    await flush();
    clock.increment(TIMEOUT_GRACE_MS);
    expect(await outcome).toEqual({ ok: false, observation: { exitCode: 124, error: { name: 'TimeoutError', code: 'ETIMEDOUT', message: 'attempt 2 timed out after 1000 ms' } } });
  });

  it('a synchronous task that moved the clock past its timeout still timed out', async () => {
    const { binding: b, clock } = binding();
    const outcome = runAttempt(() => { clock.increment(2_000); }, request(1_000).run, b);
    expect(await outcome).toEqual({ ok: false, observation: expect.objectContaining({ exitCode: 124 }) });
  });
});

describe('a tracked task over a real attempt (a persisted run)', () => {
  it('starts the task without making a signal, and never starts it for a request aborted before the attempt', async () => {
    const calls: number[] = [];
    const { task } = trackedTask((ctx) => void calls.push(ctx.attempt));
    const live = request();
    expect(await runAttempt(task, { input: live.run.input, aborted: false, get signal() { return live.run.signal; } }, binding().binding)).toEqual({ ok: true, value: undefined });
    expect(live.reads()).toBe(0);
    const stopped = request();
    stopped.controller.abort(new Error('stopped during the write-ahead'));
    const outcome = await runAttempt(task, { input: stopped.run.input, aborted: true, get signal() { return stopped.run.signal; } }, binding().binding);
    expect(outcome).toMatchObject({ ok: false, observation: { error: { message: 'stopped during the write-ahead' } } });
    expect(calls).toEqual([2]);
  });
});

describe('runAttempt with a settle step', () => {
  it.each<[string, Task, number | null, unknown]>([
    ['a pass', () => 'done', null, { ok: true, value: 'done' }],
    ['a throw', () => { throw new Error('boom'); }, null, { ok: false, observation: { error: expect.objectContaining({ message: 'boom' }) } }],
    ['a pass with a timeout set', () => 'done', 5_000, { ok: true, value: 'done' }],
  ])('resolves with what settle made of %s (the outcome it was given)', async (_what, task, timeoutMs, raw) => {
    const { binding: b } = binding();
    const seen: unknown[] = [];
    const settled = await runAttempt(task, request(timeoutMs).run, b, (outcome) => { seen.push(outcome); return { settled: outcome.ok }; });
    expect(seen).toEqual([raw]);
    expect(settled).toEqual({ settled: (raw as { ok: boolean }).ok });
  });

  it('rejects with what a settle step threw', async () => {
    const { binding: b } = binding();
    await expect(runAttempt(() => 'done', request().run, b, () => { throw new Error('settle failed'); })).rejects.toThrow('settle failed');
  });
});
