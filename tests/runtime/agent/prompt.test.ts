import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AdaptInput, DiagnoseInput, FailureRecord } from '../../../machines/recovery/types.js';
import { readDiagnosis, readFix } from '../../../src/runtime/agent/answer.js';
import {
  adaptPrompt, diagnosePrompt, FIX_FORMAT, formatReminder, HYPOTHESES_FORMAT, PROMPT_PLACEHOLDERS,
} from '../../../src/runtime/agent/prompt.js';
import type { HistoryEvent } from '../../../src/taxonomy/index.js';

const evidence = "src/index.ts(3,22): error TS2307: Cannot find module './utils' or its corresponding type declarations.";
const output = [
  '> app@1.0.0 build', '> tsc -p tsconfig.json', '',
  ...Array.from({ length: 200 }, () => 'compiling…'),
  evidence, 'Found 1 error in src/index.ts:3', '',
].join('\n');

const failure = (overrides: Partial<FailureRecord['observation']> = {}): FailureRecord => ({
  attempt: 2, at: 1_700_000_000_000,
  observation: { exitCode: 2, stdout: output, stderr: '', ...overrides },
  classification: {
    type: 'BROKEN_BUILD', category: 'systematic', severity: 'high', action: 'rollback', confidence: 0.9,
    evidence: [{ rule: 'build.module-not-found', source: 'stdout', match: evidence }],
  },
});

const event = (seq: number, fix: string | null): HistoryEvent => ({
  seq, phase: 'ADAPT', iteration: 1, attempt: seq, timestamp: '2024-01-01T00:00:00.000Z', result: 'adapted', type: 'BROKEN_BUILD',
  category: 'systematic', message: null, hypotheses: [], confidence: null, fix, delayMs: null, durationMs: null, level: 'alternative', reason: null,
});

const adaptInput = (overrides: Partial<AdaptInput> = {}): AdaptInput => ({
  runId: 'run-1', iteration: 2, level: 'alternative', failure: failure(), originalFailure: failure(),
  diagnosis: {
    source: 'built-in', confidence: 0.7,
    hypotheses: [{ text: 'A module import points at a file that does not exist', confidence: 0.7 }, { text: 'A path alias is missing from tsconfig', confidence: 0.4 }],
  },
  fixesTried: ['Renamed utils.ts to utils/index.ts', 'Added a paths entry for ./utils'],
  guidance: null, hint: null, regression: null, history: [event(1, 'Renamed utils.ts to utils/index.ts')],
  ...overrides,
});

const where = { command: ['npm', 'run', 'build'], cwd: '/home/dev/app' };
const beforeOutput = (prompt: string) => prompt.slice(0, prompt.indexOf('Last lines of the output:'));
const count = (text: string, part: string) => text.split(part).length - 1;

