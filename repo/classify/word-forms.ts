/**
 * Word forms (issue 30): a message says the thing a rule knows in another form — a noun where
 * the rule has the verb ("authentication failed" / "failed to authenticate"), "log in" /
 * "login" / "sign in" / "re-authenticate", a unit abbreviated ("per min"), or the rule's words
 * joined into one class or code name (`ConnectionRefusedError`, `DeadlineExceeded`,
 * `ERR_CONNECTION_REFUSED`, `rate_limit_exceeded`). A rule with `wordForms: true` matches all
 * of them, and the scan stays one table lookup per character: the forms are spelled out when
 * the rules are compiled, never by rewriting the text.
 *
 * Only what a phrase marks expands: `{stem}` stands for every form of that stem (a family of
 * word-families.ts); other words are literal, so "timed out" does not grow into a bare "timeout" that a
 * config dump would print. Codes stay codes: a word with a digit or `_` is never split or joined.
 */

import { isWordCode } from './automaton.js';
import { NAME_FORMS, NOT_IN_NAMES, WORD_FORMS } from './word-families.js';
import { isDigit, isLower, isUpper } from './line-scan.js';

export { NAME_FORMS, NOT_IN_NAMES, WORD_FORMS };

/** `{stem}` in a phrase. */
const STEM = /\{([^{}]+)\}/;

/** True when `phrase` marks a stem that {@link WORD_FORMS} does not know (validation names it). */
export function unknownStem(phrase: string): string | null {
  for (const [, stem] of phrase.matchAll(/\{([^{}]*)\}/g)) if (!Object.hasOwn(WORD_FORMS, stem!)) return stem!;
  return null;
}

/** Most forms one phrase may spell out: a guard against a phrase of many stems. */
export const MAX_FORMS = 256;

/**
 * Every form of `phrase`: each `{stem}` replaced by each form of its family (a phrase without
 * stems is its only form); with `inNames`, by its forms in names ({@link NAME_FORMS}). An unknown
 * stem is left as written (validation refuses it first).
 */
export function phraseForms(phrase: string, inNames = false): string[] {
  const found = STEM.exec(phrase);
  if (found === null) return [phrase];
  const all = WORD_FORMS[found[1]!];
  if (all === undefined) return [phrase];
  const forms = inNames ? (NAME_FORMS[found[1]!] ?? all.slice(0, 1)) : all;
  const head = phrase.slice(0, found.index);
  const tails = phraseForms(phrase.slice(found.index + found[0].length), inNames);
  const out: string[] = [];
  for (const form of forms) for (const tail of tails) if (out.length < MAX_FORMS) out.push(head + form + tail);
  return out;
}

/**
 * The joined spellings of a phrase: its forms in names ({@link NAME_FORMS}) of two or more words
 * run together (`connectionrefused`, which matches `ConnectionRefused` in any case) and in
 * snake_case (`connection_refused`).
 */
export function phraseJoins(phrase: string): string[] {
  return [...new Set(phraseForms(phrase, true).flatMap(joinedForms))];
}

/** Most words a name is made of: `DeadlineExceeded`, `UnknownHostException`, `OutOfMemory` — not sentences. */
export const MAX_JOINED_WORDS = 3;

/**
 * The joined spellings of one form of two to {@link MAX_JOINED_WORDS} words. None for one word,
 * a code (a digit or `_`), anything with a `*` marker or punctuation, or a sentence: only
 * words that make names join.
 */
export function joinedForms(form: string): string[] {
  const words = form.trim().toLowerCase().split(/[\s-]+/);
  if (words.length < 2 || words.length > MAX_JOINED_WORDS) return [];
  if (!words.every((w) => /^[a-z]+$/.test(w) && !NOT_IN_NAMES.has(w))) return [];
  return [words.join(''), words.join('_')];
}

const UNDERSCORE = 95;

/**
 * A word part starts at `i`: after a non-word character or `_`, or at a CamelCase hump
 * (`SocketTimeoutException`, `HTTPTimeout`) of a name whose words before the hump are letters.
 * A secret or an id glued to a name (`akESecr3tValueError:`) is not a name's word.
 */
function partStart(text: string, i: number): boolean {
  if (i === 0) return true;
  const prev = text.charCodeAt(i - 1);
  if (!isWordCode(prev) || prev === UNDERSCORE) return true;
  const c = text.charCodeAt(i);
  if (!isUpper(c)) return false;
  if (!(isLower(prev) || (isUpper(prev) && isLower(text.charCodeAt(i + 1))))) return false;
  for (let j = i - 1; j >= 0 && i - j <= NAME_REACH; j--) {
    const d = text.charCodeAt(j);
    if (!isWordCode(d) || d === UNDERSCORE) break;
    if (!isUpper(d) && !isLower(d)) return false;
  }
  return true;
}

/**
 * A word part ends at `i`: before a non-word character or `_`, or before a CamelCase hump
 * (`TimeoutError`), also where an acronym meets the next word (`MalformedCSVError`: `CSV|Error`,
 * the hump {@link partStart} finds from the other side).
 */
