/**
 * examples/langgraph-node.ts: a LangGraph.js node re-executed after `interrupt()` and resumed with
 * `new Command({ resume })` continues the run it escalated (one run in the store, not two).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runDemo } from '../../examples/langgraph-node.js';
import { runIdForKey } from '../../src/runtime/run-key.js';

const dirs: string[] = [];
afterEach(() => { for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true }); });

describe('examples/langgraph-node: recoverPersisted with a runKey inside a StateGraph node', () => {
  it('escalates, interrupts the graph, and the resumed node continues the same run to recovery', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recovery-langgraph-'));
    dirs.push(dir);
    const { escalation, final, attempts, store } = await runDemo(dir, { choice: 'retry-with-modifications', guidance: 'use the new deploy token' });
    const runId = runIdForKey('release-42:deploy');

    // The graph paused with the escalation as its interrupt payload.
    expect(escalation).toEqual({ runId, reason: 'fatal_error', history: ['PAUSE:failure', 'DIAGNOSE:diagnosed', 'ESCALATE:escalated'] });
    // The node ran again on resume, yet the step ran twice in all: the failure, then the decided retry.
    expect(attempts).toBe(2);
    expect(final).toEqual({ status: 'recovered', release: 'v2 (use the new deploy token)', runId });

    const runs = await store.list();
    expect(runs.map((run) => run.runId)).toEqual([runId]);
    const record = await store.load(runId);
    expect(record?.status).toBe('recovered');
    expect(record?.meta.runKey).toBe('release-42:deploy');
    expect(record?.history.map((event) => `${event.phase}:${event.result}`)).toEqual([
      'PAUSE:failure', 'DIAGNOSE:diagnosed', 'ESCALATE:escalated', 'DECISION:decided', 'RETRY:success',
    ]);
    // The human's decision is in the run's own history, with its guidance; the retry ran at level clarify.
    expect(record?.history.find((event) => event.phase === 'DECISION')?.message).toBe('retry-with-modifications: use the new deploy token');
    expect(record?.history.at(-1)?.level).toBe('clarify');
  });
});
