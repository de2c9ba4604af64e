import { betterCandidate } from './decide.js';
import { LAYER_RANK } from './layers.js';
import { isAlnum, isLower, isUpper } from './line-scan.js';
import { EVIDENCE_CONFIDENCE, tierOf, TYPE_PRIORITY } from './priority.js';
import type { Candidate } from './rule.js';

/**
 * The refusal an uncaught exception's own message says (issue 30, session 17's decision on the
 * three-way boundary, step 2; README, label decisions): when nothing names a file as the failure's
 * subject, a sentence or exception message saying what is wrong with a value, a name, an option
 * or an input is ERROR_RESPONSE, whatever exception class or crash report carries it — the refusal
 * outranks the crash. A defect's own class (step 3: `TypeError`, `AttributeError`, `NameError`,
 * `KeyError`, an assertion, a stack overflow) is never a refusal, whatever its message says.
 *
 * Read on the exception's line, the last `Class: message` (or bare `Class`) line of the failure's
 * own text, left to right on character codes:
 * - a class whose last dotted part opens with a word of refusal ({@link REFUSAL_CLASS_HEADS}:
 *   `InvalidVersion`, `UnknownTimeZoneError`, `MissingHeaderBodySeparatorDefect`,
 *   `decimal.InvalidOperation`) refuses by its name;
 * - otherwise a class that is not a defect's ({@link DEFECT_CLASSES}) refuses when its message is a
 *   refusal sentence (catch-all-refusal.ts: `unknown encoding: utf-9`, `Invalid version: 'x'`,
 *   `no message catalogs found`, `Could not find matching close tag`), or says within it that a
 *   thing is invalid, unknown, not allowed or unsupported (`Tag '1module' is an invalid name.`).
 * No tool is named: the exception's class and its sentence say it.
 */

/** The evidence's rule id. */
export const EXCEPTION_MESSAGE_RULE = 'exception-message.refusal';

/**
 * Classes of a program's own defect (step 3), compared lower case on the last dotted part: the
 * code is wrong, not what it was given. `ValueError` and `Error` are not here: they carry both.
 */
const DEFECT_CLASSES = new Set([
  'typeerror', 'attributeerror', 'nameerror', 'unboundlocalerror', 'keyerror', 'indexerror', 'assertionerror', 'zerodivisionerror',
  'recursionerror', 'referenceerror', 'rangeerror', 'notimplementederror', 'stopiteration', 'systemerror', 'memoryerror',
  'nomethoderror', 'argumenterror', 'frozenerror', 'localjumperror', 'floatingpointerror',
]);

/** Words a class's name opens with when the class itself says what is wrong with what it was given. */
const REFUSAL_CLASS_HEADS = ['Invalid', 'Unknown', 'Missing', 'Unsupported', 'Unrecognized', 'Unrecognised', 'Malformed', 'Illegal'];

/** Words that, inside an exception's message, say the value it names is refused (whole words, lower case). */
const REFUSED_WORDS = new Set(['invalid', 'unknown', 'unrecognized', 'unrecognised', 'malformed']);

/**
 * Openings of a message that refuses what it was given (lower case): a thing named and not found, a
 * value outside what is allowed. Not a sentence about what the program did with its own objects
 * (`cannot schedule new futures after shutdown`, `Can't pickle <function>`, `operands could not be
 * broadcast`): those are its defect, whatever class carries them.
 */
const REFUSAL_OPENINGS = ['no ', 'could not find ', "couldn't find ", 'cannot find '];

/** Phrases that, inside an exception's message, say the value it names is refused (lower case). */
const REFUSED_PHRASES = ['is not allowed', 'is repeated', 'may not be absolute', 'expected after'];

/** Longest line read as an exception's line: a message, not a dump. */
const MAX_LINE = 400;

