import { spawn } from 'node:child_process';
import { copyFile, mkdtemp, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import type { Rollback } from './options.js';

/** Subject of every snapshot commit; its body carries `Index-Tree: <sha>` (the staged state). */
const SUBJECT = 'recovery-protocol good state';
/** Snapshot commits are internal: a fixed identity works where no user.name is configured (CI). */
const IDENTITY = {
  GIT_AUTHOR_NAME: 'recovery-protocol', GIT_AUTHOR_EMAIL: 'recovery-protocol@localhost',
  GIT_COMMITTER_NAME: 'recovery-protocol', GIT_COMMITTER_EMAIL: 'recovery-protocol@localhost',
};
const GITLINK = '160000';

/** Options of the snapshot functions. */
export interface GitSnapshotOptions {
  /**
   * Paths never recorded nor restored (absolute, or relative to the repository's top level):
   * the run store above all, which changes during the run and must survive a rollback.
   * Paths outside the repository are ignored. Default: none.
   */
  exclude?: readonly string[];
}

/** The excluded paths that lie inside the repository, relative to its top level. */
function excludedInside(top: string, exclude: readonly string[] = []): string[] {
  return exclude
    .map((path) => relative(top, isAbsolute(path) ? path : join(top, path)))
    .filter((rel) => rel !== '' && !rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Record the whole working tree of the repository around `cwd` as a commit, without touching
 * the working tree, the index or HEAD: tracked files as they are on disk (staged or not) and
 * untracked files that are not ignored. The staged state is kept too, so a restore puts the
 * index back. The commit is stored under `refs/recovery/<runId>` so `git gc` keeps it.
 * Works in a repository without commits. Resolves with the commit sha.
 * @param runId names the ref. Default: `good-<epoch ms>`.
 * @param options.exclude paths left out of the snapshot (the run store). Default: none.
 */
export async function recordGoodState(cwd: string, runId = `good-${Date.now()}`, options: GitSnapshotOptions = {}): Promise<string> {
  const top = await topLevel(cwd);
  const ref = await refFor(top, runId);
  return withTempIndex(top, async (env) => {
    const head = await git(top, ['rev-parse', '--verify', '-q', 'HEAD^{commit}']).catch(() => '');
    const realIndex = resolve(top, await git(top, ['rev-parse', '--git-path', 'index']));
    // Start from a copy of the real index: the staged state, and its stat data makes `add` fast.
    const copied = await copyFile(realIndex, env.GIT_INDEX_FILE).then(() => true, () => false);
    if (!copied && head) await git(top, ['read-tree', head], env);
    // An index with unresolved conflicts has no tree; the snapshot then leaves the index alone.
    const indexTree = await git(top, ['write-tree'], env).catch(() => '');
    // Excluded paths keep whatever the index has for them (nothing, usually), in the snapshot
    // and in every later one, so a restore never sees a difference there and never touches them.
    const excluded = excludedInside(top, options.exclude);
    await git(top, ['add', '-A', '--', ':/', ...excluded.map((rel) => `:(top,exclude,literal)${rel}`)], env);
    const tree = await git(top, ['write-tree'], env);
    const parents = head ? ['-p', head] : [];
    const indexParent = indexTree ? ['-p', await commitTree(top, indexTree, parents, 'recovery-protocol index')] : [];
    const body = indexTree ? `\n\nIndex-Tree: ${indexTree}` : '';
    const sha = await commitTree(top, tree, [...parents, ...indexParent], `${SUBJECT}${body}`);
    await git(top, ['update-ref', '-m', `recovery-protocol: record ${runId}`, ref, sha]);
    return sha;
  });
}

/**
 * Make the working tree equal to a snapshot from `recordGoodState`, and put its staged state
 * back in the index. First the current state is recorded under
 * `refs/recovery/<runId>-before-rollback-<n>`, so nothing is ever lost. Only files that differ
 * are written; files created since (not ignored) are removed; ignored files and HEAD are never
 * touched. Resolves with the ref that holds the state from before the rollback.
 * @param runId names the backup ref. Default: the run whose `refs/recovery/<runId>` is `ref` or
 *   points at it, else `rollback`.
 * @param options.exclude paths never touched (the run store); pass what the record excluded.
 *   Default: none.
 */
export async function restoreGoodState(cwd: string, ref: string, runId?: string, options: GitSnapshotOptions = {}): Promise<string> {
  const top = await topLevel(cwd);
  const target = await git(top, ['rev-parse', '--verify', '-q', `${ref}^{commit}`]).catch(() => {
    throw new Error(`no recorded good state at ${ref} in ${top}`);
  });
  const name = runId ?? await runIdOf(top, ref, target);
  const taken = await git(top, ['for-each-ref', '--format=%(refname)', `refs/recovery/${name}-before-rollback-*`]);
  const backupName = `${name}-before-rollback-${taken.split('\n').filter(Boolean).length + 1}`;
  const backup = await recordGoodState(top, backupName, options);

  const changes = parseRawDiff(await gitBytes(top, ['diff-tree', '-r', '-z', '--no-renames', backup, target]));
  const removed = changes.filter((c) => c.status === 'D').map((c) => c.path);
  const written = changes.filter((c) => c.status !== 'D').map((c) => c.path);
  // Remove first: a file may stand where the snapshot has a directory.
  for (const path of removed) {
    const absolute = join(top, path);
    await rm(absolute, { force: true });
    await pruneEmptyDirs(dirname(absolute), top);
  }
  if (written.length > 0) {
    await withTempIndex(top, async (env) => {
      await git(top, ['read-tree', target], env);
      await git(top, ['checkout-index', '-f', '-z', '--stdin'], env, written.join('\0'));
    });
  }
  const indexTree = /^Index-Tree: ([0-9a-f]+)$/m.exec(await git(top, ['cat-file', 'commit', target]))?.[1];
  const currentIndex = /^Index-Tree: ([0-9a-f]+)$/m.exec(await git(top, ['cat-file', 'commit', backup]))?.[1];
  if (indexTree && indexTree !== currentIndex) {
    await git(top, ['read-tree', indexTree]);
    await git(top, ['update-index', '-q', '--refresh']).catch(() => ''); // only refreshes stat data
  }
  return `refs/recovery/${backupName}`;
}

/**
 * Git rollback shaped for `RecoveryOptions`: `lastKnownGood()` records the working tree (call it
 * before the first adapter runs; pass the sha as `lastKnownGood`), `rollback` restores it.
 * `rollback` resolves false when there is no snapshot (neither `input.lastKnownGood` nor
 * `refs/recovery/<runId>` names a commit), and rejects when git fails.
 */
export function gitRollback(cwd: string, runId: string, options: GitSnapshotOptions = {}): { lastKnownGood(): Promise<string>; rollback: Rollback } {
  return {
    lastKnownGood: () => recordGoodState(cwd, runId, options),
    rollback: async (input) => {
      const top = await topLevel(cwd);
      for (const candidate of [input.lastKnownGood, `refs/recovery/${runId}`]) {
        if (!candidate) continue;
        const ok = await git(top, ['rev-parse', '--verify', '-q', `${candidate}^{commit}`]).then(() => true, () => false);
        if (!ok) continue;
        await restoreGoodState(top, candidate, runId, options);
        return true;
      }
      return false;
    },
  };
}

/** Which run recorded a snapshot: its `refs/recovery/<runId>` is named by or points at it. */
async function runIdOf(top: string, ref: string, sha: string): Promise<string> {
  const named = /^refs\/recovery\/(.+)$/.exec(ref)?.[1];
  if (named) return named;
  const refs = await git(top, ['for-each-ref', '--format=%(refname)', '--points-at', sha, 'refs/recovery/']);
  const own = refs.split('\n').find((r) => r && !r.includes('-before-rollback-'));
  return own?.slice('refs/recovery/'.length) ?? 'rollback';
}

async function topLevel(cwd: string): Promise<string> {
  return git(cwd, ['rev-parse', '--show-toplevel']).catch(() => {
    throw new Error(`git rollback needs a git repository, and ${cwd} is not inside one`);
  });
}

async function refFor(top: string, runId: string): Promise<string> {
  const ref = `refs/recovery/${runId}`;
  await git(top, ['check-ref-format', ref]).catch(() => {
    throw new Error(`run id ${JSON.stringify(runId)} cannot name a git ref (${ref})`);
  });
  return ref;
}

async function commitTree(top: string, tree: string, parents: string[], message: string): Promise<string> {
  return git(top, ['commit-tree', '--no-gpg-sign', tree, ...parents, '-m', message], IDENTITY);
}

/** Run `work` with `GIT_INDEX_FILE` pointing at a fresh temporary index: the real one is never written. */
async function withTempIndex<T>(top: string, work: (env: { GIT_INDEX_FILE: string }) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'recovery-index-'));
  try {
    return await work({ GIT_INDEX_FILE: join(dir, 'index') });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Remove directories left empty by a removal, up to (not including) the top level. */
async function pruneEmptyDirs(dir: string, top: string): Promise<void> {
  for (let current = dir; current.startsWith(`${top}/`); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): stop climbing
    }
  }
}

interface Change { status: string; path: string }

/** Parse `diff-tree -r -z` raw output; submodules (gitlinks) are left alone. */
function parseRawDiff(raw: Buffer): Change[] {
  const fields = raw.toString('utf8').split('\0');
  const changes: Change[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [oldMode, newMode, , , status = ''] = (fields[i] ?? '').replace(/^:/, '').split(' ');
    const path = fields[i + 1] ?? '';
    if (oldMode === GITLINK || newMode === GITLINK) continue;
    changes.push({ status: status.charAt(0), path });
  }
  return changes;
}

function git(cwd: string, args: string[], env: Record<string, string> = {}, input?: string): Promise<string> {
  return gitBytes(cwd, args, env, input).then((out) => out.toString('utf8').trim());
}

function gitBytes(cwd: string, args: string[], env: Record<string, string> = {}, input?: string): Promise<Buffer> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn('git', args, { cwd, env: { ...process.env, ...env }, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout?.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error) => reject(new Error(`git ${args[0]} could not start: ${error.message}`)));
    child.on('close', (code) => {
      const detail = Buffer.concat(err).toString('utf8').trim();
      if (code === 0) resolvePromise(Buffer.concat(out));
      else reject(new Error(`git ${args[0]} failed in ${cwd}: ${detail || `exit code ${code}`}`));
    });
    child.stdin?.on('error', () => {}); // git reports its own failure through the exit code
    child.stdin?.end(input);
  });
}
