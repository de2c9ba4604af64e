import type { FailureType } from '../taxonomy/index.js';
import { buildAutomaton, isWordCode, normalisePhrase, type Automaton, type PhraseKey } from './automaton.js';
import { ERROR_LINE_MARKERS } from './error-line.js';
import type { LineShape } from './line-shape.js';
import { layerRankOfRule } from './layers.js';
import { tierOf, TYPE_PRIORITY } from './priority.js';
import { RETRY_TRIGGERS } from './retry-after.js';
import { DEFAULT_SOURCES, RuleError, TEXT_SOURCES, type Rule, type RuleCondition, type RulePack, type TextSource } from './rule.js';
import { validateRule } from './validate.js';
import { phraseForms, phraseJoins } from './word-forms.js';

/** Bit of each text source in a rule's source mask. */
export const SOURCE_BIT: Readonly<Record<TextSource, number>> = { error: 1, message: 2, stderr: 4, stdout: 8, validationErrors: 16 };
/** Bit of a rule whose phrases count in a failed command's stdout (`Rule.failingStdout`). */
export const FAILING_STDOUT_BIT = 32;

/** A rule ready to evaluate: phrases are pattern ids of the shared automaton. */
export interface CompiledRule {
  id: string;
  type: FailureType;
  priority: number;
  /** The tier its priority falls in (`tierOf`). */
  tier: number;
  /** Its layer's rank (`layerRankOfRule`). */
  layer: number;
  /** The rule's own confidence, or undefined to use the evidence kind's. */
  confidence: number | undefined;
  sourceMask: number;
  requires: readonly number[];
  /** The required phrases must share the phrase's line; then `requireKeys` are checked on that line. */
  sameLine: boolean;
  requireKeys: readonly PhraseKey[];
  unless: readonly number[];
  /** The line shape its phrases must sit in, or null. */
  shape: LineShape | null;
  /** Checked at each occurrence of a phrase until one fits its line (`sameLine` or a `shape`). */
  perLine: boolean;
}

/** Everything precompiled from a set of packs and rules: one automaton, lookup tables. */
export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
  readonly automaton: Automaton;
  /** Per pattern: the rules that have it as a phrase. */
  readonly phraseRules: readonly (readonly number[])[];
  /** Per pattern: the rules among them checked per line, same-line or shaped (at each occurrence until satisfied). */
  readonly lineRules: readonly (readonly number[])[];
  /** Per pattern: the bare-number unit when it is a retry-after trigger, else 0. */
  readonly hintUnit: Float64Array;
  /**
   * Per pattern: 1 when a match inside an identifier does not count (see identifier.ts): it is
   * a phrase of a rule without `inIdentifiers` that begins and ends with a word (so not a line
   * shape such as `sh: 1:` or a path such as `/etc`).
   */
  readonly guarded: Uint8Array;
  /**
   * Per pattern: 1 when it is a joined word form (`connectionrefused`), found without boundary
   * checks and counted only on word-part boundaries (see word-forms.ts).
   */
  readonly joined: Uint8Array;
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
 * Compiles rules (already merged) into {@link CompiledRules}. Done once per rule set (and once
 * per machine for a process that keeps it in a cache, see compiled-cache.ts).
 */
