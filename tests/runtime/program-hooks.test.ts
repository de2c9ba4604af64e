import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { AdaptInput, DiagnoseInput, FailureRecord } from '../../machines/index.js';
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
    const adapt = adapterCommand(`"${node}" ${fixture('adapter-edit.mjs')}`, { cwd: work, stderr });
    await expect(adapt(adaptInput)).resolves.toEqual({ fix: 'rewrite config.txt (iteration 2)', confidence: 0.9 });
    expect(readFileSync(join(work, 'config.txt'), 'utf8')).toBe('fixed\n');
    expect(progress).toBe('adapter: rewrote config.txt\n');
    const seen = JSON.parse(readFileSync(join(work, 'adapter-input.json'), 'utf8'));
    expect(seen.input).toEqual(adaptInput);
    expect(seen.env).toMatchObject({
      RECOVERY_RUN_ID: 'run-7', RECOVERY_ITERATION: '2', RECOVERY_HINT: 'config.txt looks wrong',
      RECOVERY_GUIDANCE: 'do not touch the tests', RECOVERY_LEVEL: 'alternative', RECOVERY_PHASE: 'ADAPT',
    });
  });

  it('returns null ("no alternative") when the program exits non-zero', async () => {
    await expect(answering('{"fix": "ignored"}', 3)(adaptInput)).resolves.toBeNull();
  });

  it('takes the last line as the answer when the program logs first; confidence is optional', async () => {
    await expect(answering('thinking…\nediting src/a.ts\n{"fix": "use the v2 API"}\n')(adaptInput)).resolves.toEqual({ fix: 'use the v2 API' });
  });

  it('rejects malformed or wrongly shaped answers with a message naming the program', async () => {
    await expect(answering('I fixed it!')(adaptInput)).rejects.toThrow(/^adapter `.*answer\.mjs 'I fixed it!' 0` did not print valid JSON on stdout/);
    await expect(answering('')(adaptInput)).rejects.toThrow(/printed nothing on stdout/);
    await expect(answering('[1, 2]')(adaptInput)).rejects.toThrow(/must answer a JSON object .* not an array/);
    await expect(answering('{"fix": ""}')(adaptInput)).rejects.toThrow(/without a "fix" \(a non-empty string\); got a string/);
    await expect(answering('{"fix": "x", "confidence": 1.5}')(adaptInput)).rejects.toThrow(/"confidence": 1.5; it must be a number from 0 to 1/);
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
      .rejects.toThrow(/^diagnoser `.*exit-with\.mjs 2 'model unavailable'` exited with code 2: model unavailable$/);
    await expect(run('{"hypotheses": []}')).rejects.toThrow(/with at least one hypothesis/);
    await expect(run('{"hypotheses": [{"text": "x", "confidence": "high"}]}')).rejects.toThrow(/hypotheses\[0\]\.confidence must be a number from 0 to 1; got "high"/);
    await expect(run('{"hypotheses": [{"confidence": 0.5}]}')).rejects.toThrow(/hypotheses\[0\]\.text must be a non-empty string; got nothing/);
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