describe('adaptPrompt', () => {
  const prompt = adaptPrompt(adaptInput({ knownFixes: [{ fix: 'Restored src/utils.ts from git', worked: 3, failed: 0, lastUsed: '2024-01-01T00:00:00Z' }] } as Partial<AdaptInput>), where);

  it('keeps the part before the output small, with the command and the evidence exactly once', () => {
    const head = beforeOutput(prompt);
    expect(head.length).toBeGreaterThan(0);
    expect(Buffer.byteLength(head)).toBeLessThanOrEqual(2048);
    expect(count(head, 'npm run build')).toBe(1);
    expect(count(head, evidence)).toBe(1);
  });

  it('has every section, in order, with the answer format last', () => {
    const order = [
      'A command failed in this repository. Find and fix the cause by editing files in /home/dev/app.',
      'Command: npm run build', 'Working directory: /home/dev/app',
      'Failure: BROKEN_BUILD (systematic, severity high; exit code 2)', `Evidence: ${evidence}`,
      'Current diagnosis (built-in rules):', '- A module import points at a file that does not exist (confidence 0.70)', '- A path alias is missing from tsconfig (confidence 0.40)',
      'Fixes already tried (these did not work; do something different):', '- Renamed utils.ts to utils/index.ts',
      'Fixes that worked before for this failure', '- Restored src/utils.ts from git (worked 3×, failed 0×)',
      'Recovery level: alternative (take a different approach from the one that failed and from any fix already tried); iteration 2.',
      'Last lines of the output:', 'compiling… (×200)', 'Found 1 error in src/index.ts:3',
    ];
    const positions = order.map((part) => prompt.indexOf(part));
    expect(positions.every((p) => p >= 0), order.filter((_, i) => positions[i] === -1).join(' | ')).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(prompt.endsWith(`When done, end your answer with one line of JSON: ${FIX_FORMAT}; if you cannot find a fix, answer {"fix": null}.`)).toBe(true);
  });

  it('bounds the output tail', () => {
    const long = Array.from({ length: 5000 }, (_, i) => `distinct line ${i} ${'x'.repeat(50)}`).join('\n');
    const big = adaptPrompt(adaptInput({ failure: failure({ stdout: long }) }), where);
    const tail = big.slice(big.indexOf('Last lines of the output:'));
    expect(tail.length).toBeLessThan(4096 + 400);
    expect(tail).toContain('distinct line 4999');
    expect(tail).not.toContain('distinct line 4000 ');
  });

  it('names guidance, a hint, the retry-after hint and a regression when there are some, and nothing of them otherwise', () => {
    const failing = failure();
    failing.classification.retryAfterMs = 6000;
    const full = adaptPrompt(adaptInput({
      guidance: 'Use the shared utils package instead.', hint: 'Missing section: # Tests', failure: failing,
      regression: { fixed: ['a.test.ts > adds'], broken: ['b.test.ts > subtracts'] },
    }), where);
    expect(full).toContain('Guidance from a person (follow it):\nUse the shared utils package instead.');
    expect(full).toContain('Hint: Missing section: # Tests');
    expect(full).toContain('The failure asked to wait 6 s before retrying.');
    expect(full).toContain('The last fix made tests pass (a.test.ts > adds) but broke others (b.test.ts > subtracts)');
    expect(prompt).not.toMatch(/Guidance|Hint:|wait \d+ s|broke others/);
  });

  it('leaves out the output when it is only the evidence line, and never leaves blank runs', () => {
    const bare = adaptPrompt(adaptInput({ failure: failure({ stdout: `${evidence}\n` }), diagnosis: null, fixesTried: [] }), where);
    expect(count(bare, evidence)).toBe(1);
    expect(bare).not.toContain('Last lines of the output');
    expect(bare).not.toMatch(/\n\s*\n\s*\n/);
  });

  it('stays near 3.5 KB before the output however long the history, newest fixes and best hypotheses kept', () => {
    const fixes = Array.from({ length: 30 }, (_, i) => `Fix number ${i}: ${'changed a lot of things '.repeat(20)}`);
    const long = adaptPrompt(adaptInput({
      fixesTried: fixes, guidance: 'g'.repeat(5000),
      diagnosis: { source: 'diagnoser', confidence: 0.5, hypotheses: Array.from({ length: 20 }, (_, i) => ({ text: `cause ${i} ${'x'.repeat(500)}`, confidence: i / 20 })) },
    }), where);
    const head = beforeOutput(long);
    expect(Buffer.byteLength(head)).toBeLessThanOrEqual(3584);
    expect(head).toContain('- (24 earlier ones not shown)');
    expect(head).toContain('- Fix number 24:');
    expect(head).not.toContain('- Fix number 23:');
    expect(head.indexOf('- cause 19 ')).toBeLessThan(head.indexOf('- cause 16 ')); // the most confident, first
    expect(head).not.toContain('- cause 15 ');
    expect(head).toContain(`${'g'.repeat(799)}…`);
    expect(head).not.toContain('g'.repeat(800));
  });

  it('shell-quotes the command', () => {
    const quoted = adaptPrompt(adaptInput(), { command: ['sh', '-c', "npm test && echo 'ok'"], cwd: '/w' });
    expect(quoted).toContain(`Command: sh -c 'npm test && echo '\\''ok'\\'''`);
  });

  it('shows both streams when both have output', () => {
    const both = adaptPrompt(adaptInput({ failure: failure({ stdout: 'out line', stderr: 'err line' }) }), where);
    expect(both).toContain('stdout:\nout line\nstderr:\nerr line');
  });
});

describe('diagnosePrompt', () => {
  const input: DiagnoseInput = {
    runId: 'run-1', iteration: 1, round: 1, failure: failure(), history: [event(1, 'Pinned typescript to 5.4'), event(2, 'Pinned typescript to 5.4')],
    builtIn: { source: 'built-in', confidence: 0.5, hypotheses: [{ text: 'An import is broken', confidence: 0.5 }] },
  };
  const prompt = diagnosePrompt(input, where);

  it('asks for hypotheses without changes, with the tried fixes from the history, the format last', () => {
    expect(prompt.startsWith('A command failed in this repository (/home/dev/app).')).toBe(true);
    expect(prompt).toContain('Do not change any file. State hypotheses about the cause with a confidence each.');
    expect(count(prompt, '- Pinned typescript to 5.4')).toBe(1);
    expect(prompt).toContain('- An import is broken (confidence 0.50)');
    expect(prompt).not.toContain('Recovery level');
    expect(prompt.endsWith(`${HYPOTHESES_FORMAT}.`)).toBe(true);
    expect(Buffer.byteLength(beforeOutput(prompt))).toBeLessThanOrEqual(2048);
    expect(count(beforeOutput(prompt), evidence)).toBe(1);
  });
});

