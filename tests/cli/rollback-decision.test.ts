/**
 * The data-loss scenarios of issue #11 through the built CLI: `recover run --rollback git` in a
 * repository holding every kind of state (ignored `.env` and `build/`, a submodule with an
 * uncommitted edit, empty directories, a stash, an LF file under `eol=crlf`, permission bits),
 * an adapter that wrecks all of it, an escalation, a person's edits on top, then
 * `recover decide RUN --choice rollback`. The whole tree comes back byte for byte; the person's
 * edits are kept under a named ref that the summary and the report print with the command that
 * brings them back, and that command does.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { git } from '../helpers/git.js';
import { richRepo } from '../helpers/rich-repo.js';
import { treeState } from '../helpers/tree-state.js';
import { recover, recoverJson, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

const CHECK_JS = `console.error('AssertionError [ERR_ASSERTION]: Expected values to be strictly equal: 1 !== 2'); process.exit(1);\n`;

/** An adapter (outside the repository) that wrecks everything on its first call, then has no alternative. */
function wreckingAdapter(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recover-adapter-'));
  const calls = JSON.stringify(join(dir, 'calls'));
  writeFileSync(join(dir, 'adapter.js'), `const fs = require('fs');
const { execSync } = require('child_process');
const n = (fs.existsSync(${calls}) ? Number(fs.readFileSync(${calls}, 'utf8')) : 0) + 1;
fs.writeFileSync(${calls}, String(n));
if (n > 1) process.exit(1);
fs.unlinkSync('.env');
fs.writeFileSync('build/app.js', 'overwritten by the adapter\\n');
fs.writeFileSync('lib/lib.txt', 'submodule edit overwritten\\n');
fs.rmdirSync('logs');
execSync('git stash clear');
fs.writeFileSync('lf.txt', 'one\\r\\ntwo\\r\\n');
fs.chmodSync('run.sh', 0o644);
fs.chmodSync('private.txt', 0o644);
console.log(JSON.stringify({ fix: 'rewrite everything', confidence: 0.9 }));
`);
  return `node ${join(dir, 'adapter.js')}`;
}

beforeAllBuilt();

describe('recover decide RUN --choice rollback', () => {
  test('puts the whole repository back byte for byte, and keeps the person\'s edits under a printed ref', { timeout: 300_000 }, () => {
    const repo = tempCwd({ maxDelayMs: 20 }, 'recover-rich-');
    writeFileSync(join(repo, 'check.js'), CHECK_JS);
    richRepo(repo);
    mkdirSync(join(repo, 'big'));
    writeFileSync(join(repo, 'big', 'data.bin'), Buffer.alloc(2048, 7));
    const good = treeState(repo);

    const first = recoverJson<{ runId: string; status: string }>(repo, ['run', '--rollback', 'git', '--rollback-budget', '1kB', '--adapter', wreckingAdapter(), '--', 'node', 'check.js']);
    expect(first.status).toBe(3);
    const run = first.outcome.runId;
    expect(git(repo, 'log', '-1', '--format=%s', `refs/recovery/${run}/good`)).toBe(`recovery-protocol: last known good state before run ${run}`);
    expect(readFileSync(join(repo, 'lf.txt'), 'utf8')).toBe('one\r\ntwo\r\n'); // wrecked, and escalated as it is

    // A person works on top of the wreck, then decides to roll back anyway.
    writeFileSync(join(repo, 'b.txt'), 'the person\'s fix after the escalation\n');
    writeFileSync(join(repo, 'person.txt'), 'new work by the person\n');
    const personal = treeState(repo);
    const decided = recover(repo, ['decide', run, '--choice', 'rollback']);
    expect(decided.status).toBe(3); // the command still fails after the rollback, and the adapter has no alternative

    expect(treeState(repo)).toEqual(good);
    const kept = `refs/recovery/${run}/replaced-1`;
    // What the rollback undid comes first: every file the person and the adapter changed since the good state.
    const undid = 'undid 6 files: .env (deleted), b.txt (modified), build/app.js (modified), lf.txt (modified), person.txt (added), run.sh (modified)';
    const note = `rollback 1: ${undid}; replaced state kept as ${kept} (get it back: recover restore ${kept}); not protected, left as they are: big/ (over budget, 2.0 kB)`;
    expect(decided.stderr).toContain(`recover: ${note}\n`);
    expect(git(repo, 'log', '-1', '--format=%s', kept)).toBe(`recovery-protocol: state replaced by rollback 1 of run ${run}`);
    const report = recover(repo, ['report', run]).stdout;
    expect(report).toContain(`### Rollbacks\n\n- Rollback 1 (before attempt`);
    expect(report).toContain(`replaced state kept as ${kept} (get it back: recover restore ${kept})`);

    // The printed command brings the person's state back, byte for byte, and keeps the one it replaces.
    const restored = recover(repo, ['restore', kept]);
    expect(restored.status).toBe(0);
    expect(restored.stderr).toContain(`recover: restored ${kept}; replaced state kept as refs/recovery/${run}/replaced-2`);
    expect(treeState(repo)).toEqual(personal);
  });
});
