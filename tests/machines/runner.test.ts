/**
 * The runner: one long-lived child doing a parent's requests one at a time. Driven inside a real
 * parent machine (the runner's answers are events to its parent), with requests the test settles.
 */
import { assign, createActor, sendTo, setup } from 'xstate';
import { describe, expect, it } from 'vitest';
import { runner, type RunnerAnswer, type RunnerRequest } from '../../machines/runner.js';
import { runnerSlotType, slots } from '../../machines/shared.js';

interface Held { input: string; request: { readonly signal: AbortSignal }; resolve(output: string): void; reject(error: unknown): void }

/** A parent that keeps every answer its runner sends, and forwards what the test asks it to send. */
/** (`request.signal` is read only when a test reads it, as a task would.) */
function harness(work: (input: string, request: { readonly signal: AbortSignal }) => Promise<string>) {
  const parent = setup({
    types: { context: {} as { answers: RunnerAnswer<string>[] }, events: {} as RunnerAnswer<string> | { type: 'send'; request: RunnerRequest<string> } },
    actors: { worker: runner<string, string>((request) => work(request.input, request)) },
  }).createMachine({
    context: { answers: [] },
    invoke: { id: 'worker', src: 'worker' },
    on: {
      'runner.done': { actions: assign({ answers: ({ context, event }) => [...context.answers, event] }) },
      'runner.error': { actions: assign({ answers: ({ context, event }) => [...context.answers, event] }) },
      send: { actions: sendTo('worker', ({ event }) => event.request) },
    },
  });
  return parent;
}

/** Work the test settles by hand: each request is held until resolved or rejected. */
function heldWork() {
  const held: Held[] = [];
  const work = (input: string, request: { readonly signal: AbortSignal }) => new Promise<string>((resolve, reject) => { held.push({ input, request, resolve, reject }); });
  return { held, work };
}

const settleAll = () => new Promise<void>((resolve) => setImmediate(resolve));
const run = (input: string) => ({ type: 'send' as const, request: { type: 'runner.run' as const, input } });
const cancel = { type: 'send' as const, request: { type: 'runner.cancel' as const } };

