/**
 * `recover hook claude` without Claude Code: the decision table (event × phase → engine feed →
 * answer) as tables, the hook input as Claude Code 2.1.332 sends it, and whole sessions of
 * events through the real engine and a lowdb store in a temp dir.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { handleEvent } from '../../src/hooks/claude/handle.js';
import { MalformedHookInput, observationOfError, parseHookInput, type HookEvent } from '../../src/hooks/claude/input.js';
import { answerOf, planOf, RULES, type RunPhase, type HookRunView } from '../../src/hooks/claude/rules.js';
import { openStore } from '../../src/store/index.js';
import type { Store } from '../../src/store/types.js';

const view = (phase: RunPhase, extra: Partial<HookRunView> = {}): HookRunView => ({
  phase, runId: 'key-1', command: 'npm run build', type: 'BROKEN_BUILD', category: 'systematic', evidence: "Cannot find module './utils'",
  iteration: 1, budget: 3, fixes: ['Write /w/utils.js: module.exports = 1'], reason: null, delayMs: null, guidance: null, ...extra,
});

describe('the decision table: event × phase → feed, answer', () => {
  it.each([
    ['session-start', 'none', {}, null, 'protocol'],
    ['bash-before', 'escalated', {}, null, 'deny-escalated'],
    ['bash-before', 'none', { command: 'rm -rf / --no-preserve-root' }, null, 'deny-data-loss'],
    ['bash-before', 'escalated', { command: 'psql -c "DROP DATABASE app"' }, null, 'deny-data-loss'],
    ['bash-before', 'adapt', { command: 'rm -rf dist' }, null, 'allow'],
    ['bash-before', 'adapt', {}, null, 'allow'],
    ['edit-before', 'escalated', { fix: 'anything' }, null, 'deny-escalated'],
    ['edit-before', 'adapt', { fix: 'Write /w/utils.js: module.exports = 1' }, null, 'deny-repeated'],
    ['edit-before', 'adapt', { fix: 'Write /w/utils.js: exports.answer = 42' }, 'fix', 'fix-recorded'],
    ['edit-before', 'verify', { fix: 'Write /w/utils.js: module.exports = 1' }, null, 'allow'],
    ['edit-before', 'none', { fix: 'Write /w/a.js: x' }, null, 'allow'],
    ['bash-failed', 'none', {}, 'fail', 'after-failure'],
    ['bash-failed', 'verify', {}, 'fail', 'after-failure'],
    ['bash-failed', 'ended', {}, 'fail', 'after-failure'],
    ['bash-failed', 'adapt', {}, null, 'after-failure'],
    ['bash-passed', 'verify', {}, 'pass', 'recovered'],
    ['bash-passed', 'wait', {}, 'pass', 'recovered'],
    ['bash-passed', 'none', {}, null, 'allow'],
    ['stop', 'escalated', {}, null, 'block-stop'],
    ['stop', 'escalated', { continuing: true }, null, 'allow'],
    ['stop', 'adapt', {}, null, 'allow'],
    ['other', 'escalated', {}, null, 'allow'],
  ] as const)('%s in %s %j → feed %s, answer %s', (event, phase, facts, feed, answer) => {
    const rule = planOf(event, view(phase), facts);
    expect([rule.feed, rule.answer]).toEqual([feed, answer]);
  });

  it('a command line that risks data loss is denied before it runs, naming the risk (seed 004 BLOCK_AND_ALERT)', () => {
    const answer = answerOf('deny-data-loss', 'PreToolUse', view('none'), { command: 'git push --force origin main' }) as { hookSpecificOutput: Record<string, string> };
    expect(answer.hookSpecificOutput).toMatchObject({ permissionDecision: 'deny' });
    expect(answer.hookSpecificOutput.permissionDecisionReason).toBe('recover: refused (seed 004 BLOCK_AND_ALERT): this command risks data loss — git push --force to main (rewrites a protected branch). Do not run it or a variant of it; tell the user what you meant to do and let them run it. RECOVER_HOOK=off turns enforcement off.');
  });

  it('has a row for every event in every phase (the last rows match any phase)', () => {
    for (const event of new Set(RULES.map((r) => r.event))) expect(RULES.some((r) => r.event === event && r.phase === '*' && r.when === undefined), event).toBe(true);
  });

  it.each([
    ['deny-escalated', view('escalated', { reason: 'max_attempts' }), { permissionDecision: 'deny' }, /ESCALATED.*max_attempts.*recover decide key-1/],
    ['deny-repeated', view('adapt'), { permissionDecision: 'deny' }, /AC-006.*module\.exports = 1.*RECOVER_HOOK=off/],
    ['after-failure', view('adapt'), { hookEventName: 'PostToolUseFailure' }, /BROKEN_BUILD.*Cannot find module.*PAUSE.*DIAGNOSE.*hypotheses.*confidence/],
    ['after-failure', view('wait', { type: 'NETWORK', category: 'transient', delayMs: 5000 }), {}, /Transient: do not edit anything; wait 5 s/],
    ['after-failure', view('escalated', { reason: 'critical_security_violation' }), {}, /ESCALATED.*critical_security_violation/],
    ['recovered', view('ended', { iteration: 2 }), {}, /passes — run key-1 recovered after 2 iteration/],
  ] as const)('%s says what it requires (%#)', (kind, v, fields, text) => {
    const answer = answerOf(kind, 'PostToolUseFailure', v) as { hookSpecificOutput: Record<string, string> };
    expect(answer.hookSpecificOutput).toMatchObject(fields);
    expect(answer.hookSpecificOutput.permissionDecisionReason ?? answer.hookSpecificOutput.additionalContext).toMatch(text);
  });

  it('blocks a Stop with the escalation as the reason; allow is no output', () => {
    expect(answerOf('block-stop', 'Stop', view('escalated'))).toMatchObject({ decision: 'block', reason: expect.stringMatching(/ESCALATED/) });
    expect(answerOf('allow', 'PreToolUse', view('none'))).toBeNull();
  });
});

describe('hook input as Claude Code 2.1.332 sends it', () => {
  const base = { session_id: 's', transcript_path: '/t.jsonl', cwd: '/w', permission_mode: 'acceptEdits' };
  it.each([
    [{ hook_event_name: 'SessionStart', source: 'startup' }, { kind: 'session-start' }],
    [{ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command: 'npm test' }, tool_use_id: 't1' }, { kind: 'bash-before', command: 'npm test' }],
    [{ hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: '/w/a', old_string: 'x', new_string: 'y' } }, { kind: 'edit-before', fix: 'Edit a: y' }],
    [{ hook_event_name: 'PreToolUse', tool_name: 'Write', tool_input: { file_path: '/elsewhere/a', content: 'z' } }, { kind: 'edit-before', fix: 'Write /elsewhere/a: z' }],
    [{ hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: '/w/a' } }, { kind: 'other' }],
    [{ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'false' }, error: 'Exit code 3\nboom', is_interrupt: false }, { kind: 'bash-failed', observation: { exitCode: 3, stderr: 'boom' } }],
    [{ hook_event_name: 'PostToolUseFailure', tool_name: 'Bash', tool_input: { command: 'sleep 9' }, error: 'Interrupted', is_interrupt: true }, { kind: 'other' }],
    [{ hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_input: { command: 'true' }, tool_response: { stdout: 'fine', stderr: '', interrupted: false } }, { kind: 'bash-passed' }],
    [{ hook_event_name: 'Stop', stop_hook_active: true, last_assistant_message: 'DONE' }, { kind: 'stop', stopHookActive: true }],
    [{ hook_event_name: 'Notification', message: 'hi' }, { kind: 'other' }],
  ])('%j', (event, expected) => {
    expect(parseHookInput(JSON.stringify({ ...base, ...event }))).toMatchObject(expected);
  });

  it.each(['', 'not json', '[]', '{"hook_event_name":"Stop"}', 'null'])('refuses %j as malformed', (text) => {
    expect(() => parseHookInput(text)).toThrow(MalformedHookInput);
  });

  it('reads an error without an exit code as exit 1', () => {
    expect(observationOfError('spawn ENOENT')).toEqual({ exitCode: 1, stderr: 'spawn ENOENT' });
  });
});

describe('a session of hook events through the engine and a lowdb store', () => {
  let dir: string;
  let store: Store;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'hook-session-'));
    store = openStore(join(dir, '.recovery'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const send = (event: Omit<HookEvent, 'sessionId' | 'cwd'>) =>
    handleEvent({ sessionId: 'sess', cwd: dir, ...event } as HookEvent, { store, storeDir: join(dir, '.recovery'), now: Date.now() });
  const fail = (command = 'node build.js', stderr = "Error: Cannot find module './utils'") =>
    send({ kind: 'bash-failed', name: 'PostToolUseFailure', command, observation: { exitCode: 1, stderr } });
  const edit = (fix: string) => send({ kind: 'edit-before', name: 'PreToolUse', fix });
  const text = (answer: unknown) => JSON.stringify(answer);

  it('fails, edits, passes: one recovered run', async () => {
    expect(text(await fail())).toMatch(/BROKEN_BUILD.*PAUSE/);
    expect(text(await edit('Write utils.js: module.exports = 1'))).toMatch(/fix 1/);
    expect(text(await send({ kind: 'bash-passed', name: 'PostToolUse', command: 'node  build.js' }))).toMatch(/recovered after 1 iteration/);
    const runs = await store.list();
    expect(runs.map((r) => [r.status, r.task])).toEqual([['recovered', 'node build.js']]);
  });

  it('refuses a repeated fix, escalates after the third failed iteration, then denies edits, commands and Stop', async () => {
    await fail();
    await edit('Write utils.js: one');
    await fail();
    expect(text(await edit('Write utils.js: one'))).toMatch(/"permissionDecision":"deny".*AC-006/);
    await edit('Write helpers.js: two different');
    await fail();
    await edit('Edit index.js: require path fixed');
    expect(text(await fail())).toMatch(/ESCALATED.*max_attempts/);
    expect(text(await edit('Write x.js: anything'))).toMatch(/"permissionDecision":"deny".*ESCALATED/);
    expect(text(await send({ kind: 'bash-before', name: 'PreToolUse', command: 'ls' }))).toMatch(/deny/);
    expect(await send({ kind: 'stop', name: 'Stop', stopHookActive: false })).toMatchObject({ decision: 'block' });
    expect((await store.list())[0]!.status).toBe('escalated');
  });

  it('denies a Bash call that risks data loss before it runs, and lets an ordinary one through (issue 33)', async () => {
    expect(text(await send({ kind: 'bash-before', name: 'PreToolUse', command: 'cd /srv && sudo rm -rf /' }))).toMatch(/"permissionDecision":"deny".*BLOCK_AND_ALERT.*rm -rf \/ \(removes the root or home directory recursively\)/);
    expect(await send({ kind: 'bash-before', name: 'PreToolUse', command: 'rm -rf build' })).toBeNull();
    expect(await store.list()).toEqual([]);
  });

  it('escalates a permission failure on a secret path at once', async () => {
    expect(text(await fail('cat ~/.ssh/id_rsa', 'cat: /home/u/.ssh/id_rsa: Permission denied'))).toMatch(/ESCALATED.*critical_security_violation/);
  });

  it('tells a transient failure to wait and re-run, not edit', async () => {
    expect(text(await fail('npm install', 'npm ERR! network socket hang up ECONNRESET'))).toMatch(/Transient: do not edit anything; wait \d+ s/);
  });
});

describe('README', () => {
  it('embeds the decision table as the code generates it', async () => {
    const { readFileSync } = await import('node:fs');
    const { rulesTable } = await import('../../src/hooks/claude/rules.js');
    expect(readFileSync(new URL('../../README.md', import.meta.url), 'utf8')).toContain(rulesTable());
  });
});
