/**
 * `recover hook claude` registered in a project's .claude/settings.json and driven by the REAL
 * Claude Code CLI, only the model faked (scripted turn by turn: Bash, Write, text). Scenarios of
 * issue #28: (a) fail → edit → pass is a recovered run; (b) the same fix again is denied and the
 * model's next request carries the reason; (d) a permission failure on a secret path escalates at
 * once and the next edit is denied; (c) three failed iterations escalate, and `recover decide`'s
 * retry-with guidance reaches the model in the continued session; (e) a malformed payload is
 * allowed with a warning.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { hookEntries } from '../../src/hooks/claude/install.js';
import { openStore } from '../../src/store/index.js';
import { BIN } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { agentEnv } from './agents.js';
import { FakeModelServer } from './fake-model/server.js';
import type { Turn } from './fake-model/turns.js';
import { runAgent } from './run-agent.js';

const bin = inject('agentBins').claude;
const EVIDENCE = "Error: Cannot find module './utils' from 'src/index.js'";
/** A build that fails until utils.js exports 42. */
const BUILD_JS = `let v; try { v = require('./utils.js'); } catch {}\nif (v !== 42) { console.error(${JSON.stringify(EVIDENCE)}); process.exit(1); }\nconsole.log('build ok');\n`;
const HOOK = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} hook claude`;

beforeAllBuilt();

const suite = 'missing' in bin ? describe.skip : describe;
suite(`recover hook claude with Claude Code${'missing' in bin ? `: not installed (${bin.missing})` : ` ${bin.version}`}`, { timeout: 60_000 }, () => {
  let server: FakeModelServer;
  let root: string;
  let home: string;
  let cwd: string;

  beforeEach(async () => {
    server = await FakeModelServer.start();
    root = mkdtempSync(join(tmpdir(), 'hooks-claude-'));
    home = join(root, 'home');
    cwd = join(root, 'work');
    mkdirSync(home);
    mkdirSync(join(cwd, '.claude'), { recursive: true });
    writeFileSync(join(cwd, 'build.js'), BUILD_JS);
    writeFileSync(join(cwd, '.claude', 'settings.json'), JSON.stringify({ hooks: hookEntries(HOOK) }, null, 2));
  });
  afterEach(async () => {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function claude(turns: Turn[], extraEnv: Record<string, string> = {}, extraArgs: string[] = []) {
    server.script(...turns, { text: 'FINAL' }, { text: 'FINAL-AFTER-STOP-BLOCK' });
    const env = { ...(await agentEnv('claude', server.url, home)), RECOVERY_STORE: join(cwd, '.recovery'), ...extraEnv };
    const result = await runAgent(bin, ['-p', 'make the build pass', '--permission-mode', 'acceptEdits', '--allowedTools', 'Bash', ...extraArgs], { cwd, env, deadlineMs: 45_000 });
    expect(result.stopped, `claude did not end: ${result.stderr}`).toBe(false);
    return result;
  }

  /** Everything the model was sent after the `n`th model call (what the hooks added shows there). */
  const sentAfter = (n: number): string => server.modelCalls().slice(n).map((c) => JSON.stringify(c.body)).join('\n');
  const runs = async () => openStore(join(cwd, '.recovery')).list();
  const failing = (): string => server.toolResults().map((r) => r.output).join('\n');

  it('(a) build fails, the model edits, the build passes: a recovered run in the store', async () => {
    await claude([
      { bash: { command: 'node build.js' } },
      { writeFile: { path: join(cwd, 'utils.js'), content: 'module.exports = 42;\n' } },
      { bash: { command: 'node build.js' } },
    ]);
    expect(readFileSync(join(cwd, 'utils.js'), 'utf8')).toContain('42');
    expect((await runs()).map((r) => [r.status, r.task])).toEqual([['recovered', 'node build.js']]);
    // After the failure the model was told the phase, the classification and the evidence.
    expect(sentAfter(1)).toMatch(/BROKEN_BUILD.*Cannot find module.*PAUSE: stop editing/);
    expect(sentAfter(3)).toMatch(/recovered after 1 iteration/);
  });

  it('(b) the same fix after it failed is denied, and the model’s next request carries the reason', async () => {
    const wrong: Turn = { writeFile: { path: join(cwd, 'utils.js'), content: 'module.exports = 41;\n' } };
    await claude([{ bash: { command: 'node build.js' } }, wrong, { bash: { command: 'node build.js' } }, wrong]);
    const denial = server.toolResults().at(-1)!;
    expect(denial.output).toMatch(/AC-006, repeated fix/);
    expect(denial.output).toMatch(/recover decide key-/);
    expect(sentAfter(4)).toContain('AC-006');
    expect((await runs())[0]!.status).toBe('running');
  });

  it('(c) three failed iterations escalate; the next edit is denied; recover decide retry-with lets the next call through with the guidance', async () => {
    const build: Turn = { bash: { command: 'node build.js' } };
    await claude([
      build,
      { writeFile: { path: join(cwd, 'utils.js'), content: 'module.exports = 41;\n' } }, build,
      { writeFile: { path: join(cwd, 'src', 'index.js'), content: "require('./lib');\n" } }, build,
      { writeFile: { path: join(cwd, 'package.json'), content: '{ "main": "lib/main.js" }\n' } }, build,
      { writeFile: { path: join(cwd, 'other.js'), content: 'console.log(1);\n' } },
    ]);
    const [run] = await runs();
    expect(run!.status).toBe('escalated');
    expect(failing()).toMatch(/ESCALATED.*max_attempts/);
    expect(existsSync(join(cwd, 'other.js'))).toBe(false);
    const decide = spawnSync(process.execPath, [BIN, 'decide', run!.runId, '--choice', 'retry-with', '--guidance', 'GUIDANCE-7: utils.js must export 42'], { cwd, encoding: 'utf8', env: { ...process.env, RECOVERY_STORE: join(cwd, '.recovery') } });
    expect(decide.status, decide.stderr).toBe(0);
    const before = server.modelCalls().length;
    await claude([{ writeFile: { path: join(cwd, 'utils.js'), content: 'module.exports = 42;\n' } }, build], {}, ['--continue']);
    expect(readFileSync(join(cwd, 'utils.js'), 'utf8')).toContain('42');
    expect(sentAfter(before + 1)).toContain('GUIDANCE-7: utils.js must export 42');
    expect((await runs()).map((r) => r.status)).toEqual(['recovered']);
  });

  it('(d) a permission failure on a secret path escalates at once; the next edit is denied, Stop is blocked', async () => {
    const secret = join(home, '.ssh', 'id_rsa');
    mkdirSync(join(home, '.ssh'));
    writeFileSync(secret, 'PRIVATE KEY\n');
    chmodSync(secret, 0o000);
    // root reads any file: a `cat` that checks the mode as a normal user would meets it.
    const shims = join(root, 'bin');
    mkdirSync(shims);
    writeFileSync(join(shims, 'cat'), '#!/bin/sh\nif [ "$(stat -c %a "$1")" = 0 ]; then echo "cat: $1: Permission denied" >&2; exit 1; fi\nexec /bin/cat "$@"\n', { mode: 0o755 });
    await claude([
      { bash: { command: `cat ${secret}` } },
      { writeFile: { path: join(cwd, 'utils.js'), content: 'module.exports = 42;\n' } },
    ], { PATH: `${shims}:${process.env.PATH}` });
    expect((await runs()).map((r) => r.status)).toEqual(['escalated']);
    expect(existsSync(join(cwd, 'utils.js'))).toBe(false);
    expect(failing()).toMatch(/ESCALATED.*critical_security_violation/);
    expect(sentAfter(1)).toMatch(/SECURITY_VIOLATION/);
    // The model's FINAL was answered with a Stop block: it was asked to go on, with the escalation.
    expect(sentAfter(3)).toMatch(/Stop hook blocking error.*ESCALATED/);
  });

  it('(e) a malformed payload is allowed, with one warning line', async () => {
    const log = join(root, 'hook-stderr.log');
    const settings = { hooks: { PreToolUse: [{ matcher: 'Write', hooks: [{ type: 'command', command: `echo 'not json' | ${HOOK} 2>>${log}` }] }] } };
    writeFileSync(join(cwd, '.claude', 'settings.json'), JSON.stringify(settings));
    await claude([{ writeFile: { path: join(cwd, 'utils.js'), content: 'module.exports = 42;\n' } }]);
    expect(readFileSync(join(cwd, 'utils.js'), 'utf8')).toContain('42');
    expect(readFileSync(log, 'utf8')).toMatch(/^recover hook: hook input is not JSON .*the call is allowed\n$/);
  });
});
