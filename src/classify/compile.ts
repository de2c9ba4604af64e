import type { FailureType } from '../taxonomy/index.js';
import { buildAutomaton, isWordCode, normalisePhrase, type Automaton, type PhraseKey } from './automaton.js';
import { cachedAutomaton, type AutomatonCache } from './automaton-cache.js';
import { ERROR_LINE_MARKERS } from './error-line.js';
import { TYPE_PRIORITY } from './priority.js';
import { RETRY_TRIGGERS } from './retry-after.js';
import { DEFAULT_SOURCES, RuleError, TEXT_SOURCES, type Rule, type RuleCondition, type RulePack, type TextSource } from './rule.js';
import { validateRule } from './validate.js';

/** Bit of each text source in a rule's source mask. */
export const SOURCE_BIT: Readonly<Record<TextSource, number>> = { error: 1, message: 2, stderr: 4, stdout: 8, validationErrors: 16 };

/** A rule ready to evaluate: phrases are pattern ids of the shared automaton. */
export interface CompiledRule {
  id: string;
  type: FailureType;
  priority: number;
  /** The rule's own confidence, or undefined to use the evidence kind's. */
  confidence: number | undefined;
  sourceMask: number;
  requires: readonly number[];
  /** The required phrases must share the phrase's line; then `requireKeys` are checked on that line. */
  sameLine: boolean;
  requireKeys: readonly PhraseKey[];
  unless: readonly number[];
}

/** Everything precompiled from a set of packs and rules: one automaton, lookup tables. */
export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
  readonly automaton: Automaton;
  /** Per pattern: the rules that have it as a phrase. */
  readonly phraseRules: readonly (readonly number[])[];
  /** Per pattern: the same-line rules among them (checked at each occurrence until satisfied). */
  readonly lineRules: readonly (readonly number[])[];
  /** Per pattern: the bare-number unit when it is a retry-after trigger, else 0. */
  readonly hintUnit: Float64Array;
  /**
   * Per pattern: 1 when a match inside an identifier does not count (see identifier.ts): it is
   * a phrase of a rule without `inIdentifiers` that begins and ends with a word (so not a line
   * shape such as `sh: 1:` or a path such as `/etc`).
   */
  readonly guarded: Uint8Array;
  /** Per pattern: its rank as an error-line marker (1 strongest, 2 weaker), or 0 (see `ERROR_LINE_MARKERS`). */
  readonly markerRank: Uint8Array;
  readonly codes: ReadonlyMap<string, readonly number[]>;
  readonly exitCodes: ReadonlyMap<number, readonly number[]>;
  readonly statuses: ReadonlyMap<number, readonly number[]>;
  readonly signals: ReadonlyMap<string, readonly number[]>;
  readonly conditions: ReadonlyMap<RuleCondition, readonly number[]>;
}

/**
 * The rules in effect: the packs' rules in order, then `extra`; a rule whose id was already
 * seen replaces it in place; disabled rules are dropped. Every rule is validated.
 */
export function mergeRules(packs: readonly RulePack[], extra: readonly Rule[]): Rule[] {
  const byId = new Map<string, Rule>();
  packs.forEach((pack, p) => {
    const rules: unknown = pack?.rules;
    if (!Array.isArray(rules)) throw new RuleError(`packs[${p}].rules`, 'must be an array of rules');
    rules.forEach((rule, r) => {
      const valid = validateRule(rule, `packs[${p}].rules[${r}]`);
      byId.set(valid.id, valid);
    });
  });
  if (!Array.isArray(extra)) throw new RuleError('rules', 'must be an array of rules');
  extra.forEach((rule, r) => {
    const valid = validateRule(rule, `rules[${r}]`);
    byId.set(valid.id, valid);
  });
  return [...byId.values()].filter((rule) => rule.disabled !== true);
}

/**
 * Compiles rules (already merged) into {@link CompiledRules}. Done once per rule set.
 * @param cache where a built automaton is kept between processes (default: none, always built).
 */
