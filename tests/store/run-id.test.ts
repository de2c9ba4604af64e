/** Run ids (run-id.ts): the one-test check a listing uses agrees with the check that explains. */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { isRunId, runIdProblem } from '../../src/store/run-id.js';

it('isRunId is exactly runIdProblem() === null', () => {
  const near = fc.stringMatching(/^[A-Za-z0-9._\-/\\ ]{0,130}$/);
  fc.assert(fc.property(fc.oneof(near, fc.string(), fc.anything()), (value) => {
    expect(isRunId(value)).toBe(runIdProblem(value) === null);
  }), { numRuns: 2_000 });
  for (const value of ['a', 'run-1.x', '.hidden', '..', 'a/b', 'a\\b', '', 'x'.repeat(128), 'x'.repeat(129), 7]) {
    expect(isRunId(value), String(value)).toBe(runIdProblem(value) === null);
  }
});
