import { isFailureType, type FailureType } from '../taxonomy/index.js';
import { readHeaders, type RetryHint } from './retry-after.js';
import type { TextSource } from './rule.js';
import { asText, isArray, isBlank, safeGet, safeKeys } from './text.js';
import { readErrorChain } from './read-error.js';

/**
 * Everything `classify` looks at, read once from an untrusted observation. Reading is the only
 * step that can run foreign code (getters, Proxy traps); every read is guarded.
 */
export interface Facts {
  /** Text per source; a source may hold several segments (an error chain has many). */
  text: Record<TextSource, string[]>;
  /** Error codes, names and string types, upper-cased. */
  codes: string[];
  /** A typed `type` field naming a taxonomy type (`UNKNOWN` excluded: it says nothing). */
  typed: FailureType | null;
  statuses: number[];
  exitCodes: number[];
  signals: string[];
  testsFailed: number;
  testsFailing: string[];
  /** The first failing test's details, `name at file:line: message`, when the observation has them (AC-001). */
  testsFirst: string | null;
  /** stdout was captured and is blank. */
  stdoutBlank: boolean;
  /** Nothing was produced: stdout captured and blank, stderr and error text blank or absent (set after cleaning). */
  nothingProduced: boolean;
  /** The command exited 1 with only `false` or `null` on stdout and nothing on stderr (set after cleaning). */
  falsyAnswer: boolean;
  /** A retry-after hint from headers or error fields (text hints are found while scanning). */
  retry: RetryHint | null;
}

const MAX_LIST = 64;

/** Reads an observation, or anything passed in its place, into {@link Facts}. Never throws. */
export function readObservation(observation: unknown, now: number): Facts {
  const facts: Facts = {
    text: { error: [], message: [], stderr: [], stdout: [], validationErrors: [] },
    codes: [], typed: null, statuses: [], exitCodes: [], signals: [],
    testsFailed: 0, testsFailing: [], testsFirst: null, stdoutBlank: false, nothingProduced: false, falsyAnswer: false, retry: null,
  };
  if (observation === undefined || observation === null) return facts;
  if (typeof observation !== 'object') {
    // A bare string is a message; any other bare value is something thrown.
    if (typeof observation === 'string') facts.text.message.push(observation);
    else readErrorChain(observation, facts, now);
    return facts;
  }
  const o = observation;
  const message = asText(safeGet(o, 'message'));
  if (message !== undefined) facts.text.message.push(message);
  const stderr = asText(safeGet(o, 'stderr'));
  if (stderr !== undefined) facts.text.stderr.push(stderr);
  const stdout = asText(safeGet(o, 'stdout'));
  if (stdout !== undefined) {
    facts.text.stdout.push(stdout);
    facts.stdoutBlank = isBlank(stdout);
  }
  readValidation(safeGet(o, 'validationErrors'), facts);
  readTests(safeGet(o, 'tests'), facts);
  const exitCode = safeGet(o, 'exitCode');
  if (typeof exitCode === 'number' && Number.isInteger(exitCode)) facts.exitCodes.push(exitCode);
  const signal = safeGet(o, 'signal');
  if (typeof signal === 'string' && signal !== '') facts.signals.push(signal.toUpperCase());
  const status = safeGet(o, 'status');
  if (typeof status === 'number' && Number.isInteger(status)) facts.statuses.push(status);
  facts.retry = readHeaders(safeGet(o, 'headers'), now);
  const error = safeGet(o, 'error');
  if (error !== undefined && error !== null) readErrorChain(error, facts, now);
  return facts;
}

function readValidation(value: unknown, facts: Facts): void {
  if (typeof value === 'string') {
    facts.text.validationErrors.push(value);
    return;
  }
  if (!isArray(value)) return;
  for (const key of safeKeys(value, MAX_LIST)) {
    const text = asText(safeGet(value, key));
    if (text !== undefined) facts.text.validationErrors.push(text);
  }
}

function readTests(value: unknown, facts: Facts): void {
  const failed = safeGet(value, 'failed');
  if (typeof failed === 'number' && failed > 0) facts.testsFailed = failed;
  const failing = safeGet(value, 'failing');
  if (!isArray(failing)) return;
  for (const key of safeKeys(failing, MAX_LIST)) {
    const name = asText(safeGet(failing, key));
    if (name !== undefined) facts.testsFailing.push(name);
  }
  if (facts.testsFailed === 0 && facts.testsFailing.length > 0) facts.testsFailed = facts.testsFailing.length;
  facts.testsFirst = firstFailure(safeGet(value, 'failures'));
}

/** The first failure's name, place and message as evidence reads them (`name at file:line: message`); null without a message or place. */
function firstFailure(failures: unknown): string | null {
  if (!isArray(failures)) return null;
  const first = safeGet(failures, '0');
  const name = asText(safeGet(first, 'name'));
  const location = asText(safeGet(first, 'location'));
  const message = asText(safeGet(first, 'message'));
  if (name === undefined || (location === undefined && message === undefined)) return null;
  return `${name}${location !== undefined ? ` at ${location}` : ''}${message !== undefined ? `: ${message}` : ''}`;
}

/** A typed `type` field's taxonomy name (`rate_limit` → `RATE_LIMIT`), or null. */
export function typedFailure(value: unknown): FailureType | null {
  if (typeof value !== 'string' || value.length > 40) return null;
  const name = value.toUpperCase();
  return isFailureType(name) && name !== 'UNKNOWN' ? name : null;
}
