/** The verdict from matched rules: checked against a plain model of the rules decide follows. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decide, MAX_EVIDENCE } from '../../src/classify/decide.js';
import { EVIDENCE_CONFIDENCE } from '../../src/classify/priority.js';
import type { Candidate } from '../../src/classify/rule.js';
import type { Classification, Evidence } from '../../src/classify/types.js';
import { FAILURE_TYPES } from '../../src/taxonomy/index.js';

const WORDLESS = new Set(['exitCode', 'signal', 'status', 'default']);

/**
 * The model, written the obvious way: a stable sort, the winner's type first, each (rule, source)
 * once, the other evidence of the winner's type raising the confidence.
 */
function model(candidates: Candidate[], hint: { ms: number; source: Evidence['source']; match: string } | null, line: Evidence | null): Classification {
  const make = (type: Classification['type'], confidence: number, evidence: Evidence[]): Classification => ({
    type, category: FAILURE_TYPES[type].category, severity: FAILURE_TYPES[type].severity, action: FAILURE_TYPES[type].action,
    confidence: Math.round(confidence * 100) / 100, ...(hint === null ? {} : { retryAfterMs: hint.ms }), evidence,
  });
  const retry = hint === null ? [] : [{ rule: 'retry-after', source: hint.source, match: hint.match }];
  if (candidates.length === 0) return make('UNKNOWN', EVIDENCE_CONFIDENCE.unknown, [line ?? { rule: 'default', source: 'default', match: '' }, ...retry]);
  const sorted = [...candidates].sort((a, b) => a.tier - b.tier || a.layer - b.layer || b.priority - a.priority || b.confidence - a.confidence || a.order - b.order);
  const best = sorted[0]!;
  const ordered = [...sorted.filter((c) => c.type === best.type), ...sorted.filter((c) => c.type !== best.type)];
  const unique = ordered.filter((c, i) => ordered.findIndex((d) => d.rule === c.rule && d.source === c.source) === i);
  const evidence: Evidence[] = unique.slice(0, MAX_EVIDENCE).map(({ rule, source, match }) => ({ rule, source, match }));
  const corroborating = unique.filter((c) => c.type === best.type && c !== best).length;
  if (WORDLESS.has(best.source) && line !== null) {
    if (evidence.length >= MAX_EVIDENCE) evidence.pop();
    evidence.splice(1, 0, line);
  }
  const type = best.type === 'RATE_LIMIT' && hint !== null ? 'RATE_LIMIT_TIMED' : best.type;
  return make(type, Math.min(EVIDENCE_CONFIDENCE.max, best.confidence + corroborating * EVIDENCE_CONFIDENCE.corroboration), [...evidence, ...retry]);
}

// Few values of each field: ties, repeated rules and both groups are common.
const candidate = fc.record({
  order: fc.integer({ min: -1, max: 5 }),
  rule: fc.constantFrom('a', 'b', 'c', 'd', 'typed'),
  type: fc.constantFrom('NETWORK', 'RATE_LIMIT', 'AUTH_EXPIRED', 'TIMEOUT'),
  tier: fc.integer({ min: 0, max: 2 }),
  layer: fc.integer({ min: 0, max: 2 }),
  priority: fc.integer({ min: 1, max: 3 }),
  confidence: fc.constantFrom(0.5, 0.7, 0.9),
  source: fc.constantFrom('error', 'stderr', 'exitCode', 'status'),
  match: fc.string({ maxLength: 5 }),
}) as fc.Arbitrary<Candidate>;
const hint = fc.option(fc.record({ ms: fc.nat(), source: fc.constantFrom('headers', 'error'), match: fc.string({ maxLength: 5 }) }) as fc.Arbitrary<{ ms: number; source: Evidence['source']; match: string }>);
const line = fc.option(fc.record({ rule: fc.constant('fallback.error-line'), source: fc.constant('stderr'), match: fc.string({ maxLength: 5 }) }) as fc.Arbitrary<Evidence>);

describe('decide', () => {
  it('property: agrees with the model, for a few candidates and for many (both ways of sorting and telling repeats apart)', () => {
    fc.assert(fc.property(fc.oneof(fc.array(candidate, { maxLength: 6 }), fc.array(candidate, { minLength: 15, maxLength: 40 })), hint, line, (candidates, h, l) => {
      const expected = model(candidates, h, l);
      const actual = decide([...candidates], h, () => l);
      expect(actual).toEqual(expected);
      expect(Object.keys(actual)).toEqual(Object.keys(expected));
    }), { numRuns: 2_000 });
  });
});
