import { classify } from '../../src/classify/index.js';
import type { Classification, Observation } from '../../src/classify/types.js';
import type { ClassifyOptions } from '../../src/classify/index.js';
import { FAILURE_TYPES, type FailureType, type Hypothesis } from '../../src/taxonomy/index.js';
import { boundedStack } from './history.js';
import { maxCharsSentence, validationHint } from './strategy.js';
import type { AttemptOutcome, Diagnosis, FailureRecord, Regression } from './types.js';

/**
 * Turn whatever an actor rejected with into a JSON observation. The runtime's task wrapper does
 * this with redaction before the value reaches the machine; this is the fallback for actors an
 * embedding orchestrator provides itself.
 */
export function observationFromRejection(error: unknown): Observation {
  if (error instanceof Error) {
    const { name, message, stack } = error;
    const code = (error as { code?: unknown }).code;
    return {
      error: {
        name, message, ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
        // Where it was thrown, bounded (UC-AP-004 AC-001).
        ...(typeof stack === 'string' && stack ? { stack: boundedStack(stack) } : {}),
      },
    };
  }
  if (typeof error === 'string') return { message: error };
  try {
    return { error: JSON.parse(JSON.stringify(error ?? null)) as unknown };
  } catch {
    return { message: String(error) };
  }
}

/** Classify an observation with the built-in packs and the run's own `rules`. */
export function classifyObservation(observation: Observation, rules: readonly unknown[], now?: number): Classification {
  // Options built without spreads (each allocated twice, on every failed attempt): no rules
  // means the built-in classifier, whose cache is not keyed by the rules' JSON.
  const options: ClassifyOptions = rules.length > 0 ? { rules: rules as ClassifyOptions['rules'], now } : { now };
  return classify(observation, options);
}

/**
 * Classify a failed attempt's observation into the record the machine keeps; a classification
 * the runtime made of the raw observation (before redaction) is kept as given.
 */
export function failureFromOutcome(
  outcome: Extract<AttemptOutcome, { ok: false }>,
  attempt: number,
  rules: unknown[],
): FailureRecord {
  // `now` is the run's clock at the attempt's end (injected or simulated), never Date.now(): an
  // HTTP-date Retry-After is read against the time the run lives in.
  const classification = outcome.classification ?? classifyObservation(outcome.observation, rules, outcome.at);
  return { attempt, at: outcome.at, observation: outcome.observation, classification };
}

/** A failure the machine itself detected (heartbeat or progress watch): no classifier needed. */
export function watchFailure(type: FailureType, message: string, attempt: number, at: number): FailureRecord {
  const info = FAILURE_TYPES[type];
  const classification: Classification = {
    type,
    category: info.category,
    severity: info.severity,
    action: info.action,
    confidence: 1,
    evidence: [{ rule: `watch.${type.toLowerCase()}`, source: 'default', match: message }],
  };
  return { attempt, at, observation: { message }, classification };
}

/**
 * The last built-in diagnosis made. A retried failure reads alike on every attempt and in every
 * run that fails alike (same text, same confidence): its diagnosis (three objects, ~230 B) is then
 * the one already made, not a copy held by each run in flight and promoted with it. Frozen, as it
 * is shared: it is only ever replaced in context (never changed in place), and a diagnoser that
 * tried to change the `builtIn` it is given would otherwise change other runs' too.
 */
let lastDiagnosis: Diagnosis | undefined;

/** The rule-based diagnosis: the classification's type, what it means, and its evidence (shared when it reads alike, see `lastDiagnosis`). */
export function builtInDiagnosis(classification: Classification): Diagnosis {
  const text = hypothesisText(classification);
  const { confidence } = classification;
  const last = lastDiagnosis;
  if (last && last.confidence === confidence && last.hypotheses[0]!.text === text) return last;
  const hypotheses: Hypothesis[] = Object.freeze([Object.freeze({ text, confidence })]) as Hypothesis[];
  const diagnosis: Diagnosis = Object.freeze({ hypotheses, confidence, source: 'built-in' as const });
  lastDiagnosis = diagnosis;
  return diagnosis;
}

/**
 * The last built-in hypothesis's text and what it was made of. A retried failure reads the same
 * (type, first evidence) on every attempt and in every run that fails alike: the text, ~150
 * characters joined from five parts (a flattened string and its pieces, ~300 B), is then the one
 * already made, not a copy held by each run in flight. Strings are immutable, so sharing one
 * changes nothing a reader can see.
 */
