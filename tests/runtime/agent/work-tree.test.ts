import { mkdirSync, mkdtempSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { changedPaths, MAX_FILES, snapshotWorkTree } from '../../../src/runtime/agent/work-tree.js';
import { git, userRepo } from '../../helpers/git.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'work-tree-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Moves a file's mtime 10 s ahead: a later edit, independent of the filesystem's timestamp tick. */
const touchLater = (path: string) => {
  const { mtimeMs } = statSync(path);
  utimesSync(path, new Date(mtimeMs + 10_000), new Date(mtimeMs + 10_000));
};

/** The paths `change` makes `changedPaths` report for `dir`. */
async function changes(dir: string, change: () => void, options: { ignore?: string[] } = {}, cwd = dir): Promise<string[]> {
  const before = await snapshotWorkTree(cwd, options);
  change();
  return changedPaths(before, await snapshotWorkTree(cwd, options));
}

describe('snapshotWorkTree in a git repository', () => {
  // userRepo: a.txt staged, b.txt modified, notes/todo.md untracked; c.txt committed and clean.
  const repo = () => userRepo(tempDir(), { 'c.txt': 'c committed\n', '.gitignore': 'build/\n' }, (dir) => {
    mkdirSync(join(dir, 'sub'));
    writeFileSync(join(dir, 'sub', 'd.txt'), 'd\n');
  });

  it.each<[string, (dir: string) => void, string[]]>([
    ['nothing changed', () => {}, []],
    ['a clean tracked file edited', (dir) => writeFileSync(join(dir, 'c.txt'), 'c edited\n'), ['c.txt']],
    ['an already-modified file edited (size)', (dir) => writeFileSync(join(dir, 'b.txt'), 'b edited again, longer\n'), ['b.txt']],
    ['an already-modified file edited (same size, later mtime)', (dir) => {
      writeFileSync(join(dir, 'b.txt'), 'B EDITED BY THE USER, NOT STAGED\n');
      touchLater(join(dir, 'b.txt'));
    }, ['b.txt']],
    ['an untracked file edited', (dir) => writeFileSync(join(dir, 'notes', 'todo.md'), 'more notes\n'), ['notes/todo.md']],
    ['files created, names with spaces and newlines', (dir) => {
      writeFileSync(join(dir, 'new file.ts'), 'x');
      writeFileSync(join(dir, 'odd\nname.txt'), 'y');
    }, ['new file.ts', 'odd\nname.txt']],
    ['a tracked file deleted', (dir) => unlinkSync(join(dir, 'c.txt')), ['c.txt']],
    ['an untracked file deleted', (dir) => unlinkSync(join(dir, 'notes', 'todo.md')), ['notes/todo.md']],
    ['a clean file edited and committed', (dir) => {
      writeFileSync(join(dir, 'c.txt'), 'c committed by the agent\n');
      git(dir, 'commit', '-q', '-m', 'agent', '--', 'c.txt');
    }, ['c.txt']],
    ['the staged file committed without a change', (dir) => git(dir, 'commit', '-q', '-m', 'agent'), ['a.txt']],
    ['a file staged', (dir) => git(dir, 'add', 'b.txt'), ['b.txt']],
    ['a git-ignored file written', (dir) => {
      mkdirSync(join(dir, 'build'));
      writeFileSync(join(dir, 'build', 'out.js'), 'x');
    }, []],
  ])('%s', async (_name, change, expected) => {
    const dir = repo();
    expect(await changes(dir, () => change(dir))).toEqual(expected);
  });

  it('leaves out the ignore list (the store), at any depth for a name', async () => {
    const dir = repo();
    const changed = await changes(dir, () => {
      mkdirSync(join(dir, '.recovery'));
      writeFileSync(join(dir, '.recovery', 'db.json'), '{}');
      writeFileSync(join(dir, 'sub', 'scratch.log'), 'x');
      writeFileSync(join(dir, 'kept.txt'), 'x');
    }, { ignore: ['.recovery', 'sub/scratch.log'] });
    expect(changed).toEqual(['kept.txt']);
  });

  it('names paths relative to a subdirectory cwd, with ../ above it', async () => {
    const dir = repo();
    const changed = await changes(dir, () => {
      writeFileSync(join(dir, 'sub', 'd.txt'), 'd edited\n');
      writeFileSync(join(dir, 'c.txt'), 'c edited\n');
    }, {}, join(dir, 'sub'));
    expect(changed).toEqual(['../c.txt', 'd.txt']);
  });

  it('records HEAD, which moves with an empty commit that changes no path', async () => {
    const dir = repo();
    const before = await snapshotWorkTree(dir);
    git(dir, 'commit', '-q', '--allow-empty', '--only', '-m', 'empty');
    const after = await snapshotWorkTree(dir);
    expect(before).toMatchObject({ mode: 'git', truncated: false, head: expect.stringMatching(/^[0-9a-f]{40}$/) });
    expect(after.head).toBe(git(dir, 'rev-parse', 'HEAD'));
    expect(after.head).not.toBe(before.head);
    expect(changedPaths(before, after)).toEqual([]);
  });

  it('works before the first commit', async () => {
    const dir = tempDir();
    git(dir, 'init', '-q');
    writeFileSync(join(dir, 'a.txt'), 'a');
    const before = await snapshotWorkTree(dir);
    expect(before.head).toBeNull();
    expect(before.mode).toBe('git');
    writeFileSync(join(dir, 'b.txt'), 'b');
    expect(changedPaths(before, await snapshotWorkTree(dir))).toEqual(['b.txt']);
  });
});

describe('snapshotWorkTree outside git', () => {
  const plain = () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'src', 'deep'), { recursive: true });
    writeFileSync(join(dir, 'src', 'a.ts'), 'a');
    writeFileSync(join(dir, 'src', 'deep', 'b.ts'), 'b');
    writeFileSync(join(dir, 'README'), 'r');
    return dir;
  };

  it.each<[string, (dir: string) => void, string[]]>([
    ['nothing changed', () => {}, []],
    ['a file edited (size)', (dir) => writeFileSync(join(dir, 'src', 'deep', 'b.ts'), 'b longer'), ['src/deep/b.ts']],
    ['a file edited (same size, later mtime)', (dir) => {
      writeFileSync(join(dir, 'README'), 'R');
      touchLater(join(dir, 'README'));
    }, ['README']],
    ['files created, one in a new directory', (dir) => {
      writeFileSync(join(dir, 'src', 'c d.ts'), 'c');
      mkdirSync(join(dir, 'lib'));
      writeFileSync(join(dir, 'lib', 'e.ts'), 'e');
    }, ['lib/e.ts', 'src/c d.ts']],
    ['a file deleted', (dir) => unlinkSync(join(dir, 'src', 'a.ts')), ['src/a.ts']],
    ['an empty directory created (no file changed)', (dir) => mkdirSync(join(dir, 'empty')), []],
    ['node_modules and .git written', (dir) => {
      mkdirSync(join(dir, 'node_modules', 'x'), { recursive: true });
      writeFileSync(join(dir, 'node_modules', 'x', 'index.js'), 'x');
      mkdirSync(join(dir, '.git'));
      writeFileSync(join(dir, '.git', 'HEAD'), 'x');
    }, []],
  ])('%s', async (_name, change, expected) => {
    const dir = plain();
    const before = await snapshotWorkTree(dir);
    expect(before).toMatchObject({ mode: 'walk', head: null, truncated: false });
    change(dir);
    expect(changedPaths(before, await snapshotWorkTree(dir))).toEqual(expected);
  });

  it('leaves out the ignore list', async () => {
    const dir = plain();
    expect(await changes(dir, () => {
      mkdirSync(join(dir, '.recovery'));
      writeFileSync(join(dir, '.recovery', 'db.json'), '{}');
      writeFileSync(join(dir, 'src', 'a.ts'), 'a changed');
    }, { ignore: ['.recovery'] })).toEqual(['src/a.ts']);
  });

  it('stops at the bound (20,000 files by default), claims no creation or deletion then, and still sees edits it covered', async () => {
    expect(MAX_FILES).toBe(20_000);
    const dir = tempDir();
    mkdirSync(join(dir, 'many'));
    for (let i = 0; i < 30; i++) writeFileSync(join(dir, 'many', `f${String(i).padStart(2, '0')}`), '');
    writeFileSync(join(dir, 'a.txt'), 'a');
    const options = { maxFiles: 20 };
    const before = await snapshotWorkTree(dir, options);
    expect(before.truncated).toBe(true);
    expect([...before.entries.keys()]).toEqual(['a.txt', ...Array.from({ length: 19 }, (_, i) => `many/f${String(i).padStart(2, '0')}`)]);
    writeFileSync(join(dir, 'a.txt'), 'a changed'); // 'a.txt' sorts first: under the bound
    writeFileSync(join(dir, '0-new.txt'), 'new'); // shifts the bound: many/f18 drops out
    writeFileSync(join(dir, 'many', 'f29'), 'past the bound');
    const after = await snapshotWorkTree(dir, options);
    expect(after.entries.has('many/f18')).toBe(false);
    expect(changedPaths(before, after)).toEqual(['a.txt']);
  });

  it('in git, past the bound still sees paths appear and disappear', async () => {
    const dir = userRepo(tempDir());
    for (let i = 0; i < 10; i++) writeFileSync(join(dir, `u${i}.txt`), 'u');
    const options = { maxFiles: 3 };
    const before = await snapshotWorkTree(dir, options);
    expect(before.truncated).toBe(true);
    writeFileSync(join(dir, 'zz-new.txt'), 'new');
    unlinkSync(join(dir, 'u9.txt'));
    expect(changedPaths(before, await snapshotWorkTree(dir, options))).toEqual(['u9.txt', 'zz-new.txt']);
  });
});
