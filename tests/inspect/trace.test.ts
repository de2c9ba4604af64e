import { mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test, vi } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { createTraceWriter, parseTrace, readTrace } from '../../src/inspect/trace.js';
import { quick, recoveryLike } from '../diagram/fixtures/machines.js';

const dir = mkdtempSync(join(tmpdir(), 'trace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('NDJSON trace', () => {
  test('a real run: one JSON line per inspection event, in order, with actors, events and snapshots', async () => {
    const file = join(dir, 'nested', 'quick.ndjson');
    const trace = createTraceWriter(file);
    const actor = createActor(quick, { inspect: trace.inspect });
    actor.start();
    expect(await toPromise(actor)).toBe(42);
    trace.stop();

    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.length).toBe(trace.count);
    for (const line of lines) expect(() => JSON.parse(line)).not.toThrow();
    const entries = readTrace(file);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => i + 1));
    expect(entries.every((e, i) => i === 0 || e.at >= entries[i - 1]!.at)).toBe(true);

    const types = new Set(entries.map((e) => e.type));
    for (const t of ['@xstate.actor', '@xstate.event', '@xstate.snapshot', '@xstate.microstep']) expect(types).toContain(t);
    const root = entries.find((e) => e.type === '@xstate.actor' && e.actorId !== 'worker');
    const child = entries.find((e) => e.type === '@xstate.actor' && e.actorId === 'worker');
    // The parent is named on the child's xstate.init event (public inspection data), not on its actor entry.
    const init = (sessionId: string | undefined) => entries.find((e) => e.type === '@xstate.event' && e.sessionId === sessionId && (e.event as { type?: string }).type === 'xstate.init');
    expect(child?.parentId).toBeUndefined();
    expect(init(child?.sessionId)?.parentId).toBe(root?.sessionId);
    expect(init(root?.sessionId)).toBeDefined();
    expect(init(root?.sessionId)?.parentId).toBeUndefined();
    const last = entries.filter((e) => e.type === '@xstate.snapshot' && e.sessionId === root?.sessionId).at(-1);
    expect(last?.snapshot).toEqual({ status: 'done', value: 'done', context: { result: 42 }, output: 42 });
    expect(entries.some((e) => e.type === '@xstate.event' && (e.event as { type?: string }).type === 'xstate.done.actor.worker')).toBe(true);
    const step = entries.find((e) => e.type === '@xstate.microstep' && e.transitions?.length);
    expect(step?.transitions?.[0]).toEqual({ source: 'quick.working', targets: ['quick.done'], eventType: 'xstate.done.actor.worker' });
  });

  test('a failing run through compound states is traced too; stop() is idempotent and later events are ignored', async () => {
    const file = join(dir, 'recovery.ndjson');
    const trace = createTraceWriter(file);
    const machine = recoveryLike.provide({
      actors: { runTask: fromPromise<{ ok: boolean }, { attempt: number }>(async () => { throw new Error('exit 1'); }) },
      delays: { backoff: 0 },
    });
    const actor = createActor(machine, { inspect: trace.inspect });
    actor.start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('escalated'));
    trace.stop();
    trace.stop();
    const count = trace.count;
    actor.send({ type: 'DECIDE', choice: 'skip' });
    expect(trace.count).toBe(count);
    const entries = readTrace(file);
    const rootId = entries[0]?.rootId;
    const values = entries.filter((e) => e.type === '@xstate.snapshot' && e.sessionId === rootId).map((e) => JSON.stringify(e.snapshot?.value));
    expect(values).toContain(JSON.stringify({ recovery: 'diagnose' }));
    expect(values.at(-1)).toBe('"escalated"');
    const error = readTrace(file).find((e) => (e.event as { type?: string } | undefined)?.type === 'xstate.error.actor.task');
    expect(JSON.stringify(error?.event)).toContain('exit 1');
  });

  test('append mode continues a file; default truncates it', () => {
    const file = join(dir, 'append.ndjson');
    writeFileSync(file, '{"seq":1}\n');
    createTraceWriter(file, { append: true }).stop();
    expect(readTrace(file)).toHaveLength(1);
    createTraceWriter(file).stop();
    expect(readTrace(file)).toHaveLength(0);
  });

  test('readTrace skips a cut-off last line, rejects a bad line elsewhere with its number', () => {
    const file = join(dir, 'cut.ndjson');
    writeFileSync(file, '{"seq":1}\n{"seq":2}\n');
    appendFileSync(file, '{"seq":3,"ty');
    expect(readTrace(file).map((e) => e.seq)).toEqual([1, 2]);
    expect(() => parseTrace('{"seq":1}\nnot json\n{"seq":3}\n', 't.ndjson')).toThrow('t.ndjson:2: not a JSON line');
  });

  test('a failed write warns once and stops tracing, without throwing into the actor', async () => {
    const warn = vi.fn();
    // /dev/full accepts open() and fails every write with ENOSPC.
    const trace = createTraceWriter('/dev/full', { warn, append: true });
    const actor = createActor(quick, { inspect: trace.inspect });
    actor.start();
    expect(await toPromise(actor)).toBe(42);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/^trace: cannot write \/dev\/full .*tracing stopped$/);
    expect(trace.count).toBe(0);
  });
});
