/**
 * Seed 004's ASK_APPROVE thresholds in the policy (issue 33): off unless `approval` is set; once
 * set, a scope deviation over 10 % of the files, a change to the public API, or a fix costing more
 * than the limit each give one line that says the numbers.
 */
import { describe, expect, it } from 'vitest';
import { approvalProblems, describeChange, matchesPaths, resolveApproval, resolvePolicy, validatePolicyConfig, type FixChange } from '../../src/policy/index.js';

const change = (paths: string[], totalFiles: number, lines = { insertions: 3, deletions: 1 }): FixChange => ({ changedFiles: paths.length, totalFiles, paths, ...lines });

describe('approval thresholds (seed 004 ASK_APPROVE)', () => {
  it('are off by default: no fix asks approval, however large', () => {
    expect(resolvePolicy({}).approval).toBeNull();
    expect(approvalProblems(resolvePolicy({}).approval, change(['a', 'b', 'c'], 3), 1000)).toEqual([]);
  });

  it('once set, default to seed 004: more than 10 % of the files, any public API change, more than $100', () => {
    expect(resolvePolicy({ approval: {} }).approval).toEqual({ maxChangedFiles: 0, maxChangedFraction: 0.1, paths: [], breaking: true, costUsd: 100 });
    const approval = resolveApproval({ paths: ['src/index.ts'] });
    expect(approvalProblems(approval, change(['src/a.ts'], 10), 5)).toEqual([]);
    expect(approvalProblems(approval, change(['src/a.ts', 'src/b.ts'], 10), null)).toEqual([
      '2 of 10 files changed (20 %), more than maxChangedFraction 10 % (scope deviation)',
    ]);
    expect(approvalProblems(resolveApproval({ maxChangedFraction: 1, paths: ['src/index.ts'] }), change(['src/index.ts'], 40), 100.5)).toEqual([
      'breaking change: touches the public API (src/index.ts)',
      'the fix cost $100.50, more than costUsd $100',
    ]);
  });

  it('counts files against maxChangedFiles, and only checks the cost when the work tree could not be measured', () => {
    const approval = resolveApproval({ maxChangedFiles: 2, maxChangedFraction: 1, costUsd: 0.5 });
    expect(approvalProblems(approval, change(['a', 'b', 'c'], 100), null)).toEqual(['3 files changed, more than maxChangedFiles 2']);
    expect(approvalProblems(approval, null, 0.75)).toEqual(['the fix cost $0.75, more than costUsd $0.5']);
    expect(approvalProblems(approval, null, undefined)).toEqual([]);
  });

  it('breaking: false lets public API changes through; paths match exactly, by directory, with * and **, and by file name', () => {
    expect(approvalProblems(resolveApproval({ breaking: false, maxChangedFraction: 1, paths: ['**'] }), change(['x'], 1), null)).toEqual([]);
    expect(matchesPaths('src/index.ts', ['src/index.ts'])).toBe(true);
    expect(matchesPaths('src/index.tsx', ['src/index.ts'])).toBe(false);
    expect(matchesPaths('api/v1/users.ts', ['api/'])).toBe(true);
    expect(matchesPaths('api/v1/users.ts', ['api/**'])).toBe(true);
    expect(matchesPaths('api/users.ts', ['api/*.ts'])).toBe(true);
    expect(matchesPaths('api/v1/users.ts', ['api/*.ts'])).toBe(false);
    expect(matchesPaths('types/deep/index.d.ts', ['*.d.ts'])).toBe(true);
    expect(matchesPaths('src/a+b.ts', ['src/a+b.ts'])).toBe(true);
  });

  it('describes a change as its diff stat', () => {
    expect(describeChange(change(['a.ts', 'b.ts'], 9, { insertions: 12, deletions: 4 }))).toBe('2 of 9 files changed (+12 −4): a.ts, b.ts');
  });

  it('rejects a bad approval config with each path', () => {
    expect(validatePolicyConfig({ approval: { maxChangedFraction: 1.5, maxChangedFiles: -1, paths: ['ok', ''], costUsd: 'ten', wat: 1 } }).map((i) => i.message)).toEqual([
      'approval.maxChangedFraction must be a number between 0 and 1',
      'approval.maxChangedFiles must be an integer ≥ 0',
      'approval.paths[1] must be a non-empty path',
      'approval.costUsd must be a number ≥ 0',
      'approval.wat is not a known key (one of maxChangedFiles, maxChangedFraction, paths, breaking, costUsd)',
    ]);
    expect(validatePolicyConfig({ approval: null, criticalGate: true })).toEqual([]);
    expect(validatePolicyConfig({ criticalGate: 'yes' }).map((i) => i.message)).toEqual(['criticalGate must be a boolean']);
  });
});
