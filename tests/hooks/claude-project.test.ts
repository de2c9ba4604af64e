/**
 * An escalation stops the working tree, not only the session that opened it: the project's index
 * of escalated hook runs (project-escalations.ts) as a table, two sessions through the engine and
 * a lowdb store, and two session ids through the built `recover hook claude` and `recover decide`.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleEvent } from '../../src/hooks/claude/handle.js';
import type { HookEvent } from '../../src/hooks/claude/input.js';
import { escalationsFile, readEscalations, writeEscalations } from '../../src/hooks/claude/project-escalations.js';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';
import { BIN, cliEnv } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

const SECRET = 'cat: /home/u/.ssh/id_rsa: Permission denied';
const RUN = { runId: 'key-1', command: 'make', sessionId: 's1' };

let dir: string;
beforeEach(() => { dir = mkdtempSync(join(tmpdir(), 'hook-project-')); });
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the project index of escalated runs', () => {
  it.each([
    ['no file', null, [], 0],
    ['this root', JSON.stringify({ root: '/p', runs: [RUN] }), [RUN], 0],
    ['another root', JSON.stringify({ root: '/q', runs: [RUN] }), [], 0],
    ['entries of the wrong shape left out', JSON.stringify({ root: '/p', runs: [RUN, { runId: 3 }, null] }), [RUN], 0],
    ['not JSON', '{"root": "/p", "ru', [], 1],
    ['no runs array', JSON.stringify({ root: '/p', runs: 'x' }), [], 1],
  ] as const)('%s', (_, text, expected, warnings) => {
    const file = escalationsFile(dir, '/p');
    if (text !== null) {
      mkdirSync(join(file, '..'), { recursive: true });
      writeFileSync(file, text);
    }
    const warned: string[] = [];
    expect(readEscalations(file, '/p', (m) => warned.push(m))).toEqual(expected);
    expect(warned).toHaveLength(warnings);
    if (warnings > 0) expect(warned[0]).toMatch(/escalation index .* only this session's runs are enforced/);
  });

  it('is written whole and read back; one file per project root', () => {
    writeEscalations(escalationsFile(dir, '/p'), '/p', [RUN]);
    expect(readEscalations(escalationsFile(dir, '/p'), '/p', () => undefined)).toEqual([RUN]);
    expect(escalationsFile(dir, '/p')).not.toBe(escalationsFile(dir, '/q'));
  });
});

describe('two sessions in one project, through the engine and a lowdb store', () => {
  let store: Store;
  beforeEach(() => { store = openStore(join(dir, '.recovery')); });

  const send = (sessionId: string, event: Omit<HookEvent, 'sessionId' | 'cwd'>, warn?: (m: string) => void) =>
    handleEvent({ sessionId, cwd: dir, ...event } as HookEvent, { store, storeDir: join(dir, '.recovery'), now: Date.now(), root: dir, ...(warn ? { warn } : {}) });
  const text = (answer: unknown) => JSON.stringify(answer);

  it("denies another session's edits and commands and blocks its Stop once while the run is escalated, until a person decides", async () => {
    expect(text(await send('s1', { kind: 'bash-failed', name: 'PostToolUseFailure', command: 'cat ~/.ssh/id_rsa', observation: { exitCode: 1, stderr: SECRET } }))).toMatch(/ESCALATED/);
    const [run] = await store.list();
    const edit = await send('s2', { kind: 'edit-before', name: 'PreToolUse', fix: 'Write a.js: x' });
    expect(edit).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny' } });
    expect(text(edit)).toMatch(new RegExp(`ESCALATED \\(run ${run!.runId}.*critical_security_violation.*recover decide ${run!.runId} --choice`));
    expect(text(await send('s2', { kind: 'bash-before', name: 'PreToolUse', command: 'ls' }))).toBe(text(edit));
    expect(await send('s2', { kind: 'stop', name: 'Stop', stopHookActive: false })).toMatchObject({ decision: 'block', reason: expect.stringMatching(/ESCALATED/) });
    expect(await send('s2', { kind: 'stop', name: 'Stop', stopHookActive: true })).toBeNull();
    // A person decides (as `recover decide` does on a hook run): the tree is free again.
    const { decideRun } = await import('../../src/hooks/claude/engine.js');
    const decidedAt = Date.now();
    expect(await decideRun(store, run!.runId, { choice: 'abort', by: 'alice' }, decidedAt)).toBe('ended');
    // Who decided is kept, as `recover decide` keeps it for a command run.
    expect((await store.load(run!.runId))!.meta.decisions).toEqual([{ by: 'alice', choice: 'abort', at: decidedAt }]);
    expect(await send('s2', { kind: 'edit-before', name: 'PreToolUse', fix: 'Write a.js: x' })).toBeNull();
    expect(readEscalations(escalationsFile(join(dir, '.recovery'), dir), dir, () => undefined)).toEqual([]);
  });

  it('allows with a warning when the index is damaged', async () => {
    const file = escalationsFile(join(dir, '.recovery'), dir);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, 'garbage');
    const warned: string[] = [];
    expect(await send('s2', { kind: 'edit-before', name: 'PreToolUse', fix: 'Write a.js: x' }, (m) => warned.push(m))).toBeNull();
    expect(warned).toEqual([expect.stringMatching(/damaged/)]);
    // The next escalation writes it whole again, and it stops other sessions.
    await send('s1', { kind: 'bash-failed', name: 'PostToolUseFailure', command: 'cat ~/.ssh/id_rsa', observation: { exitCode: 1, stderr: SECRET } });
    expect(text(await send('s2', { kind: 'bash-before', name: 'PreToolUse', command: 'ls' }))).toMatch(/deny.*ESCALATED/);
  });
});

describe('two session ids through the built CLI', () => {
  beforeAllBuilt();

  it("a new session is denied while the first session's run is escalated, and allowed once recover decide has answered", async () => {
    writeFileSync(join(dir, 'package.json'), '{}\n');
    mkdirSync(join(dir, 'src'));
    const env = cliEnv({ RECOVERY_STORE: join(dir, '.recovery') });
    const hook = (session: string, event: Record<string, unknown>, cwd = dir) => {
      const r = spawnSync(process.execPath, [BIN, 'hook', 'claude'], { cwd, env, encoding: 'utf8', input: JSON.stringify({ session_id: session, cwd, ...event }) });
      expect(r.status).toBe(0);
      return r;
    };
    const failed = hook('first', { hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'cat ~/.ssh/id_rsa' }, error: `Exit code 1\n${SECRET}` });
    const runId = /run (key-[0-9a-f]+)/.exec(failed.stdout)![1]!;
    // The second session works in a subdirectory of the same project.
    const edit = hook('second', { hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: join(dir, 'src', 'a.js'), content: 'x' } }, join(dir, 'src'));
    expect(edit.stderr).toBe('');
    expect(JSON.parse(edit.stdout)).toMatchObject({ hookSpecificOutput: { permissionDecision: 'deny', permissionDecisionReason: expect.stringContaining(`recover decide ${runId} --choice`) } });
    expect(hook('second', { hook_event_name: 'Stop', stop_hook_active: false }).stdout).toMatch(/"decision":"block"/);
    const decide = spawnSync(process.execPath, [BIN, 'decide', runId, '--choice', 'abort', '--as', 'bob'], { cwd: dir, env, encoding: 'utf8' });
    expect(decide.status, decide.stderr).toBe(0);
    expect((await openStore(join(dir, '.recovery')).load(runId))!.meta.decisions).toEqual([{ by: 'bob', choice: 'abort', at: expect.any(Number) }]);
    const after = hook('second', { hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'ls' } });
    expect([after.stdout, after.stderr]).toEqual(['', '']);
  });
});