describe('runner', () => {
  it('answers each request with its output or error, one child for all of them', async () => {
    const { held, work } = heldWork();
    const actor = createActor(harness(work)).start();
    const child = actor.getSnapshot().children.worker;
    actor.send(run('first'));
    await settleAll();
    held[0]!.resolve('one');
    await settleAll();
    actor.send(run('second'));
    await settleAll();
    held[1]!.reject(new Error('two failed'));
    await settleAll();
    expect(held.map((h) => h.input)).toEqual(['first', 'second']);
    expect(actor.getSnapshot().context.answers).toEqual([{ type: 'runner.done', output: 'one' }, { type: 'runner.error', error: new Error('two failed') }]);
    expect(actor.getSnapshot().children.worker).toBe(child);
  });

  it('a cancelled request is aborted and its late answer dropped; a new request replaces a running one', async () => {
    const { held, work } = heldWork();
    const actor = createActor(harness(work)).start();
    actor.send(run('slow'));
    await settleAll();
    const { signal } = held[0]!.request;
    actor.send(cancel);
    expect(signal.aborted).toBe(true);
    held[0]!.resolve('too late');
    actor.send(run('next'));
    await settleAll();
    actor.send(run('newest'));
    await settleAll();
    expect(held[1]!.request.signal.aborted).toBe(true);
    held[1]!.resolve('replaced');
    held[2]!.resolve('kept');
    await settleAll();
    expect(actor.getSnapshot().context.answers).toEqual([{ type: 'runner.done', output: 'kept' }]);
  });

  it('makes no AbortController for work that never reads its signal, and hands an aborted one to work that reads it after a cancel', async () => {
    let late: AbortSignal | undefined;
    const actor = createActor(harness(async (input) => input)).start();
    const Original = globalThis.AbortController;
    let made = 0;
    globalThis.AbortController = class extends Original { constructor() { super(); made++; } };
    try {
      actor.send(run('quiet'));
      await settleAll();
      expect(made).toBe(0);
    } finally {
      globalThis.AbortController = Original;
    }
    const reader = createActor(setup({ actors: { worker: runner<string, string>(async (args) => { await settleAll(); late = args.signal; return ''; }) } }).createMachine({
      invoke: { id: 'worker', src: 'worker' },
      on: { go: { actions: [sendTo('worker', { type: 'runner.run', input: 'x' }), sendTo('worker', { type: 'runner.cancel' })] } },
    })).start();
    reader.send({ type: 'go' });
    await settleAll();
    await settleAll();
    expect(late?.aborted).toBe(true);
    expect(actor.getSnapshot().context.answers).toEqual([{ type: 'runner.done', output: 'quiet' }]);
  });

  it('a synchronous throw is an error answer; stopping the parent aborts the running request', async () => {
    const thrower = createActor(harness(() => { throw new Error('sync'); })).start();
    thrower.send(run('x'));
    await settleAll();
    expect(thrower.getSnapshot().context.answers).toEqual([{ type: 'runner.error', error: new Error('sync') }]);
    const { held, work } = heldWork();
    const actor = createActor(harness(work)).start();
    actor.send(run('long'));
    await settleAll();
    actor.stop();
    expect(held[0]!.request.signal.aborted).toBe(true);
  });

  it('keeps the request waiting for its answer in its snapshot, and clears it in the step that answers', async () => {
    const { held, work } = heldWork();
    const actor = createActor(harness(work)).start();
    const request = () => (actor.getSnapshot().children.worker!.getSnapshot() as { request: unknown }).request;
    expect(request()).toBe(null);
    actor.send(run('pending'));
    expect(request()).toBe('pending');
    // What the parent sees when the answer arrives is a runner with no request (so it persists none).
    const seen: unknown[] = [];
    actor.subscribe((snapshot) => seen.push((snapshot.children.worker!.getSnapshot() as { request: unknown }).request));
    held[0]!.resolve('answered');
    await settleAll();
    expect(actor.getSnapshot().context.answers).toEqual([{ type: 'runner.done', output: 'answered' }]);
    expect(seen).toEqual([null]);
    actor.send(run('dropped'));
    actor.send(cancel);
    expect(request()).toBe(null);
  });

  it('starts the work once its snapshot holds the request: work that checkpoints the run before it starts saves the request with it', async () => {
    let saved: unknown;
    let parent: { getPersistedSnapshot(): unknown } | undefined;
    const actor = createActor(harness(async (input) => {
      // What a write-ahead checkpoint does first thing: persist the whole run, synchronously.
      saved = JSON.parse(JSON.stringify(parent!.getPersistedSnapshot()));
      return input;
    }));
    parent = actor;
    actor.start();
    actor.send(run('pending'));
    expect((saved as { children: { worker: { snapshot: { request: unknown } } } }).children.worker.snapshot.request).toBe('pending');
    await settleAll();
    expect(actor.getSnapshot().context.answers).toEqual([{ type: 'runner.done', output: 'pending' }]);
  });

  it('restored with a request, runs it again by itself and answers; restored without one, runs nothing', async () => {
    const { held, work } = heldWork();
    const logic = harness(work);
    const actor = createActor(logic).start();
    actor.send(run('pending'));
    await settleAll();
    const persisted = JSON.parse(JSON.stringify(actor.getPersistedSnapshot()));
    actor.stop();
    expect(held[0]!.request.signal.aborted).toBe(true);
    const restored = createActor(logic, { snapshot: persisted }).start();
    await settleAll();
    // Nobody asked again: the runner's own snapshot held the request.
    expect(held.map((h) => h.input)).toEqual(['pending', 'pending']);
    held[1]!.resolve('after restore');
    await settleAll();
    expect(restored.getSnapshot().context.answers).toEqual([{ type: 'runner.done', output: 'after restore' }]);
    // Restored once more from the answered run's own snapshot: nothing is pending, nothing runs.
    const again = createActor(logic, { snapshot: JSON.parse(JSON.stringify(restored.getPersistedSnapshot())) }).start();
    await settleAll();
    expect(held).toHaveLength(2);
    expect(again.getSnapshot().context.answers).toEqual([{ type: 'runner.done', output: 'after restore' }]);
    // A runner persisted before it kept requests (no `request` field) restores holding none.
    const { request: _request, ...older } = persisted.children.worker.snapshot;
    createActor(logic, { snapshot: { ...persisted, children: { worker: { ...persisted.children.worker, snapshot: older } } } }).start();
    await settleAll();
    expect(held).toHaveLength(2);
  });

  it('an unfilled runner slot fails each request, naming its machine and itself', async () => {
    const table = slots('demo', { doThing: runnerSlotType<string, string>() });
    const parent = setup({ types: { context: {} as { error?: unknown }, events: {} as RunnerAnswer<string> | { type: 'go' } }, actors: table }).createMachine({
      context: {},
      invoke: { id: 'doThing', src: 'doThing' },
      on: {
        go: { actions: sendTo('doThing', { type: 'runner.run', input: 'x' }) },
        'runner.error': { actions: assign({ error: ({ event }) => event.error }) },
      },
    });
    const actor = createActor(parent).start();
    actor.send({ type: 'go' });
    await settleAll();
    expect(String(actor.getSnapshot().context.error)).toBe('Error: demo machine: the "doThing" actor is not provided; fill it with machine.provide({ actors: { doThing: … } })');
  });
});
