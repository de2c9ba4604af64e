/**
 * Seed 002's prompt strategies for a `recover()` task without an adapter: the task reads
 * `ctx.hint`, which names what the last attempt's validation found still wrong.
 */
import { describe, expect, it } from 'vitest';
import { recover, TaskFailure, type TaskContext } from '../../src/runtime/index.js';

const HINT = 'Your output MUST include these exact sections: ';

describe('built-in hinted retries, no adapter', () => {
  it('MISSING_SECTIONS: each attempt is told the sections still missing, and adds the first one named', async () => {
    const written: string[] = [];
    const hints: Array<string | null> = [];
    const outcome = await recover((ctx: TaskContext) => {
      hints.push(ctx.hint);
      const named = ctx.hint?.startsWith(HINT) ? ctx.hint.slice(HINT.length).split(', ') : [];
      if (named[0]) written.push(named[0]);
      const missing = ['# Plan', '# Risks', '# Tests'].filter((s) => !written.includes(s));
      if (missing.length) throw new TaskFailure('output check failed', { validationErrors: missing.map((s) => `Missing section: ${s}`) });
      return written.join('\n');
    });
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 4, iterations: 3, value: '# Plan\n# Risks\n# Tests' });
    expect(hints).toEqual([null, `${HINT}# Plan, # Risks, # Tests`, `${HINT}# Risks, # Tests`, `${HINT}# Tests`]);
    // Each hint is recorded as the iteration's fix, as an adapter's would be.
    expect(outcome.history.filter((e) => e.phase === 'ADAPT').map((e) => e.fix)).toEqual(hints.slice(1).map((h) => `retry with hint: ${h}`));
  });

  it('FORMAT_VALIDATION: the hint quotes what failed; the same failure again is a repeated fix, not a third attempt', async () => {
    const hints: Array<string | null> = [];
    const outcome = await recover((ctx: TaskContext) => {
      hints.push(ctx.hint);
      throw new TaskFailure('bad output', { validationErrors: ['field "total" must be a number'] });
    });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'infinite_loop', attempts: 2, classification: { type: 'FORMAT_VALIDATION' } });
    expect(hints).toEqual([null, 'Your output failed validation: field "total" must be a number. Fix exactly that.']);
  });
});
