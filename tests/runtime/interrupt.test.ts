import { describe, expect, it } from 'vitest';
import { noteKilled, trackedTask } from '../../src/runtime/interrupt.js';
import type { TaskContext } from '../../src/runtime/options.js';
import type { HistoryEvent } from '../../src/taxonomy/index.js';

function ctx(signal: AbortSignal): TaskContext {
  return {
    runId: 'r', attempt: 1, iteration: 0, approach: null, hint: null, guidance: null, refreshContext: false, timeoutMs: null, probe: false,
    signal, heartbeat: () => {}, progress: () => {},
  } as TaskContext;
}

const event = (phase: string, message: string | null) => ({ seq: 1, phase, result: 'interrupted', message }) as unknown as HistoryEvent;

describe('trackedTask', () => {
  it('idle() waits for the calls in flight to settle', async () => {
    let finish!: () => void;
    const { task, idle } = trackedTask(() => new Promise<void>((resolve) => { finish = resolve; }));
    const call = Promise.resolve(task(ctx(new AbortController().signal)));
    let idled = false;
    const waiting = idle().then(() => { idled = true; });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idled).toBe(false);
    finish();
    await call;
    await waiting;
    expect(idled).toBe(true);
  });

  it('idle() gives up after its grace on a task that ignores the abort', async () => {
    const { task, idle } = trackedTask(() => new Promise(() => {}));
    void task(ctx(new AbortController().signal));
    const began = Date.now();
    await idle(30);
    expect(Date.now() - began).toBeLessThan(1_000);
  });

  it('never starts the task when the attempt was aborted before it began', async () => {
    let ran = false;
    const { task, idle } = trackedTask(() => { ran = true; });
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(Promise.resolve(task(ctx(controller.signal)))).rejects.toThrow('stopped');
    await idle();
    expect(ran).toBe(false);
  });
});

describe('noteKilled', () => {
  const snapshot = { context: { history: [event('PAUSE', 'x'), event('RESUME', 'attempt 1 was interrupted; running it again')] }, value: 'v' };

  it('names the killed processes in the RESUME event and changes nothing else', () => {
    const noted = noteKilled(snapshot, [1234]);
    expect(noted.context.history[1]!.message).toBe("attempt 1 was interrupted; running it again (the previous attempt's process 1234 was still running; killed)");
    expect(noted.context.history[0]).toBe(snapshot.context.history[0]);
    expect(noted.value).toBe('v');
    expect(snapshot.context.history[1]!.message).toBe('attempt 1 was interrupted; running it again');
    expect(noteKilled(snapshot, [1, 2]).context.history[1]!.message).toContain('processes 1, 2 were still running; killed');
  });

  it('is the identity without kills or without a RESUME event last', () => {
    expect(noteKilled(snapshot, [])).toBe(snapshot);
    const noResume = { context: { history: [event('PAUSE', 'x')] } };
    expect(noteKilled(noResume, [1])).toBe(noResume);
  });
});
