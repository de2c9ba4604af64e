/**
 * `recover hook claude --install|--uninstall|--print` on real settings files in temp dirs,
 * through the built CLI: what is there stays, installing twice changes nothing, uninstalling
 * removes exactly its own entries, a file that cannot be parsed is left as it is (exit 2).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

describe('recover hook claude --install', () => {
  let root: string;
  let settings: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'hook-install-'));
    mkdirSync(join(root, '.git'));
    mkdirSync(join(root, '.claude'));
    settings = join(root, '.claude', 'settings.json');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const recover = (...args: string[]) => spawnSync(process.execPath, [BIN, 'hook', 'claude', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, HOME: join(root, 'home') } });
  const read = (file = settings) => JSON.parse(readFileSync(file, 'utf8')) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]>; [k: string]: unknown };
  const theirs = { permissions: { allow: ['Bash(npm test)'] }, hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-linter --check' }] }] } };

  it('merges its entries, keeps what is there, is idempotent, and uninstalls exactly its own', () => {
    writeFileSync(settings, JSON.stringify(theirs, null, 2));
    const first = recover('--install');
    expect(first.status, first.stderr).toBe(0);
    const installed = read();
    expect(installed.permissions).toEqual(theirs.permissions);
    expect(Object.keys(installed.hooks).sort()).toEqual(['PostToolUse', 'PostToolUseFailure', 'PreToolUse', 'SessionStart', 'Stop']);
    expect(installed.hooks.PreToolUse![0]!.hooks[0]!.command).toBe('my-linter --check');
    expect(installed.hooks.PreToolUse![1]!.hooks[0]!.command).toMatch(/recover\.js" hook claude$/);
    const again = recover('--install');
    expect(again.stdout).toMatch(/nothing changed/);
    expect(read()).toEqual(installed);
    expect(recover('--uninstall').status).toBe(0);
    expect(read()).toEqual(theirs);
  });

  it('writes the user settings with --user, and creates the file when there is none', () => {
    expect(recover('--install', '--user').status).toBe(0);
    expect(Object.keys(read(join(root, 'home', '.claude', 'settings.json')).hooks)).toHaveLength(5);
  });

  it('never overwrites a settings file it cannot parse: exit 2 naming the file', () => {
    writeFileSync(settings, '{ "hooks": { oops ');
    const result = recover('--install');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(settings);
    expect(readFileSync(settings, 'utf8')).toBe('{ "hooks": { oops ');
  });

  it('--print shows the entries and changes nothing', () => {
    const result = recover('--print', '--command', 'recover hook claude');
    expect(JSON.parse(result.stdout).hooks.Stop).toEqual([{ hooks: [{ type: 'command', command: 'recover hook claude', timeout: 10 }] }]);
    expect(() => readFileSync(settings)).toThrow();
  });
});
