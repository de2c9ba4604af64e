/**
 * `recover run --rollback git` end to end: a real repository holding a user's uncommitted work
 * (staged, unstaged, untracked) and the run store itself (not ignored, the hard case), a real
 * adapter that wrecks the tree on its first proposal, and the built CLI as a child process.
 * Whatever the adapter did, the user's work comes back byte for byte, and the store survives.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { git, userRepo } from '../helpers/git.js';
import { recover, recoverJson, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

const read = (repo: string, path: string) => readFileSync(join(repo, path), 'utf8');

const BUILD_JS = `const fs = require('fs');
if (!fs.existsSync('utils.js')) { console.error("Error: Cannot find module './utils' from 'build.js'"); process.exit(1); }
require('./utils.js');
console.log('build ok');
`;

/** A committed project whose build needs `utils.js`, plus the user's work in progress. */
const projectRepo = () => userRepo(tempCwd({ maxDelayMs: 20 }, 'recover-rollback-'), { 'build.js': BUILD_JS });

/**
 * An adapter (kept outside the repository) whose first proposal wrecks the tree and leaves a
 * syntax error, a BROKEN_BUILD that must be rolled back; its second proposal is the right fix.
 */
function wreckingAdapter(): { command: string; calls: string } {
  const dir = tempCwd(null, 'recover-adapter-');
  const calls = join(dir, 'calls');
  writeFileSync(join(dir, 'adapter.js'), `const fs = require('fs');
const n = (fs.existsSync(${JSON.stringify(calls)}) ? Number(fs.readFileSync(${JSON.stringify(calls)}, 'utf8')) : 0) + 1;
fs.writeFileSync(${JSON.stringify(calls)}, String(n));
if (n === 1) {
  fs.writeFileSync('b.txt', 'wrecked by the adapter\\n');
  fs.unlinkSync('notes/todo.md');
  fs.writeFileSync('junk.txt', 'left by the adapter\\n');
  fs.writeFileSync('utils.js', 'module.exports = ;\\n');
  console.log(JSON.stringify({ fix: 'rewrite utils and b.txt', confidence: 0.9 }));
} else {
  fs.writeFileSync('utils.js', 'module.exports = {};\\n');
  console.log(JSON.stringify({ fix: 'create utils.js exporting an empty object', confidence: 0.9 }));
}
`);
  return { command: `node ${join(dir, 'adapter.js')}`, calls };
}

beforeAllBuilt();

describe('recover run --rollback git', () => {
  // A snapshot runs a few dozen git processes (each rollback two snapshots): slow on a loaded machine.
  test('a wrecking fix is rolled back: uncommitted and untracked work survive, the store too', { timeout: 180_000 }, () => {
    const repo = projectRepo();
    const before = { status: git(repo, 'status', '--porcelain', '--untracked-files=all'), staged: git(repo, 'diff', '--cached') };
    const adapter = wreckingAdapter();

    const { status, outcome } = recoverJson<{ runId: string; status: string; history: Array<{ phase: string; result: string; type: string | null; fix: string | null }> }>(
      repo, ['run', '--rollback', 'git', '--adapter', adapter.command, '--', 'node', 'build.js'],
    );

    expect(status).toBe(0);
    expect(outcome.status).toBe('recovered');
    expect(readFileSync(adapter.calls, 'utf8')).toBe('2');
    // The syntax error left by the first fix is a BROKEN_BUILD; the rollback precedes the second fix.
    const phases = outcome.history.map((e) => `${e.phase}:${e.result}`);
    const wrecked = outcome.history.findIndex((e) => e.phase === 'RETRY' && e.fix === 'rewrite utils and b.txt');
    expect(outcome.history[wrecked]).toMatchObject({ result: 'failure', type: 'BROKEN_BUILD' });
    expect(phases.slice(wrecked)).toContain('ROLLBACK:rolled_back');
    expect(phases.at(-1)).toBe('RETRY:success');

    // The user's work, byte for byte; the adapter's wreckage gone; the good fix kept.
    expect(read(repo, 'a.txt')).toBe('a staged by the user\n');
    expect(read(repo, 'b.txt')).toBe('b edited by the user, not staged\n');
    expect(read(repo, 'notes/todo.md')).toBe('untracked user notes\n');
    expect(existsSync(join(repo, 'junk.txt'))).toBe(false);
    expect(read(repo, 'utils.js')).toBe('module.exports = {};\n');
    expect(git(repo, 'diff', '--cached')).toBe(before.staged);
    expect(git(repo, 'status', '--porcelain', '--untracked-files=all').split('\n').filter((l) => !l.includes('.recovery/') && !l.includes('utils.js')))
      .toEqual(before.status.split('\n').filter((l) => !l.includes('.recovery/')));

    // The store inside the repository is never recorded, so a rollback cannot revert or delete
    // the run's checkpoint or its lock mid-run: the run is listed, finished, unlocked.
    for (const ref of [`refs/recovery/${outcome.runId}/good`, ...git(repo, 'for-each-ref', '--format=%(refname)', 'refs/recovery/').split('\n')]) {
      expect(git(repo, 'ls-tree', '-r', '--name-only', ref)).not.toContain('.recovery/');
    }
    const list = JSON.parse(recover(repo, ['list', '--json']).stdout) as Array<{ runId: string; status: string }>;
    expect(list).toEqual([expect.objectContaining({ runId: outcome.runId, status: 'recovered' })]);
    expect(existsSync(join(repo, '.recovery', 'locks', `${outcome.runId}.lock`))).toBe(false);
    // The wrecked tree is kept under a backup ref: nothing is ever lost, not even the bad fix.
    const backups = git(repo, 'for-each-ref', '--format=%(refname)', `refs/recovery/${outcome.runId}/`).split('\n').filter((ref) => ref.includes('/replaced-'));
    expect(backups.map((ref) => git(repo, 'show', `${ref}:b.txt`))).toContain('wrecked by the adapter');
  });

  test('outside a git repository, --rollback git is a usage error (exit 2, one line) before anything runs', () => {
    const cwd = tempCwd();
    writeFileSync(join(cwd, 'marker.js'), `require('fs').writeFileSync('ran', '1');`);
    const result = recover(cwd, ['run', '--rollback', 'git', '--', 'node', 'marker.js']);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`recover run: git rollback needs a git repository, and ${cwd} is not inside one\n`);
    expect(existsSync(join(cwd, 'ran'))).toBe(false);
    expect(recover(cwd, ['run', '--rollback', 'git', '--rollback-budget', 'lots', '--', 'true']).stderr).toContain("--rollback-budget: 'lots' is not a size");
    expect(recover(cwd, ['restore', 'refs/recovery/x/good']).status).toBe(2);
  });
});
