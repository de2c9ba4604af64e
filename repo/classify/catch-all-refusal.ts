/**
 * The catch-all's second shape (issue 30, session 16): a failed process that printed no
 * error-marked line (catch-all.ts) but said in a sentence that it refuses — `Invalid command: zz`,
 * `Can't find backups/site.arj`, `No target language specified.`, `cvs checkout: No CVSROOT
 * specified!`, `backup.arj is not an ARJ archive`, `Decoding of hero.png failed.`, `conformability
 * error` — is refusing the request in its own words: ERROR_RESPONSE, as a marked line is. Read only
 * when no rule matched and no line is error-marked, so it changes nothing else.
 *
 * A refusal sentence, read on one line (after up to three short `head:` fields such as a program's
 * name, `line 0:` or `.1.3.6.1…:`, and a `***` marker), is one of:
 * - **a refusal head**: the sentence opens with a word of refusal ({@link REFUSAL_HEADS}: `no`,
 *   `not`, `cannot`, `can't`, `could not`, `unable`, `failed`, `invalid`, `unknown`, `bad`,
 *   `missing` …; `error` after a head field) and holds two words or more (three on stdout);
 * - **a refused predicate** (not in a field that prints a usage text): a sentence of three words or
 *   more that opens with a letter and says within its first {@link PREDICATE_REACH} words, outside
 *   parentheses, that something is not, does not, could not or failed (`not`, a `n't` contraction,
 *   `cannot`, `unable`, `failed`);
 * - **a named error**: a line of at most {@link NAMED_ERROR_WORDS} words that ends in `error` or
 *   `failure` (a parenthesis after it aside): `conformability error`.
 * Not a refusal sentence: an indented line (help text, frames, listings), a line of a usage text
 * for the predicate, a conditional or an instruction (`If FILE is not given…`, `Use … for help`),
 * a test's report line (`… ok`, `FAILED`, `...`), a progress line, a failure the program went on
 * from (`step 1 failed, retrying`), a listing's count (`unknown hosts: none`), identifiers
 * (`no_cache`, `FAILED_STEP`), `0 errors`, an `error` word inside a longer sentence, a setting
 * (`Error handling: strict`).
 */
import { CATCH_ALL_WINDOW, findLine, NOT_DIAGNOSTIC, type MarkedLine } from './catch-all.js';
import { isAlnum, isLetter } from './line-scan.js';

/** The evidence's rule id: the catch-all read this sentence as the program's refusal, no concept did. */
export const REFUSAL_SENTENCE_RULE = 'catch-all.refusal-sentence';

/** Words that open a refusal (lower case; `could`/`can` count with `not` after them). */
const REFUSAL_HEADS = new Set([
  'no', 'not', 'cannot', "can't", "couldn't", 'unable', 'failed', 'invalid', 'unknown', 'bad', 'missing', 'illegal',
  'unrecognized', 'unrecognised', 'unsupported', 'garbled', 'malformed', 'wrong', 'problem', 'refused', 'denied',
]);

/**
 * `error` opens a refusal only after a head field (`Load key "deploy_key": error in libcrypto`): at a
 * line's start, `Error handling: strict` is a setting and `Error while reading file` a sentence the
 * error-doing head (catch-all-doing.ts) leaves alone without its colon.
 */
const HEAD_ONLY_AFTER_FIELD = 'error';

/** Words of a failure the program went on from (`step 1 failed, retrying`): not its refusal. */
const WENT_ON = ['retrying', 'will retry', 'skipping', 'skipped', 'ignoring', 'ignored', 'continuing', 'falling back'];

/** Values of a listing's field (`unknown hosts: none`, `invalid entries: 0`): a count, not a refusal. */
const LISTING_VALUES = new Set(['none', 'no', 'yes', 'n/a', '-', 'ok', 'true', 'false', 'off', 'on']);

