/**
 * A word-phrase matcher: every phrase of every rule compiled once into one Aho–Corasick
 * automaton with a dense transition table, so scanning a text costs one table lookup per
 * character whatever the number of phrases, and nothing can backtrack. Matching is
 * case-insensitive and a run of whitespace in the text matches one space in a phrase.
 * Word boundaries are checked only when a phrase has matched (rare), on the original text.
 */

/** A phrase after normalisation, with its boundary checks. */
export interface PhraseKey {
  /** Lower-case, single spaces, no `*` markers. */
  text: string;
  /** The character before the match must not be a word character. */
  checkStart: boolean;
  /** The character after the match must not be a word character. */
  checkEnd: boolean;
}

/** The compiled automaton. */
export interface Automaton {
  readonly patterns: readonly PhraseKey[];
  /** Number of character classes: the row width of `delta`. */
  readonly width: number;
  /**
   * Class of every UTF-16 code unit: 0 = in no phrase, 1 = whitespace, then one per phrase
   * character (both cases share one). A full table: one lookup, no branch, per character.
   */
  readonly classes: Uint16Array;
  /**
   * Transitions, indexed by `row + class` where a state's row is `state * width`. An entry is
   * the next state's row, negated when that state has outputs: one lookup per character tells
   * both where to go and whether anything matched (the root, row 0, has none).
   */
  readonly delta: Int32Array;
  /** Outputs of state s are `outData[outStart[s] .. outStart[s + 1])`. */
  readonly outStart: Int32Array;
  readonly outData: Int32Array;
}

const OTHER = 0;
const SPACE = 1;
const NON_ASCII_SPACES = [0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff];

/** True for ASCII letters, digits and `_`: the characters a word boundary separates. */
export function isWordCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

/** Normalises a rule phrase; `null` when nothing is left to match. */
export function normalisePhrase(raw: string): PhraseKey | null {
  let text = raw.trim();
  const checkStart = !text.startsWith('*');
  if (!checkStart) text = text.slice(1);
  const checkEnd = !text.endsWith('*');
  if (!checkEnd) text = text.slice(0, -1);
  text = text.toLowerCase().split(/\s+/).filter(Boolean).join(' ');
  return text === '' ? null : { text, checkStart, checkEnd };
}

/** Builds the automaton for these phrases; pattern ids are their indexes. */
export function buildAutomaton(patterns: readonly PhraseKey[]): Automaton {
  const classes = new Uint16Array(0x10000);
  for (const c of [9, 10, 11, 12, 13, 32, ...NON_ASCII_SPACES]) classes[c] = SPACE;
  let width = 2;
  const classOf = (c: number): number => {
    if (classes[c] !== OTHER) return classes[c]!;
    const k = width++;
    // Both cases of a letter share a class, so the scan needs no lower-casing; a class already
    // given is never taken over (the Kelvin sign upper-cases to 'K').
    for (const variant of [c, ...caseVariants(c)]) if (variant === c || classes[variant] === OTHER) classes[variant] = k;
    return k;
  };
  // The trie, with sparse edges while building.
  const edges: Map<number, number>[] = [new Map()];
  const own: number[][] = [[]];
  /** States entered by a space: a further space keeps them where they are (runs collapse). */
  const afterSpace = new Set<number>();
  patterns.forEach((p, id) => {
    let s = 0;
    for (let i = 0; i < p.text.length; i++) {
      const k = classOf(p.text.charCodeAt(i));
      let next = edges[s]!.get(k);
      if (next === undefined) {
        next = edges.length;
        edges.push(new Map());
        own.push([]);
        edges[s]!.set(k, next);
        if (k === SPACE) afterSpace.add(next);
      }
      s = next;
    }
    own[s]!.push(id);
  });
  const states = edges.length;
  const delta = new Int32Array(states * width);
  const fail = new Int32Array(states);
  const outputs: number[][] = own.map((o) => [...o]);
  // Breadth-first: a state's fail link and row are ready before its children need them.
  const queue: number[] = [];
  for (const [k, child] of edges[0]!) {
    delta[k] = child;
    queue.push(child);
  }
  for (let head = 0; head < queue.length; head++) {
    const s = queue[head]!;
    outputs[s]!.push(...outputs[fail[s]!]!);
    const row = s * width;
    const failRow = fail[s]! * width;
    for (let k = 0; k < width; k++) {
      const child = edges[s]!.get(k);
      if (k === SPACE && afterSpace.has(s)) {
        delta[row + k] = s; // phrases are trimmed, so such a state has no outputs to repeat
      } else if (child === undefined) {
        delta[row + k] = delta[failRow + k]!;
      } else {
        fail[child] = delta[failRow + k]!;
        delta[row + k] = child;
        queue.push(child);
      }
    }
  }
  // Renumber states breadth-first: the shallow states, where a scan spends nearly all its time,
  // get neighbouring rows and stay in cache.
  const order = [0, ...queue];
  const id = new Int32Array(states);
  order.forEach((old, i) => (id[old] = i));
  const table = new Int32Array(states * width);
  const outStart = new Int32Array(states + 1);
  const flat: number[] = [];
  order.forEach((old, i) => {
    outStart[i] = flat.length;
    flat.push(...outputs[old]!);
    for (let k = 0; k < width; k++) {
      const next = delta[old * width + k]!;
      table[i * width + k] = outputs[next]!.length > 0 ? -(id[next]! * width) : id[next]! * width;
    }
  });
  outStart[states] = flat.length;
  return { patterns, width, classes, delta: table, outStart, outData: Int32Array.from(flat) };
}

function caseVariants(c: number): number[] {
  const ch = String.fromCharCode(c);
  return [ch.toLowerCase(), ch.toUpperCase()].filter((v) => v.length === 1).map((v) => v.charCodeAt(0));
}

/** Receives every raw match (boundaries not yet checked): pattern id and index of its last character. */
export interface MatchSink {
  hit(pattern: number, end: number): void;
}

/** Scans `text[from, to)` and reports every phrase occurrence to `sink`. Linear in `to - from`. */
export function scan(a: Automaton, text: string, from: number, to: number, sink: MatchSink): void {
  const { delta, width, classes, outStart, outData } = a;
  let row = 0;
  for (let i = from; i < to; i++) {
    row = delta[row + classes[text.charCodeAt(i)]!]!;
    if (row < 0) {
      row = -row;
      const state = row / width;
      for (let j = outStart[state]!, e = outStart[state + 1]!; j < e; j++) sink.hit(outData[j]!, i);
    }
  }
}

/** True when `c` is whitespace for the automaton. */
function isSpace(a: Automaton, c: number): boolean {
  return a.classes[c] === SPACE;
}

/**
 * The index where a match of `pattern` ending at `end` starts, walking back over the
 * original text (a whitespace run counts as one character). Cost: the phrase's length.
 */
export function matchStart(a: Automaton, text: string, pattern: number, end: number): number {
  let j = end;
  for (let left = a.patterns[pattern]!.text.length; left > 0; left--) {
    if (isSpace(a, text.charCodeAt(j))) {
      while (j > 0 && isSpace(a, text.charCodeAt(j - 1))) j--;
    }
    j--;
  }
  return j + 1;
}

/** True when the match of `pattern` spanning `text[start, end]` sits on word boundaries. */
export function onBoundaries(a: Automaton, text: string, pattern: number, start: number, end: number): boolean {
  const p = a.patterns[pattern]!;
  if (p.checkStart && start > 0 && isWordCode(text.charCodeAt(start - 1))) return false;
  if (p.checkEnd && end + 1 < text.length && isWordCode(text.charCodeAt(end + 1))) return false;
  return true;
}
