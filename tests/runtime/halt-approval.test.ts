/**
 * Issue 33 through the library, on a real git repository and real commands: `recover()` with
 * `gitRollback`'s rollback and `measureChange` rolls back what a command changed before it
 * escalates for data corruption, and holds an adapter's fix to the approval thresholds before
 * its retry (the fix is measured against the last known good state).
 */
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { commandTask, gitRollback, recover } from '../../src/index.js';
import { userRepo } from '../helpers/git.js';

const repo = (files: Record<string, string>) => userRepo(mkdtempSync(join(tmpdir(), 'recover-lib-halt-')), files);

describe('recover() with gitRollback (issue 33)', () => {
  it('data corruption: the command\'s writes are rolled back before the escalation, which says what was undone', { timeout: 60_000 }, async () => {
    const cwd = repo({ 'task.js': "require('fs').writeFileSync('cache.db', 'half written'); console.error('sqlite3.DatabaseError: database disk image is malformed'); process.exit(1);\n" });
    const git = gitRollback(cwd, 'lib-corrupt');
    const outcome = await recover(commandTask('node', ['task.js'], { cwd }), { runId: 'lib-corrupt', rollback: git.rollback, lastKnownGood: await git.lastKnownGood() });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'data_corruption', attempts: 1 });
    expect(existsSync(join(cwd, 'cache.db'))).toBe(false);
    expect(outcome.history.find((e) => e.phase === 'ROLLBACK')!.message).toBe(
      'undone before escalating: undid 1 file: cache.db (added); replaced state kept as refs/recovery/lib-corrupt/replaced-1 (get it back: recover restore refs/recovery/lib-corrupt/replaced-1)',
    );
  });

  it('a fix beyond maxChangedFiles escalates approval_required before its retry; one within goes on', { timeout: 60_000 }, async () => {
    const run = async (maxChangedFiles: number) => {
      const cwd = repo({ 'check.js': "const fs = require('fs'); if (!fs.existsSync('fixed.txt')) { console.error('Quality gate failed.'); process.exit(1); }\n" });
      const runId = `lib-approval-${maxChangedFiles}`;
      const git = gitRollback(cwd, runId);
      let runs = 0;
      const task = commandTask('node', ['check.js'], { cwd });
      const outcome = await recover(async (ctx) => { runs += 1; await task(ctx); }, {
        runId, rollback: git.rollback, lastKnownGood: await git.lastKnownGood(), measureChange: git.measureChange,
        policy: { approval: { maxChangedFiles, maxChangedFraction: 1 } },
        adapt: () => {
          writeFileSync(join(cwd, 'fixed.txt'), 'yes\n');
          writeFileSync(join(cwd, 'b.txt'), 'also touched\n');
          return { fix: 'write fixed.txt', confidence: 0.9 };
        },
      });
      return { outcome, runs, cwd };
    };
    const strict = await run(1);
    expect(strict.outcome).toMatchObject({ status: 'escalated', reason: 'approval_required' });
    expect(strict.runs).toBe(1);
    expect(strict.outcome.history.find((e) => e.phase === 'ADAPT')!.message).toMatch(/^approval required: 2 files changed, more than maxChangedFiles 1; diff: 2 of \d+ files changed \(\+2 −1\): b\.txt, fixed\.txt$/);
    const loose = await run(2);
    expect(loose.outcome.status).toBe('recovered');
    expect(loose.runs).toBe(2);
    expect(readFileSync(join(loose.cwd, 'fixed.txt'), 'utf8')).toBe('yes\n');
  });
});