export function compileRules(rules: readonly Rule[]): CompiledRules {
  const patterns: PhraseKey[] = [];
  const patternIds = new Map<string, number>();
  const joinedIds = new Set<number>();
  const openIds = new Set<number>();
  const patternOf = (raw: string, joined = false, open = false): number => {
    const key = normalisePhrase(joined ? `*${raw}*` : raw)!;
    // Joined forms get their own ids: the same text as a plain `*x*` phrase, different boundaries. So do the
    // phrases of a rule that skips the identifier check (a path's, a shaped rule's): that rule's own shape
    // decides, not every rule that shares the phrase.
    const name = `${joined ? '~' : ''}${open ? '^' : ''}${key.checkStart ? '' : '*'}${key.text}${key.checkEnd ? '' : '*'}`;
    let id = patternIds.get(name);
    if (id === undefined) {
      id = patterns.length;
      patterns.push(key);
      patternIds.set(name, id);
      if (joined) joinedIds.add(id);
      if (open) openIds.add(id);
    }
    return id;
  };
  /** A rule's phrases as pattern ids: with `wordForms`, every form, and the joined forms of the phrases. */
  const patternsOf = (rule: Rule, phrases: readonly string[] | undefined, join: boolean): number[] => {
    const open = join && (rule.inIdentifiers === true || rule.shape !== undefined);
    if (rule.wordForms !== true) return (phrases ?? []).map((phrase) => patternOf(phrase, false, open));
    const forms = (phrases ?? []).flatMap((phrase) => phraseForms(phrase));
    return [...forms.map((form) => patternOf(form, false, open)), ...(join ? (phrases ?? []).flatMap(phraseJoins).map((form) => patternOf(form, true)) : [])];
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
    for (const id of patternsOf(rule, rule.phrases, true)) {
      const list = (phraseRules[id] ??= []);
      if (!list.includes(index)) list.push(index);
    }
    for (const code of rule.codes ?? []) addTo(codes, code.toUpperCase(), index);
    for (const n of rule.exitCodes ?? []) addTo(exitCodes, n, index);
    for (const n of rule.statuses ?? []) addTo(statuses, n, index);
    for (const s of rule.signals ?? []) addTo(signals, s.toUpperCase(), index);
    if (rule.when !== undefined) addTo(conditions, rule.when, index);
    let sourceMask = 0;
    for (const source of rule.sources ?? DEFAULT_SOURCES) sourceMask |= SOURCE_BIT[source];
    if (rule.failingStdout === true) sourceMask |= FAILING_STDOUT_BIT;
    const sameLine = rule.sameLine === true && (rule.requires ?? []).length > 0;
    const requires = rule.wordForms === true ? (rule.requires ?? []).flatMap((phrase) => phraseForms(phrase)) : rule.requires ?? [];
    const priority = rule.priority ?? TYPE_PRIORITY[rule.type];
    return {
      id: rule.id,
      type: rule.type,
      priority,
      tier: tierOf(priority),
      layer: layerRankOfRule(rule.id),
      confidence: rule.confidence,
      sourceMask,
      // A same-line rule's required words are looked for on the phrase's line (`requireKeys`), never by the
      // automaton: as patterns they would only be matched and ignored ("module" on every line of a build log).
      requires: sameLine ? [] : patternsOf(rule, rule.requires, false),
      sameLine,
      requireKeys: requires.map((phrase) => normalisePhrase(phrase)!),
      unless: patternsOf(rule, rule.unless, false),
      shape: rule.shape ?? null,
      perLine: sameLine || rule.shape !== undefined,
    };
  });
  const lineRules = phraseRules.map((indexes) => (indexes ?? []).filter((index) => compiled[index]!.perLine));
  const hintPatterns = Object.entries(RETRY_TRIGGERS).map(([phrase, unit]) => [patternOf(phrase), unit] as const);
  const markerPatterns = Object.entries(ERROR_LINE_MARKERS).map(([phrase, rank]) => [patternOf(phrase), rank] as const);
  const guarded = new Uint8Array(patterns.length);
  // Paths, and the phrases of shaped rules (their own ids, above): where they sit is the line's shape, not an identifier check.
  phraseRules.forEach((indexes, id) => {
    const key = patterns[id]!;
    if (indexes !== undefined && indexes.length > 0 && !openIds.has(id) && isWordPhrase(key)) guarded[id] = 1;
  });
  const automaton = buildAutomaton(patterns);
  const hintUnit = new Float64Array(patterns.length);
  for (const [id, unit] of hintPatterns) hintUnit[id] = unit;
  const markerRank = new Uint8Array(patterns.length);
  for (const [id, rank] of markerPatterns) markerRank[id] = rank;
  const joined = new Uint8Array(patterns.length);
  for (const id of joinedIds) joined[id] = 1;
  for (let id = 0; id < patterns.length; id++) {
    phraseRules[id] ??= [];
    lineRules[id] ??= [];
  }
  return { rules: compiled, automaton, phraseRules, lineRules, hintUnit, markerRank, guarded, joined, codes, exitCodes, statuses, signals, conditions };
}

/** All text sources, in the order they are scanned (and evidence is listed). */
export const SCAN_ORDER: readonly TextSource[] = TEXT_SOURCES;

/** True for a phrase that is words: word-bounded at both ends, first and last characters word characters. */
function isWordPhrase(key: PhraseKey): boolean {
  return key.checkStart && key.checkEnd && isWordCode(key.text.charCodeAt(0)) && isWordCode(key.text.charCodeAt(key.text.length - 1));
}
