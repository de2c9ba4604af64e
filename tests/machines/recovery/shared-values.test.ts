/**
 * What runs share instead of each holding a copy (failure.ts's built-in diagnosis, context.ts's
 * empty lists): shared only when equal, never changed in place — a change would reach every run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initialContext } from '../../../machines/recovery/context.js';
import { builtInDiagnosis } from '../../../machines/recovery/failure.js';
import { appendHistory } from '../../../machines/recovery/history.js';
import { classify } from '../../../src/classify/index.js';
import type { Classification } from '../../../src/classify/types.js';
import { resolvePolicy } from '../../../src/policy/index.js';
import { FAILURE_TYPES, type FailureType } from '../../../src/taxonomy/index.js';

const refused = classify({ error: { name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' } });
const assertion = classify({ error: { name: 'AssertionError', message: 'AssertionError: expected 200 but got 404' } });

describe('builtInDiagnosis', () => {
  it('is one shared, frozen value for failures that read alike, in any run', () => {
    const first = builtInDiagnosis(refused);
    // A classification made again (another run, another attempt): equal, not the same object.
    const again = builtInDiagnosis(structuredClone(refused));
    expect(again).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.hypotheses) && Object.isFrozen(first.hypotheses[0])).toBe(true);
    expect(() => { (first.hypotheses as unknown[]).push({ text: 'x', confidence: 1 }); }).toThrow(TypeError);
  });

  it.each([
    ['another failure', assertion],
    ['the same failure at another confidence', { ...refused, confidence: refused.confidence / 2 }],
    ['the same type with other evidence', { ...refused, evidence: [{ rule: 'other', source: 'message' as const, match: 'ECONNRESET' }] }],
  ])('is a new value for %s', (_name, other: Classification) => {
    const before = builtInDiagnosis(refused);
    const diagnosis = builtInDiagnosis(other);
    expect(diagnosis).not.toBe(before);
    expect(diagnosis.confidence).toBe(other.confidence);
    expect(diagnosis.hypotheses[0]!.confidence).toBe(other.confidence);
    expect(diagnosis.hypotheses[0]!.text.startsWith(`${other.type}: `)).toBe(true);
  });

  it('reads as a diagnosis made afresh would, whatever was diagnosed before', () => {
    const types = Object.keys(FAILURE_TYPES) as FailureType[];
    const classification = fc.record({
      type: fc.constantFrom(...types),
      confidence: fc.double({ min: 0, max: 1, noNaN: true }),
      rule: fc.constantFrom('r1', 'r2'),
      match: fc.constantFrom('ECONNREFUSED', 'timeout'),
    }).map(({ type, confidence, rule, match }): Classification => ({
      type, confidence, category: FAILURE_TYPES[type].category, severity: FAILURE_TYPES[type].severity, action: FAILURE_TYPES[type].action,
      evidence: [{ rule, source: 'error', match }],
    }));
    fc.assert(fc.property(fc.array(classification, { minLength: 1, maxLength: 6 }), (sequence) => {
      for (const c of sequence) {
        const d = builtInDiagnosis(c);
        expect(JSON.parse(JSON.stringify(d))).toEqual({
          hypotheses: [{ text: `${c.type}: ${FAILURE_TYPES[c.type].description} (${c.evidence[0]!.rule}: "${c.evidence[0]!.match}" in error)`, confidence: c.confidence }],
          confidence: c.confidence,
          source: 'built-in',
        });
      }
    }));
  });
});

describe('initialContext', () => {
  const start = () => initialContext({ runId: 'r1', task: 't', policy: resolvePolicy({}), now: 1_000 });

  it('starts every run with one shared empty history, fix list and rule list, which nothing can push to', () => {
    const [a, b] = [start(), start()];
    expect(a.history).toEqual([]);
    expect(a.pass.fixes).toEqual([]);
    expect(a.fixed.rules).toEqual([]);
    expect(b.history).toBe(a.history);
    expect(() => a.history.push(a.history[0]!)).toThrow(TypeError);
    expect(() => a.pass.fixes.push('fix')).toThrow(TypeError);
  });

  it('shares a fresh run\'s pass record and first attempt\'s orders, frozen; a timeout or a continuation gets its own', () => {
    const [a, b] = [start(), start()];
    expect(b.pass).toBe(a.pass);
    expect(b.next).toBe(a.next);
    expect(Object.isFrozen(a.pass) && Object.isFrozen(a.next)).toBe(true);
    expect(a.next).toEqual({ approach: null, hint: null, guidance: null, refreshContext: false, timeoutMs: null });
    expect(a.pass).toEqual({ diagnosis: null, diagnoseRound: 0, regression: null, fixes: [], consecutiveFailures: 0, flakeProbed: false, afterRollback: 'adapt', decisionDeadline: null });
    const timed = initialContext({ runId: 'r2', task: 't', policy: resolvePolicy({}), now: 1_000, timeoutMs: 5_000 });
    expect(timed.next).toEqual({ approach: null, hint: null, guidance: null, refreshContext: false, timeoutMs: 5_000 });
    expect(timed.pass).toBe(a.pass);
    const carried = initialContext({ runId: 'r3', task: 't', policy: resolvePolicy({}), now: 1_000, carry: { attempt: 3, iteration: 2, history: [], fixes: ['f1'] } });
    expect(carried.next.refreshContext).toBe(true);
    expect(carried.pass).toEqual({ ...a.pass, fixes: ['f1'] });
    expect(Object.keys(carried.pass)).toEqual(Object.keys(a.pass));
    expect(a.pass.fixes).toEqual([]);
  });

  it('appends to a new list, leaving the shared one empty', () => {
    const [a, b] = [start(), start()];
    appendHistory(a, { phase: 'PAUSE', result: 'failure' });
    expect(a.history).toHaveLength(1);
    expect(b.history).toEqual([]);
    expect(start().history).toEqual([]);
  });
});
