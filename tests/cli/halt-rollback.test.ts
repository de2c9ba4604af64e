/**
 * Seed 004's rollbacks on a halt (issue 33), end to end through the built CLI in real git
 * repositories holding a user's uncommitted work: a security violation and data corruption roll
 * back what the command changed before escalating (and `recover restore` brings it back), a
 * critical quality gate rolls back before its next fix, a user abort keeps its partial work and
 * says so, and a command line that risks data loss never starts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { userRepo } from '../helpers/git.js';
import { treeState } from '../helpers/tree-state.js';
import { recover, recoverJson, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

interface Event { phase: string; result: string; reason: string | null; message: string | null; type: string | null }
interface RunOutcome { runId: string; status: string; reason: string | null; attempts: number; classification: { type: string; severity: string }; history: Event[] }

const read = (repo: string, path: string) => readFileSync(join(repo, path), 'utf8');

/** A command that changes the tree (a tracked file and a new one), then fails with `message` on stderr. */
const writesThenFails = (message: string) => `const fs = require('fs');
fs.writeFileSync('b.txt', 'changed by the command\\n');
fs.writeFileSync('stolen.txt', 'written by the command\\n');
console.error(${JSON.stringify(message)});
process.exit(1);
`;

beforeAllBuilt();

describe('recover run --rollback git: a halt rolls back first (seed 004)', () => {
  test.each([
    ['a security violation', "cat: /root/.ssh/id_rsa: Permission denied", 'SECURITY_VIOLATION', 'critical_security_violation', '## Critical Security Violation'],
    ['data corruption', 'Error: in prepare, database disk image is malformed (11)', 'DATA_CORRUPTION', 'data_corruption', '## Data Corruption Detected'],
  ])('%s: what the command changed is undone before escalating, the escalation says what, and recover restore brings it back', { timeout: 180_000 }, (_, message, type, reason, heading) => {
    const repo = userRepo(tempCwd({ maxDelayMs: 20 }, 'recover-halt-'), { 'task.js': writesThenFails(message) });
    const before = treeState(repo);

    const { status, outcome } = recoverJson<RunOutcome>(repo, ['run', '--rollback', 'git', '--', 'node', 'task.js']);
    expect(status).toBe(3);
    expect(outcome).toMatchObject({ status: 'escalated', reason, attempts: 1, classification: { type, severity: 'critical' } });
    // Nothing is left of what the command did; the user's uncommitted work is as it was.
    expect(treeState(repo)).toEqual(before);
    expect(existsSync(join(repo, 'stolen.txt'))).toBe(false);
    const kept = `refs/recovery/${outcome.runId}/replaced-1`;
    const rollback = outcome.history.find((e) => e.phase === 'ROLLBACK');
    expect(rollback).toMatchObject({ result: 'rolled_back' });
    expect(rollback!.message).toBe(`undone before escalating: undid 2 files: b.txt (modified), stolen.txt (added); replaced state kept as ${kept} (get it back: recover restore ${kept})`);
    expect(outcome.history.map((e) => e.phase)).toEqual(['PAUSE', 'DIAGNOSE', 'ROLLBACK', 'ESCALATE']);

    const report = recover(repo, ['report', outcome.runId]).stdout;
    expect(report).toContain(heading);
    expect(report).toContain(`### Rollbacks\n\n- Rollback 1 (after attempt 1, before escalating): \`undone before escalating: undid 2 files: b.txt (modified), stolen.txt (added)`);

    // The undone state is kept: restoring it brings back exactly what the command wrote.
    const restored = recover(repo, ['restore', kept]);
    expect(restored.status).toBe(0);
    expect(read(repo, 'stolen.txt')).toBe('written by the command\n');
    expect(read(repo, 'b.txt')).toBe('changed by the command\n');
    expect(read(repo, 'notes/todo.md')).toBe('untracked user notes\n');
  });

  test('without --rollback, a security violation escalates at once and leaves the tree as the command left it', { timeout: 120_000 }, () => {
    const repo = userRepo(tempCwd({ maxDelayMs: 20 }, 'recover-halt-'), { 'task.js': writesThenFails('cat: /root/.ssh/id_rsa: Permission denied') });
    const { status, outcome } = recoverJson<RunOutcome>(repo, ['run', '--', 'node', 'task.js']);
    expect(status).toBe(3);
    expect(outcome).toMatchObject({ reason: 'critical_security_violation', attempts: 1 });
    expect(outcome.history.some((e) => e.phase === 'ROLLBACK')).toBe(false);
    expect(read(repo, 'stolen.txt')).toBe('written by the command\n');
  });

  test('a critical quality gate (criticalGate in the config) rolls the gate\'s changes back, then the next fix is tried and passes', { timeout: 180_000 }, () => {
    // The gate rewrites app.js badly and fails, until the adapter's fix file exists.
    const gate = `const fs = require('fs');
fs.writeFileSync('runs', String((fs.existsSync('runs') ? Number(fs.readFileSync('runs', 'utf8')) : 0) + 1));
if (fs.existsSync('lint-fix.txt')) { console.log('lint clean'); process.exit(0); }
fs.writeFileSync('app.js', 'var x = 1 // reformatted by the gate\\n');
console.error('ESLint found 3 errors. Quality gate failed.');
process.exit(1);
`;
    const dir = tempCwd({ maxDelayMs: 20, criticalGate: true }, 'recover-gate-');
    writeFileSync(join(dir, '.gitignore'), 'runs\n');
    const repo = userRepo(dir, { 'gate.js': gate, 'app.js': 'const x = 1;\n' });
    const adapterDir = tempCwd(null, 'recover-adapter-');
    writeFileSync(join(adapterDir, 'adapter.js'), `require('fs').writeFileSync('lint-fix.txt', 'fixed\\n'); console.log(JSON.stringify({ fix: 'configure the linter', confidence: 0.9 }));\n`);

    const { status, outcome } = recoverJson<RunOutcome>(repo, ['run', '--rollback', 'git', '--rollback-budget', '0', '--adapter', `node ${join(adapterDir, 'adapter.js')}`, '--', 'node', 'gate.js']);
    expect(status).toBe(0);
    expect(outcome.status).toBe('recovered');
    expect(outcome.history.map((e) => e.phase)).toEqual(['PAUSE', 'DIAGNOSE', 'ROLLBACK', 'ADAPT', 'RETRY']);
    expect(outcome.history.find((e) => e.phase === 'ROLLBACK')!.message).toMatch(/^undid 1 file: app\.js \(modified\); replaced state kept as /);
    // The gate's own rewrite was undone before the fix; the retry passed without rewriting it.
    expect(read(repo, 'app.js')).toBe('const x = 1;\n');
    expect(read(repo, 'lint-fix.txt')).toBe('fixed\n');
  });

  test('a user abort keeps the partial work and says so (seed 004 ABORT), even with --rollback git', { timeout: 120_000 }, () => {
    const task = `require('fs').writeFileSync('partial.txt', 'half of the work\\n'); process.kill(process.pid, 'SIGINT');\n`;
    const repo = userRepo(tempCwd({ maxDelayMs: 20 }, 'recover-abort-'), { 'task.js': task });
    const { status, outcome } = recoverJson<RunOutcome>(repo, ['run', '--rollback', 'git', '--', 'node', 'task.js']);
    expect(status).toBe(5);
    expect(outcome).toMatchObject({ status: 'aborted', reason: 'user_abort', attempts: 1 });
    expect(read(repo, 'partial.txt')).toBe('half of the work\n');
    const stop = outcome.history.find((e) => e.phase === 'ESCALATE')!;
    expect(stop.message).toMatch(/^stopped by a person: partial work kept, nothing rolled back \(last known good state: [0-9a-f]{40}\)$/);
  });
});

