import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Runs git in `cwd` and returns its trimmed stdout (throws on a non-zero exit). */
export const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

/**
 * Turns `dir` into a repository with one commit of `committed` (path → content, plus `a.txt` and
 * `b.txt`), then leaves a user's work in progress on top: `a.txt` changed and staged, `b.txt`
 * changed and not staged, `notes/todo.md` untracked. `beforeCommit` may adjust the tree (modes). Identity and signing are set locally, so
 * it works where no git user is configured (CI).
 */
export function userRepo(dir: string, committed: Record<string, string> = {}, beforeCommit?: (dir: string) => void): string {
  git(dir, 'init', '-q', '-b', 'main');
  git(dir, 'config', 'user.name', 'Test User');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'commit.gpgsign', 'false');
  const files = { 'a.txt': 'a committed\n', 'b.txt': 'b committed\n', ...committed };
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
  beforeCommit?.(dir);
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'initial');
  writeFileSync(join(dir, 'a.txt'), 'a staged by the user\n');
  git(dir, 'add', 'a.txt');
  writeFileSync(join(dir, 'b.txt'), 'b edited by the user, not staged\n');
  mkdirSync(join(dir, 'notes'));
  writeFileSync(join(dir, 'notes', 'todo.md'), 'untracked user notes\n');
  return dir;
}
