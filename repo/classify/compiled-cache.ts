/**
 * A compiled rule set kept between processes, so a short-lived process (`recover run`, a hook
 * call, a fleet worker) that classifies once need not compile it. Compiling the built-in rules
 * spells out ~7,500 phrases (word forms, joined names) and builds a ~47,000-state automaton: most
 * of a fresh process's first classification. Reading it back is a JSON parse and a copy.
 *
 * The key is a hash of the rules as given (after validation) and of everything else compiling
 * reads: its tables (word families, retry triggers, error-line markers, priorities, layers) and
 * the source text of the functions that do it, so a cache written by another version of the
 * code or for other rules is never used. Bytes that do not fit are compiled again, never trusted.
 */
import { createHash } from 'node:crypto';
import { buildAutomaton, normalisePhrase, type PhraseKey } from './automaton.js';
import { decodeAutomaton, encodeAutomaton, type AutomatonCache } from './automaton-cache.js';
import { compileRules, SOURCE_BIT, type CompiledRule, type CompiledRules } from './compile.js';
import { ERROR_LINE_MARKERS } from './error-line.js';
import { LAYER_RANK, layerOfPack, layerRankOfRule } from './layers.js';
import { PRIORITY_TIERS, tierOf, TYPE_PRIORITY } from './priority.js';
import { RETRY_TRIGGERS } from './retry-after.js';
import { DEFAULT_SOURCES, type Rule } from './rule.js';
import { joinedForms, MAX_FORMS, MAX_JOINED_WORDS, NAME_FORMS, NOT_IN_NAMES, phraseForms, phraseJoins, WORD_FORMS } from './word-forms.js';

/** Bumped when the layout of the bytes, or how an automaton is built from its phrases, changes. */
const FORMAT = 2;

let compiler: string | undefined;

/** A hash of what compiling reads besides the rules: its tables and its functions' source. */
function compilerFingerprint(): string {
  if (compiler !== undefined) return compiler;
  const functions = [compileRules, phraseForms, phraseJoins, joinedForms, normalisePhrase, buildAutomaton, encodeAutomaton, layerOfPack, layerRankOfRule, tierOf];
  const tables = [WORD_FORMS, NAME_FORMS, [...NOT_IN_NAMES], RETRY_TRIGGERS, ERROR_LINE_MARKERS, TYPE_PRIORITY, PRIORITY_TIERS, LAYER_RANK, SOURCE_BIT, DEFAULT_SOURCES, MAX_FORMS, MAX_JOINED_WORDS];
  compiler = createHash('sha256').update(functions.map(String).join('\n')).update(JSON.stringify(tables)).digest('hex');
  return compiler;
}

/** The cache key of the compiled set of `rules` (merged and validated): format, compiler, rules. */
export function compiledKey(rules: readonly Rule[]): string {
  const hash = createHash('sha256').update(compilerFingerprint()).update(JSON.stringify(rules));
  return `v${FORMAT}-${hash.digest('hex').slice(0, 32)}`;
}

/**
 * The compiled set of `rules` from `cache` when it holds one for them, else compiled (and stored).
 * @param rules merged and validated (`mergeRules`).
 */
export function cachedCompile(rules: readonly Rule[], cache: AutomatonCache): CompiledRules {
  const key = compiledKey(rules);
  const bytes = cache.read(key);
  const found = bytes === null ? null : decodeCompiled(bytes);
  if (found !== null) return found;
  const compiled = compileRules(rules);
  cache.write(key, encodeCompiled(compiled));
  return compiled;
}

/** What the bytes' JSON part holds: the tables of {@link CompiledRules} but the automaton's arrays. */
interface Tables {
  rules: CompiledRule[];
  /** Per pattern: its text. */
  texts: string[];
  /** Per pattern, one digit: 1 when the start is checked, plus 2 when the end is. */
  bounds: string;
  phraseRules: number[][];
  lineRules: number[][];
  hintUnit: [number, number][];
  markerRank: [number, number][];
  guarded: number[];
  joined: number[];
  codes: [string, number[]][];
  exitCodes: [number, number[]][];
  statuses: [number, number[]][];
  signals: [string, number[]][];
  conditions: [string, number[]][];
}

