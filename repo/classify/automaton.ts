/**
 * A word-phrase matcher: every phrase of every rule compiled once into one Aho–Corasick
 * automaton with a dense transition table, so scanning a text costs one table lookup per
 * character whatever the number of phrases, and nothing can backtrack. The table's rows are
 * filled when a scan first enters their state, so a process pays for the few it uses. Matching is
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
  const { firstChild, nextSibling, classInto, own, states } = linkedTrie(patterns, classOf);
  // Number the states breadth-first: the shallow states, where a scan spends nearly all its
  // time, get neighbouring rows and stay in cache, a state's fail state comes before it, and the
  // children of state s are the states `children[s] + 1 .. children[s + 1]`.
  const order = new Int32Array(states); // order[number] = the state in the trie (order[0] = 0: the root)
  const trie = { children: new Int32Array(states + 1), classInto: new Uint16Array(states), fail: new Int32Array(states) };
  for (let s = 0, next = 1; s < states; s++) {
    trie.children[s] = next - 1;
    for (let c = firstChild[order[s]!]!; c !== 0; c = nextSibling[c]!) {
      trie.classInto[next] = classInto[c]!;
      order[next++] = c;
    }
  }
  trie.children[states] = states - 1;
  // Fail states, and each state's outputs: its own phrases, then its fail state's.
  const { children, fail } = trie;
  const outputs: number[][] = [[]];
  const outStart = new Int32Array(states + 1);
  const flat: number[] = [];
  for (let s = 0; s < states; s++) {
    const mine = own[order[s]!];
    if (s > 0) outputs[s] = mine ? [...mine, ...outputs[fail[s]!]!] : outputs[fail[s]!]!;
    outStart[s] = flat.length;
    flat.push(...outputs[s]!);
    // The root's children fail to the root; a deeper state's child, to where its own fail state leads on its class.
    if (s === 0) continue;
    for (let c = children[s]! + 1; c <= children[s + 1]!; c++) {
      const k = trie.classInto[c]!;
      let f = fail[s]!;
      let next = stepOf(trie, f, k);
      while (next === -1 && f !== 0) next = stepOf(trie, (f = fail[f]!), k);
      fail[c] = Math.max(next, 0);
    }
  }
  outStart[states] = flat.length;
  return new Automaton(patterns, width, classes, Int32Array.from(flat), outStart, trie);
}

/**
 * The trie of `patterns`: each state's children as a list (first child, next sibling) kept by
 * class, the class of the edge into each state, and the patterns ending in each state. Typed
 * arrays, not a Map per state: the build runs once per process, at its first failure, mostly
 * before V8 optimises anything, and ~13,000 Maps (with their iterators) were most of its ~75 ms
 * then. 0 means none: the root is nobody's child.
 */
function linkedTrie(patterns: readonly PhraseKey[], classOf: (c: number) => number) {
  let capacity = 1;
  for (const p of patterns) capacity += p.text.length;
  const firstChild = new Int32Array(capacity);
  const nextSibling = new Int32Array(capacity);
  const classInto = new Uint16Array(capacity);
  const own: number[][] = [];
  let states = 1;
  for (let id = 0; id < patterns.length; id++) {
    const text = patterns[id]!.text;
    let s = 0;
    for (let i = 0; i < text.length; i++) {
      const k = classOf(text.charCodeAt(i));
      let before = 0;
      let child = firstChild[s]!;
      while (child !== 0 && classInto[child]! < k) {
        before = child;
        child = nextSibling[child]!;
      }
      if (child === 0 || classInto[child] !== k) {
        // A new state, between the children of smaller and greater classes.
        const made = states++;
        classInto[made] = k;
        nextSibling[made] = child;
        if (before === 0) firstChild[s] = made;
        else nextSibling[before] = made;
        child = made;
      }
      s = child;
    }
    (own[s] ??= []).push(id);
  }
  return { firstChild, nextSibling, classInto, own, states };
}

/** The trie an automaton fills its rows from, its states numbered breadth-first. */
export interface Trie {
  /** The children of state s are the states `children[s] + 1 .. children[s + 1]`. */
  children: Int32Array;
  /** The class of the edge into each state. */
  classInto: Uint16Array;
  /** Where a state goes on a class it has no edge for: the longest proper suffix of its prefix that is a state. */
  fail: Int32Array;
}

