import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { git } from './git.js';

/** Everything a rollback must put back, as comparable data. */
export interface TreeState {
  /** path → `file <perm octal> <sha256>` | `link <target>` | `dir (empty)`, every file incl. ignored. */
  entries: Record<string, string>;
  /** `git ls-files -s`: the staged state. */
  staged: string;
  /** Every ref but `refs/recovery/`, with HEAD (symbolic or not). */
  refs: string;
  /** The stash list with its messages. */
  stash: string;
  /** Nested repositories (submodules), each in full. */
  nested: Record<string, TreeState>;
}

/**
 * Reads the whole state of the repository at `repo` from disk and git: the bytes and permission
 * bits of every file (ignored ones too), symlinks, empty directories, the index, the refs and the
 * stash, and each nested repository the same way. `skip` (top-level names) is left out: the store.
 */
export function treeState(repo: string, skip: readonly string[] = ['.recovery']): TreeState {
  const state: TreeState = { entries: {}, staged: git(repo, 'ls-files', '-s'), refs: '', stash: '', nested: {} };
  const refs = git(repo, 'for-each-ref', '--format=%(objectname) %(refname)').split('\n').filter((l) => l && !l.includes(' refs/recovery/'));
  state.refs = [`HEAD ${quiet(repo, 'symbolic-ref', '-q', 'HEAD') || 'detached'} ${quiet(repo, 'rev-parse', '-q', '--verify', 'HEAD') || 'unborn'}`, ...refs].join('\n');
  state.stash = quiet(repo, 'log', '-g', '--format=%H %gs', 'refs/stash', '--');
  const walk = (dir: string, rel: string) => {
    const names = readdirSync(dir).sort();
    if (rel !== '' && names.includes('.git')) {
      state.nested[rel] = treeState(dir, []);
      return;
    }
    const children = names.filter((n) => !(rel === '' && (n === '.git' || skip.includes(n))));
    if (rel !== '' && children.length === 0) state.entries[rel] = 'dir (empty)';
    for (const name of children) {
      const path = join(dir, name);
      const key = rel === '' ? name : `${rel}/${name}`;
      const stat = lstatSync(path);
      if (stat.isDirectory()) walk(path, key);
      else if (stat.isSymbolicLink()) state.entries[key] = `link ${readlinkSync(path)}`;
      else state.entries[key] = `file ${(stat.mode & 0o7777).toString(8)} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
    }
  };
  walk(repo, '');
  return state;
}

/** git's stdout, or '' when it fails (no stash, detached HEAD), without its complaint on stderr. */
function quiet(cwd: string, ...args: string[]): string {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : '';
}
