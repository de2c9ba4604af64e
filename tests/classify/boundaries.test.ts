import { describe, expect, test } from 'vitest';
import { classify, createClassifier } from '../../src/classify/index.js';

const typeOf = (observation: object): string => classify(observation).type;

describe('words, not substrings', () => {
  test('"unexpected" is not "expected"', () => {
    expect(typeOf({ message: 'unexpected' })).toBe('UNKNOWN');
    expect(typeOf({ message: 'Expected 200' })).toBe('VERIFICATION_FAILED');
  });

  test('"React context provider" is not context exhaustion', () => {
    expect(typeOf({ stderr: 'Error: useTheme must be used inside a React context provider' })).not.toBe('CONTEXT_EXHAUSTED');
    expect(typeOf({ stderr: 'Error: context window exceeded' })).toBe('CONTEXT_EXHAUSTED');
  });

  test('a phrase inside a longer word does not match', () => {
    expect(typeOf({ message: 'retimeouted xeconnrefusedx' })).toBe('UNKNOWN');
    expect(typeOf({ message: 'prefix_ECONNREFUSED' })).toBe('UNKNOWN');
  });

  test('a run of whitespace matches one space, across lines too', () => {
    expect(typeOf({ stderr: 'Error: socket\n   hang\tup' })).toBe('NETWORK');
  });

  test('matching is case-insensitive', () => {
    expect(typeOf({ stderr: 'SOCKET HANG UP' })).toBe('NETWORK');
  });

  test('a path keeps its boundaries: /root is not /home/x/root or /rooted', () => {
    expect(typeOf({ message: "EACCES: permission denied, open '/root/.profile'" })).toBe('SECURITY_VIOLATION');
    expect(typeOf({ message: "EACCES: permission denied, open '/home/x/root'" })).toBe('ERROR_RESPONSE');
    expect(typeOf({ message: "EACCES: permission denied, open '/rooted/file'" })).toBe('ERROR_RESPONSE');
    expect(typeOf({ message: "EACCES: permission denied, open '/private/etc/sudoers'" })).toBe('SECURITY_VIOLATION');
  });

  test('"rm -rf /" is data loss, "rm -rf /tmp/build" is not', () => {
    expect(typeOf({ stderr: 'about to run rm -rf / --no-preserve-root' })).toBe('SECURITY_VIOLATION');
    expect(typeOf({ stderr: 'ran rm -rf /* as root' })).toBe('SECURITY_VIOLATION');
    expect(typeOf({ stderr: 'cleanup: rm -rf /tmp/build failed' })).not.toBe('SECURITY_VIOLATION');
  });

  test('ssh refusing a key is an auth failure, not a security violation', () => {
    expect(typeOf({ stderr: "Load key \"/home/u/.ssh/id_rsa\": bad permissions\ngit@github.com: Permission denied (publickey)." })).toBe('AUTH_REQUIRED');
  });

  test('a test file named after billing is not a quota problem', () => {
    expect(typeOf({ stderr: 'FAIL src/billing.test.ts\nTests:       1 failed, 2 total' })).toBe('VERIFICATION_FAILED');
  });

  test('a disk quota is a resource, not a billing quota', () => {
    expect(typeOf({ stderr: 'cp: error writing /home/u/big.iso: Disk quota exceeded' })).toBe('RESOURCE_EXHAUSTION');
  });

  test('a timeout abort is a timeout, not a user abort', () => {
    expect(typeOf({ error: { name: 'TimeoutError', message: 'The operation was aborted due to timeout' } })).toBe('TIMEOUT');
  });

  test('a trailing * matches a prefix, a leading * a suffix', () => {
    const classifier = createClassifier({ packs: [], rules: [
      { id: 'x.prefix', type: 'BROKEN_BUILD', phrases: ['err_x*'] },
      { id: 'x.suffix', type: 'NETWORK', phrases: ['*_net'] },
    ] });
    expect(classifier({ message: 'ERR_X123' }).type).toBe('BROKEN_BUILD');
    expect(classifier({ message: 'error ERR_Y' }).type).toBe('UNKNOWN');
    expect(classifier({ message: 'boom: ABC_NET' }).type).toBe('NETWORK');
  });
});

