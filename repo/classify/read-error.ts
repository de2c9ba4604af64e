import type { Facts } from './observe.js';
import { typedFailure } from './observe.js';
import { readHeaders, readRetryFields } from './retry-after.js';
import { asText, isArray, isError, safeGet, safeKeys } from './text.js';

/** At most this many objects are read from one thrown value (its cause chain, bodies, …). */
export const MAX_ERROR_OBJECTS = 8;
/** At most this deep below the thrown value. */
export const MAX_ERROR_DEPTH = 4;

/**
 * Where a thrown value keeps more of its story: `cause` (ES2022), `error` (the parsed body of
 * Anthropic and OpenAI SDK errors), `errors` (AggregateError), `response`/`data` (axios, got).
 */
const RELATED = ['cause', 'error', 'response', 'data'] as const;
/** Plain text fields of an error object; `stack` is left out (paths in it are not evidence). */
const TEXT_KEYS = ['name', 'message', 'code', 'type', 'syscall', 'path', 'dest', 'reason', 'status'] as const;
const KNOWN = new Set<string>([...TEXT_KEYS, ...RELATED, 'errors', 'stderr', 'stdout', 'exitCode', 'signal', 'statusCode', 'headers', 'stack', '$metadata', 'errno']);

/**
 * Reads any thrown value (Error, string, number, plain object, Proxy, cyclic graph) and its
 * related objects into `facts`, breadth first, bounded in count and depth, each object once.
 */
export function readErrorChain(thrown: unknown, facts: Facts, now: number): void {
  const seen = new Set<unknown>();
  const queue: { value: unknown; depth: number }[] = [{ value: thrown, depth: 0 }];
  for (let head = 0; head < queue.length && seen.size < MAX_ERROR_OBJECTS; head++) {
    const { value, depth } = queue[head]!;
    if (value === null || value === undefined || seen.has(value)) continue;
    seen.add(value);
    if (typeof value !== 'object' && typeof value !== 'function') {
      const text = typeof value === 'symbol' ? value.description : asText(value);
      if (text !== undefined) facts.text.error.push(text);
      continue;
    }
    readOne(value, facts, now);
    if (depth >= MAX_ERROR_DEPTH) continue;
    for (const key of RELATED) {
      const next = safeGet(value, key);
      if (typeof next === 'string') facts.text.error.push(next);
      else if (next !== undefined && next !== null && typeof next === 'object') queue.push({ value: next, depth: depth + 1 });
    }
    const errors = safeGet(value, 'errors');
    if (isArray(errors)) {
      for (const key of safeKeys(errors, 3)) queue.push({ value: safeGet(errors, key), depth: depth + 1 });
    }
  }
}

function readOne(obj: object, facts: Facts, now: number): void {
  // The short fields (name, code, syscall, path…) go on one line, so words that only count
  // together on a line ("EACCES" and "/etc/shadow") are read together; long text stays apart.
  const line: string[] = [];
  for (const key of TEXT_KEYS) {
    const raw = safeGet(obj, key);
    if (typeof raw === 'number') {
      if (key === 'code' || key === 'status') numericCode(raw, facts);
      continue;
    }
    const text = asText(raw);
    if (text === undefined || text === '') continue;
    if (key === 'message' || key === 'reason' || text.length > 200) facts.text.error.push(text);
    else line.push(text.indexOf('\n') === -1 && text.indexOf('\r') === -1 ? text : text.replace(/[\r\n]+/g, ' '));
    if (key === 'name' || key === 'code' || key === 'type' || key === 'status') {
      if (text.length <= 64) facts.codes.push(text.toUpperCase());
      if (key === 'type' && facts.typed === null) facts.typed = typedFailure(text);
    }
  }
  if (line.length > 0) facts.text.error.push(line.join(' '));
  const statusCode = safeGet(obj, 'statusCode');
  if (typeof statusCode === 'number') numericCode(statusCode, facts);
  const httpStatus = safeGet(safeGet(obj, '$metadata'), 'httpStatusCode'); // AWS SDK v3 (Bedrock)
  if (typeof httpStatus === 'number') numericCode(httpStatus, facts);
  const exitCode = safeGet(obj, 'exitCode'); // execa
  if (typeof exitCode === 'number' && Number.isInteger(exitCode)) facts.exitCodes.push(exitCode);
  const signal = safeGet(obj, 'signal');
  if (typeof signal === 'string' && signal !== '') facts.signals.push(signal.toUpperCase());
  // A child process's own streams keep their meaning: its stdout is ordinary output.
  const stderr = asText(safeGet(obj, 'stderr'));
  if (stderr) facts.text.stderr.push(stderr);
  const stdout = asText(safeGet(obj, 'stdout'));
  if (stdout) facts.text.stdout.push(stdout);
  facts.retry ??= readHeaders(safeGet(obj, 'headers'), now) ?? readRetryFields(obj);
  if (!isError(obj)) readPlainFields(obj, facts);
}

/**
 * A number in `code` or `status`: 400–599 is an HTTP status (an API body's `"code": 429`);
 * 0–255 is a process exit status (`child_process` puts it in `status` or `code`).
 */
function numericCode(n: number, facts: Facts): void {
  if (!Number.isInteger(n)) return;
  if (n >= 400 && n <= 599) facts.statuses.push(n);
  else if (n >= 0 && n <= 255) facts.exitCodes.push(n);
}

/** Other primitive fields of a plain thrown object (`{ reason: 'rate limited' }`), bounded. */
function readPlainFields(obj: object, facts: Facts): void {
  for (const key of safeKeys(obj, 16)) {
    if (KNOWN.has(key)) continue;
    const text = asText(safeGet(obj, key));
    if (text !== undefined && text !== '') facts.text.error.push(`${key}: ${text}`);
  }
}
