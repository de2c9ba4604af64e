import { BUILT_IN_PACKS, createClassifier, GENERIC_PACKS, type RulePack } from '../../../src/classify/index.js';
import { partOf } from './accuracy.js';
import type { CorpusEntry } from './entry.js';
import { CORPUS } from './index.js';

/** Right answers out of all, for one part of the corpus. */
export interface Score {
  right: number;
  total: number;
}

/**
 * The parts a score is given for: `curated` is the development and held-out parts together
 * (the texts rules could be written from, and their held-out fifth), `first-sight` the families
 * no pack targeted when captured, `all` everything.
 */
export const PARTS = ['all', 'curated', 'development', 'held-out', 'first-sight'] as const;
/** A part of the corpus a score is given for. */
export type Part = (typeof PARTS)[number];

/**
 * How a rule set does on the corpus, per part (issue 30's measures): with every built-in pack
 * (whole-corpus accuracy) or with {@link GENERIC_PACKS} (generic-only accuracy: what an unseen
 * tool gets). Classified at a fixed clock, as the corpus test does.
 * @param packs the rule packs; default every built-in pack.
 * @param entries the texts; default the whole corpus.
 */
export function scoreByPart(packs: readonly RulePack[] = BUILT_IN_PACKS, entries: readonly CorpusEntry[] = CORPUS): Record<Part, Score> {
  const classifier = createClassifier({ packs });
  const scores = Object.fromEntries(PARTS.map((part) => [part, { right: 0, total: 0 }])) as Record<Part, Score>;
  for (const entry of entries) {
    const right = classifier(entry.observation, { now: Date.UTC(2026, 0, 1) }).type === entry.type ? 1 : 0;
    const part = partOf(entry.id);
    for (const p of part === 'first-sight' ? (['all', part] as const) : (['all', 'curated', part] as const)) {
      scores[p].right += right;
      scores[p].total += 1;
    }
  }
  return scores;
}

/** The generic-only scores: the corpus classified with every tool-specific pack switched off. */
export function genericScores(entries: readonly CorpusEntry[] = CORPUS): Record<Part, Score> {
  return scoreByPart(GENERIC_PACKS, entries);
}

/** `87.4 % (390/446)`. */
export function percent(score: Score): string {
  return `${((100 * score.right) / Math.max(1, score.total)).toFixed(1)} % (${score.right}/${score.total})`;
}
