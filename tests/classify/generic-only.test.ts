/**
 * Issue 30's generic-only measure: the corpus classified with every tool-specific rule pack
 * switched off (registries, cause chain, word forms, line shapes and the generic lexicon only) —
 * what a tool no rule was written for gets. `npm run bench:classify` prints it; this keeps it from
 * falling below what the registry layer and the lexicon reached. The floors are on the curated
 * part (development and held-out: the texts the lexicon was written from, and the fifth it was
 * not) and on the first-sight families as captured on 2026-11-27, which no rule here was written
 * from; families added later are measured by the benchmark, not held to a floor here.
 */
import { describe, expect, test } from 'vitest';
import { FIRST_SIGHT, FIRST_SIGHT_RECORD } from './corpus/first-sight.js';
import { CORPUS } from './corpus/index.js';
import { genericScores, percent } from './corpus/measures.js';

/**
 * The first-sight records the floor was measured on: the first two captures, by the classifier
 * that answered them. A later capture (the third, recorded by f4a8cd5a7f58 the same day) is
 * measured by the benchmark and FIRST-SIGHT.md, not held to this floor set before it existed.
 */
const FLOORED_RECORDS: ReadonlySet<string> = new Set(['9c1cb15478ff', '282d16b7f014']);
const CAPTURED_ON = '2026-11-27';

describe('generic-only accuracy (issue 30)', () => {
  const scores = genericScores(CORPUS);

  // 89.9 % (401/446) with the fourth session's concepts (a build's own targets, usage errors, …).
  test('curated part: at least 89.5 % without any tool-specific pack', () => {
    expect(scores.curated.right / scores.curated.total, percent(scores.curated)).toBeGreaterThanOrEqual(0.895);
  });

  // Issue 30's goal is 85 %; 90.6 % (77/85) was reached with the lexicon's concepts of the second session.
  test('held-out part alone: at least 88 %', () => {
    expect(scores['held-out'].right / scores['held-out'].total, percent(scores['held-out'])).toBeGreaterThanOrEqual(0.88);
  });

  // 86.4 % (528/611) with the fourth session's concepts.
  test(`first-sight families of the first two captures of ${CAPTURED_ON}: at least 85 % (36.3 % was the whole classifier at capture)`, () => {
    const families = new Set(FIRST_SIGHT_RECORD.filter((f) => FLOORED_RECORDS.has(f.classifier)).map((f) => f.family));
    const captured = genericScores(FIRST_SIGHT.filter((e) => families.has(e.source)))['first-sight'];
    expect(captured.total).toBeGreaterThanOrEqual(500);
    expect(captured.right / captured.total, percent(captured)).toBeGreaterThanOrEqual(0.85);
  });
});
