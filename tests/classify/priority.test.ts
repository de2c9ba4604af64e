import { describe, expect, test } from 'vitest';
import { classify, seed001Pack } from '../../src/classify/index.js';

const typeOf = (observation: object): string => classify(observation).type;

describe('priority when several rules match', () => {
  test('security first, over anything', () => {
    expect(typeOf({ stderr: "EACCES: permission denied, open '/etc/shadow'\nSyntaxError: x", exitCode: 130, status: 429 })).toBe('SECURITY_VIOLATION');
    const critical = classify({ stderr: 'sudo: a password is required' });
    expect(critical).toMatchObject({ type: 'SECURITY_VIOLATION', severity: 'critical', action: 'halt', category: 'fatal' });
  });

  test('a 403 is auth, unless a security rule matched', () => {
    expect(typeOf({ status: 403 })).toBe('AUTH_REQUIRED');
    expect(typeOf({ status: 403, message: "EPERM: operation not permitted, open '/etc/sudoers'" })).toBe('SECURITY_VIOLATION');
  });

  test('billing quota beats the 429 it comes with', () => {
    expect(typeOf({ status: 429, message: 'insufficient_quota' })).toBe('QUOTA_EXCEEDED');
    expect(typeOf({ error: { status: 429, code: 'insufficient_quota', message: '429 You exceeded your current quota' } })).toBe('QUOTA_EXCEEDED');
  });

  test('fatal beats the seed-001 order', () => {
    expect(typeOf({ stderr: 'SyntaxError: x\nbash: foo: command not found' })).toBe('CLI_NOT_FOUND');
    expect(typeOf({ stderr: 'AssertionError: x\nError: 401 Unauthorized: invalid x-api-key' })).toBe('AUTH_REQUIRED');
  });

  test('seed 001 order: broken build, then verification failed, then context exhausted', () => {
    expect(typeOf({ stderr: 'AssertionError: expected 1\nSyntaxError: Unexpected token' })).toBe('BROKEN_BUILD');
    expect(typeOf({ stderr: 'context window exceeded\nAssertionError: expected 1' })).toBe('VERIFICATION_FAILED');
    expect(typeOf({ stderr: 'context window exceeded\nError: connect ECONNREFUSED 127.0.0.1:5432' })).toBe('CONTEXT_EXHAUSTED');
  });

  test('the seed-001 types outrank the rest', () => {
    expect(typeOf({ stderr: 'Tests: 1 failed\nError: connect ECONNREFUSED 127.0.0.1:5432' })).toBe('VERIFICATION_FAILED');
    expect(typeOf({ tests: { passed: 3, failed: 1, failing: ['a'] }, stderr: 'socket hang up' })).toBe('VERIFICATION_FAILED');
  });

  test('how a process ended outranks what it printed', () => {
    expect(typeOf({ exitCode: 124, stderr: 'SyntaxError: Unexpected token' })).toBe('TIMEOUT');
    expect(typeOf({ signal: 'SIGSEGV', stderr: 'Assertion failed' })).toBe('CLI_CRASH');
  });

  test('a specific refinement beats its general marker: JSON parse errors are SyntaxErrors', () => {
    expect(typeOf({ message: 'SyntaxError: Unexpected token < in JSON at position 0' })).toBe('JSON_PARSE_ERROR');
  });

  test('a typed error type wins directly', () => {
    expect(typeOf({ error: { type: 'RATE_LIMIT', message: 'SyntaxError: x' } })).toBe('RATE_LIMIT');
    expect(typeOf({ error: { type: 'timeout' } })).toBe('TIMEOUT');
    expect(typeOf({ error: { message: 'x', cause: { type: 'NETWORK' } } })).toBe('NETWORK');
    expect(classify({ error: { type: 'RATE_LIMIT' } }).confidence).toBeGreaterThanOrEqual(0.9);
    // UNKNOWN says nothing: the words still decide.
    expect(typeOf({ error: { type: 'UNKNOWN', message: 'socket hang up' } })).toBe('NETWORK');
  });

  test('a heap-exhaustion message explains the abort exit code it comes with', () => {
    const oom = 'FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory';
    expect(typeOf({ stdout: '', stderr: oom, exitCode: 134 })).toBe('RESOURCE_EXHAUSTION');
    expect(typeOf({ stderr: oom, signal: 'SIGABRT' })).toBe('RESOURCE_EXHAUSTION');
    expect(typeOf({ stderr: 'Aborted (core dumped)', exitCode: 134 })).toBe('CLI_CRASH');
  });

  test('an empty stdout explains a failure only when nothing else does', () => {
    expect(typeOf({ stdout: '', stderr: 'Error: connect ECONNREFUSED 127.0.0.1:5432', exitCode: 1 })).toBe('NETWORK');
    // Issue 14: something on stderr means output was produced; the fallback shows it instead of "empty".
    expect(typeOf({ stdout: '', stderr: 'weird', exitCode: 1 })).toBe('UNKNOWN');
    expect(typeOf({ stdout: '', stderr: '', exitCode: 1 })).toBe('EMPTY_OUTPUT');
    // A test runner writing only on stderr (examples/always-fails-test.mjs): its report wins.
    expect(typeOf({ stdout: '', stderr: 'FAIL a.test.ts\n  ✗ rejects\n    Expected: TokenExpiredError\n    Received: TypeError', exitCode: 1 })).toBe('VERIFICATION_FAILED');
    expect(typeOf({ stdout: '', validationErrors: ['Missing section: # Tests'], exitCode: 0 })).toBe('EMPTY_OUTPUT');
    expect(typeOf({ stderr: 'weird', exitCode: 1 })).toBe('UNKNOWN');
  });

  test('validation errors: a missing section is MISSING_SECTIONS, anything else FORMAT_VALIDATION', () => {
    expect(typeOf({ stdout: 'x', validationErrors: ['Missing section: # Tests', 'bad header'] })).toBe('MISSING_SECTIONS');
    expect(typeOf({ stdout: 'x', validationErrors: ['bad header'] })).toBe('FORMAT_VALIDATION');
  });

  test('circular fix comes from history, after the seed-001 message types', () => {
    const history = { previousApproaches: ['Using async await for fetch', 'Using async/await with try-catch'], currentApproach: 'Using async await pattern' };
    expect(classify({ message: 'Error: still failing' }, { history }).type).toBe('CIRCULAR_FIX');
    expect(classify({ message: 'SyntaxError: x' }, { history }).type).toBe('BROKEN_BUILD');
    expect(classify({ message: 'Error: still failing' }, { history: { ...history, currentApproach: 'Switch to a queue' } }).type).toBe('UNKNOWN');
  });
});

