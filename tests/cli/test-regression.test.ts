/**
 * `recover run -- node --test …` knows which tests failed (issue #29, UC-AP-004 Alt-4): a tiny
 * real node:test project fails one test; the adapter's first fix makes it pass and breaks two
 * others. The history shows the regression (not a circle of fixes), the adapter's next call is
 * told which tests broke, and its second fix recovers the run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recoverJson, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

const TESTS = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { add, sub, mul } from './impl.mjs';
test('adds', () => { assert.equal(add(2, 2), 4); });
test('subtracts', () => { assert.equal(sub(5, 2), 3); });
test('multiplies', () => { assert.equal(mul(2, 3), 6); });
`;
const BROKEN_ADD = 'export const add = (a, b) => a - b;\nexport const sub = (a, b) => a - b;\nexport const mul = (a, b) => a * b;\n';
// The "fix": add now works, but sub and mul are broken by it.
const REGRESSING = 'export const add = (a, b) => a + b;\nexport const sub = (a, b) => a + b;\nexport const mul = (a, b) => a + b;\n';
const FIXED = 'export const add = (a, b) => a + b;\nexport const sub = (a, b) => a - b;\nexport const mul = (a, b) => a * b;\n';

/** An adapter: its first call writes the regressing fix, the next the right one; each input is logged. */
const ADAPTER = `import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
const input = readFileSync(0, 'utf8');
appendFileSync('adapter.log', JSON.stringify(input) + '\\n');
const second = existsSync('adapted-once');
writeFileSync('adapted-once', '');
writeFileSync('impl.mjs', second ? ${JSON.stringify(FIXED)} : ${JSON.stringify(REGRESSING)});
process.stdout.write(JSON.stringify({ fix: second ? 'restore sub and mul' : 'make add add', confidence: 0.9 }));
`;

interface HistoryEvent { phase: string; result: string; reason: string | null }

describe('recover run on a test command', () => {
  it('sees a fix that breaks two passing tests as a regression and tells the adapter which', () => {
    const cwd = tempCwd({ maxDelayMs: 20 });
    writeFileSync(join(cwd, 'math.test.mjs'), TESTS);
    writeFileSync(join(cwd, 'impl.mjs'), BROKEN_ADD);
    writeFileSync(join(cwd, 'adapt.mjs'), ADAPTER);
    const { status, stderr, outcome } = recoverJson<{ status: string; reason: string | null; history: HistoryEvent[] }>(cwd, [
      'run', '--adapter', `${process.execPath} adapt.mjs`, '--', process.execPath, '--test', 'math.test.mjs',
    ]);
    expect(outcome.status, stderr).toBe('recovered');
    expect(status).toBe(0);
    const pauses = outcome.history.filter((e) => e.phase === 'PAUSE');
    // The original failure (and a plain retry of it, before any fix) then the regression after the first fix.
    expect(pauses.at(-1)!.reason).toBe('regression');
    expect(pauses.slice(0, -1).every((e) => e.reason === null)).toBe(true);
    expect(outcome.history.some((e) => e.reason === 'circular_fix')).toBe(false);

    const calls = readFileSync(join(cwd, 'adapter.log'), 'utf8').trim().split('\n').map((line) => JSON.parse(JSON.parse(line) as string) as Record<string, unknown>);
    expect(calls).toHaveLength(2);
    // The first prompt names the failing test with its place and message; the second the regression and the broken tests.
    expect(calls[0]!.prompt).toMatch(/\nFailing tests:\n- adds at \S*math\.test\.mjs:4:1: Expected values to be strictly equal:\n\n/);
    expect(calls[1]).toMatchObject({ regression: { fixed: ['adds'], broken: ['subtracts', 'multiplies'] } });
    expect(calls[1]!.prompt).toContain('but broke others (subtracts, multiplies)');
    expect(calls[1]!.prompt).toMatch(/\nFailing tests:\n- subtracts at \S*:5:1: [^\n]+\n- multiplies at \S*:6:1: /);
  }, 120_000);
});
