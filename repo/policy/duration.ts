/**
 * The one duration vocabulary: how people write a duration (`--timeout 2`, `timeout: 90s`,
 * `--older-than 90d`) and how messages print one (`5.0s`, `2m05s`). A bare number is seconds
 * everywhere, as `timeout(1)` and `sleep(1)` read it.
 */

/** Milliseconds per unit; a bare number is seconds. */
export const DURATION_UNITS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** The longest duration a timer can hold (2^31 − 1 ms, about 24.8 days). */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** What a duration looks like, for error messages. */
export const DURATION_EXAMPLES = '2 (seconds), 500ms, 30s, 2m, 1h, 90d';

const PATTERN = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|m|h|d)?\s*$/;

/**
 * Parses a duration: a non-negative number of seconds, or a string `N[unit]` with unit
 * ms, s, m, h or d (none = seconds). Returns whole milliseconds (rounded), or null when
 * `value` is not a duration. Zero is a duration; callers that need more say so.
 */
export function parseDuration(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.round(value * DURATION_UNITS.s) : null;
  if (typeof value !== 'string') return null;
  const match = PATTERN.exec(value);
  if (!match) return null;
  return Math.round(Number(match[1]) * DURATION_UNITS[(match[2] ?? 's') as keyof typeof DURATION_UNITS]);
}

/**
 * A duration for messages, one style everywhere: tenths of a second under a minute (`0.3s`,
 * `5.0s`, `42.0s`), then two units (`2m05s`, `1h05m`, `3d04h`).
 */
export function formatDuration(ms: number): string {
  const value = Math.max(0, Number.isFinite(ms) ? ms : 0);
  const tenths = Math.round(value / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)}s`;
  const two = (n: number) => String(n).padStart(2, '0');
  const s = Math.round(value / 1_000);
  if (s < 3_600) return `${Math.floor(s / 60)}m${two(s % 60)}s`;
  const m = Math.round(value / 60_000);
  if (m < 1_440) return `${Math.floor(m / 60)}h${two(m % 60)}m`;
  const h = Math.round(value / 3_600_000);
  return `${Math.floor(h / 24)}d${two(h % 24)}h`;
}