describe('source weighting', () => {
  test('"authentication module loaded" on stdout is not an auth failure', () => {
    expect(typeOf({ stdout: 'authentication module loaded\nauthentication failed for user test (expected in this fixture)', exitCode: 1 })).not.toBe('AUTH_REQUIRED');
  });

  test('auth and rate-limit markers count in stderr, the message and errors, not in stdout', () => {
    for (const text of ['HTTP/1.1 401 Unauthorized', 'Error: 429 Too Many Requests: rate limit exceeded', 'invalid x-api-key', 'rate limit exceeded for key ci-main']) {
      expect(typeOf({ stdout: text, exitCode: 0 })).toBe('UNKNOWN');
      expect(typeOf({ stdout: text })).toBe('UNKNOWN');
      expect(typeOf({ stderr: text })).not.toBe('UNKNOWN');
      expect(typeOf({ message: text })).not.toBe('UNKNOWN');
      expect(typeOf({ error: new Error(text) })).not.toBe('UNKNOWN');
    }
    // Words stay out of a failing command's stdout too; a standard HTTP status there is its own words (below).
    for (const text of ['invalid x-api-key', 'rate limit exceeded for key ci-main']) expect(typeOf({ stdout: text, exitCode: 1 })).toBe('UNKNOWN');
  });

  test('an HTTP status a failing command printed on stdout counts as on stderr', () => {
    expect(typeOf({ stdout: 'HTTP/1.1 401 Unauthorized', exitCode: 1 })).toBe('AUTH_REQUIRED');
    expect(typeOf({ stdout: 'Error: 429 Too Many Requests: rate limit exceeded', exitCode: 1 })).toBe('RATE_LIMIT');
  });

  test('rate-limit hints in stdout do not set a retry-after', () => {
    expect(classify({ stdout: 'tip: try again in 6s', stderr: 'Error: 429 rate limit exceeded' }).retryAfterMs).toBeUndefined();
  });

  test('other evidence counts in stdout, with less confidence than in stderr', () => {
    const out = classify({ stdout: 'Error: connect ECONNREFUSED 127.0.0.1:5432', exitCode: 1 });
    const err = classify({ stderr: 'Error: connect ECONNREFUSED 127.0.0.1:5432', exitCode: 1 });
    expect(out.type).toBe('NETWORK');
    expect(err.type).toBe('NETWORK');
    expect(out.confidence).toBeLessThan(err.confidence);
    expect(out.evidence[0]).toMatchObject({ source: 'stdout' });
  });

  test('typed codes weigh more than words', () => {
    const coded = classify({ error: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }) });
    expect(coded.type).toBe('NETWORK');
    expect(coded.confidence).toBeGreaterThanOrEqual(0.9);
    expect(classify({ exitCode: 127 }).confidence).toBeGreaterThanOrEqual(0.9);
  });
});

describe('evidence', () => {
  test('names the rule, the source and the matched line, bounded', () => {
    const long = `${'x'.repeat(5000)} Error: connect ECONNREFUSED 127.0.0.1:5432 ${'y'.repeat(5000)}`;
    const result = classify({ stderr: long });
    expect(result.evidence[0]).toMatchObject({ rule: 'node-system.network', source: 'stderr' });
    expect(result.evidence[0]!.match).toContain('ECONNREFUSED');
    for (const e of result.evidence) expect(e.match.length).toBeLessThanOrEqual(200);
  });

  test('nothing matched: UNKNOWN, confidence exactly 0.5, the last stderr line as evidence (no line looks like an error)', () => {
    const result = classify({ stderr: '\n\n  Something went wrong\nmore\n\n' });
    expect(result).toMatchObject({ type: 'UNKNOWN', confidence: 0.5 });
    expect(result.evidence).toEqual([{ rule: 'fallback.last-line', source: 'stderr', match: 'more' }]);
  });

  test('the winner\'s evidence comes first', () => {
    const result = classify({ stderr: "EACCES: permission denied, open '/etc/shadow'", status: 429 });
    expect(result.type).toBe('SECURITY_VIOLATION');
    expect(result.evidence[0]!.rule).toBe('security.sensitive-path');
    expect(result.evidence.map((e) => e.rule)).toContain('http.rate-limit');
  });
});

describe('same-line rules', () => {
  test('EACCES and a sensitive path count together only on one line', () => {
    const npmLog = "npm ERR! code EACCES\nnpm ERR! Error: EACCES: permission denied, mkdir '/app/node_modules'\nnpm ERR! A complete log of this run can be found in:\nnpm ERR!     /root/.npm/_logs/2024-05-01T10_00_00_000Z-debug-0.log";
    expect(classify({ stderr: npmLog }).type).toBe('ERROR_RESPONSE');
    const stack = "Error: EACCES: permission denied, open '/data/x'\n    at Object.openSync (node:fs:596:3)\n    at main (/root/app/index.js:3:4)";
    expect(classify({ stderr: stack }).type).toBe('ERROR_RESPONSE');
    expect(classify({ stderr: `${npmLog}\nnpm ERR! Error: EACCES: permission denied, open '/root/.ssh/config'` }).type).toBe('SECURITY_VIOLATION');
  });

  test("an error object's code and path are read on one line", () => {
    expect(classify({ error: { code: 'EACCES', syscall: 'open', path: '/etc/shadow', message: 'permission denied' } }).type).toBe('SECURITY_VIOLATION');
  });
});

describe('test reports', () => {
  test('auth and rate-limit words inside a test report are what the tests are about', () => {
    const jest = 'FAIL src/api.test.ts\n  ✕ returns 401 Unauthorized for a bad key (5 ms)\n  ✕ answers 429 Too Many Requests past the rate limit (3 ms)\n\nTests:       2 failed, 8 passed, 10 total';
    expect(classify({ stderr: jest, exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
    expect(classify({ stderr: 'Error: 401 Unauthorized: invalid x-api-key', exitCode: 1 }).type).toBe('AUTH_REQUIRED');
  });
});