/** Header (2 int32: format, JSON byte length), the JSON tables (padded to 4 bytes), then the automaton's bytes. */
export function encodeCompiled(c: CompiledRules): Uint8Array {
  const nonZero = (a: ArrayLike<number>): [number, number][] => Array.from(a, (v, i): [number, number] => [i, v]).filter(([, v]) => v !== 0);
  const tables: Tables = {
    rules: [...c.rules],
    texts: c.automaton.patterns.map((p) => p.text),
    bounds: c.automaton.patterns.map((p) => (p.checkStart ? 1 : 0) + (p.checkEnd ? 2 : 0)).join(''),
    phraseRules: c.phraseRules.map((x) => [...x]),
    lineRules: c.lineRules.map((x) => [...x]),
    hintUnit: nonZero(c.hintUnit),
    markerRank: nonZero(c.markerRank),
    guarded: nonZero(c.guarded).map(([i]) => i),
    joined: nonZero(c.joined).map(([i]) => i),
    codes: [...c.codes].map(([k, v]) => [k, [...v]]),
    exitCodes: [...c.exitCodes].map(([k, v]) => [k, [...v]]),
    statuses: [...c.statuses].map(([k, v]) => [k, [...v]]),
    signals: [...c.signals].map(([k, v]) => [k, [...v]]),
    conditions: [...c.conditions].map(([k, v]) => [k, [...v]]),
  };
  const json = Buffer.from(JSON.stringify(tables), 'utf8');
  const padded = (json.length + 3) & ~3;
  const automaton = encodeAutomaton(c.automaton);
  const out = new Uint8Array(8 + padded + automaton.length);
  new DataView(out.buffer).setInt32(0, FORMAT, true);
  new DataView(out.buffer).setInt32(4, json.length, true);
  out.set(json, 8);
  out.set(automaton, 8 + padded);
  return out;
}

/** The compiled set in `bytes`, or null when they do not fit (another format, damaged, cut short). */
export function decodeCompiled(bytes: Uint8Array): CompiledRules | null {
  try {
    if (bytes.byteLength < 8) return null;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const length = view.getInt32(4, true);
    if (view.getInt32(0, true) !== FORMAT || !(length > 0) || 8 + length > bytes.byteLength) return null;
    const t = JSON.parse(Buffer.from(bytes.buffer, bytes.byteOffset + 8, length).toString('utf8')) as Tables;
    const n = t.texts.length;
    if (t.bounds.length !== n || t.phraseRules.length !== n || t.lineRules.length !== n) return null;
    const patterns = new Array<PhraseKey>(n);
    for (let i = 0; i < n; i++) {
      const b = t.bounds.charCodeAt(i) - 48;
      patterns[i] = { text: t.texts[i]!, checkStart: (b & 1) === 1, checkEnd: (b & 2) === 2 };
    }
    // A Uint8Array view, not the Buffer a file read gives: a Buffer's `slice` shares its memory.
    const rest = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength).subarray(8 + ((length + 3) & ~3));
    const automaton = decodeAutomaton(rest, patterns);
    if (automaton === null) return null;
    const hintUnit = new Float64Array(n);
    for (const [i, v] of t.hintUnit) hintUnit[i] = v;
    const markerRank = new Uint8Array(n);
    for (const [i, v] of t.markerRank) markerRank[i] = v;
    const guarded = new Uint8Array(n);
    for (const i of t.guarded) guarded[i] = 1;
    const joined = new Uint8Array(n);
    for (const i of t.joined) joined[i] = 1;
    return {
      rules: t.rules, automaton, phraseRules: t.phraseRules, lineRules: t.lineRules, hintUnit, markerRank, guarded, joined,
      codes: new Map(t.codes), exitCodes: new Map(t.exitCodes), statuses: new Map(t.statuses), signals: new Map(t.signals),
      conditions: new Map(t.conditions) as CompiledRules['conditions'],
    };
  } catch {
    return null; // not JSON, or not these tables: compiled again
  }
}
