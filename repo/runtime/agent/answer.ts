/**
 * The answer contract of every adapter and diagnoser program: whatever it prints, the LAST JSON
 * object with a "fix" (or "hypotheses") key is its answer. Tolerant on purpose: agents wrap JSON
 * in fences, pretty-print it, explain themselves first, write 80 for 0.8. Each reading returns a
 * short reason people can act on instead of throwing, so the caller decides (re-ask, record).
 *
 * Take the envelope off first: `readFix(unwrapEnvelope(stdout).text)`.
 */
import type { Hypothesis } from '../../taxonomy/index.js';
import { readConfidence, show } from './confidence.js';
import { readCost, type AnswerCost } from './cost.js';
import { isRecord, lastObjectWithKey, type ScanResult } from './json-scan.js';

export { unwrapEnvelope, type Envelope } from './envelope.js';
export type { AnswerCost } from './cost.js';

/** An adapter's answer: a fix (what it changed), none (it found no fix), or unreadable (why). */
export type FixAnswer =
  | { kind: 'fix'; fix: string; confidence?: number; cost?: AnswerCost }
  | { kind: 'none' }
  | { kind: 'unreadable'; reason: string };

/** A diagnoser's answer: its hypotheses (at least one), or unreadable (why). */
export type DiagnosisAnswer =
  | { kind: 'hypotheses'; hypotheses: Hypothesis[] }
  | { kind: 'unreadable'; reason: string };

/** Longest first line {@link firstLine} returns, in characters. */
export const FIRST_LINE_MAX = 200;

/**
 * Reads an adapter's answer from its text: the last JSON object with a "fix" key. `"fix": null`
 * or a blank fix → `none` (its other fields are not read). `confidence` may be 0..1, a percentage
 * (80, "80%") or a numeric string, or absent/null; `cost` may be `{"usd": n, "tokens": n}` (each
 * optional; see cost.ts), or absent/null; anything else in either makes the answer unreadable.
 * The fix is kept verbatim.
 */
export function readFix(text: string): FixAnswer {
  const found = lastObjectWithKey(text, 'fix');
  if (found.kind !== 'found') return { kind: 'unreadable', reason: missing(found, text, 'fix') };
  const { fix, confidence, cost } = found.value;
  if (fix === null || (typeof fix === 'string' && !fix.trim())) return { kind: 'none' };
  if (typeof fix !== 'string') return { kind: 'unreadable', reason: `"fix" is ${show(fix)}; expected one sentence saying what was changed, or null` };
  const reading = readConfidence(confidence, '"confidence"');
  if (!reading.ok) return { kind: 'unreadable', reason: reading.reason };
  const spent = readCost(cost);
  if (!spent.ok) return { kind: 'unreadable', reason: spent.reason };
  return {
    kind: 'fix', fix, ...(reading.value === undefined ? {} : { confidence: reading.value }), ...(spent.value === undefined ? {} : { cost: spent.value }),
  };
}

/**
 * Reads a diagnoser's answer: the last JSON object with a "hypotheses" key, a list of
 * `{ "text", "confidence" }` (confidence read as in {@link readFix}, and required). Entries
 * without a text are dropped; when none is left the answer is unreadable.
 */
export function readDiagnosis(text: string): DiagnosisAnswer {
  const found = lastObjectWithKey(text, 'hypotheses');
  if (found.kind !== 'found') return { kind: 'unreadable', reason: missing(found, text, 'hypotheses') };
  const raw = found.value.hypotheses;
  if (!Array.isArray(raw)) return { kind: 'unreadable', reason: `"hypotheses" is ${show(raw)}; expected a list of {"text": "…", "confidence": 0.8}` };
  const hypotheses: Hypothesis[] = [];
  for (const [i, entry] of raw.entries()) {
    const hypothesisText = isRecord(entry) ? entry.text : undefined;
    if (!isRecord(entry) || typeof hypothesisText !== 'string' || !hypothesisText.trim()) continue;
    const reading = readConfidence(entry.confidence, `hypotheses[${i}].confidence`);
    if (!reading.ok) return { kind: 'unreadable', reason: reading.reason };
    if (reading.value === undefined) return { kind: 'unreadable', reason: `hypotheses[${i}] has no confidence; each hypothesis needs one from 0 to 1` };
    hypotheses.push({ text: hypothesisText, confidence: reading.value });
  }
  if (hypotheses.length === 0) return { kind: 'unreadable', reason: '"hypotheses" has no hypothesis with a text' };
  return { kind: 'hypotheses', hypotheses };
}

/**
 * The first line of prose in `text`, for records like "agent edit: <first line>": the first
 * non-blank line that is not a code fence or a JSON line, without markdown markers (`#`, `-`,
 * `*`, `>`), whitespace collapsed, at most {@link FIRST_LINE_MAX} characters (cut with `…`).
 * `''` when there is none.
 */
export function firstLine(text: string): string {
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    // Bound the work per line: a 1 MB single-line answer needs only its first few hundred characters.
    const line = text.slice(start, Math.min(end, start + FIRST_LINE_MAX * 4)).replace(/^[\s#>*-]+/, '').replace(/\s+/g, ' ').trim();
    if (line && !line.startsWith('```') && !line.startsWith('{') && !line.startsWith('[')) {
      return line.length > FIRST_LINE_MAX ? `${line.slice(0, FIRST_LINE_MAX - 1)}…` : line;
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  return '';
}

/** Why no answer object was read, in a sentence for people. */
function missing(found: Exclude<ScanResult, { kind: 'found' }>, text: string, key: string): string {
  if (found.kind === 'invalid') return `the object with a "${key}" key is not valid JSON (${found.error}): ${show(found.snippet)}`;
  if (!text.trim()) return 'the answer is empty';
  return `no JSON object with a "${key}" key in the answer (${text.length} characters of prose)`;
}
