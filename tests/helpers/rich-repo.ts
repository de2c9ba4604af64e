import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { git } from './git.js';

const identity = (dir: string) => {
  git(dir, 'config', 'user.name', 'Test User');
  git(dir, 'config', 'user.email', 'test@example.com');
  git(dir, 'config', 'commit.gpgsign', 'false');
};

/**
 * Turns `dir` into a repository holding every kind of state a rollback must keep: committed
 * files (an executable, a 0600 file, an LF file under `eol=crlf`), a tag, staged, unstaged and
 * untracked work, ignored `.env` and `build/`, empty directories, two stash entries, and a
 * submodule `lib` with an uncommitted edit and an untracked file. `.recovery/` is ignored.
 */
export function richRepo(dir: string): string {
  git(dir, 'init', '-q', '-b', 'main');
  identity(dir);
  const files: Record<string, string> = {
    'a.txt': 'a committed\n', 'b.txt': 'b committed\n', 'run.sh': '#!/bin/sh\necho run\n', 'lf.txt': 'one\ntwo\n',
    'private.txt': 'private\n', 'stash-me.txt': 'stash base\n',
    '.gitignore': '.env\nbuild/\nnode_modules/\nbig/\n.recovery/\n', '.gitattributes': 'lf.txt text eol=crlf\n',
  };
  for (const [path, content] of Object.entries(files)) writeFileSync(join(dir, path), content);
  chmodSync(join(dir, 'run.sh'), 0o755);
  git(dir, 'add', '.');
  git(dir, 'commit', '-q', '-m', 'initial');

  const lib = mkdtempSync(join(tmpdir(), 'recovery-lib-'));
  git(lib, 'init', '-q', '-b', 'main');
  identity(lib);
  writeFileSync(join(lib, 'lib.txt'), 'lib committed\n');
  git(lib, 'add', '.');
  git(lib, 'commit', '-q', '-m', 'lib');
  git(dir, '-c', 'protocol.file.allow=always', 'submodule', 'add', '-q', lib, 'lib');
  git(dir, 'commit', '-q', '-m', 'add lib');
  git(dir, 'tag', 'v1');

  for (const message of ['first experiment', 'second experiment']) {
    writeFileSync(join(dir, 'stash-me.txt'), `${message}\n`);
    git(dir, 'stash', 'push', '-q', '-m', message, '--', 'stash-me.txt');
  }
  writeFileSync(join(dir, 'a.txt'), 'a staged by the user\n');
  git(dir, 'add', 'a.txt');
  writeFileSync(join(dir, 'b.txt'), 'b edited by the user, not staged\n');
  mkdirSync(join(dir, 'notes'));
  writeFileSync(join(dir, 'notes', 'todo.md'), 'untracked user notes\n');
  writeFileSync(join(dir, '.env'), 'API_KEY=dev-only\n');
  mkdirSync(join(dir, 'build', 'assets'), { recursive: true });
  writeFileSync(join(dir, 'build', 'app.js'), 'console.log("built");\n');
  writeFileSync(join(dir, 'build', 'assets', 'logo.svg'), '<svg/>\n');
  mkdirSync(join(dir, 'logs'));
  mkdirSync(join(dir, 'tmp', 'cache', 'empty'), { recursive: true });
  chmodSync(join(dir, 'private.txt'), 0o600);
  writeFileSync(join(dir, 'lib', 'lib.txt'), 'lib edited by the user, not committed\n');
  writeFileSync(join(dir, 'lib', 'scratch.txt'), 'untracked in the submodule\n');
  return dir;
}
