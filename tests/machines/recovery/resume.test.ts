/**
 * The resume helpers' RESUME/interrupted event: written once, naming the previous attempt's
 * processes that were still running and were killed before the attempt runs again; and
 * `resumeStart`, which hands the resume's one instant to the machine: a handed-off snapshot as a
 * fresh machine's input started at it, any other restored.
 */
import { describe, expect, it } from 'vitest';
import { markInterrupted, resumeStart } from '../../../machines/recovery/resume.js';
import { createRecovery } from '../../../src/runtime/index.js';

/** The snapshot of a run whose first attempt is still running (its task never settles). */
function midAttempt() {
  const actor = createRecovery({ task: () => new Promise<never>(() => undefined) });
  const snapshot = actor.getSnapshot();
  actor.stop();
  expect(snapshot.matches('executing')).toBe(true);
  // As a checkpoint holds it (what `resume` hands over): the state value and the context.
  return { status: snapshot.status as string, value: snapshot.value as unknown, context: snapshot.context };
}

describe('markInterrupted', () => {
  it('adds one RESUME/interrupted event naming the killed processes, and changes nothing else', () => {
    const snapshot = midAttempt();
    const marked = markInterrupted(snapshot, snapshot.context.clockAt + 5, [1234]);
    expect(marked.context.history).toHaveLength(snapshot.context.history.length + 1);
    expect(marked.context.history.at(-1)).toMatchObject({ phase: 'RESUME', result: 'interrupted', reason: 'interrupted', attempt: 1 });
    expect(marked.context.history.at(-1)!.message).toBe("attempt 1 was interrupted; running it again (the previous attempt's process 1234 was still running; killed)");
    expect(marked.value).toEqual(snapshot.value);
    // Pure: the snapshot it was given keeps its history.
    expect(snapshot.context.history.some((e) => e.phase === 'RESUME')).toBe(false);
    expect(markInterrupted(snapshot, snapshot.context.clockAt, [1, 2]).context.history.at(-1)!.message).toContain('processes 1, 2 were still running; killed');
  });

  it('says nothing of processes when none were killed, and leaves a checkpoint that was not mid-attempt as it is', () => {
    const snapshot = midAttempt();
    expect(markInterrupted(snapshot, snapshot.context.clockAt).context.history.at(-1)!.message).toBe('attempt 1 was interrupted; running it again');
    const resting = { ...snapshot, value: 'succeeded' };
    expect(markInterrupted(resting, snapshot.context.clockAt, [1])).toBe(resting);
  });
});

describe('resumeStart', () => {
  it('restores a mid-attempt snapshot with its attempt marked interrupted at the instant, and one that is not as it is', () => {
    const snapshot = midAttempt();
    const at = snapshot.context.clockAt + 7;
    const start = resumeStart(snapshot, at, [42]);
    expect('snapshot' in start && start.snapshot).toEqual(markInterrupted(snapshot, at, [42]));
    expect('snapshot' in start && start.snapshot.context.clockAt).toBe(at);
    const resting = { ...snapshot, value: 'succeeded' };
    expect(resumeStart(resting, at)).toEqual({ snapshot: resting });
  });

  it('continues a handed-off snapshot in a fresh machine: the stored run\'s settings, the carry, and the instant as its start', () => {
    const stored = midAttempt();
    const at = stored.context.clockAt + 1_000;
    const start = resumeStart({ ...stored, value: 'handedOff' }, at, [42]);
    if (!('input' in start)) throw new Error(`expected an input, got ${JSON.stringify(start)}`);
    const { fixed } = stored.context;
    expect(start.input).toEqual({
      runId: stored.context.runId, task: stored.context.task, policy: stored.context.policy, jitterSeed: fixed.jitterSeed, rules: fixed.rules,
      timeoutMs: stored.context.next.timeoutMs, lastKnownGood: fixed.lastKnownGood,
      hasDiagnoser: fixed.hasDiagnoser, hasAdapter: fixed.hasAdapter, hasRollback: fixed.hasRollback,
      now: at, carry: expect.objectContaining({ attempt: stored.context.attempt, iteration: stored.context.iteration + 1 }),
    });
    // One RESUME/resumed event, stamped at the instant; the killed processes belong to an interrupted attempt only.
    expect(start.input.carry!.history.at(-1)).toMatchObject({ phase: 'RESUME', result: 'resumed', timestamp: new Date(at).toISOString() });
    expect(start.input.carry!.history.at(-1)!.message).not.toContain('42');
  });
});
