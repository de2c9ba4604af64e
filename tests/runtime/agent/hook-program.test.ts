import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AdaptInput, DiagnoseInput, FailureRecord } from '../../../machines/recovery/types.js';
import { agentHooks, AgentBudgetError } from '../../../src/runtime/agent/agent-hooks.js';
import { adapterCommand, diagnoserCommand } from '../../../src/runtime/program-hooks.js';
import { resolvePolicy } from '../../../src/policy/index.js';

const agentScript = fileURLToPath(new URL('../../fixtures/scripted-agent.mjs', import.meta.url));
const failure: FailureRecord = {
  attempt: 1, at: 0,
  observation: { exitCode: 1, stderr: "Error: Cannot find module './utils' from 'src/index.js'" },
  classification: { type: 'BROKEN_BUILD', category: 'systematic', severity: 'high', action: 'rollback', confidence: 0.9, evidence: [] },
};
const adaptInput: AdaptInput = {
  runId: 'run-agent', iteration: 1, level: 'alternative', failure, originalFailure: failure, diagnosis: null,
  fixesTried: [], guidance: null, hint: null, regression: null, history: [],
};
const diagnoseInput: DiagnoseInput = {
  runId: 'run-agent', iteration: 1, round: 1, failure, builtIn: { hypotheses: [], confidence: 0.9, source: 'built-in' }, history: [],
};
/** What the agent bookkeeping leaves in the tree is not the agent's edit. */
const ignore = ['.scripted-agent-calls', '.scripted-agent-stdin'];

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'recovery-agent-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