function partEnd(text: string, i: number): boolean {
  if (i + 1 >= text.length) return true;
  const next = text.charCodeAt(i + 1);
  if (!isWordCode(next) || next === UNDERSCORE) return true;
  const c = text.charCodeAt(i);
  return isUpper(next) && (isLower(c) || isDigit(c) || (isUpper(c) && isLower(text.charCodeAt(i + 2))));
}

/** How far back the start of a name is looked for. */
const NAME_REACH = 100;
/**
 * How a test's name begins: `TestTimeoutIsRetried`, `testConnectionRefused`, `test_rate_limit`,
 * `tests_…`, `shouldRetryOnTimeout`, `it_handles_busy`, `whenLocked`, `givenExpiredToken`,
 * `spec_…`. Its first letter in either case, the rest in lower case.
 */
const TEST_PREFIXES = ['test', 'tests', 'should', 'it', 'when', 'given', 'spec'];

/**
 * True when the name holding `text[start]` is a test's name: its words are what the test is
 * about, not what happened (`TestConnectionRefusedIsRetried`, `test_rate_limit_backoff`). The
 * prefix must end at a word part (an upper-case letter, a digit or `_`), so `Item`, `Testing`
 * and `ITEM_LOCKED` are not tests.
 */
export function inTestName(text: string, start: number): boolean {
  let from = start;
  while (from > 0 && start - from < NAME_REACH && isWordCode(text.charCodeAt(from - 1))) from--;
  for (const prefix of TEST_PREFIXES) {
    const next = from + prefix.length;
    if (next >= text.length || (text.charCodeAt(from) | 0x20) !== prefix.charCodeAt(0)) continue;
    let same = true;
    for (let k = 1; k < prefix.length && same; k++) same = text.charCodeAt(from + k) === prefix.charCodeAt(k);
    const c = text.charCodeAt(next);
    if (same && (isUpper(c) || isDigit(c) || c === UNDERSCORE)) return true;
  }
  return false;
}

/** Characters of a name around a joined form: `psycopg2.errors.DeadlockDetected`, `ERR_CONNECTION_REFUSED`. */
const isNameCode = (c: number): boolean => isWordCode(c) || c === 46 || c === 36;
/** What may come before a name that is a value: `kind: ConnectionRefused`, `code = DeadlineExceeded`, `"rate_limit_exceeded"`, `(ServiceUnavailable)`. */
const VALUE_BEFORE = new Set([':', '=', '(', '[', '{', ',', '"', "'", '`', '<', '>']);
/** What may come after a name that is the error: `TimeoutError: …`, `TimeoutError()`, `…Exception` at the line's end, `(TooManyRequests)`. */
const ERROR_AFTER = new Set([':', '(', ')', ']', '}', '"', "'", '`', ',', ';', '>', '\n', '\r']);

/**
 * True when the name holding `text[start, end]` stands where an error's name stands — the
 * subject of its line (`ConnectionRefusedError: [Errno 111]`, a traceback's last line) or a
 * field's value (`kind: ConnectionRefused`) — not mentioned in a sentence: "InvalidTokenError
 * thrown for valid tokens" describes a bug, it is not an expired token.
 */
function standsAsName(text: string, start: number, end: number): boolean {
  let from = start;
  while (from > 0 && start - from < NAME_REACH && isNameCode(text.charCodeAt(from - 1))) from--;
  let to = end + 1;
  while (to < text.length && to - end < NAME_REACH && isWordCode(text.charCodeAt(to))) to++;
  const open = from > 0 ? text[from - 1]! : '';
  const close = to < text.length ? text[to]! : '';
  // A path's segment (`fix/RateLimitRetry`, `scripts/check_rate_limit.sh`) is a file's name.
  if (PATH_SEPARATORS.has(open) || PATH_SEPARATORS.has(close)) return false;
  let before = from - 1;
  // A quoted name is a value after `:`, `=`, `(`…, and a mention after a word (`cannot find name 'RateLimitError'`).
  if (QUOTES.has(open) && open === close) before--;
  else if (close === '' || ERROR_AFTER.has(close)) return true;
  while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before--;
  return before >= 0 && VALUE_BEFORE.has(text[before]!);
}

const PATH_SEPARATORS = new Set(['/', '\\']);
const QUOTES = new Set(["'", '"', '`']);

/**
 * True when a joined form matched at `text[start, end]` (found without boundary checks) counts:
 * it begins and ends on word-part boundaries (so `DeadlineExceeded` counts in
 * `code = DeadlineExceeded` and `ConnectionRefusedError`, not in `xconnectionrefused`), its name
 * stands as an error's name — not in a sentence, a path or a quoted mention — and it is not a
 * test's name. (The name's own bounds are the identifier check: cheaper than identifier.ts's walk.)
 */
export function joinedCounts(text: string, start: number, end: number): boolean {
  return partStart(text, start) && partEnd(text, end) && standsAsName(text, start, end) && !inTestName(text, start);
}
