import { BUILT_IN_PACKS, createClassifier, GENERIC_PACKS, type RulePack } from '../../../src/classify/index.js';
import { partOf } from './accuracy.js';
import type { CorpusEntry } from './entry.js';
import { FIRST_SIGHT, FIRST_SIGHT_RECORD } from './first-sight.js';
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

/** One capture of first-sight families: the classifier that answered, and the unseen families' scores. */
export interface FirstSightBatch {
  /** The commit whose classifier gave the recorded verdicts. */
  classifier: string;
  date: string;
  families: number;
  /** The recorded verdicts: what that classifier said at capture (issue 30's first-sight accuracy). */
  atCapture: Score;
  /** The same texts with every built-in pack now, and with the generic packs only. */
  now: Score;
  genericNow: Score;
}

/**
 * Issue 30's first-sight accuracy, per capture: the families no pack targeted (a partly seen
 * family is left out), their recorded score, and how the classifier does on them now.
 */
export function firstSightBatches(): FirstSightBatch[] {
  const whole = createClassifier();
  const generic = createClassifier({ packs: GENERIC_PACKS });
  const byId = new Map(FIRST_SIGHT.map((e) => [e.id, e]));
  const right = (classify: typeof whole, ids: readonly string[]): number =>
    ids.filter((id) => { const e = byId.get(id)!; return classify(e.observation, { now: Date.UTC(2026, 0, 1) }).type === e.type; }).length;
  const batches = new Map<string, FirstSightBatch>();
  for (const f of FIRST_SIGHT_RECORD.filter((r) => !r.targets)) {
    const key = `${f.classifier} ${f.date}`;
    const b = batches.get(key) ?? { classifier: f.classifier, date: f.date, families: 0, atCapture: { right: 0, total: 0 }, now: { right: 0, total: 0 }, genericNow: { right: 0, total: 0 } };
    const ids = f.verdicts.map((v) => v.id);
    b.families += 1;
    b.atCapture.right += f.right;
    b.atCapture.total += f.entries;
    b.now.right += right(whole, ids);
    b.now.total += ids.length;
    b.genericNow.right += right(generic, ids);
    b.genericNow.total += ids.length;
    batches.set(key, b);
  }
  return [...batches.values()];
}
