/**
 * The refs a program can move or delete (branches, tags, notes, HEAD, the stash with its
 * list): recorded by name, and put back by name. Remote-tracking refs mirror another
 * repository, not the user's work, and `refs/recovery/` holds the snapshots: both are left alone.
 */
import { git, IDENTITY } from './run-git.js';

/** One stash entry, newest first in {@link RefState.stash}. */
export interface StashEntry {
  sha: string;
  message: string;
}

/** Where the refs of a repository point. */
export interface RefState {
  /** HEAD: the branch it names (`null` when detached) and the commit (`null` when unborn). */
  head: { symbolic: string | null; sha: string | null };
  /** Ref name → object id, without HEAD, the stash, remote-tracking refs and `refs/recovery/`. */
  refs: Record<string, string>;
  /** The stash list (`refs/stash` and its reflog), newest first. */
  stash: StashEntry[];
}

const LEFT_ALONE = /^refs\/(recovery|remotes)\/|^refs\/stash$/;

/** Records the refs of the repository at `top`; also resolves with the commits they keep alive. */
export async function captureRefs(top: string): Promise<{ state: RefState; commits: string[] }> {
  // Independent reads: in parallel, as a snapshot waits on each.
  const [listing, symbolic, sha, stashLog] = await Promise.all([
    git(top, ['for-each-ref', '--format=%(objectname) %(objecttype) %(*objectname) %(refname)']),
    git(top, ['symbolic-ref', '-q', 'HEAD']).catch(() => ''),
    git(top, ['rev-parse', '--verify', '-q', 'HEAD']).catch(() => ''),
    git(top, ['log', '-g', '--format=%H%x09%gs', 'refs/stash', '--']).catch(() => ''),
  ]);
  const refs: Record<string, string> = {};
  const commits: string[] = [];
  for (const line of listing.split('\n').filter(Boolean)) {
    const [sha = '', type, peeled, ...name] = line.split(' ');
    const ref = name.join(' ');
    if (LEFT_ALONE.test(ref)) continue;
    refs[ref] = sha;
    if (type === 'commit') commits.push(sha);
    else if (peeled) commits.push(peeled);
  }
  const stash = stashLog
    .split('\n').filter(Boolean).map((l) => ({ sha: l.slice(0, l.indexOf('\t')), message: l.slice(l.indexOf('\t') + 1) }));
  if (sha) commits.push(sha);
  commits.push(...stash.map((s) => s.sha));
  return { state: { head: { symbolic: symbolic || null, sha: sha || null }, refs, stash }, commits };
}

/** Puts the refs of `top` back as `target` recorded them, from `current`. */
export async function restoreRefs(top: string, target: RefState, current: RefState): Promise<void> {
  const commands: string[] = [];
  for (const name of new Set([...Object.keys(target.refs), ...Object.keys(current.refs)])) {
    const want = target.refs[name];
    if (want === current.refs[name]) continue;
    commands.push(want === undefined ? `delete ${name}` : `update ${name} ${want}`);
  }
  if (commands.length > 0) await git(top, ['update-ref', '-m', 'recovery-protocol: rollback', '--stdin'], { input: commands.join('\n') + '\n' });

  if (target.head.symbolic !== null) {
    if (target.head.symbolic !== current.head.symbolic) await git(top, ['symbolic-ref', 'HEAD', target.head.symbolic]);
  } else if (target.head.sha !== null && (current.head.symbolic !== null || current.head.sha !== target.head.sha)) {
    await git(top, ['update-ref', '--no-deref', '-m', 'recovery-protocol: rollback', 'HEAD', target.head.sha]);
  }

  if (JSON.stringify(target.stash) !== JSON.stringify(current.stash)) {
    // Deleting refs/stash drops its reflog too; storing the entries oldest first rebuilds the list.
    if (current.stash.length > 0) await git(top, ['update-ref', '-d', 'refs/stash']);
    for (const entry of [...target.stash].reverse()) await git(top, ['stash', 'store', '-m', entry.message, entry.sha], { env: IDENTITY });
  }
}