/** Words that say, inside a sentence, that something is refused or did not happen. */
const REFUSAL_PREDICATES = new Set(['not', 'cannot', 'unable', 'failed']);

/** Words that open a condition, an instruction or a report, not a refusal. */
const NOT_REFUSAL = new Set(['if', 'when', 'whenever', 'unless', 'use', 'see', 'try', 'type', 'run', 'please', 'for', 'to', 'ok', 'pass', 'passed']);

/** Heads of a test's report or a comparison: their values are no refusal of the program's. */
const REPORT_HEADS = new Set(['expected', 'actual', 'received', 'got', 'want']);

/**
 * One pass that every refusal sentence passes (a word of {@link REFUSAL_HEADS}, {@link REFUSAL_PREDICATES},
 * `could`/`can`, `error`/`failure` or a `n't`): most lines of a long log have none and are left at once.
 */
const ANY_REFUSAL_WORD = /\b(?:no|not|cannot|can|could|unable|failed|invalid|unknown|bad|missing|illegal|unrecogni[sz]ed|unsupported|garbled|malformed|wrong|problem|refused|denied|error|failure)\b|n['\u2019]t\b/i;

/** A predicate counts within this many words of the sentence's start (a subject, then the verb). */
export const PREDICATE_REACH = 8;
/** A named error is a line of at most this many words. */
export const NAMED_ERROR_WORDS = 4;
/** Longer lines are prose or data, not a refusal sentence. */
const MAX_LINE = 300;
/** Head fields of at most this many characters (`cvs checkout:`, `line 0:`). */
const MAX_HEAD = 40;

/**
 * The words of `text`: blank-separated tokens with their edge punctuation stripped, lower case;
 * a token joined by `_`, `/`, `.`, `=` or digits inside stays one token (an identifier or a path),
 * which no word set holds.
 */
function words(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(/[ \t]+/)) {
    let a = 0;
    let b = token.length;
    while (a < b && !isAlnum(token.charCodeAt(a))) a++;
    while (b > a && !isAlnum(token.charCodeAt(b - 1))) b--;
    if (b > a) out.push(token.slice(a, b).toLowerCase().replace('\u2019', "'"));
  }
  return out;
}

/** True for a test report's or a progress line: `… ok`, `… FAILED`, `name ... `, `45%`. */
function reportLine(line: string): boolean {
  if (line.includes('...') || line.includes('\u2026') || /\d%/.test(line)) return true;
  const last = line.trimEnd().split(/[ \t]+/).pop() ?? '';
  return last === 'ok' || last === 'FAILED' || last === 'FAIL' || last === 'PASSED' || last === 'PASS';
}

/** True when a word is a `n't` contraction (`doesn't`, `isn't`) or a predicate of {@link REFUSAL_PREDICATES}. */
function refusedPredicate(word: string): boolean {
  return REFUSAL_PREDICATES.has(word) || (word.length > 3 && word.endsWith("n't"));
}

/**
 * True when `line` is a refusal sentence (see the file's comment). `predicates`: whether the
 * refused-predicate shape is read (not in a field with a usage text); `minWords`: the fewest words
 * a refusal head's sentence holds (3 on ordinary stdout, where `invalid x-api-key` may be a listing).
 */
