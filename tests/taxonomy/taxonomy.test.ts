import { describe, expect, test } from 'vitest';
import {
  ACTIONS, CATEGORIES, FAILURE_TYPE_NAMES, FAILURE_TYPES, SEVERITIES, failureTypeInfo, isFailureType, typesOfCategory,
  type Action, type Category, type FailureType,
} from '../../src/taxonomy/index.js';

/** DESIGN.md's taxonomy table, written out again: the data must agree with it. */
const DESIGN_TABLE: Record<Category, FailureType[]> = {
  transient: ['RATE_LIMIT', 'RATE_LIMIT_TIMED', 'SERVER_OVERLOADED', 'SERVER_ERROR', 'TIMEOUT', 'NETWORK', 'HEARTBEAT_TIMEOUT', 'PROGRESS_STALL', 'RESOURCE_BUSY', 'DEPENDENCY_FAILURE'],
  systematic: ['BROKEN_BUILD', 'VERIFICATION_FAILED', 'QUALITY_GATE_FAIL', 'CLI_CRASH', 'JSON_PARSE_ERROR', 'EMPTY_OUTPUT', 'FORMAT_VALIDATION', 'MISSING_SECTIONS', 'DIFF_PARSE_ERROR', 'CONTEXT_ERROR', 'ERROR_RESPONSE', 'UNKNOWN'],
  resource: ['CONTEXT_EXHAUSTED', 'RESOURCE_EXHAUSTION'],
  fatal: ['AUTH_REQUIRED', 'AUTH_EXPIRED', 'CLI_NOT_FOUND', 'QUOTA_EXCEEDED', 'CERTIFICATE_ERROR', 'USER_ABORT', 'SECURITY_VIOLATION'],
  circular: ['CIRCULAR_FIX', 'REPEATED_FIX'],
  nondeterministic: ['NON_DETERMINISTIC'],
};

/** DESIGN.md's default action per category, with the exceptions it names. */
const DEFAULT_ACTION: Record<Category, Action> = {
  transient: 'retry', systematic: 'adapt', resource: 'handoff', fatal: 'escalate', circular: 'escalate', nondeterministic: 'escalate',
};
const ACTION_EXCEPTIONS: Partial<Record<FailureType, Action>> = {
  BROKEN_BUILD: 'rollback', // "rolls back to the last known good state first"
  USER_ABORT: 'abort', // "USER_ABORT aborts"
  SECURITY_VIOLATION: 'halt', // "halts all execution"
};

const rows = FAILURE_TYPE_NAMES.map((type) => [type, FAILURE_TYPES[type]] as const);

describe('the failure taxonomy agrees with DESIGN.md', () => {
  test('exactly the types of the table, each in its category', () => {
    expect([...FAILURE_TYPE_NAMES].sort()).toEqual(Object.values(DESIGN_TABLE).flat().sort());
    for (const category of CATEGORIES) expect(typesOfCategory(category)).toEqual(DESIGN_TABLE[category]);
  });

  test.each(rows)('%s: category, severity, action, seed, description, example', (type, info) => {
    expect(CATEGORIES).toContain(info.category);
    expect(SEVERITIES).toContain(info.severity);
    expect(ACTIONS).toContain(info.action);
    expect(info.action).toBe(ACTION_EXCEPTIONS[type] ?? DEFAULT_ACTION[info.category]);
    expect(info.seed.trim()).not.toBe('');
    expect(info.description.trim()).not.toBe('');
    expect(info.example.trim()).not.toBe('');
    expect(failureTypeInfo(type)).toBe(info);
    expect(isFailureType(type)).toBe(true);
  });

  test('only SECURITY_VIOLATION is critical', () => {
    expect(rows.filter(([, info]) => info.severity === 'critical').map(([type]) => type)).toEqual(['SECURITY_VIOLATION']);
  });

  test('only USER_ABORT is immediate (seed 004), and immediate is the most urgent severity', () => {
    expect(rows.filter(([, info]) => info.severity === 'immediate').map(([type]) => type)).toEqual(['USER_ABORT']);
    expect(SEVERITIES[0]).toBe('immediate');
  });

  test('isFailureType refuses what is not a type', () => {
    for (const value of ['rate_limit', 'toString', '__proto__', '', null, undefined, 42, {}]) expect(isFailureType(value)).toBe(false);
  });
});
