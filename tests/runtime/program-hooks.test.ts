import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdaptInput, DiagnoseInput, FailureRecord } from '../../machines/recovery/types.js';
import { adapterCommand, diagnoserCommand, splitCommandLine } from '../../src/runtime/program-hooks.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
const node = process.execPath;
const work = mkdtempSync(join(tmpdir(), 'recovery-hooks-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const failure: FailureRecord = {
  attempt: 1, at: 0,
  observation: { exitCode: 1, stderr: 'SyntaxError: Unexpected token }' },
  classification: { type: 'BROKEN_BUILD', category: 'systematic', severity: 'high', action: 'adapt', confidence: 0.9, evidence: [] },
};
const adaptInput: AdaptInput = {
  runId: 'run-7', iteration: 2, level: 'alternative', failure, originalFailure: failure, diagnosis: null,
  fixesTried: ['pin the old version'], guidance: 'do not touch the tests', hint: 'config.txt looks wrong', regression: null, history: [],
};
const diagnoseInput: DiagnoseInput = {
  runId: 'run-7', iteration: 1, round: 2, failure, builtIn: { hypotheses: [], confidence: 0.9, source: 'built-in' }, history: [],
};
const answering = (answer: string, code = 0) => adapterCommand([node, fixture('answer.mjs'), answer, String(code)]);

describe('adapterCommand', () => {
  it('sends the input on stdin and RECOVERY_* in the env, lets the program fix files, and returns its fix', async () => {
    writeFileSync(join(work, 'config.txt'), 'broken\n');
    const stderr = new PassThrough();
    let progress = '';
    stderr.on('data', (chunk: Buffer) => (progress += chunk.toString()));
    const adapt = adapterCommand(`"${node}" ${fixture('adapter-edit.mjs')}`, { cwd: work, stderr, command: ['npm', 'run', 'build'], ignore: ['adapter-input.json'] });
    await expect(adapt(adaptInput)).resolves.toEqual({ fix: 'rewrite config.txt (iteration 2)', confidence: 0.9 });
    expect(readFileSync(join(work, 'config.txt'), 'utf8')).toBe('fixed\n');
    expect(progress).toBe('adapter: rewrote config.txt\n');
    const seen = JSON.parse(readFileSync(join(work, 'adapter-input.json'), 'utf8'));
    // The machine's input whole, with what an agent needs beside it: the instruction, the command, where.
    expect(seen.input).toMatchObject({ ...adaptInput, command: ['npm', 'run', 'build'], cwd: work, reminder: null });
    expect(seen.input.prompt).toContain('npm run build');
    expect(seen.input.prompt).toMatch(/\{"fix": .*\}/);
    expect(seen.env).toMatchObject({
      RECOVERY_RUN_ID: 'run-7', RECOVERY_ITERATION: '2', RECOVERY_HINT: 'config.txt looks wrong',
      RECOVERY_GUIDANCE: 'do not touch the tests', RECOVERY_LEVEL: 'alternative', RECOVERY_PHASE: 'ADAPT',
      RECOVERY_COMMAND: 'npm run build',
    });
  });

  it('shows the command with its secrets redacted in the input (prompt and command), literal only in RECOVERY_COMMAND', async () => {
    writeFileSync(join(work, 'config.txt'), 'broken\n');
    const token = 'ghp_' + 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2';
    const command = ['curl', '-H', `Authorization: Bearer ${token}`, 'https://api.example.test/deploy', '--ticket', 'tok_654321'];
    const adapt = adapterCommand([node, fixture('adapter-edit.mjs')], { cwd: work, command, redact: [/tok_[0-9]{6}/g], ignore: ['adapter-input.json'] });
    await adapt(adaptInput);
    const seen = JSON.parse(readFileSync(join(work, 'adapter-input.json'), 'utf8'));
    const input = JSON.stringify(seen.input);
    expect(input).not.toContain(token);
    expect(input).not.toContain('tok_654321');
    expect(seen.input.command).toEqual(['curl', '-H', expect.stringContaining('[REDACTED]'), 'https://api.example.test/deploy', '--ticket', '[REDACTED]']);
    expect(seen.input.prompt).toContain('Command: curl -H');
    expect(seen.env.RECOVERY_COMMAND).toContain(token);
    expect(seen.env.RECOVERY_COMMAND).toContain('tok_654321');
  });

  it('answers "no alternative", saying why, when the program exits non-zero without a failure of its own', async () => {
    await expect(answering('{"fix": "ignored"}', 3)(adaptInput)).resolves.toEqual({ fix: null, message: expect.stringMatching(/answer\.mjs .*` exited with code 3$/) });
  });

  it('takes the last line as the answer when the program logs first; confidence is optional', async () => {
    await expect(answering('thinking…\nediting src/a.ts\n{"fix": "use the v2 API"}\n')(adaptInput)).resolves.toEqual({ fix: 'use the v2 API' });
  });

  it('reads the answer tolerantly: a fence, pretty JSON, a percentage, {"fix": null}', async () => {
    await expect(answering('Done.\n```json\n{\n  "fix": "pin lodash",\n  "confidence": 90\n}\n```\n')(adaptInput)).resolves.toEqual({ fix: 'pin lodash', confidence: 0.9 });
    await expect(answering('{"fix": null}')(adaptInput)).resolves.toEqual({ fix: null, message: expect.stringMatching(/answered that it has no fix/) });
    await expect(answering('{"fix": "x", "confidence": 150}')(adaptInput)).resolves.toEqual({ fix: null, message: expect.stringMatching(/confidence/) });
  });

  it('unwraps an agent envelope and reports its cost, on the fix too (issue 33: the approval thresholds read it)', async () => {
    const costs: number[] = [];
    const envelope = JSON.stringify({ type: 'result', subtype: 'success', is_error: false, result: 'I created src/utils.js.\n{"fix": "create src/utils.js", "confidence": 0.8}', total_cost_usd: 0.0123, num_turns: 3 });
    const adapt = adapterCommand([node, fixture('answer.mjs'), envelope], { onCost: (usd) => costs.push(usd) });
    await expect(adapt(adaptInput)).resolves.toEqual({ fix: 'create src/utils.js', confidence: 0.8, costUsd: 0.0123 });
    expect(costs).toEqual([0.0123]);
  });

  it('rejects empty output and wrongly shaped answers with a message naming the program', async () => {
    await expect(answering('')(adaptInput)).rejects.toThrow(/^adapter `.*answer\.mjs '' 0` printed nothing on stdout/);
  });

  it('rejects an answer over the output limit, a missing program and a timeout', async () => {
    const big = adapterCommand([node, fixture('big-output.mjs'), '5000', 'stdout'], { maxOutputBytes: 1_000 });
    await expect(big(adaptInput)).rejects.toThrow(/printed 5000 bytes on stdout, more than the 1000 allowed/);
    await expect(adapterCommand('no-such-adapter-xyz --fix')(adaptInput)).rejects.toThrow(/adapter `no-such-adapter-xyz --fix`: program not found/);
    const slow = adapterCommand([node, fixture('sleeper.mjs'), '30000'], { timeoutMs: 200 });
    await expect(slow(adaptInput)).rejects.toThrow(/timed out after 200 ms/);
  });

  it('runs through a shell only when asked to with sh -c', async () => {
    const adapt = adapterCommand(`sh -c 'read -r line; echo "{\\"fix\\": \\"$RECOVERY_HINT\\"}"'`);
    await expect(adapt(adaptInput)).resolves.toEqual({ fix: 'config.txt looks wrong' });
  });
});

describe('diagnoserCommand', () => {
  it('returns the hypotheses a program answers, from the input it received', async () => {
    const diagnose = diagnoserCommand([node, fixture('diagnoser.mjs')]);
    await expect(diagnose(diagnoseInput)).resolves.toEqual({
      hypotheses: [
        { text: 'a stale lock file (round 2)', confidence: 0.6 },
        { text: 'BROKEN_BUILD: the config file is wrong', confidence: 0.9 },
      ],
    });
  });

  it('rejects a non-zero exit, an empty list and a bad confidence, naming what was wrong', async () => {
    const run = (answer: string, code = 0) => diagnoserCommand([node, fixture('answer.mjs'), answer, String(code)])(diagnoseInput);
    await expect(diagnoserCommand([node, fixture('exit-with.mjs'), '2', 'model unavailable'])(diagnoseInput))
      .rejects.toThrow(/^diagnoser `.*exit-with\.mjs 2 'model unavailable'` failed: model unavailable$/);
    // Unreadable twice (asked once more with the format): rejected with the reason.
    await expect(run('{"hypotheses": []}')).rejects.toThrow(/gave no readable diagnosis twice: .*hypothes/);
    await expect(run('{"hypotheses": [{"text": "x", "confidence": "high"}]}')).rejects.toThrow(/gave no readable diagnosis twice: .*"high"/);
    // A percentage is read as one; a hypothesis without text is dropped.
    await expect(run('{"hypotheses": [{"confidence": 0.5}, {"text": "stale cache", "confidence": 70}]}')).resolves.toEqual({ hypotheses: [{ text: 'stale cache', confidence: 0.7 }] });
  });
});

describe('splitCommandLine', () => {
  it('splits words like a shell, without expanding anything', () => {
    expect(splitCommandLine(`  claude -p 'fix the "build"' --model "opus 4" a\\ b $HOME  `))
      .toEqual(['claude', '-p', 'fix the "build"', '--model', 'opus 4', 'a b', '$HOME']);
    expect(splitCommandLine(`say "a \\"quoted\\" \\\\ word" ''`)).toEqual(['say', 'a "quoted" \\ word', '']);
  });

  it('throws on an unclosed quote or an empty line', () => {
    expect(() => splitCommandLine(`fix 'oops`)).toThrow(/unclosed ' quote/);
    expect(() => splitCommandLine('   ')).toThrow(/empty command line/);
    expect(() => adapterCommand([])).toThrow(/empty command line/);
  });
});