/** Where a `Class` token at the line's start ends (letters, digits, `_`, `.`, `$`), or -1 when the line does not open with one. */
function classEnd(line: string): number {
  let i = 0;
  if (i >= line.length || !(isUpper(line.charCodeAt(i)) || isLower(line.charCodeAt(i)) || line.charCodeAt(i) === 95)) return -1;
  while (i < line.length) {
    const c = line.charCodeAt(i);
    if (isAlnum(c) || c === 95 || c === 46 || c === 36) i++;
    else break;
  }
  return i;
}

/** The class's last dotted part: `InvalidVersion` of `packaging.version.InvalidVersion`. */
function lastPart(name: string): string {
  return name.slice(name.lastIndexOf('.') + 1);
}

/** True when `part` names an exception class: ends in `Error`, `Exception`, `Defect`, or opens with a refusal head. */
function exceptionClass(part: string): boolean {
  return /(?:Error|Exception|Defect|error)$/.test(part) || REFUSAL_CLASS_HEADS.some((h) => part.startsWith(h) && isUpper(part.charCodeAt(h.length)));
}

/**
 * Nouns after a refusal head that name what the program did, not a value it was given
 * (`decimal.InvalidOperation: [<class 'decimal.DivisionUndefined'>]`, `InvalidStateError`): its defect.
 */
const NOT_A_VALUE = ['Operation', 'State', 'Argument', 'Call', 'Access'];

/** True when the class's name opens with a refusal word followed by a capital (`InvalidVersion`, not `Invalidate`). */
function refusalClass(part: string): boolean {
  for (const head of REFUSAL_CLASS_HEADS) {
    if (part.startsWith(head) && part.length > head.length && isUpper(part.charCodeAt(head.length))) {
      return !NOT_A_VALUE.some((n) => part.startsWith(n, head.length));
    }
  }
  return false;
}

/** True when the message says within it that what it names is refused (see {@link REFUSED_WORDS}). */
function refusedWithin(message: string): boolean {
  const lower = message.toLowerCase();
  for (const p of REFUSED_PHRASES) if (lower.includes(p)) return true;
  let i = 0;
  while (i < lower.length) {
    while (i < lower.length && !isLower(lower.charCodeAt(i))) i++;
    const start = i;
    while (i < lower.length && isLower(lower.charCodeAt(i))) i++;
    if (i > start && REFUSED_WORDS.has(lower.slice(start, i))) return true;
  }
  return false;
}

/**
 * The refusal `line` says when it is an exception's line (see the file's comment): the line itself
 * when it refuses, else null. Total: never throws, for any string.
 */
export function exceptionRefusal(line: string): string | null {
  if (typeof line !== 'string' || line.length === 0 || line.length > MAX_LINE) return null;
  const end = classEnd(line);
  if (end <= 0) return null;
  const name = line.slice(0, end);
  const part = lastPart(name);
  if (part.length === 0 || !exceptionClass(part)) return null;
  const rest = line.slice(end);
  if (rest.trim().length === 0) return refusalClass(part) ? line : null;
  if (!rest.startsWith(': ')) return null;
  const message = rest.slice(2).trim();
  if (DEFECT_CLASSES.has(part.toLowerCase())) return null;
  const lower = message.toLowerCase();
  if (lower.includes('conversionsyntax')) return line;
  // A refusal names what it refuses: a quoted value or one after its last `: ` (`Invalid cron expression`,
  // `Unknown cipher`, `invalid operation on closed shelf` name nothing given: the program's own call).
  if (refusalClass(part)) return line;
  if (message.length === 0 || quotedValues(message).length === 0) return null;
  return REFUSAL_OPENINGS.some((o) => lower.startsWith(o)) || refusedWithin(message) ? line : null;
}

/** The values a message quotes (`'x'`, `"x"`), and the word after its last `: ` (`unknown encoding: utf-9`). */
function quotedValues(message: string): string[] {
  const out: string[] = [];
  const re = /'([^'\n]{1,80})'|"([^"\n]{1,80})"/g;
  for (let m = re.exec(message); m !== null; m = re.exec(message)) out.push(m[1] ?? m[2] ?? '');
  const colon = message.lastIndexOf(': ');
  if (colon !== -1) {
    const tail = message.slice(colon + 2).trim();
    if (/^[\w./+-]{1,80}$/.test(tail)) out.push(tail);
  }
  return out.filter((v) => v.length > 0);
}