type Reply = { stdout?: string; stderr?: string; code?: number; write?: { path: string; content: string } };
const scripted = (replies: Reply[], notes: string[] = []) => adapterCommand([process.execPath, agentScript], {
  cwd: work, ignore, env: { SCRIPTED_AGENT: JSON.stringify(replies) }, policy: resolvePolicy({ maxDelayMs: 0 }), onNote: (n) => notes.push(n), command: ['npm', 'run', 'build'],
});
const calls = () => (existsSync(join(work, '.scripted-agent-calls')) ? Number(readFileSync(join(work, '.scripted-agent-calls'), 'utf8')) : 0);
const stdins = () => readFileSync(join(work, '.scripted-agent-stdin'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { stdin: string; env: Record<string, string> });

describe('an adapter program answering like an agent', () => {
  it('takes a prose answer after which files changed as the fix it applied ("agent edit")', async () => {
    const output = await scripted([{ stdout: 'I created src/utils.js with the missing helpers.\nThe build should pass now.', write: { path: 'utils.js', content: 'export {}\n' } }])(adaptInput);
    expect(output).toEqual({ fix: 'agent edit: I created src/utils.js with the missing helpers. (changed utils.js)' });
    expect(calls()).toBe(1);
  });

  it('asks once more with the format when the answer is unreadable and nothing changed', async () => {
    const notes: string[] = [];
    const output = await scripted([{ stdout: 'Let me look at this.' }, { stdout: 'Sorry.\n{"fix": "add the missing export", "confidence": 0.7}' }], notes)(adaptInput);
    expect(output).toEqual({ fix: 'add the missing export', confidence: 0.7 });
    const [first, second] = stdins();
    expect(first!.stdin).not.toContain('"reminder":"');
    expect(JSON.parse(second!.stdin).reminder).toMatch(/"fix"/);
    expect(notes.join('\n')).toMatch(/asking once more for the answer format/);
  });

  it('says "no alternative", with the reason, after a second unreadable answer', async () => {
    await expect(scripted([{ stdout: 'Hmm.' }])(adaptInput)).resolves.toEqual({
      fix: null, message: expect.stringMatching(/gave no readable answer twice and changed no file: no JSON object with a "fix" key/),
    });
    expect(calls()).toBe(2);
  });

  it('carries the cost a plain JSON answer reports with the fix, and says it, tokens included', async () => {
    const notes: string[] = [];
    const output = await scripted([{ stdout: 'Pinned it.\n{"fix": "pin lodash", "confidence": 0.8, "cost": {"usd": 0.042, "tokens": 1200}}' }], notes)(adaptInput);
    // As an agent's envelope cost does: the approval thresholds' costUsd reads it.
    expect(output).toEqual({ fix: 'pin lodash', confidence: 0.8, costUsd: 0.042 });
    expect(notes).toContain(`adapter \`${process.execPath} ${agentScript}\`: this call cost $0.0420, 1200 tokens, as its answer says`);
  });

  it('refuses a cost of the wrong type, naming the adapter and the field, and asks once more', async () => {
    const notes: string[] = [];
    const bad = { stdout: '{"fix": "pin lodash", "cost": {"usd": "$0.04"}}' };
    await expect(scripted([bad, bad], notes)(adaptInput)).resolves.toEqual({
      fix: null, message: `adapter \`${process.execPath} ${agentScript}\` gave no readable answer twice and changed no file: "cost.usd" is "$0.04"; expected a number of US dollars, 0 or more`,
    });
    expect(notes[0]).toMatch(/^adapter `.+`: "cost\.usd" is "\$0\.04"; expected a number of US dollars, 0 or more; asking once more for the answer format$/);
    expect(calls()).toBe(2);
  });

  it('retries an agent whose API was overloaded, then takes its answer', async () => {
    const notes: string[] = [];
    const output = await scripted([
      { stderr: 'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n', code: 1 },
      { stdout: '{"fix": "create src/utils.js"}' },
    ], notes)(adaptInput);
    expect(output).toEqual({ fix: 'create src/utils.js' });
    expect(calls()).toBe(2);
    expect(notes.join('\n')).toMatch(/failed: .*Overloaded.*trying again/);
  });

  it('fails the phase with the agent\'s own message when its credentials are refused: no retry, not "no alternative"', async () => {
    const adapt = scripted([{ stderr: 'Error: 401 Unauthorized: invalid x-api-key\n', code: 1 }]);
    await expect(adapt(adaptInput)).rejects.toThrow(/failed: Error: 401 Unauthorized: invalid x-api-key/);
    expect(calls()).toBe(1);
  });

  it('fails the phase when the envelope says the agent failed, though it exited 0', async () => {
    const envelope = JSON.stringify({ type: 'result', subtype: 'error_max_turns', is_error: true, result: '', num_turns: 5 });
    await expect(scripted([{ stdout: envelope }])(adaptInput)).rejects.toThrow(/failed: .*max_turns/);
  });

  it('gives a diagnoser the DIAGNOSE prompt and reads its hypotheses out of prose', async () => {
    const diagnose = diagnoserCommand([process.execPath, agentScript], {
      cwd: work, env: { SCRIPTED_AGENT: JSON.stringify([{ stdout: 'Looks like a missing file.\n```json\n{"hypotheses": [{"text": "src/utils.js was deleted", "confidence": 85}]}\n```' }]) },
      command: ['npm', 'run', 'build'],
    });
    await expect(diagnose(diagnoseInput)).resolves.toEqual({ hypotheses: [{ text: 'src/utils.js was deleted', confidence: 0.85 }] });
    const [seen] = stdins();
    expect(seen!.env).toEqual({ RECOVERY_PHASE: 'DIAGNOSE', RECOVERY_COMMAND: 'npm run build' });
    expect(JSON.parse(seen!.stdin).prompt).toMatch(/Do not change any file/i);
  });
});

describe('agentHooks (a preset run as the real CLI would be, here a scripted stand-in named claude on PATH)', () => {
  const withClaude = (replies: Reply[], budgetUsd?: number) => {
    const bin = join(work, '.bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec "${process.execPath}" "${agentScript}" "$@"\n`);
    chmodSync(join(bin, 'claude'), 0o755);
    return agentHooks({ name: 'claude', model: 'test-model', maxTurns: 4, ...(budgetUsd !== undefined ? { budgetUsd } : {}) }, {
      command: ['npm', 'run', 'build'], cwd: work, inGit: false, ignore: [...ignore, '.bin'],
      env: { PATH: `${bin}:${process.env.PATH}`, SCRIPTED_AGENT: JSON.stringify(replies) },
    });
  };
  const envelope = (result: string, cost: number) => JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result, total_cost_usd: cost, num_turns: 2 });

  it('sends the prompt on stdin (not JSON) and reads the answer out of the envelope, with what the fix cost', async () => {
    const { adapt } = withClaude([{ stdout: envelope('Created it.\n{"fix": "create src/utils.js", "confidence": 0.9}', 0.01) }]);
    // The call's own total_cost_usd rides with the fix: the approval thresholds' costUsd reads it (issue 33).
    await expect(adapt(adaptInput)).resolves.toEqual({ fix: 'create src/utils.js', confidence: 0.9, costUsd: 0.01 });
    const [seen] = stdins();
    expect(seen!.stdin).toMatch(/^A command failed/);
    expect(seen!.stdin).toContain('npm run build');
    expect(seen!.stdin.split("Cannot find module './utils'").length - 1).toBe(1);
  });

  it('counts the envelope\'s cost once when the answer inside it reports one too (the CLI\'s measurement wins)', async () => {
    const { adapt } = withClaude([{ stdout: envelope('{"fix": "create src/utils.js", "cost": {"usd": 5, "tokens": 900}}', 0.01) }]);
    await expect(adapt(adaptInput)).resolves.toEqual({ fix: 'create src/utils.js', costUsd: 0.01 });
  });

  it('counts a plain answer\'s cost against the agent budget like an envelope\'s', async () => {
    const { adapt } = withClaude([{ stdout: '{"fix": "first try", "cost": {"usd": 0.3}}' }, { stdout: '{"fix": "second try", "cost": {"usd": 0.3}}' }], 0.5);
    await expect(adapt(adaptInput)).resolves.toEqual({ fix: 'first try', costUsd: 0.3 });
    await expect(adapt(adaptInput)).rejects.toThrow(/spent \$0\.6000, over the run's limit of \$0\.5/);
  });

  it('stops the run when its agent spend goes over the limit', async () => {
    const { adapt } = withClaude([{ stdout: envelope('{"fix": "first try"}', 0.3) }, { stdout: envelope('{"fix": "second try"}', 0.3) }], 0.5);
    await expect(adapt(adaptInput)).resolves.toEqual({ fix: 'first try', costUsd: 0.3 });
    const second = adapt(adaptInput);
    await expect(second).rejects.toThrow(AgentBudgetError);
    await expect(second).rejects.toThrow(/spent \$0\.6000, over the run's limit of \$0\.5/);
  });
});

describe('an agent that prints its error envelope on stderr (Gemini CLI in JSON mode)', () => {
  it('fails the phase with the envelope\'s message, not the last line of the JSON', async () => {
    const stderr = 'Loaded cached credentials.\n[STARTUP] ready\n{\n  "session_id": "s-1",\n  "error": {\n    "type": "FatalAuthenticationError",\n    "message": "API key not valid. Please pass a valid API key.",\n    "code": 401\n  }\n}\n';
    await expect(scripted([{ stderr, code: 145 }])(adaptInput)).rejects.toThrow(/failed: .*API key not valid/);
  });
});

describe('an agent that prints its failure on stdout (Claude Code in text mode)', () => {
  it('is told apart from "no alternative" by what it says', async () => {
    const adapt = scripted([{ stdout: 'Failed to authenticate. API Error: 401 {"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}\n', code: 1 }]);
    await expect(adapt(adaptInput)).rejects.toThrow(/failed: Failed to authenticate\. API Error: 401/);
    expect(calls()).toBe(1);
  });
});
