import { cleanTerminalText } from '../classify/terminal-text.js';
import type { Observation } from '../classify/types.js';
import { boundedStack } from '../../machines/recovery/history.js';
import { TaskFailure } from './task-failure.js';

/** Most characters kept of any one text field: context and checkpoints stay small. */
export const MAX_FIELD_CHARS = 8_192;
/** How deep a `cause` chain is followed. */
const MAX_CAUSE_DEPTH = 4;

/**
 * Keep the tail of a long text as a terminal showed it: colour codes and carriage-return
 * overdraws go first (`cleanTerminalText`), so no history, checkpoint or report holds an escape
 * sequence; then the end of the output, where the error usually is.
 */
export function tail(text: string, max = MAX_FIELD_CHARS): string {
  const shown = cleanTerminalText(text);
  return shown.length <= max ? shown : `…${shown.slice(shown.length - max + 1)}`;
}

/**
 * Turn anything a task threw into a JSON observation: `TaskFailure`s keep their observation;
 * errors keep `name`, `message`, `code`, `status`, a typed `type`, their `stack` (bounded, see
 * `boundedStack`) and their `cause` chain;
 * anything else is described. Never throws (a throwing getter or a cyclic cause is survived).
 */
export function observationFrom(thrown: unknown): Observation {
  try {
    if (thrown instanceof TaskFailure) return boundObservation(thrown.observation);
    // Built bounded: `describe` is idempotent, so what `boundObservation` would do again is done once here.
    const observation: Observation = { error: describe(thrown, 0, []) };
    const fields = thrown as Partial<Record<keyof Observation, unknown>> | null;
    if (fields && typeof fields === 'object') {
      if (typeof fields.exitCode === 'number') observation.exitCode = fields.exitCode;
      if (typeof fields.signal === 'string') observation.signal = fields.signal;
      if (typeof fields.stdout === 'string') observation.stdout = tail(fields.stdout);
      if (typeof fields.stderr === 'string') observation.stderr = tail(fields.stderr);
      if (typeof fields.status === 'number') observation.status = fields.status;
      const headers = (fields as { headers?: unknown }).headers ?? (fields as { response?: { headers?: unknown } }).response?.headers;
      if (headers && typeof headers === 'object') observation.headers = plainHeaders(headers);
    }
    return observation;
  } catch {
    return { message: 'the task failed with a value that could not be read' };
  }
}

/** Bound every text field of an observation; drop what is not JSON. */
export function boundObservation(observation: Observation): Observation {
  const bounded: Observation = { ...observation };
  for (const key of ['message', 'stdout', 'stderr'] as const) {
    const value = bounded[key];
    if (typeof value === 'string') bounded[key] = tail(value);
  }
  if (bounded.validationErrors) bounded.validationErrors = bounded.validationErrors.slice(0, 50).map((e) => tail(String(e), 1_000));
  if (bounded.tests) bounded.tests = boundTests(bounded.tests);
  if (bounded.error !== undefined) bounded.error = describe(bounded.error, 0, []);
  return bounded;
}

/** Most failing tests kept, and characters of each name, message and location. */
const MAX_TESTS = 100;
const MAX_TEST_TEXT = 300;

/** Test results bounded: the first tests (names compared across attempts stay whole up to the bound). */
function boundTests(tests: NonNullable<Observation['tests']>): NonNullable<Observation['tests']> {
  const cut = (text: string) => (text.length > MAX_TEST_TEXT ? `${text.slice(0, MAX_TEST_TEXT - 1)}…` : text);
  const names = (list: readonly string[]) => list.slice(0, MAX_TESTS).map((name) => cut(String(name)));
  const bounded = { ...tests, failing: names(tests.failing) };
  // What a run's test ledger found (src/runtime/test-ledger.ts): bounded like the names.
  for (const key of ['broken', 'fixed', 'flaky'] as const) if (Array.isArray(tests[key])) bounded[key] = names(tests[key]);
  if (!Array.isArray(tests.failures)) return bounded;
  return {
    ...bounded,
    failures: tests.failures.slice(0, MAX_TESTS).map((f) => ({
      name: cut(String(f.name)),
      ...(typeof f.message === 'string' ? { message: cut(f.message) } : {}),
      ...(typeof f.location === 'string' ? { location: cut(f.location) } : {}),
      ...(typeof f.failedAttempts === 'number' ? { failedAttempts: f.failedAttempts } : {}),
    })),
  };
}

/**
 * A number as JSON keeps it: `Infinity` and `NaN` would be written as `null` (so a stored
 * observation would differ from the one just made), and `-0` as `0`; the first two are kept as text.
 */
function jsonNumber(value: number): number | string {
  if (!Number.isFinite(value)) return String(value);
  return Object.is(value, -0) ? 0 : value;
}