/**
 * Where the trie goes from `s` on class `k`, -1 for nowhere. A state entered by a space keeps a
 * further space to itself (phrases are trimmed, so it has no outputs a further space would repeat).
 */
function stepOf(trie: Trie, s: number, k: number): number {
  if (k === SPACE && s > 0 && trie.classInto[s] === SPACE) return s;
  for (let c = trie.children[s]! + 1; c <= trie.children[s + 1]!; c++) if (trie.classInto[c] === k) return c;
  return -1;
}

/**
 * The compiled automaton: a dense transition table whose rows are filled as scans first enter
 * their states. The built-in packs make ~13,000 states of ~60 classes (3 MB of table); a
 * failure's text enters tens or hundreds of them (an ECONNREFUSED error, 54), and building
 * every row up front was most of the ~75 ms a process's first classification took.
 */
export class Automaton {
  /**
   * Transitions, indexed by `row + class` where a state's row is `state * width`. An entry is the
   * next state's row, negated when the scan must look closer (`enter`): that state has outputs,
   * or its own row was not filled when the entry was written. One lookup per character.
   */
  readonly delta: Int32Array;
  private readonly filled: Uint8Array;

  constructor(
    readonly patterns: readonly PhraseKey[],
    /** Number of character classes: the row width of `delta`. */
    readonly width: number,
    /**
     * Class of every UTF-16 code unit: 0 = in no phrase, 1 = whitespace, then one per phrase
     * character (both cases share one). A full table: one lookup, no branch, per character.
     */
    readonly classes: Uint16Array,
    /** Outputs of state s are `outData[outStart[s] .. outStart[s + 1])`. */
    readonly outData: Int32Array,
    readonly outStart: Int32Array,
    /** What rows are filled from (kept for {@link encodeAutomaton}). */
    readonly trie: Trie,
  ) {
    const states = outStart.length - 1;
    // Allocated whole and left untouched: the system backs a row's memory when it is first written.
    this.delta = new Int32Array(states * width);
    this.filled = new Uint8Array(states);
    this.fill(0);
  }

  /**
   * True when a scan that followed a negative entry into `state` has more to do than report its
   * outputs (`enter`): the state's row is not filled yet, or it has no outputs, so the entry was
   * negative only because the row was missing when it was written.
   */
  needsEntering(state: number): boolean {
    return this.filled[state] === 0 || this.silent(state);
  }

  /** Fill `state`'s row if it is not, and make the entry at `at` plain if `state` has no outputs. */
  enter(at: number, state: number): void {
    if (!this.filled[state]) this.fill(state);
    if (this.silent(state)) this.delta[at] = state * this.width;
  }

  /** A state's row: its fail state's row (filled first: it is shallower), then its own edges. */
  private fill(state: number): void {
    const { delta, width, trie } = this;
    const fail = trie.fail[state]!;
    const row = state * width;
    if (state > 0) {
      if (!this.filled[fail]) this.fill(fail);
      delta.copyWithin(row, fail * width, fail * width + width);
    }
    if (state > 0 && trie.classInto[state] === SPACE) delta[row + SPACE] = this.entry(state);
    for (let c = trie.children[state]! + 1; c <= trie.children[state + 1]!; c++) delta[row + trie.classInto[c]!] = this.entry(c);
    this.filled[state] = 1;
  }

  /** The entry leading to `state`: its row, negated if it has outputs or its row is not filled yet. */
  private entry(state: number): number {
    const row = state * this.width;
    return this.filled[state] && this.silent(state) ? row : -row;
  }

  /** True when no phrase ends in `state`: a scan entering it has nothing to report. */
  private silent(state: number): boolean {
    return this.outStart[state] === this.outStart[state + 1];
  }
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
    const at = row + classes[text.charCodeAt(i)]!;
    row = delta[at]!;
    if (row < 0) {
      row = -row;
      const state = row / width;
      if (a.needsEntering(state)) a.enter(at, state);
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
