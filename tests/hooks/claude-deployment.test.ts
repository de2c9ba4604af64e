/**
 * UC-AP-004 Exc-3, "protocol not deployed": whether the hooks are deployed for a project, read
 * from real settings files in temp dirs, and said by `recover hook claude --status` and by
 * `recover run` inside a Claude Code session (CLAUDECODE=1) through the built CLI.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hookDeployment, undeployedNotice } from '../../src/hooks/claude/deployment.js';
import { hookEntries } from '../../src/hooks/claude/install.js';
import { BIN } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

const OWN = 'node /opt/recover/bin/recover.js hook claude';
const ALL_EVENTS = ['SessionStart', 'PreToolUse', 'PostToolUse', 'PostToolUseFailure', 'Stop'];

let root: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'hook-deploy-'));
  home = join(root, 'home');
  mkdirSync(join(root, '.git'));
  mkdirSync(join(root, '.claude'));
  mkdirSync(join(home, '.claude'), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (file: string, value: unknown) => writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
const only = (events: string[]) => ({ hooks: Object.fromEntries(Object.entries(hookEntries(OWN)).filter(([event]) => events.includes(event))) });

describe('hookDeployment', () => {
  it.each([
    { case: 'nothing installed', local: null, shared: null, user: null, deployed: false, missing: ALL_EVENTS },
    { case: 'the project’s shared settings', local: null, shared: only(ALL_EVENTS), user: null, deployed: true, missing: [] },
    { case: 'split between local and user settings', local: only(['PreToolUse', 'Stop']), shared: null, user: only(['SessionStart', 'PostToolUse', 'PostToolUseFailure']), deployed: true, missing: [] },
    { case: 'partly: two events missing', local: null, shared: only(['SessionStart', 'PreToolUse', 'PostToolUse']), user: null, deployed: false, missing: ['PostToolUseFailure', 'Stop'] },
    { case: 'someone else’s hooks only', local: null, shared: { hooks: { PreToolUse: [{ matcher: 'Bash', hooks: [{ type: 'command', command: 'my-linter' }] }] } }, user: null, deployed: false, missing: ALL_EVENTS },
  ])('$case', ({ local, shared, user, deployed, missing }) => {
    if (local) write(join(root, '.claude', 'settings.local.json'), local);
    if (shared) write(join(root, '.claude', 'settings.json'), shared);
    if (user) write(join(home, '.claude', 'settings.json'), user);
    const found = hookDeployment(root, home);
    expect(found.deployed).toBe(deployed);
    expect(found.missing).toEqual(missing);
    expect(found.files.map((f) => f.file)).toEqual([join(root, '.claude', 'settings.local.json'), join(root, '.claude', 'settings.json'), join(home, '.claude', 'settings.json')]);
  });

  it('names a settings file it cannot read and never throws', () => {
    write(join(root, '.claude', 'settings.json'), '{ "hooks": ');
    const found = hookDeployment(root, home);
    expect(found.deployed).toBe(false);
    expect(found.files[1]).toMatchObject({ file: join(root, '.claude', 'settings.json'), events: [], unreadable: expect.stringContaining('is not valid JSON') });
  });

  it('speaks only inside Claude Code, only when not deployed, and not with RECOVER_HOOK=off', () => {
    expect(undeployedNotice({ HOME: home }, root)).toBeNull();
    expect(undeployedNotice({ HOME: home, CLAUDECODE: '1', RECOVER_HOOK: 'off' }, root)).toBeNull();
    expect(undeployedNotice({ HOME: home, CLAUDECODE: '1' }, root)).toMatch(/without the recovery hooks: .*'recover hook claude --install'/);
    write(join(root, '.claude', 'settings.json'), only(['PreToolUse']));
    expect(undeployedNotice({ HOME: home, CLAUDECODE: '1' }, root)).toContain('(missing: SessionStart, PostToolUse, PostToolUseFailure, Stop)');
    write(join(root, '.claude', 'settings.json'), only(ALL_EVENTS));
    expect(undeployedNotice({ HOME: home, CLAUDECODE: '1' }, root)).toBeNull();
  });
});

describe('through the CLI', () => {
  const recover = (args: string[], env: Record<string, string> = {}) => {
    const clean = { ...process.env };
    delete clean.CLAUDECODE;
    delete clean.RECOVER_HOOK;
    delete clean.RECOVERY_STORE;
    return spawnSync(process.execPath, [BIN, ...args], { cwd: root, encoding: 'utf8', env: { ...clean, HOME: home, ...env } });
  };

  it('hook claude --status: exit 2 with what to run before --install, exit 0 after, each file named', () => {
    const before = recover(['hook', 'claude', '--status']);
    expect(before.status, before.stderr).toBe(2);
    expect(before.stdout).toContain(`${join(root, '.claude', 'settings.json')}: no recover hooks`);
    expect(before.stdout).toMatch(/not deployed \(missing: SessionStart, PreToolUse, PostToolUse, PostToolUseFailure, Stop\): run 'recover hook claude --install'/);
    expect(recover(['hook', 'claude', '--install']).status).toBe(0);
    const after = recover(['hook', 'claude', '--status']);
    expect(after.status, after.stderr).toBe(0);
    expect(after.stdout).toContain(`${join(root, '.claude', 'settings.json')}: ${ALL_EVENTS.join(', ')}`);
    expect(after.stdout).toContain('recover hooks: deployed');
  });

  it('recover run inside Claude Code says once that the hooks are not deployed, and is silent once they are', () => {
    const inside = recover(['run', '--', 'true'], { CLAUDECODE: '1' });
    expect(inside.status, inside.stderr).toBe(0);
    expect(inside.stderr.match(/running inside Claude Code without the recovery hooks/g)).toHaveLength(1);
    const outside = recover(['run', '--', 'true']);
    expect(outside.stderr).not.toContain('Claude Code');
    expect(recover(['hook', 'claude', '--install']).status).toBe(0);
    const deployed = recover(['run', '--', 'true'], { CLAUDECODE: '1' });
    expect(deployed.status, deployed.stderr).toBe(0);
    expect(deployed.stderr).not.toContain('Claude Code');
  });
});
