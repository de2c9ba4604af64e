/** What `recover decide` and `recover ui` share: choice spellings, who decides, and the admission check. */
import { describe, expect, test } from 'vitest';
import { admitDecision, deciderName, parseChoice } from '../../src/cli/decision.js';
import type { RunRecord } from '../../src/store/types.js';
import { makeRun } from '../store/helpers/fixtures.js';

const escalated = (decisionOptions: string[] | null, meta: Record<string, unknown> = {}): RunRecord =>
  ({ ...makeRun('r1', { status: 'escalated', decisionOptions, meta }), fence: 1 });
const OFFERED = ['retry-fresh', 'retry-with', 'skip', 'abort', 'manual'];

describe('parseChoice', () => {
  test.each([
    ['retry-fresh', 'retry-fresh'], ['retry-with', 'retry-with-modifications'], ['retry-with-modifications', 'retry-with-modifications'],
    ['skip', 'skip'], ['rollback', 'rollback'], ['abort', 'abort'], ['manual', 'manual'],
  ])('%s → %s', (raw, choice) => expect(parseChoice(raw)).toBe(choice));

  test.each([['maybe'], ['toString'], [''], [undefined], [3]])('%s is refused, naming the valid ones', (raw) => {
    expect(() => parseChoice(raw)).toThrow(/retry-fresh, retry-with, skip, rollback, abort, manual/);
  });
});

describe('admitDecision', () => {
  test('an offered choice is admitted and recorded with who decided, after earlier decisions', () => {
    const earlier = { by: 'bob', choice: 'retry-fresh', at: 1 };
    expect(admitDecision(escalated(OFFERED, { decisions: [earlier] }), { choice: 'retry-with-modifications', guidance: 'g', by: 'alice' }, 7))
      .toEqual({ decisions: [earlier, { by: 'alice', choice: 'retry-with-modifications', at: 7 }] });
  });

  test('rollback is refused where the run does not offer it, admitted where it does', () => {
    expect(() => admitDecision(escalated(OFFERED), { choice: 'rollback', by: 'a' }, 1)).toThrow("run r1 does not offer 'rollback' (it was not started with --rollback git); its choices: retry-fresh, retry-with, skip, abort, manual");
    expect(admitDecision(escalated([...OFFERED, 'rollback']), { choice: 'rollback', by: 'a' }, 1).decisions).toHaveLength(1);
  });

  test.each([
    ['running', 'is not waiting for a decision (it is running or was interrupted)'],
    ['recovered', 'has already ended (recovered): there is no decision to take'],
    ['skipped', 'has already ended (skipped): there is no decision to take'],
  ] as const)('a %s run is not waiting for a decision', (status, why) => {
    const record = { ...escalated(OFFERED), status };
    expect(() => admitDecision(record, { choice: 'skip', by: 'a' }, 1)).toThrow(`run r1 ${why}`);
  });

});

describe('deciderName', () => {
  test('--as wins (trimmed); empty is refused; else the OS user', () => {
    expect(deciderName('  alice ', {})).toBe('alice');
    expect(() => deciderName('  ', {})).toThrow('--as needs a name');
    expect(deciderName(undefined, {})).toMatch(/\S/);
  });
});
