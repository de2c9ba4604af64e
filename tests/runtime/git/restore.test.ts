/**
 * Each way a program run by `recover` can wreck a repository (the scenarios of issue #11), on a
 * real repository: a rollback puts the whole state back byte for byte (every file's bytes and
 * permission bits, ignored ones included, empty directories, the index, refs, the stash, the
 * submodule), and the state it replaced comes back the same way from the ref that keeps it.
 */
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { recordGoodState, restoreGoodState } from '../../../src/runtime/git-rollback.js';
import { git } from '../../helpers/git.js';
import { richRepo } from '../../helpers/rich-repo.js';
import { treeState } from '../../helpers/tree-state.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'recovery-rich-'));
  roots.push(dir);
  return richRepo(dir);
};

const WRECKS: Array<[string, (repo: string) => void]> = [
  ['ignored .env deleted, build/ overwritten and cut', (repo) => {
    unlinkSync(join(repo, '.env'));
    writeFileSync(join(repo, 'build', 'app.js'), 'overwritten by the adapter\n');
    rmSync(join(repo, 'build', 'assets'), { recursive: true });
  }],
  ['the submodule: its uncommitted edit overwritten, a file removed, a commit made', (repo) => {
    writeFileSync(join(repo, 'lib', 'lib.txt'), 'adapter was here\n');
    unlinkSync(join(repo, 'lib', 'scratch.txt'));
    writeFileSync(join(repo, 'lib', 'junk.txt'), 'junk\n');
    git(join(repo, 'lib'), 'add', '-A');
    git(join(repo, 'lib'), 'commit', '-q', '-m', 'adapter commit in the submodule');
  }],
  ['empty directories removed, another created', (repo) => {
    rmSync(join(repo, 'logs'), { recursive: true });
    rmSync(join(repo, 'tmp'), { recursive: true });
    mkdirSync(join(repo, 'made-by-adapter'));
  }],
  ['git stash clear', (repo) => git(repo, 'stash', 'clear')],
  ['an LF file under eol=crlf checked out again (CRLF on disk)', (repo) => {
    unlinkSync(join(repo, 'lf.txt'));
    git(repo, 'checkout', '--', 'lf.txt');
  }],
  ['permission bits: +x, -x, 0600 → 0644', (repo) => {
    chmodSync(join(repo, 'a.txt'), 0o755);
    chmodSync(join(repo, 'run.sh'), 0o644);
    chmodSync(join(repo, 'private.txt'), 0o644);
  }],
  ['refs and the index: everything staged and committed on a new branch, a tag deleted', (repo) => {
    git(repo, 'checkout', '-q', '-b', 'adapter-branch');
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'adapter commit');
    git(repo, 'tag', '-d', 'v1');
  }],
];

// Each test runs a few hundred git processes on real repositories: slow on a loaded machine.
describe('git rollback: everything a program can change comes back byte for byte', { timeout: 180_000 }, () => {
  it.each(WRECKS)('%s', async (_name, wreck) => {
    const repo = fresh();
    const good = treeState(repo);
    const sha = await recordGoodState(repo, 'run', { exclude: [join(repo, '.recovery')] });
    wreck(repo);
    const wrecked = treeState(repo);
    expect(wrecked).not.toEqual(good);

    const result = await restoreGoodState(repo, sha, 'run', { exclude: [join(repo, '.recovery')] });
    expect(treeState(repo)).toEqual(good);
    expect(result).toEqual({ kept: 'refs/recovery/run/replaced-1', command: 'recover restore refs/recovery/run/replaced-1', unprotected: [], leftAlone: [] });

    // Nothing is lost: what the rollback replaced comes back, byte for byte, from its ref.
    const again = await restoreGoodState(repo, result.kept);
    expect(again.kept).toBe('refs/recovery/run/replaced-2');
    expect(treeState(repo)).toEqual(wrecked);
  });

  it('keeps the bytes of an LF file under eol=crlf in the snapshot itself, unconverted', async () => {
    const repo = fresh();
    const sha = await recordGoodState(repo, 'run');
    expect(git(repo, 'cat-file', 'blob', `${sha}:lf.txt`)).toBe('one\ntwo');
    expect(git(repo, 'show', `${sha}:.env`)).toBe('API_KEY=dev-only');
    expect(git(join(repo, 'lib'), 'show', 'refs/recovery/run/good:lib.txt')).toBe('lib edited by the user, not committed');
  });
});

describe('git rollback: the budget for ignored files', { timeout: 180_000 }, () => {
  const budget = { maxIgnoredBytes: 1000 };

  it('does not record an ignored directory over the budget nor one on the skip list, never touches them, and names them', async () => {
    const repo = fresh();
    mkdirSync(join(repo, 'big'));
    writeFileSync(join(repo, 'big', 'data.bin'), Buffer.alloc(2048, 7));
    mkdirSync(join(repo, 'node_modules', 'pkg'), { recursive: true });
    writeFileSync(join(repo, 'node_modules', 'pkg', 'index.js'), 'module.exports = 1;\n');
    const sha = await recordGoodState(repo, 'run', { budget });
    const tree = git(repo, 'ls-tree', '-r', '--name-only', sha).split('\n');
    expect(tree).toEqual(expect.arrayContaining(['.env', 'build/app.js']));
    expect(tree.filter((p) => p.startsWith('big/') || p.startsWith('node_modules/'))).toEqual([]);

    const good = treeState(repo);
    unlinkSync(join(repo, '.env'));
    writeFileSync(join(repo, 'big', 'data.bin'), 'regenerated\n');
    writeFileSync(join(repo, 'node_modules', 'pkg', 'index.js'), 'module.exports = 2;\n');
    const result = await restoreGoodState(repo, sha, 'run', { budget });

    expect(result.unprotected).toEqual([
      { path: 'node_modules/', reason: 'skip-list', bytes: null },
      { path: 'big/', reason: 'budget', bytes: 2048 },
    ]);
    const after = treeState(repo);
    expect(after.entries['.env']).toBe(good.entries['.env']);
    // Not protected, so left exactly as the program left it: no rollback deletes what it did not record.
    expect(after.entries['big/data.bin']).not.toBe(good.entries['big/data.bin']);
    expect(after.entries['node_modules/pkg/index.js']).not.toBe(good.entries['node_modules/pkg/index.js']);
    expect(after).toEqual({ ...good, entries: { ...good.entries, 'big/data.bin': after.entries['big/data.bin'], 'node_modules/pkg/index.js': after.entries['node_modules/pkg/index.js'] } });
  });

  it('leaves an ignored directory alone when it outgrew the budget since the snapshot (it could not be kept)', async () => {
    const repo = fresh();
    const sha = await recordGoodState(repo, 'run', { budget });
    expect(git(repo, 'show', `${sha}:build/app.js`)).toBe('console.log("built");');
    writeFileSync(join(repo, 'build', 'bundle.js'), Buffer.alloc(4096, 1));
    writeFileSync(join(repo, 'build', 'app.js'), 'rebuilt\n');
    const result = await restoreGoodState(repo, sha, 'run', { budget });
    expect(result.unprotected).toEqual([{ path: 'build/', reason: 'budget', bytes: 4096 + 8 + 7 }]);
    expect(git(repo, 'ls-tree', '-r', '--name-only', result.kept)).not.toContain('build/app.js');
    expect(readFileSync(join(repo, 'build', 'app.js'), 'utf8')).toBe('rebuilt\n');
    expect(readFileSync(join(repo, 'build', 'bundle.js'))).toEqual(Buffer.alloc(4096, 1));
  });
});