export function refusalSentence(line: string, predicates = true, minWords = 2): boolean {
  if (line.length > MAX_LINE || !ANY_REFUSAL_WORD.test(line)) return false;
  let at = 0;
  // One leading blank at most: a deeper indent is help text, a frame or a listing.
  if (line.charCodeAt(0) === 32) at = 1;
  if (line.charCodeAt(at) === 32 || line.charCodeAt(at) === 9) return false;
  // A `***` marker (`*** Host did not advertise STARTTLS`).
  while (line.charCodeAt(at) === 42) at++;
  while (line.charCodeAt(at) === 32) at++;
  if (at >= line.length || reportLine(line) || listing(line)) return false;
  const lower = line.toLowerCase();
  if (WENT_ON.some((w) => lower.includes(w))) return false;
  for (let k = 0; ; k++) {
    const rest = line.slice(at);
    const w = words(rest);
    if (w.length === 0) return false;
    if (k === 0 && NOT_REFUSAL.has(w[0]!)) return false;
    // `usage: …`, `warning: …`, `Warning 301: …`, `expected: …`: a head that is no diagnostic, or a comparison's.
    if (/^[A-Za-z]+( \d+)?:([ \t]|$)/.test(rest) && (NOT_DIAGNOSTIC.has(w[0]!) || REPORT_HEADS.has(w[0]!))) return false;
    const head = REFUSAL_HEADS.has(w[0]!) || (k > 0 && w[0] === HEAD_ONLY_AFTER_FIELD) || ((w[0] === 'could' || w[0] === 'can') && w[1] === 'not');
    if (head && w.length >= minWords && isLetter(rest.charCodeAt(0))) return true;
    // Skip one short `head:` field and read on; the sentence is what follows the last one.
    const colon = rest.search(/:([ \t]|$)/);
    if (k < 3 && colon > 0 && colon <= MAX_HEAD) {
      at += colon + 1;
      while (line.charCodeAt(at) === 32 || line.charCodeAt(at) === 9) at++;
      if (at >= line.length) return false;
      continue;
    }
    if (!isLetter(rest.charCodeAt(0)) || NOT_REFUSAL.has(w[0]!)) return false;
    // A predicate in the sentence itself, not in a remark in parentheses (`exit status 4 (file not found, rebuilt)`),
    // and in three words or more: `deploy failed` says that it failed, not what was refused.
    const open = rest.indexOf('(');
    const said = open > 0 ? words(rest.slice(0, open)) : w;
    if (predicates && said.length >= 3 && said.slice(1, PREDICATE_REACH).some(refusedPredicate)) return true;
    return w.length <= NAMED_ERROR_WORDS && namedError(rest);
  }
}

/** True for a listing's `field: value` line whose value is a count or a yes/no (`unknown hosts: none`). */
function listing(line: string): boolean {
  const colon = line.lastIndexOf(': ');
  if (colon === -1) return false;
  const value = line.slice(colon + 2).trim().toLowerCase();
  return value.length > 0 && !value.includes(' ') && (LISTING_VALUES.has(value) || /^\d+$/.test(value));
}

/** True when the words of `text` (a parenthesis at its end aside) end in `error` or `failure`, after at least one other word. */
function namedError(text: string): boolean {
  const open = text.indexOf('(');
  const w = words(open > 0 ? text.slice(0, open) : text);
  const last = w[w.length - 1];
  return w.length >= 2 && (last === 'error' || last === 'failure');
}

/** Where refusal sentences are read, in this order: a thrown error's text, stderr, the message, stdout. */
const FIELDS = ['error', 'stderr', 'message', 'stdout'] as const;

/** True when a field prints a usage text (a line that opens with `usage:`, any case). */
function hasUsage(segment: string): boolean {
  return /(^|\n)[ \t]*usage:/i.test(segment.length > 2 * CATCH_ALL_WINDOW ? segment.slice(0, CATCH_ALL_WINDOW) + segment.slice(-CATCH_ALL_WINDOW) : segment);
}

/**
 * The first refusal sentence of a failed process (see the file's comment), in the fields' order
 * of {@link FIELDS}, reading a long field at its ends as the catch-all does; `null` when none.
 */
export function refusalLine(text: Readonly<Record<MarkedLine['source'], readonly string[]>>): MarkedLine | null {
  for (const source of FIELDS) {
    const minWords = source === 'stdout' ? 3 : 2;
    for (const segment of text[source]) {
      const predicates = !hasUsage(segment);
      const line = findLine(segment, (l) => refusalSentence(l, predicates, minWords));
      if (line !== null) return { source, line: line.trim() };
    }
  }
  return null;
}
