/**
 * UC-AP-004 AC-001: a thrown Error keeps its stack, bounded, in the failure the diagnoser and the
 * adapter see (and the checkpoint keeps).
 */
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedStack, MAX_STACK_CHARS, MAX_STACK_LINES } from '../../machines/recovery/history.js';
import { observationFromRejection } from '../../machines/recovery/failure.js';
import type { AdaptInput, DiagnoseInput } from '../../machines/index.js';
import { markdownOf } from '../../src/cli/run-markdown.js';
import { REDACTED } from '../../src/redact/index.js';
import { stackInOutput, STACK_TOP_FRAMES } from '../../src/report/stack.js';
import { commandTask } from '../../src/runtime/command.js';
import { observationFrom, recover, recoverPersisted } from '../../src/runtime/index.js';
import { memoryStore } from '../../src/store/index.js';

function throwsFromHere(): never {
  throw Object.assign(new Error('AssertionError: expected 200 but got 404'), { name: 'AssertionError' });
}

describe('boundedStack', () => {
  it('keeps the top of any stack, within the line and character bounds', () => {
    fc.assert(fc.property(fc.array(fc.string({ maxLength: 300 }).map((s) => s.replaceAll('\n', ' ')), { maxLength: 60 }), (lines) => {
      const stack = lines.join('\n');
      const kept = boundedStack(stack);
      expect(kept.length).toBeLessThanOrEqual(MAX_STACK_CHARS);
      expect(kept.split('\n').length).toBeLessThanOrEqual(MAX_STACK_LINES + 1);
      if (lines.length <= MAX_STACK_LINES && stack.length <= MAX_STACK_CHARS) expect(kept).toBe(stack);
      else expect(stack.startsWith(kept.replace(/\n? *…$/, '').replace(/…$/, ''))).toBe(true);
    }));
  });
});

describe('a thrown Error keeps its stack', () => {
  it('in the observation, bounded (the runtime path and the machine fallback alike)', () => {
    const error = new Error('boom');
    error.stack = ['Error: boom', ...Array.from({ length: 100 }, (_, i) => `    at frame${i} (/src/app.js:${i}:1)`)].join('\n');
    for (const observation of [observationFrom(error), observationFromRejection(error)]) {
      const stack = (observation.error as { stack: string }).stack;
      expect(stack.split('\n').slice(0, 3)).toEqual(['Error: boom', '    at frame0 (/src/app.js:0:1)', '    at frame1 (/src/app.js:1:1)']);
      expect(stack.split('\n').length).toBeLessThanOrEqual(MAX_STACK_LINES + 1);
    }
  });

  it('reaches the diagnoser and the adapter of a recover() run, naming where it was thrown', async () => {
    const seen: string[] = [];
    const stackOf = (input: DiagnoseInput | AdaptInput) => (input.failure.observation.error as { stack?: string }).stack ?? '';
    let runs = 0;
    const outcome = await recover(() => { if (++runs === 1) throwsFromHere(); }, {
      policy: { flakeProbe: false, categories: { systematic: { delaysMs: [0] } } },
      diagnose: (input) => { seen.push(stackOf(input)); return { hypotheses: [{ text: 'status compared as string', confidence: 0.9 }] }; },
      adapt: (input) => { seen.push(stackOf(input)); return { fix: 'compare status codes as numbers' }; },
    });
    expect(outcome.status).toBe('recovered');
    expect(seen).toHaveLength(2);
    for (const stack of seen) {
      expect(stack).toMatch(/^AssertionError: AssertionError: expected 200 but got 404\n/);
      expect(stack).toContain('throwsFromHere');
    }
  });
});

