import type { AutomatonCache } from './automaton-cache.js';
import { CATCH_ALL_RULE, errorMarkedLine } from './catch-all.js';
import { REFUSAL_SENTENCE_RULE, refusalLine } from './catch-all-refusal.js';
import { detectCircularFix } from './circular.js';
import { compileRules, mergeRules, SCAN_ORDER, type CompiledRules } from './compile.js';
import { cachedCompile } from './compiled-cache.js';
import { compiledRulesCache } from './process-cache.js';
import { decide } from './decide.js';
import { LAYER_RANK } from './layers.js';
import { memoized } from './memo.js';
import { projectFileRefused } from './project-file.js';
import { readObservation, type Facts } from './observe.js';
import { BUILT_IN_PACKS } from './packs/index.js';
import { EVIDENCE_CONFIDENCE, RULE_PRIORITY, tierOf } from './priority.js';
import type { Candidate, ClassifyOptions, RulePack } from './rule.js';
import { Scanner } from './scanner.js';
import { cleanTerminalText } from './terminal-text.js';
import { firstLine, isArray, isBlank, lastLine, safeGet } from './text.js';
import type { Classification, Evidence, EvidenceSource, Observation } from './types.js';

/** Per-call options of a {@link Classifier}: the rule set is fixed when it is created. */
export type CallOptions = Pick<ClassifyOptions, 'now' | 'history'>;

/**
 * A classifier bound to one precompiled rule set. Total: returns a classification for any
 * value, never throws, and its work is linear in the (bounded) text it scans.
 */
export type Classifier = (observation: Observation | unknown, options?: CallOptions) => Classification;

/**
 * Compiles the rule set once and returns a classifier for it. Use this when classifying many
 * observations with custom packs or rules.
 * @param options `packs` (default every built-in pack), `rules` (default none; same id replaces),
 *   `automatonCache` (default none): where the compiled rule set is kept between processes, for a
 *   short-lived process that classifies once (the same classifications, without compiling).
 * @throws RuleError when a rule is not valid data (it names the field), never for an observation.
 */
export function createClassifier(options: Pick<ClassifyOptions, 'packs' | 'rules'> & { automatonCache?: AutomatonCache } = {}): Classifier {
  const rules = mergeRules(options.packs ?? BUILT_IN_PACKS, options.rules ?? []);
  const compiled = options.automatonCache ? cachedCompile(rules, options.automatonCache) : compileRules(rules);
  const scanner = new Scanner(compiled);
  return (observation, call) => run(compiled, scanner, observation, call);
}

/** Rule sets compiled by {@link classify}, per packs array, by the rules' JSON. */
const cache = new WeakMap<readonly RulePack[], Map<string, Classifier>>();
/** Rule sets kept per packs array: config rules are few; a caller inventing new ones each call is bounded. */
const MAX_CACHED = 16;
let defaultClassifier: Classifier | undefined;

/**
 * Classifies one failure observation: its type, category, severity, default action,
 * confidence, retry-after hint and evidence.
 *
 * Nothing matched → UNKNOWN with confidence exactly 0.5. The rule set is compiled once and
 * cached (per `packs` array, by the rules' JSON; a few sets are kept); for many custom rule
 * sets, use {@link createClassifier}.
 * @param observation what was seen; anything else is accepted too (a string is a message,
 *   any other value is treated as a thrown error).
 * @param options `packs` (default all built-in), `rules` (default none), `now` (default
 *   `Date.now()`, for HTTP-date Retry-After), `history` (default none; enables CIRCULAR_FIX).
 * @throws RuleError only for invalid `packs`/`rules`; never for any observation.
 *
 * @example
 * ```ts
 * const c = classify({ exitCode: 1, stderr: 'Error: 429 Too Many Requests. Please try again in 6s.' });
 * c.type;         // 'RATE_LIMIT_TIMED' (transient: retried)
 * c.retryAfterMs; // 6000
 * ```
 */