/** The fields of an error kept when they hold a primitive (besides `stack` and `cause`). */
/** The primitive fields of an error an observation keeps, in this order (`keepErrorFields` reads them by name: a test holds the two alike). */
export const ERROR_FIELDS = ['name', 'message', 'code', 'status', 'statusCode', 'type', 'errno', 'syscall', 'path'] as const;

/**
 * A thrown value as JSON: an error's primitive fields, bounded stack and described cause chain;
 * a value with none of those, its JSON copy (`toJSON` applied) described once more, as the copy
 * may have them. Idempotent: describing a description gives it back.
 */
function describe(value: unknown, depth: number, seen: unknown[], isCopy = false): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return tail(value, 4_096);
  if (typeof value === 'number') return jsonNumber(value);
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'object' && typeof value !== 'function') return String(value);
  // The values met on the way down, an array: at most MAX_CAUSE_DEPTH + 1 of them (a Set cost an
  // allocation of its table on every failed attempt, for a chain that is usually one error long).
  if (seen.includes(value) || depth > MAX_CAUSE_DEPTH) return '[cycle or too deep]';
  seen.push(value);
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let kept = keepErrorFields(source, out);
  const stack = stackOf(source);
  if (typeof stack === 'string' && stack) {
    out.stack = boundedStack(stack);
    kept = true;
  }
  const cause = causeOf(source);
  if (cause !== undefined) {
    out.cause = describe(cause, depth + 1, seen);
    kept = true;
  }
  if (kept || isCopy) return kept ? out : value;
  let copy: unknown;
  try {
    copy = JSON.parse(JSON.stringify(value, null)) as unknown;
  } catch {
    return Object.prototype.toString.call(value);
  }
  // The copy is a new value (`toJSON` may have given fields the original did not show): described too.
  return describe(copy, depth, [], true);
}

/**
 * The {@link ERROR_FIELDS} of `source` that hold a primitive, into `out` (in that order); true
 * when there was one. Read by name in one go, not by key in a loop: an error has none of most of
 * them, and a keyed read of a field an object lacks went through V8's generic lookup each time
 * (~0.5 µs a failed attempt, in a profile). A throwing getter makes them read one by one, each
 * survived on its own (the fields before it are then read twice).
 */
function keepErrorFields(source: Record<string, unknown>, out: Record<string, unknown>): boolean {
  let name: unknown, message: unknown, code: unknown, status: unknown, statusCode: unknown, type: unknown, errno: unknown, syscall: unknown, path: unknown;
  try {
    ({ name, message, code, status, statusCode, type, errno, syscall, path } = source);
  } catch {
    let kept = false;
    for (const key of ERROR_FIELDS) kept = keepField(out, key, read(source, key)) || kept;
    return kept;
  }
  // Each kept in the order of ERROR_FIELDS (the order the observation's JSON has them in).
  let kept = keepField(out, 'name', name);
  kept = keepField(out, 'message', message) || kept;
  kept = keepField(out, 'code', code) || kept;
  kept = keepField(out, 'status', status) || kept;
  kept = keepField(out, 'statusCode', statusCode) || kept;
  kept = keepField(out, 'type', type) || kept;
  kept = keepField(out, 'errno', errno) || kept;
  kept = keepField(out, 'syscall', syscall) || kept;
  return keepField(out, 'path', path) || kept;
}

/** `field` kept in `out` as `key` when it is a primitive (a text bounded, a number as JSON keeps it). */
function keepField(out: Record<string, unknown>, key: string, field: unknown): boolean {
  if (field === undefined || field === null || typeof field === 'object' || typeof field === 'function') return false;
  out[key] = typeof field === 'string' ? tail(field, 4_096) : typeof field === 'number' ? jsonNumber(field) : field;
  return true;
}

/**
 * `source.stack` and `source.cause`, a throwing getter survived: read by name, not through
 * {@link read}'s keyed load, which goes through V8's generic lookup for every thrown error (it
 * has no `cause`, own or inherited): an error's observation ~280 → ~220 ns (its stack formatted
 * already).
 */
function stackOf(source: { stack?: unknown }): unknown {
  try {
    return source.stack;
  } catch {
    return undefined;
  }
}

function causeOf(source: { cause?: unknown }): unknown {
  try {
    return source.cause;
  } catch {
    return undefined;
  }
}

function read(source: Record<string, unknown>, key: string): unknown {
  try {
    return source[key];
  } catch {
    return undefined;
  }
}

function plainHeaders(headers: object): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = typeof (headers as { entries?: unknown }).entries === 'function'
    ? [...(headers as { entries(): Iterable<[string, unknown]> }).entries()]
    : Object.entries(headers);
  for (const [name, value] of entries) if (typeof value === 'string' || typeof value === 'number') out[name.toLowerCase()] = String(value);
  return out;
}