describe('the top of the stack where a failure is shown', () => {
  const TOKEN = 'ghp_16C7e42F292c6912E7710c838347Ae178B4a';
  /** An AssertionError thrown 30 frames deep, one frame's path holding a token. */
  function deepFailure(): Error {
    const error = Object.assign(new Error('expected 200 but got 404'), { name: 'AssertionError' });
    error.stack = [
      'AssertionError: expected 200 but got 404',
      `    at checkStatus (/home/ci/${TOKEN}/src/status.js:42:11)`,
      ...Array.from({ length: 29 }, (_, i) => `    at frame${i} (/src/app.js:${i}:1)`),
    ].join('\n');
    return error;
  }

  it('is in recover()’s outcome: the message line and the top frames, redacted', async () => {
    const outcome = await recover(() => { throw deepFailure(); }, { policy: { flakeProbe: false } });
    expect(outcome.status).toBe('escalated');
    const lines = outcome.stack!.split('\n');
    expect(lines).toHaveLength(STACK_TOP_FRAMES + 2);
    expect(lines[0]).toBe('AssertionError: expected 200 but got 404');
    expect(lines[1]).toBe(`    at checkStatus (/home/ci/ghp_${REDACTED}/src/status.js:42:11)`);
    expect(lines[STACK_TOP_FRAMES]).toBe(`    at frame${STACK_TOP_FRAMES - 2} (/src/app.js:${STACK_TOP_FRAMES - 2}:1)`);
    expect(lines.at(-1)).toBe('    …');
    expect(JSON.stringify(outcome)).not.toContain(TOKEN);
    // A failure without a stack (a rejected string) says so with null.
    expect((await recover(() => { throw 'plain words'; })).stack).toBeNull();
  });

  it('is under the report’s Original Error: the escalation report and a stored run’s report', async () => {
    const store = memoryStore();
    let runs = 0;
    const escalated = await recoverPersisted(() => { throw deepFailure(); }, { store, runId: 'stack-escalated', policy: { flakeProbe: false } });
    expect(escalated.status).toBe('escalated');
    const report = (await store.load('stack-escalated'))!.report!;
    const original = report.slice(report.indexOf('### Original Error'), report.indexOf('### Recovery Attempts'));
    expect(original).toContain('Stack (top frames):');
    expect(original).toContain(`AssertionError: expected 200 but got 404\n    at checkStatus (/home/ci/ghp_${REDACTED}/src/status.js:42:11)\n`);
    expect(original).not.toContain(`frame${STACK_TOP_FRAMES}`);
    expect(report).not.toContain(TOKEN);
    // A run that recovered keeps its original failure's stack in the report it is read back with.
    const recovered = await recoverPersisted(() => { if (++runs === 1) throw deepFailure(); }, {
      store, runId: 'stack-recovered', adapt: () => ({ fix: 'compare status codes as numbers' }), policy: { flakeProbe: false, categories: { systematic: { delaysMs: [0] } } },
    });
    expect(recovered.status).toBe('recovered');
    const markdown = await markdownOf((await store.load('stack-recovered'))!);
    expect(markdown).toContain(`Stack (top frames):\n\n\`\`\`\nAssertionError: expected 200 but got 404\n    at checkStatus (/home/ci/ghp_${REDACTED}/src/status.js:42:11)`);
  });

  it('of a command is the first stack its output shows, message line first', async () => {
    const printed = ['> app@1.0.0 test', '', 'TypeError: Cannot read properties of undefined (reading \'exp\')', '    at validateToken (/app/src/validate-token.js:42:19)', '    at Object.<anonymous> (/app/test.js:5:3)', 'Node.js v20.11.0'].join('\n');
    expect(stackInOutput(printed)).toBe(printed.split('\n').slice(2, 5).join('\n'));
    expect(stackInOutput('FAIL src/a.test.ts\n  ✗ adds numbers\nAssertionError: expected 3 to be 4')).toBeUndefined();
    // A real node process dying of an uncaught error, through recover() and commandTask.
    const outcome = await recover(commandTask(process.execPath, ['-e', 'function validateToken() { throw new TypeError("payload is undefined"); }\nvalidateToken();'], { stream: { stdout: new PassThrough(), stderr: new PassThrough() } }), { policy: { flakeProbe: false } });
    const lines = outcome.stack!.split('\n');
    expect(lines[0]).toBe('TypeError: payload is undefined');
    expect(lines[1]).toMatch(/^ {4}at validateToken \(\[eval\]:1:\d+\)$/);
  });
});