export function classify(observation: Observation | unknown, options?: ClassifyOptions): Classification {
  const call: CallOptions | undefined = options && { now: options.now, history: options.history };
  if (options?.packs === undefined && options?.rules === undefined) {
    // Memoised (memo.ts): a run retrying the same failure, or a fleet the same flapping service, is not scanned again.
    defaultClassifier ??= memoized(createClassifier({ automatonCache: compiledRulesCache() }));
    return defaultClassifier(observation, call);
  }
  const packs = options.packs ?? BUILT_IN_PACKS;
  const rules = options.rules ?? [];
  // Keyed by content, not identity: rules restored from a checkpoint are equal but new arrays.
  let key: string;
  try {
    key = JSON.stringify(rules);
  } catch {
    return createClassifier({ packs, rules, automatonCache: compiledRulesCache() })(observation, call); // not JSON: let validation name the field
  }
  let byRules = cache.get(packs);
  if (byRules === undefined) cache.set(packs, (byRules = new Map()));
  let classifier = byRules.get(key);
  if (classifier === undefined) {
    classifier = memoized(createClassifier({ packs, rules, automatonCache: compiledRulesCache() }));
    if (byRules.size >= MAX_CACHED) byRules.delete(byRules.keys().next().value!);
    byRules.set(key, classifier);
  }
  return classifier(observation, call);
}

function run(compiled: CompiledRules, scanner: Scanner, observation: unknown, call: CallOptions | undefined): Classification {
  try {
    const now = typeof call?.now === 'number' && Number.isFinite(call.now) ? call.now : Date.now();
    const facts = readObservation(observation, now);
    clean(facts);
    const candidates: Candidate[] = [];
    scanner.reset(facts.exitCodes.some((n) => n !== 0));
    for (const source of SCAN_ORDER) scanner.scanField(source, facts.text[source], candidates);
    structured(compiled, facts, candidates);
    if (facts.typed !== null) {
      candidates.push({ order: -1, rule: 'typed', type: facts.typed, tier: tierOf(RULE_PRIORITY.typed), layer: 0, priority: RULE_PRIORITY.typed, confidence: EVIDENCE_CONFIDENCE.typed, source: 'error', match: `type: ${facts.typed}` });
    }
    const history = call?.history;
    if (history !== undefined) {
      const approaches = safeGet(history, 'previousApproaches');
      const current = safeGet(history, 'currentApproach');
      if (isArray(approaches) && typeof current === 'string' && detectCircularFix(approaches as string[], current).circular) {
        candidates.push({ order: -1, rule: 'history.circular-fix', type: 'CIRCULAR_FIX', tier: tierOf(RULE_PRIORITY.history), layer: 0, priority: RULE_PRIORITY.history, confidence: EVIDENCE_CONFIDENCE.history, source: 'history', match: current.slice(0, 200) });
      }
    }
    const failing = failed(facts);
    if (candidates.length === 0 && failing) catchAll(facts, candidates);
    projectFileRefused(facts.text, candidates, failing);
    return decide(candidates, facts.retry ?? scanner.hint, () => mostInformativeLine(facts, scanner));
  } catch {
    // A safety net, not a code path: every read above is guarded. If something still throws,
    // the caller gets the honest answer (we do not know) instead of an exception.
    return decide([], null, () => null);
  }
}

/** The process failed: a non-zero exit code, or a thrown error with words in it. */
function failed(facts: Facts): boolean {
  return facts.exitCodes.some((n) => n !== 0) || facts.text.error.some((t) => !isBlank(t));
}

/**
 * The catch-all (catch-all.ts): nothing read the failure, and the program printed a line it marked
 * as its own error, or else a sentence saying it refuses (catch-all-refusal.ts) — its refusal,
 * ERROR_RESPONSE, shown as the evidence. Without such a line the verdict stays UNKNOWN.
 */
function catchAll(facts: Facts, out: Candidate[]): void {
  const marked = errorMarkedLine(facts.text);
  // No marked line: a sentence that says it refuses (catch-all-refusal.ts) is the refusal.
  const found = marked ?? refusalLine(facts.text);
  if (found === null) return;
  out.push({ order: -1, rule: marked === null ? REFUSAL_SENTENCE_RULE : CATCH_ALL_RULE, type: 'ERROR_RESPONSE', tier: tierOf(RULE_PRIORITY.catchAll), layer: LAYER_RANK.lexicon, priority: RULE_PRIORITY.catchAll, confidence: EVIDENCE_CONFIDENCE.catchAll, source: found.source, match: found.line.slice(0, 200) });
}

