import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { gitRollback, recordGoodState, restoreGoodState } from '../../src/runtime/git-rollback.js';
import { git, userRepo as makeUserRepo } from '../helpers/git.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

const read = (repo: string, path: string) => readFileSync(join(repo, path), 'utf8');

/** A repo with one commit, and a user's work in progress: staged, unstaged, untracked and ignored. */
function userRepo(): string {
  const repo = mkdtempSync(join(tmpdir(), 'recovery-git-'));
  roots.push(repo);
  makeUserRepo(repo, { 'run.sh': '#!/bin/sh\n', '.gitignore': '*.log\n' }, (dir) => chmodSync(join(dir, 'run.sh'), 0o755));
  writeFileSync(join(repo, 'build.log'), 'ignored log\n');
  return repo;
}

/** Everything a user would check: status, staged diff, HEAD, and the bytes of their files. */
function state(repo: string) {
  return {
    status: git(repo, 'status', '--porcelain', '--untracked-files=all'),
    staged: git(repo, 'diff', '--cached'),
    head: git(repo, 'rev-parse', 'HEAD'),
    files: Object.fromEntries(['a.txt', 'b.txt', 'notes/todo.md', 'build.log'].map((p) => [p, read(repo, p)])),
  };
}

/** What a bad adapter does: edit tracked files, delete the untracked one, add files, stage one. */
/** What {@link breakThings} does, as the rollback that undoes it says (sorted by path). */
const UNDONE = '7 files: a.txt (deleted), a.txt/inside (added), b.txt (modified), build.log (modified), gen/deep/out.ts (added), new.txt (added), notes/todo.md (deleted)';

function breakThings(repo: string): void {
  writeFileSync(join(repo, 'b.txt'), 'broken by the adapter\n');
  unlinkSync(join(repo, 'a.txt'));
  mkdirSync(join(repo, 'a.txt'));
  writeFileSync(join(repo, 'a.txt', 'inside'), 'a directory where a file was\n');
  unlinkSync(join(repo, 'notes', 'todo.md'));
  writeFileSync(join(repo, 'new.txt'), 'created by the adapter\n');
  mkdirSync(join(repo, 'gen', 'deep'), { recursive: true });
  writeFileSync(join(repo, 'gen', 'deep', 'out.ts'), 'export {};\n');
  git(repo, 'add', 'new.txt');
  writeFileSync(join(repo, 'build.log'), 'ignored log, rewritten by the adapter\n');
}

