/**
 * UC-AP-004 AC-001: a thrown Error keeps its stack, bounded, in the failure the diagnoser and the
 * adapter see (and the checkpoint keeps).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundedStack, MAX_STACK_CHARS, MAX_STACK_LINES } from '../../machines/recovery/history.js';
import { observationFromRejection } from '../../machines/recovery/failure.js';
import type { AdaptInput, DiagnoseInput } from '../../machines/index.js';
import { observationFrom, recover } from '../../src/runtime/index.js';

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
