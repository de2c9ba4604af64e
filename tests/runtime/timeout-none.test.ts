/**
 * Seed 002 gives a step that timed out without a configured timeout 1800 s on its retry. Decided
 * otherwise (README, requirements row "002 timeout when none set"): such a timeout is not ours —
 * the task's own limit, a server's ETIMEDOUT — so a limit of ours would give it no more time, only
 * a new way to be killed. The retry keeps no limit and is told to simplify, as every TIMEOUT is.
 */
import { describe, expect, it } from 'vitest';
import { recover, type TaskContext } from '../../src/runtime/index.js';

describe('a TIMEOUT without a configured timeout', () => {
  it('is retried with no limit of ours (not the seed\'s 1800 s), told to simplify', async () => {
    const seen: Array<{ timeoutMs: number | null; hint: string | null }> = [];
    const outcome = await recover((ctx: TaskContext) => {
      seen.push({ timeoutMs: ctx.timeoutMs, hint: ctx.hint });
      if (seen.length === 1) throw Object.assign(new Error('upstream request timed out'), { code: 'ETIMEDOUT' });
    }, { policy: { types: { TIMEOUT: { delaysMs: [0] } } } });
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 2, classification: { type: 'TIMEOUT' } });
    expect(seen[1]!.timeoutMs).toBeNull();
    expect(seen[1]!.hint).toMatch(/^Previous attempt timed out\. Focus on core requirements only/);
  });
});