describe('the seed-001 pack alone reproduces that system', () => {
  const packs = [seed001Pack];
  const cases: [string, object, string][] = [
    ['BROKEN_BUILD', { message: "Error: Cannot find module './utils' from 'src/index.js'" }, 'BROKEN_BUILD'],
    ['VERIFICATION_FAILED', { message: 'AssertionError: Expected 200 but got 404' }, 'VERIFICATION_FAILED'],
    ['CONTEXT_EXHAUSTED', { message: 'Error: Maximum context length (128k tokens) exceeded' }, 'CONTEXT_EXHAUSTED'],
    ['UNKNOWN', { message: 'Error: Connection refused to database server' }, 'UNKNOWN'],
    ['its order', { message: 'syntax error; test failed; token limit' }, 'BROKEN_BUILD'],
    ['its order 2', { message: 'test failed; token limit' }, 'VERIFICATION_FAILED'],
  ];
  test.each(cases)('%s', (_, observation, type) => {
    expect(classify(observation, { packs }).type).toBe(type);
  });

  test('CIRCULAR_FIX via the history', () => {
    const history = { previousApproaches: ['Using async await for fetch', 'Using async/await with try-catch'], currentApproach: 'Using async await pattern' };
    expect(classify({ message: 'Error: fetch still fails' }, { packs, history }).type).toBe('CIRCULAR_FIX');
  });
});
