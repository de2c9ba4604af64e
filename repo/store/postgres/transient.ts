/**
 * Database failures that pass: the server restarting or shutting down, a connection terminated
 * (`pg_terminate_backend`, a failover, a network cut), a connection refused while it starts. What
 * such a failure interrupted can be tried again on a fresh connection (the pool makes one); any
 * other error (a constraint, a syntax error, a fenced write) is an answer and is never retried.
 */

/**
 * SQLSTATEs of a connection lost or not yet possible: class 08 (connection exception) is matched
 * by prefix; 57P01 admin_shutdown (`pg_terminate_backend`, `pg_ctl stop -m fast`), 57P02
 * crash_shutdown (`-m immediate`), 57P03 cannot_connect_now (starting up, shutting down),
 * 53300 too_many_connections (a restart's reconnect storm).
 */
const TRANSIENT_SQLSTATES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '53300']);

/** Node's codes for a socket that could not be opened or was cut. */
const TRANSIENT_ERRNOS: ReadonlySet<string> = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'EAI_AGAIN',
]);

/**
 * What node-postgres says, without a code, when the socket under a query closed or a client is
 * unusable after such a close. Matched on the message because pg sets no code on these.
 */
const TRANSIENT_MESSAGES = /^(Connection terminated|Client has encountered a connection error and is not queryable|timeout exceeded when trying to connect)/;

/** True when `error` is a database failure that passes (see the module doc); false for anything else. */
export function isTransientDbError(error: unknown): boolean {
  if (error === null || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (TRANSIENT_SQLSTATES.has(code) || TRANSIENT_ERRNOS.has(code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (typeof message === 'string' && TRANSIENT_MESSAGES.test(message)) return true;
  // Node 20 tries every address of a host (IPv6, then IPv4) and reports all of them in one AggregateError.
  const errors = (error as { errors?: unknown }).errors;
  return Array.isArray(errors) && errors.length > 0 && errors.every(isTransientDbError);
}

/** A one-line reason for a database failure: its code and message, e.g. `57P01 terminating connection due to administrator command`. */
export function dbErrorReason(error: unknown): string {
  if (error === null || typeof error !== 'object') return String(error);
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = typeof message === 'string' && message !== '' ? message.split('\n')[0]! : '';
  if (typeof code !== 'string') return text || String(error);
  return text.includes(code) ? text : `${code}${text ? ` ${text}` : ''}`;
}

/** Options of {@link retryTransient}. */
export interface RetryTransientOptions {
  /** How long to keep trying after the first failure, in ms. Default 60,000: a restart of a busy server fits. */
  budgetMs?: number;
  /** The first wait, in ms; it doubles up to `maxDelayMs`. Default 100. */
  firstDelayMs?: number;
  /** The longest wait between tries, in ms. Default 2,000: a server back is noticed within 2 s. */
  maxDelayMs?: number;
  /** Called before each wait: the failure, the try that failed (1-based) and the wait. */
  onRetry?: (error: unknown, attempt: number, delayMs: number) => void;
}

/**
 * Runs `work`, and runs it again after a growing wait (with jitter, so a fleet does not come back
 * in step) while it fails with a {@link isTransientDbError transient} error, for up to `budgetMs`.
 * The last failure is thrown when the budget is spent; any other error at once. `work` must be
 * safe to repeat: a statement that may have committed before its connection was cut is tried
 * again (the store's commit is: a repeated commit is recognised, see store.ts).
 */
export async function retryTransient<T>(work: () => Promise<T>, options: RetryTransientOptions = {}): Promise<T> {
  const budgetMs = options.budgetMs ?? 60_000;
  const maxDelayMs = options.maxDelayMs ?? 2_000;
  let delay = options.firstDelayMs ?? 100;
  const start = performance.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const left = budgetMs - (performance.now() - start);
      if (!isTransientDbError(error) || left <= 0) throw error;
      const wait = Math.min(left, Math.round(delay * (0.5 + Math.random() / 2)));
      options.onRetry?.(error, attempt, wait);
      await new Promise((resolve) => setTimeout(resolve, wait));
      delay = Math.min(maxDelayMs, delay * 2);
    }
  }
}