describe('a command line that risks data loss (seed 004 BLOCK_AND_ALERT)', () => {
  test('is never started: it escalates as a critical security violation without a single run', { timeout: 120_000 }, () => {
    const repo = userRepo(tempCwd({ maxDelayMs: 20 }, 'recover-dataloss-'));
    const script = "echo ran > ran.txt; psql -c 'DROP DATABASE app'";
    const { status, outcome } = recoverJson<RunOutcome>(repo, ['run', '--', 'sh', '-c', script]);
    expect(status).toBe(3);
    expect(outcome).toMatchObject({ reason: 'critical_security_violation', attempts: 1, classification: { type: 'SECURITY_VIOLATION' } });
    expect(outcome.history[0]!.message).toContain('blocked before it ran: the command line risks data loss: drop database (drops a database)');
    expect(existsSync(join(repo, 'ran.txt'))).toBe(false);
  });

  test('RECOVERY_ALLOW_DATA_LOSS=1 lets the person running it allow it', { timeout: 120_000 }, () => {
    const repo = userRepo(tempCwd({ maxDelayMs: 20 }, 'recover-dataloss-'));
    const { status } = recoverJson<RunOutcome>(repo, ['run', '--', 'sh', '-c', 'echo ran > ran.txt # DROP DATABASE app'], { RECOVERY_ALLOW_DATA_LOSS: '1' });
    expect(status).toBe(0);
    expect(read(repo, 'ran.txt')).toBe('ran\n');
  });
});
