import { describe, expect, it } from 'vitest';
import { trackedTask } from '../../src/runtime/interrupt.js';
import type { TaskContext } from '../../src/runtime/options.js';

function ctx(signal: AbortSignal): TaskContext {
  return {
    runId: 'r', attempt: 1, iteration: 0, approach: null, hint: null, guidance: null, refreshContext: false, timeoutMs: null, probe: false,
    signal, heartbeat: () => {}, progress: () => {},
  } as TaskContext;
}

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