describe('templates', () => {
  it('fills every placeholder, empty when its section is absent', () => {
    const template = PROMPT_PLACEHOLDERS.map((name) => `${name}=[{{${name}}}]`).join('\n');
    const filled = adaptPrompt(adaptInput(), where, template);
    expect(filled).toContain('command=[npm run build]');
    expect(filled).toContain('cwd=[/home/dev/app]');
    expect(filled).toContain('iteration=[2]');
    expect(filled).toContain('guidance=[]');
    expect(filled).toContain('knownFixes=[]');
    expect(filled).toContain(`evidence=[Evidence: ${evidence}]`);
    expect(filled).not.toMatch(/\{\{/);
  });

  it('accepts spaces inside the braces and does not expand placeholders found in the output', () => {
    const filled = adaptPrompt(adaptInput({ failure: failure({ stdout: 'template error: {{command}} is undefined' }) }), where, 'Fix it. {{ output }}');
    expect(filled).toContain('template error: {{command}} is undefined');
  });

  it('rejects an unknown placeholder, naming it and the known ones', () => {
    expect(() => adaptPrompt(adaptInput(), where, 'Do {{instructoin}} now')).toThrow(
      /^unknown placeholder \{\{instructoin\}\} in the prompt template; known placeholders: \{\{instruction\}\}, \{\{command\}\}, .*\{\{answerFormat\}\}$/,
    );
    expect(() => diagnosePrompt({ runId: 'r', iteration: 1, round: 1, failure: failure(), history: [], builtIn: { source: 'built-in', confidence: 0, hypotheses: [] } }, where, '{{level}} {{nope}}'))
      .toThrow('{{nope}}');
  });

  it('renders any template of known placeholders and plain text without throwing', () => {
    const part = fc.oneof(fc.constantFrom(...PROMPT_PLACEHOLDERS).map((name) => `{{${name}}}`), fc.string().filter((s) => !s.includes('{{')));
    fc.assert(fc.property(fc.array(part, { maxLength: 20 }), (parts) => {
      expect(typeof adaptPrompt(adaptInput(), where, parts.join(''))).toBe('string');
    }));
  });
});

describe('formatReminder', () => {
  it.each([['ADAPT', FIX_FORMAT], ['DIAGNOSE', HYPOTHESES_FORMAT]] as const)('asks %s again for its format only', (phase, format) => {
    const reminder = formatReminder(phase);
    expect(reminder.startsWith('Your previous answer had no readable JSON. Answer again with only: ')).toBe(true);
    expect(reminder).toContain(format);
    expect(reminder.length).toBeLessThan(300);
  });

  it('shows formats the answer readers accept once filled in', () => {
    expect(readFix(FIX_FORMAT.replace('<one sentence: what you changed>', 'x').replace('<0..1>', '0.5'))).toEqual({ kind: 'fix', fix: 'x', confidence: 0.5 });
    expect(readDiagnosis(HYPOTHESES_FORMAT.replace('<one sentence: a possible cause>', 'y').replace('<0..1>', '50'))).toEqual({ kind: 'hypotheses', hypotheses: [{ text: 'y', confidence: 0.5 }] });
  });
});

describe('the command line in a prompt', () => {
  const token = 'ghp_' + 'a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8';
  const secretCommand = { command: ['curl', '-fsS', '-H', `Authorization: Bearer ${token}`, 'https://api.example.test/deploy'], cwd: '/home/dev/app' };

  it('is redacted with the built-in patterns: a token in a header never reaches the agent', () => {
    const diagnoseInput: DiagnoseInput = { runId: 'run-1', iteration: 1, round: 1, failure: failure(), history: [], builtIn: { source: 'built-in', confidence: 0.5, hypotheses: [] } };
    for (const prompt of [adaptPrompt(adaptInput(), secretCommand), diagnosePrompt(diagnoseInput, secretCommand)]) {
      expect(prompt).not.toContain(token);
      expect(prompt).toMatch(/^Command: curl -fsS -H .*\[REDACTED\].* https:\/\/api\.example\.test\/deploy$/m);
      // Told how to run it whole: its environment holds the literal line.
      expect(prompt).toContain('(secrets redacted: run it as sh -c "$RECOVERY_COMMAND", which holds it whole)');
    }
  });

  it("is redacted with the run's own patterns too, and left as it is where nothing matches", () => {
    const own = { command: ['deploy', '--ticket', 'tok_123456'], cwd: '/home/dev/app' };
    expect(adaptPrompt(adaptInput(), own)).toContain('Command: deploy --ticket tok_123456');
    expect(adaptPrompt(adaptInput(), own)).not.toContain('RECOVERY_COMMAND');
    const prompt = adaptPrompt(adaptInput(), { ...own, redact: [/tok_[0-9]{6}/g] });
    expect(prompt).not.toContain('tok_123456');
    expect(prompt).toContain('Command: deploy --ticket [REDACTED]');
  });
});