/**
 * True when a line of the text other than the exception's holds one of the message's values inside
 * quotes (`int("twelve")`, `ZoneInfo('US/Pacifc')`, `encoding='utf8mb4'`): the value is a literal of
 * the program's own code that the traceback prints, so the program passed it — its defect (step 3),
 * as README's *value the program's own code passed* (the curated corpus's `python.value`). Bytes
 * literals count the same way (`b"\xff\xfe".decode`).
 */
function literalOfTheCode(segments: readonly string[], line: string): boolean {
  const colon = line.indexOf(': ');
  const values = colon === -1 ? [] : quotedValues(line.slice(colon + 2));
  for (const segment of segments) {
    for (const other of segment.split('\n')) {
      if (other === line || other.trim().length === 0) continue;
      if (/(?:^|[^\w])b["']/.test(other)) return true;
      const literals = other.match(/'[^'\n]*'|"[^"\n]*"/g) ?? [];
      for (const v of values) if (literals.some((l) => l.includes(v))) return true;
    }
  }
  return false;
}

/**
 * The exception's line of a failure's text: the last line that opens (unindented) with an exception
 * class, and the refusal it says (see {@link exceptionRefusal}); null when that line does not refuse,
 * when the value it refuses is a literal of the program's code the text prints (see
 * {@link literalOfTheCode}), or there is none. Python prints the exception last; Node.js prints it
 * before its frames.
 */
export function exceptionRefusalIn(segments: readonly string[]): string | null {
  let last: string | null = null;
  // Read from the end: the exception's line is the last one, a few lines from it at most.
  for (let k = segments.length - 1; k >= 0 && last === null; k--) {
    const segment = segments[k]!;
    let to = segment.length;
    // `to > 0`: at 0 the line left is empty, and `lastIndexOf('\n', -1)` finds a leading newline
    // again (a negative start reads as 0), so `to >= 0` looped forever on a text opening with one.
    while (to > 0 && last === null) {
      const from = segment.lastIndexOf('\n', to - 1) + 1;
      // Only an unindented line opening with a letter can be one: frames and code lines are skipped unread.
      const c = from < to ? segment.charCodeAt(from) : 0;
      if (isUpper(c) || isLower(c) || c === 95) {
        const line = segment.slice(from, to).replace(/\r$/, '');
        const end = classEnd(line);
        if (end > 0 && exceptionClass(lastPart(line.slice(0, end))) && (end === line.length || line.startsWith(': ', end))) last = line;
      }
      to = from - 1;
    }
  }
  if (last === null || exceptionRefusal(last) === null) return null;
  return literalOfTheCode(segments, last) ? null : last;
}

/**
 * Adds the exception's refusal (ERROR_RESPONSE, its tier above the crashes) to `candidates` when the
 * failure's best reading is a crash (CLI_CRASH) and its exception's line refuses (see
 * {@link exceptionRefusalIn}): every more exact reading (a build's, the network's, a file's role)
 * already outranks the crash and is left alone.
 */
export function exceptionMessageRefused(text: Readonly<Record<'error' | 'stderr', readonly string[]>>, candidates: Candidate[]): void {
  let best: Candidate | undefined;
  for (const c of candidates) if (best === undefined || betterCandidate(c, best) < 0) best = c;
  if (best === undefined || best.type !== 'CLI_CRASH') return;
  for (const source of ['error', 'stderr'] as const) {
    const line = exceptionRefusalIn(text[source]);
    if (line === null) continue;
    const priority = TYPE_PRIORITY.ERROR_RESPONSE;
    candidates.push({ order: -1, rule: EXCEPTION_MESSAGE_RULE, type: 'ERROR_RESPONSE', tier: tierOf(priority), layer: LAYER_RANK.lexicon, priority, confidence: EVIDENCE_CONFIDENCE.text, source, match: line.trim().slice(0, 200) });
    return;
  }
}
