/**
 * Making a repository equal to a snapshot: the bytes, kinds and permission bits of every file,
 * the empty directories, the refs and the stash, the index, and each submodule in turn. What it
 * replaces is snapshotted first, under a ref of its own, so nothing is ever lost. Only what
 * differs is written; nothing a snapshot did not record (the run store, ignored entries over the
 * budget or on the skip list) is ever touched, and no repository is ever deleted.
 */
import { access, chmod, mkdir, rename, rm, rmdir, symlink, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { readBlobs } from './blobs.js';
import type { Unprotected } from './budget.js';
import { permOf } from './manifest.js';
import { restoreRefs } from './refs.js';
import { git, gitBytes } from './run-git.js';
import { excludedInside, type GitRollbackSettings } from './settings.js';
import { readSnapshot, takeSnapshot } from './snapshot.js';

/** What a restore did beyond making the tree equal to the snapshot. */
export interface RestoreOutcome {
  /** Ignored entries neither the snapshot nor the replaced state recorded: left as they are. */
  unprotected: Unprotected[];
  /** Nested repositories left in place: created since the snapshot, or gone (not restorable). */
  leftAlone: string[];
}

interface TreeEntry { mode: string; sha: string }

/**
 * Restores the snapshot commit `targetSha` in the repository at `top` (a top level), after
 * recording the current state under `keepRef` with `keepSubject`; nested repositories with the same `settings`.
 */
export async function restoreSnapshot(top: string, targetSha: string, keepRef: string, keepSubject: string, settings: GitRollbackSettings): Promise<RestoreOutcome> {
  const [target, backup] = await Promise.all([readSnapshot(top, targetSha), takeSnapshot(top, keepRef, keepSubject, settings)]);
  const t = target.manifest;
  const b = backup.manifest;
  const outcome: RestoreOutcome = { unprotected: [...b.unprotected], leftAlone: [] };
  for (const u of t.unprotected) if (!outcome.unprotected.some((o) => o.path === u.path)) outcome.unprotected.push(u);
  const untouchable = [...excludedInside(top, settings), ...outcome.unprotected.map((u) => u.path.replace(/\/$/, '')), ...Object.keys(t.nested), ...Object.keys(b.nested)];
  const touchable = (path: string) => !untouchable.some((u) => path === u || path.startsWith(`${u}/`));

  const [want, have] = await Promise.all([listTree(top, target.sha), listTree(top, backup.sha)]);
  // Remove first: a file may stand where the snapshot has a directory, or the other way round.
  for (const [path, entry] of have) {
    if (entry.mode === '160000' || !touchable(path)) continue;
    const wanted = want.get(path);
    if (wanted && wanted.mode === entry.mode && wanted.sha === entry.sha) continue;
    await rm(join(top, path), { force: true });
    if (!wanted) await pruneEmptyDirs(dirname(join(top, path)), top);
  }
  for (const dir of b.emptyDirs) if (!t.emptyDirs.includes(dir) && touchable(dir)) await pruneEmptyDirs(join(top, dir), top);

  const writes = [...want].filter(([path, e]) => e.mode !== '160000' && touchable(path) && !sameEntry(have.get(path), e));
  const blobs = await readBlobs(top, writes.map(([, e]) => e.sha));
  for (const [path, entry] of writes) {
    const absolute = join(top, path);
    await mkdir(dirname(absolute), { recursive: true });
    const bytes = blobs.get(entry.sha)!;
    if (entry.mode === '120000') await symlink(bytes.toString('utf8'), absolute);
    else {
      await writeFile(absolute, bytes, { flag: 'wx' });
      await chmod(absolute, permOf(t, path, entry.mode === '100755'));
    }
  }
  // Permission bits git does not keep (0600, 0664…): set wherever they differ.
  for (const [path, entry] of want) {
    if (entry.mode === '160000' || entry.mode === '120000' || !touchable(path)) continue;
    const before = have.get(path);
    if (!before || !sameEntry(before, entry)) continue; // written above, with its bits
    const perm = permOf(t, path, entry.mode === '100755');
    if (perm !== permOf(b, path, before.mode === '100755')) await chmod(join(top, path), perm);
  }
  for (const dir of t.emptyDirs) if (touchable(dir)) await mkdir(join(top, dir), { recursive: true });

  await restoreRefs(top, t.refs, b.refs);
  if (t.index !== b.index) await restoreIndex(top, t.index);

  for (const [path, sha] of Object.entries(t.nested)) {
    const sub = join(top, path);
    const present = await access(join(sub, '.git')).then(() => true, () => false);
    if (!present) {
      outcome.leftAlone.push(path);
      continue;
    }
    const inner = await restoreSnapshot(sub, sha, keepRef, keepSubject, settings);
    outcome.unprotected.push(...inner.unprotected.map((u) => ({ ...u, path: `${path}/${u.path}` })));
    outcome.leftAlone.push(...inner.leftAlone.map((p) => `${path}/${p}`));
  }
  for (const path of Object.keys(b.nested)) if (!(path in t.nested)) outcome.leftAlone.push(path);
  return outcome;
}

const sameEntry = (a: TreeEntry | undefined, b: TreeEntry) => a !== undefined && a.mode === b.mode && a.sha === b.sha;

/** Every entry of a commit's tree, recursively: path → mode and sha. */
async function listTree(top: string, commit: string): Promise<Map<string, TreeEntry>> {
  const raw = (await gitBytes(top, ['ls-tree', '-r', '-z', '--full-tree', commit])).toString('utf8');
  const entries = new Map<string, TreeEntry>();
  for (const record of raw.split('\0')) {
    if (!record) continue;
    const tab = record.indexOf('\t');
    const [mode = '', , sha = ''] = record.slice(0, tab).split(' ');
    entries.set(record.slice(tab + 1), { mode, sha });
  }
  return entries;
}

/** Puts the index file's bytes back (or removes it: there was none), then refreshes its stat data. */
async function restoreIndex(top: string, blob: string | null): Promise<void> {
  const path = resolve(top, await git(top, ['rev-parse', '--git-path', 'index']));
  if (blob === null) {
    await unlink(path).catch(() => undefined);
    return;
  }
  const bytes = (await readBlobs(top, [blob])).get(blob)!;
  const temp = `${path}.recovery-${process.pid}`;
  await writeFile(temp, bytes);
  await rename(temp, path);
  await git(top, ['update-index', '-q', '--refresh']).catch(() => ''); // exit 1 lists changed files: only stat data matters
}

/** Removes directories left empty by a removal, up to (not including) the top level. */
async function pruneEmptyDirs(dir: string, top: string): Promise<void> {
  for (let current = dir; current.startsWith(`${top}/`); current = dirname(current)) {
    try {
      await rmdir(current);
    } catch {
      return; // not empty (or already gone): stop climbing
    }
  }
}
