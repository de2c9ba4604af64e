/**
 * Reading a confidence the way agents write it: `0.8`, `80`, `"0.8"`, `"80%"`. Models trained
 * on percentages answer 85 as often as 0.85; rejecting that would throw away a good answer.
 */

/** A confidence read from an answer: a number 0..1, absent, or a reason why it is unreadable. */
export type ConfidenceReading = { ok: true; value: number | undefined } | { ok: false; reason: string };

const PERCENT = /^\+?(\d{1,3}(?:\.\d*)?|\.\d+)\s*%$/;
const NUMBER = /^\+?(\d{1,3}(?:\.\d*)?|\.\d+)$/;

/**
 * Reads `raw` as a confidence: a number 0..1 as is; 1 < c ≤ 100 as a percentage (c / 100); a
 * string holding either, or `"80%"`; `null` or absent → `undefined` (no confidence given).
 * Anything else is unreadable, with a reason naming `field` and the value.
 * @param field how the field is named in the reason, e.g. `"confidence"` or `hypotheses[1].confidence`.
 */
export function readConfidence(raw: unknown, field: string): ConfidenceReading {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  let value: number | undefined;
  if (typeof raw === 'number') value = fromNumber(raw);
  else if (typeof raw === 'string' && raw.length <= 32) {
    const text = raw.trim();
    const percent = PERCENT.exec(text);
    if (percent) {
      const n = Number(percent[1]);
      value = n <= 100 ? n / 100 : undefined;
    } else if (NUMBER.test(text)) value = fromNumber(Number(text));
  }
  if (value === undefined) return { ok: false, reason: `${field} is ${show(raw)}; expected a number from 0 to 1 (or a percentage)` };
  return { ok: true, value };
}

function fromNumber(n: number): number | undefined {
  if (!Number.isFinite(n) || n < 0) return undefined;
  if (n <= 1) return n;
  return n <= 100 ? n / 100 : undefined;
}

/** A value as JSON, bounded, for a reason shown to people. Never throws (a value may nest 100,000 deep). */
export function show(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Array.isArray(value) ? 'a list' : 'an object';
  }
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}
