import { isFailureType } from '../taxonomy/index.js';
import { normalisePhrase } from './automaton.js';
import { isLineShape, LINE_SHAPE_NAMES } from './line-shape.js';
import { RULE_CONDITIONS, RuleError, TEXT_SOURCES, type Rule } from './rule.js';
import { unknownStem } from './word-forms.js';

const KEYS = new Set(['id', 'type', 'priority', 'confidence', 'sources', 'phrases', 'requires', 'sameLine', 'inIdentifiers', 'unless', 'codes', 'exitCodes', 'statuses', 'signals', 'when', 'disabled', 'source', 'wordForms', 'shape', 'failingStdout']);
/** Longest phrase accepted: phrases are words, not documents. */
export const MAX_PHRASE = 200;

/**
 * Checks that `value` is a valid {@link Rule} (rules come from user config, so every field is
 * checked) and returns it. Throws {@link RuleError} naming the bad field's path.
 */
export function validateRule(value: unknown, path: string): Rule {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new RuleError(path, 'must be an object');
  const rule = value as Record<string, unknown>;
  for (const key of Object.keys(rule)) {
    if (!KEYS.has(key)) throw new RuleError(`${path}.${key}`, 'is not a rule field');
  }
  if (typeof rule.id !== 'string' || rule.id.trim() === '') throw new RuleError(`${path}.id`, 'must be a non-empty string');
  if (!isFailureType(rule.type)) throw new RuleError(`${path}.type`, 'must be a failure type such as RATE_LIMIT');
  if (rule.priority !== undefined && !(typeof rule.priority === 'number' && Number.isFinite(rule.priority))) {
    throw new RuleError(`${path}.priority`, 'must be a finite number');
  }
  if (rule.confidence !== undefined && !(typeof rule.confidence === 'number' && rule.confidence >= 0 && rule.confidence <= 1)) {
    throw new RuleError(`${path}.confidence`, 'must be a number in [0, 1]');
  }
  if (rule.sources !== undefined) {
    const ok = Array.isArray(rule.sources) && rule.sources.every((s) => (TEXT_SOURCES as readonly unknown[]).includes(s));
    if (!ok) throw new RuleError(`${path}.sources`, `must be a list of ${TEXT_SOURCES.join(', ')}`);
  }
  for (const key of ['phrases', 'requires', 'unless', 'codes'] as const) checkPhrases(rule[key], `${path}.${key}`);
  for (const key of ['exitCodes', 'statuses'] as const) {
    const list = rule[key];
    if (list !== undefined && !(Array.isArray(list) && list.every((n) => Number.isInteger(n)))) {
      throw new RuleError(`${path}.${key}`, 'must be a list of integers');
    }
  }
  if (rule.source !== undefined && !(typeof rule.source === 'string' && rule.source.length <= 1000)) {
    throw new RuleError(`${path}.source`, 'must be a string of at most 1000 characters');
  }
  if (rule.signals !== undefined && !(Array.isArray(rule.signals) && rule.signals.every((s) => typeof s === 'string' && s !== ''))) {
    throw new RuleError(`${path}.signals`, 'must be a list of signal names');
  }
  if (rule.when !== undefined && !(RULE_CONDITIONS as readonly unknown[]).includes(rule.when)) {
    throw new RuleError(`${path}.when`, `must be one of ${RULE_CONDITIONS.join(', ')}`);
  }
  if (rule.shape !== undefined && !isLineShape(rule.shape)) throw new RuleError(`${path}.shape`, `must be one of ${LINE_SHAPE_NAMES.join(', ')}`);
  if (rule.wordForms === true) {
    for (const key of ['phrases', 'requires', 'unless'] as const) {
      (rule[key] as string[] | undefined)?.forEach((phrase, i) => {
        const stem = unknownStem(phrase);
        if (stem !== null) throw new RuleError(`${path}.${key}[${i}]`, `names {${stem}}, which is not a word family of WORD_FORMS`);
      });
    }
  }
  for (const key of ['disabled', 'sameLine', 'inIdentifiers', 'wordForms', 'failingStdout'] as const) {
    if (rule[key] !== undefined && typeof rule[key] !== 'boolean') throw new RuleError(`${path}.${key}`, 'must be a boolean');
  }
  const triggers = ['phrases', 'codes', 'exitCodes', 'statuses', 'signals'].some((k) => Array.isArray(rule[k]) && (rule[k] as unknown[]).length > 0);
  if (!triggers && rule.when === undefined && rule.disabled !== true) {
    throw new RuleError(path, 'has nothing to match: give phrases, codes, exitCodes, statuses, signals or when');
  }
  return rule as unknown as Rule;
}

function checkPhrases(list: unknown, path: string): void {
  if (list === undefined) return;
  if (!Array.isArray(list)) throw new RuleError(path, 'must be a list of strings');
  list.forEach((phrase, i) => {
    if (typeof phrase !== 'string' || phrase.length > MAX_PHRASE || normalisePhrase(phrase) === null) {
      throw new RuleError(`${path}[${i}]`, `must be a non-empty string of at most ${MAX_PHRASE} characters`);
    }
  });
}