let lastText: { type: string; rule: string | undefined; source: string | undefined; match: string | undefined; text: string } | undefined;

/** `TYPE: what it means (rule: "match" in source)`, the evidence left out when it is the default. */
function hypothesisText(classification: Classification): string {
  const evidence = classification.evidence[0];
  const told = evidence && evidence.source !== 'default' ? evidence : undefined;
  const last = lastText;
  if (last && last.type === classification.type && last.rule === told?.rule && last.source === told?.source && last.match === told?.match) return last.text;
  const because = told ? ` (${told.rule}: "${told.match.slice(0, 120)}" in ${told.source})` : '';
  const text = `${classification.type}: ${FAILURE_TYPES[classification.type].description}${because}`;
  lastText = { type: classification.type, rule: told?.rule, source: told?.source, match: told?.match, text };
  return text;
}

/** A diagnoser's answer made safe: well-formed hypotheses, best first; null when malformed. */
export function diagnosisFromOutput(output: unknown): Diagnosis | null {
  const raw = (output as { hypotheses?: unknown } | null)?.hypotheses;
  if (!Array.isArray(raw) || raw.length === 0) return null;
  const hypotheses: Hypothesis[] = [];
  for (const h of raw) {
    const text = (h as { text?: unknown })?.text;
    const confidence = (h as { confidence?: unknown })?.confidence;
    if (typeof text !== 'string' || typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1)) return null;
    hypotheses.push({ text, confidence });
  }
  hypotheses.sort((a, b) => b.confidence - a.confidence);
  return { hypotheses, confidence: hypotheses[0]!.confidence, source: 'diagnoser' };
}

/**
 * A fix that broke tests that passed before (UC-AP-004 Alt-4). When the task compared the
 * attempts test by test (`tests.broken`, from `recover run --tests`'s ledger), its finding;
 * else: none of the originally failing tests fail now, and some other test does.
 */
export function detectRegression(original: FailureRecord | null, current: FailureRecord): Regression | null {
  const broken = current.observation.tests?.broken;
  if (broken?.length) return { fixed: [...(current.observation.tests?.fixed ?? [])], broken: [...broken] };
  const before = original?.observation.tests?.failing;
  const after = current.observation.tests?.failing;
  if (!before?.length || !after?.length || original === current) return null;
  const now = new Set(after);
  if (before.some((name) => now.has(name))) return null;
  const was = new Set(before);
  return { fixed: [...before], broken: after.filter((name) => !was.has(name)) };
}

/**
 * What the next attempt should be told about this failure (seed 002's prompt modifiers):
 * a timeout asks for a simpler pass, missing sections are named exactly, empty output is asked for
 * (within a reduced size when the attempt had one), a failed validation is quoted, a regression
 * names what broke.
 */
export function hintFor(failure: FailureRecord, regression: Regression | null): string | null {
  if (regression) return `The last fix broke tests that passed before: ${regression.broken.join(', ')}.${regression.fixed.length > 0 ? ` Keep ${regression.fixed.join(', ')} passing.` : ''}`;
  switch (failure.classification.type) {
    case 'TIMEOUT':
      return 'Previous attempt timed out. Focus on core requirements only; break the work into smaller steps.';
    case 'EMPTY_OUTPUT':
      return `Previous attempt produced no output. Write the complete output explicitly.${maxCharsSentence(failure.observation.validationErrors ?? [])}`;
    case 'FORMAT_VALIDATION':
      return validationHint(failure.observation.validationErrors ?? []);
    case 'MISSING_SECTIONS': {
      const sections = missingSections(failure.observation.validationErrors ?? []);
      return sections.length ? `Your output MUST include these exact sections: ${sections.join(', ')}` : 'Your output is missing required sections.';
    }
    default:
      return null;
  }
}

/** Section names from validation messages like `Missing section: # Tests`. */
export function missingSections(validationErrors: string[]): string[] {
  const sections: string[] = [];
  for (const message of validationErrors) {
    const at = message.toLowerCase().indexOf('missing section');
    if (at < 0) continue;
    const rest = message.slice(at + 'missing section'.length).replace(/^s?\s*:?\s*/, '').trim();
    if (rest) sections.push(rest);
  }
  return sections;
}
