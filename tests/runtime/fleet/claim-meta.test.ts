/** What a worker's claim adds to its run's meta (claim-meta.ts), as a table over the kinds of claim. */
import { describe, expect, it } from 'vitest';
import { claimMeta } from '../../../src/runtime/fleet/claim-meta.js';
import type { Claim } from '../../../src/store/postgres/queue.js';
import type { LeaseHolder, RunRecord } from '../../../src/store/types.js';

const lost: LeaseHolder = { pid: 41, host: 'h1', worker: 'w1' };
const claim = (over: Partial<Claim> & { tookOverFrom?: LeaseHolder | null } = {}): Claim => ({
  lease: { runId: 'r1', fence: 7, holder: { pid: 42, host: 'h2', worker: 'w2' }, acquiredAt: 1_000, tookOverFrom: over.tookOverFrom ?? null, repairs: [], renew: async () => {}, release: async () => {} },
  taskName: 'command', input: null, started: true, decision: null, ...over,
});
const record = (meta: Record<string, unknown>, events = 3): RunRecord => ({
  runId: 'r1', task: 't', status: 'running', createdAt: 0, updatedAt: 0, checkpoint: null, report: null, decisionOptions: null, meta, fence: 6,
  history: Array.from({ length: events }, (_, i) => ({ seq: i + 1 })) as unknown as RunRecord['history'],
});

describe('claimMeta', () => {
  it.each<[string, Claim, RunRecord | null, ReturnType<typeof claimMeta>]>([
    ['a run resumed by its own claim: nothing', claim(), record({}), { meta: {} }],
    ['a takeover: from whom, at which event, with which fence, after the earlier ones',
      claim({ tookOverFrom: lost }), record({ takeovers: ['earlier'] }, 5),
      { meta: { takeovers: ['earlier', { from: lost, fence: 7, atSeq: 5, at: 1_000 }] } }],
    ['a claimed decision: the run takes it (its choice read), the meta records it as claimed and who took it',
      claim({ decision: { id: 3, choice: 'retry-with', guidance: 'use the mirror', by: 'ana' } }), record({ decisions: [] }),
      { meta: { decisions: [{ by: 'ana', choice: 'retry-with', at: expect.any(Number) }] }, decision: { choice: 'retry-with-modifications', guidance: 'use the mirror' } }],
    ['a queued command starting now: its task and command line',
      claim({ started: false, input: { input: { cmd: 'npm', args: ['test'], cwd: '/repo' } } }), null,
      { meta: { fleet: { task: 'command' }, command: ['npm', 'test'], cwd: '/repo', options: {} } }],
    ['a queued run of another task: its task only', claim({ started: false, taskName: 'deploy', input: { input: { cmd: 'x' } } }), null, { meta: { fleet: { task: 'deploy' } } }],
  ])('%s', (_name, given, stored, expected) => {
    expect(claimMeta(given, stored)).toEqual(expected);
  });

  it('refuses a claimed decision that names no known choice, naming the run and the decision', () => {
    expect(() => claimMeta(claim({ decision: { id: 9, choice: 'maybe', guidance: null, by: null } }), record({}))).toThrow("run r1: decision 9 names no known choice ('maybe')");
  });
});
