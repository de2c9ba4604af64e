/**
 * Edge label pieces shared by every diagram format: guard expressions, delays and the
 * `EVENT [guard]` label itself. Kept apart from the renderers so Mermaid, DOT and the run page
 * all print the same words for the same transition.
 */

/** A guard as XState v5 stores it on a transition: a name, `{ type }`, or a guard function. */
type GuardLike = unknown;

/** Wraps a composite guard expression in parentheses so `!` and `&&` read unambiguously. */
function wrap(expression: string): string {
  return /[ ]/.test(expression) ? `(${expression})` : expression;
}

/**
 * Formats a transition guard for display.
 *
 * - `'canRetry'` and `{ type: 'canRetry', params }` → `canRetry` (params are omitted: they may be
 *   large or non-deterministic and the name is what a reader looks for);
 * - `and([a, not(b)])` → `a && !b`, `or([a, b])` → `a || b`;
 * - `stateIn('#id')` → `in #id`;
 * - an inline function → its own name, or `inline` when it has none (or only the inferred `guard`).
 *
 * @returns the expression, or `null` when the transition has no guard.
 */
export function formatGuard(guard: GuardLike): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    // XState's higher-order guards are functions named and/or/not carrying their operands.
    const fn = guard as { name: string; guards?: unknown[]; stateValue?: unknown };
    if (Array.isArray(fn.guards)) {
      const parts = fn.guards.map((g) => wrap(formatGuard(g) ?? 'guard'));
      if (fn.name === 'not') return `!${parts[0] ?? 'guard'}`;
      if (fn.name === 'and') return parts.join(' && ');
      if (fn.name === 'or') return parts.join(' || ');
    }
    if (fn.name === 'stateIn' && fn.stateValue !== undefined) {
      return `in ${typeof fn.stateValue === 'string' ? fn.stateValue : JSON.stringify(fn.stateValue)}`;
    }
    // An arrow function written in place gets the property's name (`guard`): call it what it is.
    return fn.name && fn.name !== 'guard' ? fn.name : 'inline';
  }
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string') {
    return (guard as { type: string }).type;
  }
  return 'guard';
}

/**
 * Formats a duration in milliseconds the way people write it: `250ms`, `5s`, `1.5s`, `2min`.
 * Whole minutes use `min`; everything from one second up uses seconds with at most 3 decimals.
 */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms)) return String(ms);
  if (ms < 1000) return `${ms}ms`;
  if (ms % 60_000 === 0) return `${ms / 60_000}min`;
  return `${Number((ms / 1000).toFixed(3))}s`;
}

/**
 * Formats an `after` delay: a number of milliseconds, or a named delay from `setup({ delays })`.
 * When the named delay's implementation is a plain number it is shown too: `after backoff (5s)`.
 * A delay implemented as a function is shown by name only, since its value depends on context.
 */
export function formatDelay(delay: number | string, implementations?: Record<string, unknown>): string {
  if (typeof delay === 'number') return `after ${formatMs(delay)}`;
  const impl = implementations?.[delay];
  return typeof impl === 'number' ? `after ${delay} (${formatMs(impl)})` : `after ${delay}`;
}

/** Joins a transition's trigger and guard: `START`, `done: runTask [isOk]`, `always [budgetSpent]`. */
export function edgeLabel(trigger: string, guard: string | null): string {
  return guard ? `${trigger} [${guard}]` : trigger;
}