export function compileRules(rules: readonly Rule[], cache?: AutomatonCache): CompiledRules {
  const patterns: PhraseKey[] = [];
  const patternIds = new Map<string, number>();
  const patternOf = (raw: string): number => {
    const key = normalisePhrase(raw)!;
    const name = `${key.checkStart ? '' : '*'}${key.text}${key.checkEnd ? '' : '*'}`;
    let id = patternIds.get(name);
    if (id === undefined) {
      id = patterns.length;
      patterns.push(key);
      patternIds.set(name, id);
    }
    return id;
  };
  const phraseRules: number[][] = [];
  const addTo = <K>(map: Map<K, number[]>, key: K, index: number): void => {
    const list = map.get(key);
    if (list === undefined) map.set(key, [index]);
    else if (!list.includes(index)) list.push(index);
  };
  const codes = new Map<string, number[]>();
  const exitCodes = new Map<number, number[]>();
  const statuses = new Map<number, number[]>();
  const signals = new Map<string, number[]>();
  const conditions = new Map<RuleCondition, number[]>();
  const compiled = rules.map((rule, index): CompiledRule => {
    for (const phrase of rule.phrases ?? []) {
      const list = (phraseRules[patternOf(phrase)] ??= []);
      if (!list.includes(index)) list.push(index);
    }
    for (const code of rule.codes ?? []) addTo(codes, code.toUpperCase(), index);
    for (const n of rule.exitCodes ?? []) addTo(exitCodes, n, index);
    for (const n of rule.statuses ?? []) addTo(statuses, n, index);
    for (const s of rule.signals ?? []) addTo(signals, s.toUpperCase(), index);
    if (rule.when !== undefined) addTo(conditions, rule.when, index);
    let sourceMask = 0;
    for (const source of rule.sources ?? DEFAULT_SOURCES) sourceMask |= SOURCE_BIT[source];
    return {
      id: rule.id,
      type: rule.type,
      priority: rule.priority ?? TYPE_PRIORITY[rule.type],
      confidence: rule.confidence,
      sourceMask,
      requires: (rule.requires ?? []).map(patternOf),
      sameLine: rule.sameLine === true && (rule.requires ?? []).length > 0,
      requireKeys: (rule.requires ?? []).map((phrase) => normalisePhrase(phrase)!),
      unless: (rule.unless ?? []).map(patternOf),
    };
  });
  const lineRules = phraseRules.map((indexes) => (indexes ?? []).filter((index) => compiled[index]!.sameLine));
  const hintPatterns = Object.entries(RETRY_TRIGGERS).map(([phrase, unit]) => [patternOf(phrase), unit] as const);
  const markerPatterns = Object.entries(ERROR_LINE_MARKERS).map(([phrase, rank]) => [patternOf(phrase), rank] as const);
  const guarded = new Uint8Array(patterns.length);
  const open = new Set<number>();
  for (const rule of rules) if (rule.inIdentifiers === true) for (const phrase of rule.phrases ?? []) open.add(patternOf(phrase));
  phraseRules.forEach((indexes, id) => {
    const key = patterns[id]!;
    if (indexes !== undefined && indexes.length > 0 && !open.has(id) && isWordPhrase(key)) guarded[id] = 1;
  });
  const automaton = cache ? cachedAutomaton(patterns, cache) : buildAutomaton(patterns);
  const hintUnit = new Float64Array(patterns.length);
  for (const [id, unit] of hintPatterns) hintUnit[id] = unit;
  const markerRank = new Uint8Array(patterns.length);
  for (const [id, rank] of markerPatterns) markerRank[id] = rank;
  for (let id = 0; id < patterns.length; id++) {
    phraseRules[id] ??= [];
    lineRules[id] ??= [];
  }
  return { rules: compiled, automaton, phraseRules, lineRules, hintUnit, markerRank, guarded, codes, exitCodes, statuses, signals, conditions };
}

/** All text sources, in the order they are scanned (and evidence is listed). */
export const SCAN_ORDER: readonly TextSource[] = TEXT_SOURCES;

/** True for a phrase that is words: word-bounded at both ends, first and last characters word characters. */
function isWordPhrase(key: PhraseKey): boolean {
  return key.checkStart && key.checkEnd && isWordCode(key.text.charCodeAt(0)) && isWordCode(key.text.charCodeAt(key.text.length - 1));
}
