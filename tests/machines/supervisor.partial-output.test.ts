/** Seed 004's partial-output policies: file kinds by path, and keep / discard / restore per strategy. */
import { describe, expect, it } from 'vitest';
import { checkpointFilePlan, decidePartialOutput, fileKindOf } from '../../machines/supervisor/partial-output.js';

describe('partial-output policies', () => {
  it.each([
    ['src/components/Layout.tsx', 'source_code'],
    ['lib/proc', 'source_code'],
    ['src/auth.test.ts', 'test_files'],
    ['tests/unit/token.py', 'test_files'],
    ['pkg/token_test.go', 'test_files'],
    ['docs/guide/intro.html', 'documentation'],
    ['README.md', 'documentation'],
    ['config/app.yaml', 'configuration'],
    ['.eslintrc', 'configuration'],
    ['package.json', 'configuration'],
  ])('%s is %s', (path, kind) => expect(fileKindOf(path)).toBe(kind));

  it('keeps valid code and tests, discards invalid or unvalidated ones (to regenerate)', () => {
    expect(decidePartialOutput({ path: 'src/a.ts', valid: true })).toMatchObject({ strategy: 'validate_and_keep', decision: 'keep' });
    expect(decidePartialOutput({ path: 'src/a.ts', valid: false })).toMatchObject({ decision: 'discard', reason: 'discarded: fails validation, regenerate' });
    expect(decidePartialOutput({ path: 'src/a.test.ts' })).toMatchObject({ kind: 'test_files', decision: 'discard', reason: 'discarded: not validated, regenerate' });
  });

  it('keeps all documentation, and replaces configuration atomically (restore unless valid)', () => {
    expect(decidePartialOutput({ path: 'docs/x.md', valid: false })).toMatchObject({ strategy: 'keep_all', decision: 'keep' });
    expect(decidePartialOutput({ path: 'app.json', valid: true })).toMatchObject({ strategy: 'atomic_replace', decision: 'keep' });
    expect(decidePartialOutput({ path: 'app.json', valid: false })).toMatchObject({ decision: 'restore' });
    expect(decidePartialOutput({ path: 'app.json' })).toMatchObject({ decision: 'restore', reason: 'restored: not validated' });
  });

  it('plans a checkpoint restart: committed files kept, in-progress ones by policy', () => {
    const plan = checkpointFilePlan({
      agent_id: 'frontend', checkpoint_id: 'chk-frontend-1', timestamp: '2026-01-02T10:05:00.000Z', progress: 0.45,
      completed_tasks: ['Layout'], pending_tasks: ['Dashboard'],
      files_committed: ['src/components/Layout.tsx'], files_in_progress: ['src/pages/Dashboard.tsx', 'docs/dashboard.md', 'config/routes.json'],
    }, { 'src/pages/Dashboard.tsx': true });
    expect(plan.map((p) => [p.path, p.decision])).toEqual([
      ['src/components/Layout.tsx', 'keep'],
      ['src/pages/Dashboard.tsx', 'keep'],
      ['docs/dashboard.md', 'keep'],
      ['config/routes.json', 'restore'],
    ]);
  });
});