describe('git rollback', () => {
  let repo: string;
  beforeEach(() => {
    repo = userRepo();
  });

  it('records without touching the working tree, the index or HEAD, under a ref named for what it is', async () => {
    const before = state(repo);
    const index = readFileSync(join(repo, '.git', 'index'));
    const sha = await recordGoodState(repo, 'run-1');
    expect(readFileSync(join(repo, '.git', 'index')).equals(index)).toBe(true);
    expect(state(repo)).toEqual(before);
    expect(git(repo, 'rev-parse', 'refs/recovery/run-1/good')).toBe(sha);
    expect(git(repo, 'log', '-1', '--format=%s', sha)).toBe('recovery-protocol: last known good state before run run-1');
    expect(git(repo, 'show', `${sha}:b.txt`)).toBe('b edited by the user, not staged');
    expect(git(repo, 'show', `${sha}:notes/todo.md`)).toBe('untracked user notes');
    // Ignored files are recorded too (within the budget): an adapter may delete or rewrite them.
    expect(git(repo, 'show', `${sha}:build.log`)).toBe('ignored log');
    expect(git(repo, 'rev-parse', `${sha}^1`)).toBe(before.head);
  });

  it('restores the user\'s uncommitted and untracked work exactly, and keeps the broken state', async () => {
    const before = state(repo);
    const sha = await recordGoodState(repo, 'run-1');
    const untouched = statSync(join(repo, 'run.sh')).mtimeMs;
    breakThings(repo);
    const { kept: backup, command } = await restoreGoodState(repo, sha, 'run-1');

    expect(state(repo)).toEqual(before);
    expect(existsSync(join(repo, 'new.txt'))).toBe(false);
    expect(existsSync(join(repo, 'gen'))).toBe(false);
    expect(statSync(join(repo, 'run.sh')).mode & 0o111).not.toBe(0);
    expect(statSync(join(repo, 'run.sh')).mtimeMs).toBe(untouched); // only changed files are written

    expect(backup).toBe('refs/recovery/run-1/replaced-1');
    expect(command).toBe('recover restore refs/recovery/run-1/replaced-1');
    expect(git(repo, 'log', '-1', '--format=%s', backup)).toBe('recovery-protocol: state replaced by rollback 1 of run run-1');
    expect(git(repo, 'show', `${backup}:build.log`)).toBe('ignored log, rewritten by the adapter');
    expect(git(repo, 'show', `${backup}:new.txt`)).toBe('created by the adapter');
    expect(git(repo, 'show', `${backup}:a.txt/inside`)).toBe('a directory where a file was');
    expect(git(repo, 'show', `${backup}:b.txt`)).toBe('broken by the adapter');
  });

  it('never records nor restores an excluded path (the run store changes during the run)', async () => {
    mkdirSync(join(repo, '.recovery', 'runs'), { recursive: true });
    writeFileSync(join(repo, '.recovery', 'runs', 'r.json'), 'checkpoint 1\n');
    const sha = await recordGoodState(repo, 'run-x', { exclude: [join(repo, '.recovery'), '/elsewhere/outside'] });
    expect(git(repo, 'ls-tree', '-r', '--name-only', sha)).not.toContain('.recovery');
    // The run goes on: its checkpoint changes, a lock appears; an adapter breaks a user file.
    writeFileSync(join(repo, '.recovery', 'runs', 'r.json'), 'checkpoint 7\n');
    writeFileSync(join(repo, '.recovery', 'runs', 'r.lock'), '4242\n');
    writeFileSync(join(repo, 'b.txt'), 'broken by the adapter\n');
    await gitRollback(repo, 'run-x', { exclude: ['.recovery'] }).rollback({ runId: 'run-x', lastKnownGood: sha, reason: 'broken_build' });
    expect(read(repo, 'b.txt')).toBe('b edited by the user, not staged\n');
    expect(read(repo, '.recovery/runs/r.json')).toBe('checkpoint 7\n');
    expect(read(repo, '.recovery/runs/r.lock')).toBe('4242\n');
  });

  it('numbers each backup, and restores the same snapshot again', async () => {
    const sha = await recordGoodState(repo, 'run-2');
    writeFileSync(join(repo, 'b.txt'), 'first breakage\n');
    await restoreGoodState(repo, 'refs/recovery/run-2/good');
    writeFileSync(join(repo, 'b.txt'), 'second breakage\n');
    expect((await restoreGoodState(repo, sha, 'run-2')).kept).toBe('refs/recovery/run-2/replaced-2');
    expect(read(repo, 'b.txt')).toBe('b edited by the user, not staged\n');
    expect(git(repo, 'show', 'refs/recovery/run-2/replaced-1:b.txt')).toBe('first breakage');
  });

  it('gitRollback: records the last known good state, restores it, and says false without one', async () => {
    const hooks = gitRollback(repo, 'run-3');
    await expect(hooks.rollback({ runId: 'run-3', lastKnownGood: 'initial', reason: 'broken_build' })).resolves.toBe(false);
    const before = state(repo);
    const sha = await hooks.lastKnownGood();
    breakThings(repo);
    await expect(hooks.rollback({ runId: 'run-3', lastKnownGood: sha, reason: 'broken_build' })).resolves.toEqual({
      restored: true, message: `undid ${UNDONE}; replaced state kept as refs/recovery/run-3/replaced-1 (get it back: recover restore refs/recovery/run-3/replaced-1)`,
    });
    expect(state(repo).files['notes/todo.md']).toBe(before.files['notes/todo.md']);
    // 'initial' is not a commit: the run's own ref is used (as after a resume in a new process).
    writeFileSync(join(repo, 'b.txt'), 'broken again\n');
    await expect(hooks.rollback({ runId: 'run-3', lastKnownGood: 'initial', reason: 'decision' })).resolves.toMatchObject({ restored: true });
    expect(state(repo).status).toBe(before.status);
  });

  it('gitRollback finds the repository once for the run: a rollback still works when the directory it was made in is gone', async () => {
    const before = state(repo);
    const hooks = gitRollback(join(repo, 'notes'), 'run-6');
    const sha = await hooks.lastKnownGood();
    // The adapter removed the very directory the run started in: the top level found at the record is kept.
    rmSync(join(repo, 'notes'), { recursive: true });
    await expect(hooks.measureChange()).resolves.toMatchObject({ changedFiles: 1 });
    await expect(hooks.rollback({ runId: 'run-6', lastKnownGood: sha, reason: 'broken_build' })).resolves.toMatchObject({ restored: true });
    expect(state(repo)).toEqual(before);
  });

  it('gitRollback looks for the repository again after "not a git repository" (nothing failed is kept)', async () => {
    const later = mkdtempSync(join(tmpdir(), 'recovery-git-later-'));
    roots.push(later);
    const hooks = gitRollback(later, 'run-7');
    await expect(hooks.lastKnownGood()).rejects.toThrow(/needs a git repository, and .* is not inside one/);
    git(later, 'init', '-q');
    writeFileSync(join(later, 'draft.txt'), 'first draft\n');
    const sha = await hooks.lastKnownGood();
    expect(git(later, 'show', `${sha}:draft.txt`)).toBe('first draft');
  });

  it('works in a repository without commits', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'recovery-git-empty-'));
    roots.push(empty);
    git(empty, 'init', '-q');
    writeFileSync(join(empty, 'draft.txt'), 'first draft\n');
    const sha = await recordGoodState(empty, 'run-4');
    writeFileSync(join(empty, 'draft.txt'), 'ruined\n');
    writeFileSync(join(empty, 'junk.txt'), 'junk\n');
    await restoreGoodState(empty, sha);
    expect(read(empty, 'draft.txt')).toBe('first draft\n');
    expect(existsSync(join(empty, 'junk.txt'))).toBe(false);
    expect(git(empty, 'show', 'refs/recovery/run-4/replaced-1:draft.txt')).toBe('ruined');
  });

  it('fails with clear errors outside a repository, for a bad run id, and for an unknown ref', async () => {
    const plain = mkdtempSync(join(tmpdir(), 'recovery-plain-'));
    roots.push(plain);
    await expect(recordGoodState(plain, 'run-5')).rejects.toThrow(/needs a git repository, and .* is not inside one/);
    await expect(recordGoodState(repo, 'bad..id')).rejects.toThrow(/cannot name a git ref/);
    await expect(restoreGoodState(repo, 'refs/recovery/nothing')).rejects.toThrow(/no recovery snapshot at refs\/recovery\/nothing/);
  });
});
