/**
 * `recover run --agent NAME` with the real agent CLIs (Claude Code, Codex, Gemini CLI), only the
 * model behind them faked: the seven scenarios of issue #26 for each agent. The agent is the
 * run's diagnoser (read-only) and adapter (may edit); the fake model is scripted call by call:
 * DIAGNOSE first, then ADAPT. Each scenario also checks what the model received.
 */
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { BIN } from '../cli/cli.js';
import { beforeAllBuilt } from '../helpers/build.js';
import { AGENT_NAMES, agentCommand, agentEnv } from './agents.js';
import { FakeModelServer, unreachableUrl } from './fake-model/server.js';
import type { Turn } from './fake-model/turns.js';

const bins = inject('agentBins');
const EVIDENCE = "Error: Cannot find module './utils' from 'src/index.js'";
/** A build that fails until utils.js exists. */
const BUILD_JS = `if (!require('fs').existsSync('utils.js')) { console.error(${JSON.stringify(EVIDENCE)}); process.exit(1); }\nconsole.log('build ok');\n`;
const HYPOTHESES: Turn = { text: 'utils.js is missing.\n{"hypotheses": [{"text": "utils.js was never created", "confidence": 0.9}]}' };

// Builds dist/ when a source is newer: minutes on a loaded machine.
beforeAllBuilt();

interface Recovered {
  status: number | null;
  stderr: string;
  outcome: { status: string; reason: string | null; history: Array<{ phase: string; result: string; fix: string | null; message: string | null; reason: string | null }> };
}

