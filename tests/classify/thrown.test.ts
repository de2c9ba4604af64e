import { describe, expect, test } from 'vitest';
import { classify } from '../../src/classify/index.js';

describe('errors are read with name, message, code, status, type and their cause chain', () => {
  test('fetch failed → the cause says ECONNREFUSED', () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    const result = classify({ error: new TypeError('fetch failed', { cause }) });
    expect(result.type).toBe('NETWORK');
    expect(result.confidence).toBeGreaterThanOrEqual(0.9);
  });

  test('Anthropic SDK error: status 529 and a body with overloaded_error', () => {
    const error = Object.assign(new Error('529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}'), {
      status: 529,
      error: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      headers: { 'request-id': 'req_1' },
    });
    expect(classify({ error }).type).toBe('SERVER_OVERLOADED');
  });

  test('OpenAI SDK error: code insufficient_quota with status 429', () => {
    const error = Object.assign(new Error('429 You exceeded your current quota'), { status: 429, code: 'insufficient_quota', type: 'insufficient_quota' });
    expect(classify({ error }).type).toBe('QUOTA_EXCEEDED');
  });

  test('AWS SDK v3 (Bedrock): name and $metadata.httpStatusCode', () => {
    const error = Object.assign(new Error('Too many requests, please wait before trying again.'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 429 } });
    expect(classify({ error }).type).toBe('RATE_LIMIT');
  });

  test('Gemini SDK error: numeric status in the error, RESOURCE_EXHAUSTED in the body', () => {
    expect(classify({ error: { status: 429, message: 'got status: 429 Too Many Requests.' } }).type).toBe('RATE_LIMIT');
  });

  test('execa and child_process errors: exit code, signal, their own stderr', () => {
    expect(classify({ error: { exitCode: 127, stderr: 'sh: 1: foo: not found', message: 'Command failed with exit code 127' } }).type).toBe('CLI_NOT_FOUND');
    expect(classify({ error: { status: 124, message: 'Command failed: timeout 5 sleep 10' } }).type).toBe('TIMEOUT');
    expect(classify({ error: { signal: 'SIGKILL', message: 'Command was killed with SIGKILL' } }).type).toBe('RESOURCE_EXHAUSTION');
    expect(classify({ error: { code: 1, stdout: 'authentication failed', message: 'Command failed' } }).type).toBe('UNKNOWN');
  });

  test('AggregateError: its errors are read', () => {
    const error = new AggregateError([new Error('connect ECONNREFUSED ::1:5432'), new Error('connect ECONNREFUSED 127.0.0.1:5432')], 'All promises were rejected');
    expect(classify({ error }).type).toBe('NETWORK');
  });

  test('non-Error throwables: strings, numbers, plain objects, null', () => {
    expect(classify({ error: 'ECONNRESET' }).type).toBe('NETWORK');
    expect(classify({ error: 429 }).type).toBe('UNKNOWN');
    expect(classify({ error: { reason: 'rate limited by upstream' } }).type).toBe('RATE_LIMIT');
    expect(classify({ error: null }).type).toBe('UNKNOWN');
    expect(classify({ error: Symbol('socket hang up') }).type).toBe('NETWORK');
    expect(classify({ error: 10n }).type).toBe('UNKNOWN');
    expect(classify('Error: socket hang up').type).toBe('NETWORK');
    expect(classify(undefined).type).toBe('UNKNOWN');
  });

  test('a cyclic cause chain is read once', () => {
    const a: Error & { cause?: unknown } = new Error('first');
    const b: Error & { cause?: unknown } = new Error('socket hang up');
    a.cause = b;
    b.cause = a;
    expect(classify({ error: a }).type).toBe('NETWORK');
  });

  test('a very deep cause chain is bounded (the first links count)', () => {
    let error: { message: string; cause?: unknown } = { message: 'ECONNRESET at the bottom' };
    for (let i = 0; i < 10_000; i++) error = { message: `wrapper ${i}`, cause: error };
    expect(classify({ error }).type).toBe('UNKNOWN');
    expect(classify({ error: { message: 'wrapper', cause: { message: 'socket hang up' } } }).type).toBe('NETWORK');
  });

  test('getters that throw and hostile Proxies do not escape', () => {
    const hostile = new Proxy({}, {
      get() { throw new Error('get'); },
      has() { throw new Error('has'); },
      ownKeys() { throw new Error('ownKeys'); },
      getPrototypeOf() { throw new Error('proto'); },
      getOwnPropertyDescriptor() { throw new Error('descriptor'); },
    });
    expect(classify(hostile).type).toBe('UNKNOWN');
    expect(classify({ error: hostile, stderr: 'socket hang up' }).type).toBe('NETWORK');
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expect(classify({ error: proxy, validationErrors: proxy, tests: proxy, headers: proxy }).type).toBe('UNKNOWN');
    const withGetter = { get message(): string { throw new Error('no'); }, code: 'ETIMEDOUT' };
    expect(classify({ error: withGetter }).type).toBe('TIMEOUT');
  });

  test('binary output is decoded, not rejected', () => {
    const bytes = new TextEncoder().encode('\u0000\u0001 Error: socket hang up \u00ff');
    expect(classify({ stderr: bytes as unknown as string }).type).toBe('NETWORK');
  });
});
