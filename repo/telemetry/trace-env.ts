/**
 * The W3C trace context a program started during a run inherits: the attempt's command, the
 * adapter and the diagnoser see `TRACEPARENT` naming the span they run under, so their own spans
 * join the run's trace. Kept by run id (a run runs one program at a time, and run ids are unique
 * in a process) rather than in an AsyncLocalStorage, which would slow every promise of the
 * process once entered, or in OpenTelemetry's context, which only crosses `await`s when the
 * application registered a context manager. Outside a traced run, nothing is added.
 */

const current = new Map<string, Readonly<Record<string, string>>>();

/** Runs `work` with `env` as the trace variables of the programs run `runId` spawns meanwhile. */
export async function withTraceEnv<T>(runId: string, env: Readonly<Record<string, string>>, work: () => Promise<T>): Promise<T> {
  current.set(runId, env);
  try {
    return await work();
  } finally {
    if (current.get(runId) === env) current.delete(runId);
  }
}

/** The trace variables for a program run `runId` spawns now (`{ TRACEPARENT }`), or undefined outside a traced run. */
export function traceEnv(runId: string): Readonly<Record<string, string>> | undefined {
  return current.size === 0 ? undefined : current.get(runId);
}

/** A span context as a W3C `traceparent` header value: `00-<trace id>-<span id>-<flags>`. */
export function traceparentOf(context: { traceId: string; spanId: string; traceFlags: number }): string {
  return `00-${context.traceId}-${context.spanId}-${(context.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

/** Parses a `traceparent` value; null when malformed or all-zero (W3C: such a header is ignored). */
export function parseTraceparent(value: string | undefined | null): { traceId: string; spanId: string; traceFlags: number } | null {
  const match = typeof value === 'string' ? TRACEPARENT.exec(value.trim()) : null;
  if (!match || /^0+$/.test(match[1]!) || /^0+$/.test(match[2]!)) return null;
  return { traceId: match[1]!, spanId: match[2]!, traceFlags: parseInt(match[3]!, 16) };
}