/** Rules triggered by structured fields: codes, exit codes, statuses, signals, conditions. */
function structured(compiled: CompiledRules, facts: Facts, out: Candidate[]): void {
  const add = (indexes: readonly number[] | undefined, source: EvidenceSource, confidence: number, match: string): void => {
    for (const index of indexes ?? []) {
      const rule = compiled.rules[index]!;
      out.push({ order: index, rule: rule.id, type: rule.type, tier: rule.tier, layer: rule.layer, priority: rule.priority, confidence: rule.confidence ?? confidence, source, match: match.slice(0, 200) });
    }
  };
  for (const code of facts.codes) add(compiled.codes.get(code), 'error', EVIDENCE_CONFIDENCE.code, code);
  for (const n of facts.exitCodes) add(compiled.exitCodes.get(n), 'exitCode', EVIDENCE_CONFIDENCE.exitCode, `exit code ${n}`);
  for (const n of facts.statuses) add(compiled.statuses.get(n), 'status', EVIDENCE_CONFIDENCE.status, `HTTP ${n}`);
  for (const s of facts.signals) add(compiled.signals.get(s), 'signal', EVIDENCE_CONFIDENCE.signal, s);
  if (facts.testsFailed > 0) {
    // The first failing test's place and message where known (AC-001), else the first names.
    const names = facts.testsFirst ?? facts.testsFailing.slice(0, 3).join(', ');
    add(compiled.conditions.get('testsFailed'), 'tests', EVIDENCE_CONFIDENCE.tests, `${facts.testsFailed} failed${names ? `: ${names}` : ''}`);
  }
  const validation = facts.text.validationErrors;
  if (validation.length > 0) add(compiled.conditions.get('validationErrors'), 'validationErrors', EVIDENCE_CONFIDENCE.validation, validation[0]!);
  if (facts.nothingProduced) add(compiled.conditions.get('emptyStdout'), 'stdout', EVIDENCE_CONFIDENCE.text, '(nothing on stdout or stderr)');
  if (facts.falsyAnswer) add(compiled.conditions.get('falsyAnswer'), 'stdout', EVIDENCE_CONFIDENCE.text, facts.text.stdout[0]!.trim());
}

/**
 * Terminal text as it was seen (no colour codes, overdraws resolved), and whether the step
 * produced nothing at all: stdout captured and blank, and no stderr or error text either.
 */
function clean(facts: Facts): void {
  for (const source of SCAN_ORDER) {
    const texts = facts.text[source];
    for (let i = 0; i < texts.length; i++) texts[i] = cleanTerminalText(texts[i]!);
  }
  facts.nothingProduced = facts.stdoutBlank && facts.text.stderr.every(isBlank) && facts.text.error.every(isBlank);
  // jq/yq `--exit-status`: exit 1 when the last answer is false or null. Exit 1 only: other codes are other failures.
  facts.falsyAnswer = facts.exitCodes.includes(1) && facts.text.stdout.length === 1 && FALSY.has(facts.text.stdout[0]!.trim())
    && facts.text.stderr.every(isBlank) && facts.text.error.every(isBlank);
}

/** What a query run as a check prints when its answer is no. */
const FALSY = new Set(['false', 'null']);

/** Where the fallback looks for an error line, in this order: the thrown error, stderr, the message, stdout. */
const FALLBACK_ORDER = ['error', 'stderr', 'message', 'stdout'] as const;

/**
 * The line that tells most about a failure no rule explained (issue 14): the first line that
 * looks like an error (strongest marker first, see `ERROR_LINE_MARKERS`), else the last
 * non-blank stderr line, else the first line of the error or message, else stdout's last line.
 * `null` when every field is blank.
 */
function mostInformativeLine(facts: Facts, scanner: Scanner): Evidence | null {
  for (const rank of [1, 2]) {
    for (const source of FALLBACK_ORDER) {
      const found = scanner.errorLine(source, rank);
      if (found !== null) return found;
    }
  }
  for (let i = facts.text.stderr.length - 1; i >= 0; i--) {
    const line = lastLine(facts.text.stderr[i]!);
    if (line !== '') return { rule: 'fallback.last-line', source: 'stderr', match: line };
  }
  for (const source of ['error', 'message'] as const) {
    for (const text of facts.text[source]) {
      const line = firstLine(text);
      if (line !== '') return { rule: 'fallback.first-line', source, match: line };
    }
  }
  for (const text of facts.text.stdout) {
    const line = lastLine(text);
    if (line !== '') return { rule: 'fallback.last-line', source: 'stdout', match: line };
  }
  return null;
}
