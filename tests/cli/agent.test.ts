/**
 * `recover run --agent NAME`: the preset's program (here a scripted stand-in named like the real
 * CLI, first on PATH) gets the prompt on stdin and the preset's flags; its prose answer after an
 * edit recovers the run; its failures are reported, not dropped. The real CLIs are driven in
 * tests/agents/.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recover, recoverJson, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

const agentScript = fileURLToPath(new URL('../fixtures/scripted-agent.mjs', import.meta.url));
/** A build that fails until utils.js exists. */
const BUILD_JS = `if (!require('fs').existsSync('utils.js')) { console.error("Error: Cannot find module './utils' from 'src/index.js'"); process.exit(1); }\nconsole.log('build ok');\n`;

// Builds dist/ when a source is newer: minutes on a loaded machine.
beforeAllBuilt();

/** A work dir with build.js and a stand-in `name` on PATH that logs its argv and replies as scripted. */
function withAgent(name: string, replies: unknown[], config: unknown = { maxDelayMs: 20, flakeProbe: false }) {
  const cwd = tempCwd(config);
  writeFileSync(join(cwd, 'build.js'), BUILD_JS);
  const bin = join(cwd, '.bin');
  mkdirSync(bin);
  writeFileSync(join(bin, name), `#!/bin/sh\necho "$*" >> "$(pwd)/.agent-argv"\nexec "${process.execPath}" "${agentScript}" "$@"\n`);
  chmodSync(join(bin, name), 0o755);
  // The stand-in's own files are not the agent's edit.
  writeFileSync(join(cwd, '.gitignore'), '');
  const env = { PATH: `${bin}:${process.env.PATH}`, SCRIPTED_AGENT: JSON.stringify(replies) };
  return { cwd, env, argv: () => readFileSync(join(cwd, '.agent-argv'), 'utf8').trim().split('\n') };
}

describe('recover run --agent', () => {
  it('claude: edits in ADAPT with acceptEdits, answers in prose, and the retry passes', () => {
    const { cwd, env, argv } = withAgent('claude', [
      // DIAGNOSE (read-only): hypotheses in prose; then ADAPT: an edit and a prose answer.
      { stdout: JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'utils.js is missing.\n{"hypotheses": [{"text": "utils.js was never created", "confidence": 0.9}]}', total_cost_usd: 0.001 }) },
      { stdout: JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'I created utils.js.', total_cost_usd: 0.002 }), write: { path: 'utils.js', content: 'module.exports = {}\n' } },
    ]);
    const { status, stderr, outcome } = recoverJson<{ status: string; history: Array<{ phase: string; fix: string | null }> }>(cwd, ['run', '--json', '--agent', 'claude', '--agent-model', 'sonnet', '--', 'node', 'build.js'], env);
    expect(stderr).toContain('build ok');
    expect(status).toBe(0);
    expect(outcome.status).toBe('recovered');
    expect(outcome.history.find((e) => e.phase === 'ADAPT')!.fix).toMatch(/^agent edit: I created utils\.js\. \(changed .*utils\.js/);
    const [diagnose, adapt] = argv();
    expect(diagnose).toContain('--permission-mode default');
    expect(adapt).toContain('-p --output-format json');
    expect(adapt).toContain('--permission-mode acceptEdits');
    expect(adapt).toContain('--model sonnet');
    expect(outcome.history.find((e) => e.phase === 'DIAGNOSE')).toMatchObject({ hypotheses: [{ text: 'utils.js was never created', confidence: 0.9 }] });
  });

  it('an agent that cannot reach its API fails ADAPT with its own message, on the terminal and in history', () => {
    const { cwd, env } = withAgent('codex', [{ stderr: 'ERROR: stream disconnected before completion: error sending request for url (http://127.0.0.1:9/v1/responses): connection refused (ECONNREFUSED)\n', code: 1 }], { maxDelayMs: 20, flakeProbe: false, agent: { name: 'codex', timeout: '30s' } });
    const { status, stderr } = recover(cwd, ['run', '--', 'node', 'build.js'], env);
    expect(status).toBe(3);
    expect(stderr).toMatch(/ADAPT · failure .*agent codex \(ADAPT\) failed: ERROR: stream disconnected/);
    expect(stderr).toMatch(/escalated .*reason adapter_failed/);
  });

  it('refuses an agent setting without an agent, and a bad config field, naming it (exit 2)', () => {
    const { cwd } = withAgent('claude', []);
    const stray = recover(cwd, ['run', '--agent-model', 'x', '--', 'node', 'build.js']);
    expect(stray.status).toBe(2);
    expect(stray.stderr).toMatch(/--agent-model needs an agent: add --agent claude\|codex\|gemini/);
    const bad = withAgent('claude', [], { agent: { name: 'claude', budgetUSD: 1 } });
    const refused = recover(bad.cwd, ['run', '--', 'node', 'build.js']);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/recovery\.config\.json: agent\.budgetUSD is not a setting/);
  });

  it('recover pipeline run --agent: a failing step is diagnosed and fixed by the agent, told the step\'s command', () => {
    const { cwd, env, argv } = withAgent('claude', [
      { stdout: JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: '{"hypotheses": [{"text": "utils.js is missing", "confidence": 0.9}]}' }) },
      { stdout: JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'Created utils.js.' }), write: { path: 'utils.js', content: 'module.exports = {}\n' } },
    ]);
    writeFileSync(join(cwd, 'pipeline.yaml'), `name: agent\nsteps:\n  - id: build\n    run: ${JSON.stringify(['node', 'build.js'])}\n`);
    const { status, stdout, stderr } = recover(cwd, ['pipeline', 'run', 'pipeline.yaml', '--json', '--agent', 'claude'], env);
    expect(status, stderr).toBe(0);
    const result = JSON.parse(stdout) as { status: string; steps: Array<{ stepId: string; status: string }> };
    expect(result.status).toBe('succeeded');
    expect(result.steps).toEqual([expect.objectContaining({ stepId: 'build', status: 'recovered' })]);
    expect(argv()[1]).toContain('--permission-mode acceptEdits');
    const prompts = readFileSync(join(cwd, '.scripted-agent-stdin'), 'utf8');
    expect(prompts).toContain('node build.js');
  });
});