for (const name of AGENT_NAMES) {
  const bin = bins[name];
  const suite = 'missing' in bin ? describe.skip : describe;
  // Generous: a real CLI starts in 0.5-3 s, a scenario makes 2-6 calls, CI may be loaded.
  suite(`recover run --agent ${name}${'missing' in bin ? `: not installed (${bin.missing})` : ` (${bin.version})`}`, { timeout: 180_000 }, () => {
    let server: FakeModelServer;
    let root: string;
    let cwd: string;
    let home: string;

    beforeEach(async () => {
      server = await FakeModelServer.start();
      root = mkdtempSync(join(tmpdir(), `recover-agent-${name}-`));
      home = join(root, 'home');
      cwd = join(root, 'work');
      mkdirSync(home);
      mkdirSync(cwd);
      writeFileSync(join(cwd, 'build.js'), BUILD_JS);
      // No flake probe: each scenario is DIAGNOSE then ADAPT, one model script.
      writeFileSync(join(cwd, 'recovery.config.json'), JSON.stringify({ flakeProbe: false, maxDelayMs: 50 }));
    });
    afterEach(async () => {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    });

    /** Runs `recover run --json --agent NAME … -- node build.js` with the real CLI first on PATH. */
    async function recoverWith(args: string[] = [], url = server.url, commandArgs: string[] = []): Promise<Recovered> {
      const shims = join(root, 'bin');
      mkdirSync(shims, { recursive: true });
      const command = agentCommand(bin);
      writeFileSync(join(shims, name), `#!/bin/sh\nexec ${[command.file, ...command.args].map((a) => `'${a}'`).join(' ')} "$@"\n`);
      chmodSync(join(shims, name), 0o755);
      // A model named in Gemini CLI's settings spares its router call before every prompt.
      const env = { ...(await agentEnv(name, url, home, name === 'gemini' ? { model: 'gemini-2.5-flash' } : {})), PATH: `${shims}:${process.env.PATH}` };
      const child = spawn(process.execPath, [BIN, 'run', '--json', '--agent', name, ...args, '--', 'node', 'build.js', ...commandArgs], { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
      child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
      const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
      const line = stdout.trim().split('\n').at(-1) ?? '';
      if (!line.startsWith('{')) throw new Error(`recover printed no JSON outcome (exit ${status}):\n${stderr}`);
      return { status, stderr, outcome: JSON.parse(line) as Recovered['outcome'] };
    }

    /** The ADAPT prompt as the model received it: the instruction, the command, the evidence once. */
    function expectAdaptPrompt(): void {
      const prompt = server.promptsReceived().find((p) => p.includes('Find and fix the cause'));
      expect(prompt, `prompts: ${server.promptsReceived().map((p) => p.slice(0, 80)).join(' | ')}`).toBeDefined();
      expect(prompt).toContain('node build.js');
      expect(prompt!.split(EVIDENCE).length - 1).toBe(1);
      expect(prompt).toMatch(/"fix": .*"confidence"/);
    }

    it('the model edits the file and answers in prose: recovered, the edit is the fix', async () => {
      server.script(HYPOTHESES, { writeFile: { path: join(cwd, 'utils.js'), content: 'module.exports = {};\n' } }, { text: 'I created utils.js with an empty export. The build should pass now.' });
      const { status, outcome, stderr } = await recoverWith();
      expect(outcome.status, stderr).toBe('recovered');
      expect(status).toBe(0);
      expect(outcome.history.find((e) => e.phase === 'ADAPT')!.fix).toBe('agent edit: I created utils.js with an empty export. The build should pass now. (changed utils.js)');
      expectAdaptPrompt();
    });

    it('the model answers strict JSON: recovered with its fix', async () => {
      server.script(HYPOTHESES, { writeFile: { path: join(cwd, 'utils.js'), content: 'module.exports = {};\n' } }, { text: '{"fix": "create utils.js", "confidence": 0.9}' });
      const { outcome, stderr } = await recoverWith();
      expect(outcome.status, stderr).toBe('recovered');
      expect(outcome.history.find((e) => e.phase === 'ADAPT')!.fix).toBe('create utils.js');
    });

    it('the model answers in a fence: recovered with its fix', async () => {
      server.script(HYPOTHESES, { writeFile: { path: join(cwd, 'utils.js'), content: 'module.exports = {};\n' } }, { text: 'Done.\n\n```json\n{\n  "fix": "create utils.js",\n  "confidence": 85\n}\n```' });
      const { outcome, stderr } = await recoverWith();
      expect(outcome.status, stderr).toBe('recovered');
      expect(outcome.history.find((e) => e.phase === 'ADAPT')).toMatchObject({ fix: 'create utils.js' });
    });

    it('a secret in the failing command never reaches the model: the prompt shows it redacted', async () => {
      const token = 'ghp_' + 'Q1w2E3r4T5y6U7i8O9p0A1s2D3f4G5h6J7k8';
      server.script(HYPOTHESES, { text: 'I cannot tell what is wrong.\n{"fix": null}' });
      const { outcome, stderr } = await recoverWith([], server.url, [`--token=${token}`]);
      expect(outcome.status, stderr).toBe('escalated');
      const calls = server.modelCalls();
      expect(calls.length).toBeGreaterThanOrEqual(2);
      for (const call of calls) expect(JSON.stringify(call.body)).not.toContain(token);
      const adapt = server.promptsReceived().find((p) => p.includes('Find and fix the cause'));
      expect(adapt).toMatch(/Command: node build\.js .*\[REDACTED\]/);
      expect(adapt).toContain('run it as sh -c "$RECOVERY_COMMAND"');
    });

    it('the model says {"fix": null}: no alternative, escalated', async () => {
      server.script(HYPOTHESES, { text: 'I cannot tell what is wrong.\n{"fix": null}' });
      const { status, outcome } = await recoverWith();
      expect(status).toBe(3);
      expect(outcome).toMatchObject({ status: 'escalated', reason: 'no_alternative' });
      expect(outcome.history.find((e) => e.phase === 'ADAPT')!.message).toMatch(/answered that it has no fix/);
    });

    it('the API is unreachable: the phase fails with the agent\'s own message within --agent-timeout', async () => {
      // Codex waits for the network forever, so its limit is short; the others answer by themselves,
      // and get a limit a loaded runner cannot reach before they do (8 s was reached at load 20).
      const { status, outcome, stderr } = await recoverWith(['--agent-timeout', name === 'codex' ? '8s' : '90s'], await unreachableUrl());
      expect(status).toBe(3);
      expect(outcome).toMatchObject({ status: 'escalated', reason: 'adapter_failed' });
      const adapt = outcome.history.find((e) => e.phase === 'ADAPT')!;
      // Codex waits for the network forever: our timeout ends it. The others say why themselves.
      expect(adapt.message).toMatch(name === 'codex' ? /agent codex \(ADAPT\) timed out after 8000 ms/ : new RegExp(`agent ${name} \\(ADAPT\\) failed: .*(ECONNREFUSED|fetch failed|Connection)`, 'i'));
      expect(outcome.history.find((e) => e.phase === 'DIAGNOSE')).toMatchObject({ reason: 'diagnoser_failed' });
      // A refused connection is transient: each retry is said as it happens (the progress lines,
      // off with --json, are seen in tests/cli/agent.test.ts). Codex's wait is cut by the timeout.
      if (name !== 'codex') expect(stderr).toMatch(new RegExp(`recover: agent ${name} \\(DIAGNOSE\\) failed: .*trying again`));
    });

    it('the model proposes the same fix twice: infinite_loop', async () => {
      const same: Turn = { text: '{"fix": "clear the module cache", "confidence": 0.8}' };
      server.script(HYPOTHESES, same, HYPOTHESES, same);
      const { status, outcome } = await recoverWith();
      expect(status).toBe(3);
      expect(outcome).toMatchObject({ status: 'escalated', reason: 'infinite_loop' });
    });

    it('in DIAGNOSE an attempted write is refused by the agent\'s own permissions', async () => {
      const path = join(cwd, 'utils.js');
      server.script({ writeFile: { path, content: 'written in DIAGNOSE\n' } }, HYPOTHESES, { text: '{"fix": null}' });
      const { outcome } = await recoverWith();
      expect(existsSync(path)).toBe(false);
      expect(outcome).toMatchObject({ status: 'escalated', reason: 'no_alternative' });
      expect(server.toolResults().map((r) => r.output).join('\n')).toMatch(/permission|haven't granted|rejected|read-only|not found/i);
      const diagnose = server.promptsReceived().find((p) => /Do not change any file/i.test(p));
      expect(diagnose).toContain('node build.js');
    });
  });
}
