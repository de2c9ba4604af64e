import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify } from '../../src/classify/index.js';
import { CATCH_ALL_RULE } from '../../src/classify/catch-all.js';
import { inQuotedSource, insideIdentifier } from '../../src/classify/identifier.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * Look-alikes (issue 30): a failure word inside an identifier — a path, a branch name, a test
 * name, a quoted name — is not evidence. Each row: the text, the type its word suggests (which it
 * must NOT get), and the type it does get.
 */
const LOOKALIKES: [what: string, stderr: string, suggested: FailureType, expected: FailureType][] = [
  ['a branch name in a rejected push', "error: failed to push some refs to 'github.com:org/repo.git'\n ! [rejected]        fix/timeout-retry -> fix/timeout-retry (non-fast-forward)", 'TIMEOUT', 'ERROR_RESPONSE'],
  ['a branch name in a pathspec', "error: pathspec 'fix/permission-denied' did not match any file(s) known to git", 'SECURITY_VIOLATION', 'ERROR_RESPONSE'],
  ['a ref name', "fatal: couldn't find remote ref refs/heads/hotfix/out-of-memory", 'RESOURCE_EXHAUSTION', 'ERROR_RESPONSE'],
  ['a pytest test name', 'FAILED tests/test_client.py::test_handles_rate_limit - AssertionError: assert 200 == 429', 'RATE_LIMIT', 'VERIFICATION_FAILED'],
  ['a pytest test name, plain assert', 'FAILED tests/test_client.py::test_connection_refused_is_retried - assert False', 'NETWORK', 'VERIFICATION_FAILED'],
  ['a Go test name', '--- FAIL: TestTimeoutIsRetried (0.00s)\n    client_test.go:31: got 1 attempts, want 3\nFAIL', 'TIMEOUT', 'VERIFICATION_FAILED'],
  ['a jest test file and title', 'FAIL src/api/unauthorized.test.ts\n  ● handler › returns 401 Unauthorized\n    expect(received).toBe(expected)\n    Expected: 401\n    Received: 200', 'AUTH_REQUIRED', 'VERIFICATION_FAILED'],
  ['a source path in a tsc diagnostic', "src/errors/timeout.ts:12:3 - error TS2322: Type 'string' is not assignable to type 'number'.", 'TIMEOUT', 'BROKEN_BUILD'],
  ['a C function a compiler cannot find', "main.c:12:5: error: implicit declaration of function 'getaddrinfo' [-Werror=implicit-function-declaration]", 'NETWORK', 'BROKEN_BUILD'],
  ['a Rust name a compiler cannot find', 'error[E0425]: cannot find value `ECONNREFUSED` in this scope\n --> src/main.rs:4:13', 'NETWORK', 'BROKEN_BUILD'],
  ['a Python module name', "ModuleNotFoundError: No module named 'quota_exceeded'", 'QUOTA_EXCEEDED', 'BROKEN_BUILD'],
  ['a crate name', 'error: could not find `rate-limit` in registry `crates-io` with version `*`', 'RATE_LIMIT', 'ERROR_RESPONSE'],
  ['a script path', 'Run ./scripts/check-rate-limit.sh\nError: Process completed with exit code 1.', 'RATE_LIMIT', 'ERROR_RESPONSE'],
  ['a file name with spaces', "cp: cannot stat 'logs/out of memory.txt': No such file or directory", 'RESOURCE_EXHAUSTION', 'ERROR_RESPONSE'],
  ['a package in a URL', 'npm ERR! 404 Not Found - GET https://registry.npmjs.org/@acme/econnreset-retry - Not found', 'NETWORK', 'ERROR_RESPONSE'],
  ['a Windows path', 'error: could not open C:\\work\\disk-full\\ENOSPC-notes.txt', 'RESOURCE_EXHAUSTION', 'ERROR_RESPONSE'],
  ['"certificate verification failed" is not seed 001\'s "verification failed"', 'error: certificate verification failed for host registry.example.com', 'VERIFICATION_FAILED', 'CERTIFICATE_ERROR'],
  // Node quotes the line that threw above a caret: `new AbortError(…)` there is code, and aborts nothing.
  ['source code Node quotes above a caret', "file:///app/main.mjs:2\nawait retry(async () => { throw new AbortError(new Error('GET /v1/x answered 404 Not Found')); });\n                                ^\n\nError: GET /v1/x answered 404 Not Found\n\nNode.js v20.20.2", 'USER_ABORT', 'ERROR_RESPONSE'],
  ['a placeholder for a frame without a name', 'error: toolchain is broken\n\nStack backtrace:\n  12: <unknown>', 'ERROR_RESPONSE', 'ERROR_RESPONSE'],
  ['a part of a hyphenated name', 'error: x86_64-unknown-linux-gnu is broken', 'ERROR_RESPONSE', 'ERROR_RESPONSE'],
  // The fourth session's concepts (a build's target, a memory limit, a lock wait, a wrong password) inside names.
  ['a branch named for an unknown target', "error: pathspec 'fix/unknown-target' did not match any file(s) known to git", 'BROKEN_BUILD', 'ERROR_RESPONSE'],
  ['a script named for a memory limit', 'Run ./ci/memory-limit-reached.sh\nError: Process completed with exit code 1.', 'RESOURCE_EXHAUSTION', 'ERROR_RESPONSE'],
  ['a test named for a lock wait', 'FAILED tests/test_lock.py::test_timeout_while_waiting_to_get_lock - assert 1 == 2', 'RESOURCE_BUSY', 'VERIFICATION_FAILED'],
  ['a quoted name of a wrong password check', "error: no such check 'wrong-password' in suite auth", 'AUTH_REQUIRED', 'ERROR_RESPONSE'],  // The fifth session's concepts (a document that does not load) inside names.
  ['a test named for a parsing error', 'FAILED tests/test_config.py::test_parsing_error_is_reported - assert 1 == 2', 'BROKEN_BUILD', 'VERIFICATION_FAILED'],
  // The seventh session's concepts (credentials unusable, no server, a tool too old) inside names.
  ['a branch named for an unusable secret key', "error: pathspec 'fix/unusable-secret-key' did not match any file(s) known to git", 'AUTH_REQUIRED', 'ERROR_RESPONSE'],
  ['a branch named for no keyserver', "error: pathspec 'fix/no-keyserver-available' did not match any file(s) known to git", 'NETWORK', 'ERROR_RESPONSE'],
  ['a test named for a tool too old', 'FAILED tests/test_meson.py::test_project_requires_newer_version - assert 1 == 2', 'BROKEN_BUILD', 'VERIFICATION_FAILED'],
  ['a branch named for a duplicate option', "error: pathspec 'fix/duplicate-option' did not match any file(s) known to git", 'BROKEN_BUILD', 'ERROR_RESPONSE'],
  // The sixth capture: a joined name (snake_case) in the source line a Python traceback quotes is a call, not an error's name.
  ['a call joined from a certificate word, quoted in a traceback', 'Traceback (most recent call last):\n  File "serve.py", line 3, in <module>\n    ctx.load_cert_chain(\'srv.pem\')\nFileNotFoundError: [Errno 2] No such file or directory', 'CERTIFICATE_ERROR', 'ERROR_RESPONSE'],
  ['a frame\'s function joined from a certificate word', 'Traceback (most recent call last):\n  File "tls.py", line 9, in verify_cert_chain\n    raise ValueError(\'bad port\')\nValueError: bad port', 'CERTIFICATE_ERROR', 'CLI_CRASH'],
];

/**
 * Line shapes (issue 30): a compiler diagnostic is a line of a shape (`file:line:col: error:`),
 * not a source file's name and the word "error" on one line. Each row: a tool's line that has
 * both, exactly as it printed it on this machine, and the type it must get — never BROKEN_BUILD,
 * whose rollback would undo work for a failure no edit caused.
 */
const SHAPE_LOOKALIKES: [what: string, stderr: string, expected: FailureType][] = [
  // gcc -fsanitize=undefined -fno-sanitize-recover=undefined main.c && ./app (exit 1): the program failed at run time.
  ["UBSan's run-time report", "main.c:3:48: runtime error: signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'\n", 'CLI_CRASH'],
  // openssl s_client -connect 127.0.0.1:1 (OpenSSL 3.0): the error queue names the C file that raised each entry.
  ["OpenSSL's error queue (connection refused)", '40B73961F77F0000:error:8000006F:system library:BIO_connect:Connection refused:../crypto/bio/bio_sock2.c:117:calling connect()\n40B73961F77F0000:error:10000067:BIO routines:BIO_connect:connect error:../crypto/bio/bio_sock2.c:119:\nconnect:errno=111', 'NETWORK'],
  // openssl s_client -CAfile /nonexistent
  ["OpenSSL's error queue (missing file)", '40C74F44487F0000:error:80000002:system library:BIO_new_file:No such file or directory:../crypto/bio/bss_file.c:67:calling fopen(/nonexistent, r)\n40C74F44487F0000:error:10000080:BIO routines:BIO_new_file:no such file:../crypto/bio/bss_file.c:75:', 'ERROR_RESPONSE'],
  // Go's log package with its default flags: a time stamp before the file position.
  ['a Go log line with a file position', '2025/01/15 10:22:31 main.go:42: error: dial tcp 10.0.0.5:5432: connect: connection refused', 'NETWORK'],
];

describe('a diagnostic rule reads only lines of its shape (issue 30)', () => {
  test.each(SHAPE_LOOKALIKES)('%s', (_, stderr, expected) => {
    const result = classify({ stderr, exitCode: 1 });
    expect(result.type).not.toBe('BROKEN_BUILD');
    expect(result.type).toBe(expected);
  });

  test('the same compilers\' diagnostics still count', () => {
    expect(classify({ stderr: "main.c:3:18: error: 'counter' undeclared (first use in this function)", exitCode: 1 }).type).toBe('BROKEN_BUILD');
    expect(classify({ stderr: 'Main.java:1: error: cannot find symbol\n1 error', exitCode: 1 }).type).toBe('BROKEN_BUILD');
    expect(classify({ stderr: 'error: expected one of `;`\n --> src/main.rs:4:13\n', exitCode: 101 }).type).toBe('BROKEN_BUILD');
  });
});

describe('a failure word inside an identifier is not evidence (issue 30)', () => {
  test.each(LOOKALIKES)('%s', (_, stderr, suggested, expected) => {
    const result = classify({ stderr, exitCode: 1 });
    expect(result.type).toBe(expected);
    // The word inside the name is not the evidence: the verdict is another type, or only the
    // catch-all's reading of the program's own error line (a failed process's `error: …`).
    if (result.type === suggested) expect(result.evidence.map((e) => e.rule)).toEqual([CATCH_ALL_RULE]);
    else expect(result.type).not.toBe(suggested);
  });

  test('the same words outside identifiers still count, and values in quotes are values', () => {
    expect(classify({ stderr: 'Error: connect ECONNREFUSED 127.0.0.1:5432' }).type).toBe('NETWORK');
    expect(classify({ stderr: "Error: read ECONNRESET\n    at TCP.onStreamRead {\n  errno: -104,\n  code: 'ECONNRESET'\n}" }).type).toBe('NETWORK');
    expect(classify({ stderr: '{"error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your rate limit"}}' }).type).toBe('RATE_LIMIT');
    expect(classify({ stderr: "Error: EACCES: permission denied, open '/home/ci/.ssh/id_rsa'" }).type).toBe('SECURITY_VIOLATION');
    expect(classify({ stderr: '/bin/sh: 1: jq: not found' }).type).toBe('CLI_NOT_FOUND');
  });
});

describe('insideIdentifier', () => {
  const word = fc.stringMatching(/^[a-z][a-z0-9]{0,11}$/);
  const join = (before: string, w: string, after: string) => ({ text: before + w + after, start: before.length, end: before.length + w.length - 1 });

  test('a word joined to a path separator is inside an identifier', () => {
    fc.assert(fc.property(word, word, fc.constantFrom('/', '\\'), (segment, w, sep) => {
      const { text, start, end } = join(`see ${segment}${sep}`, w, ' now');
      expect(insideIdentifier(text, start, end)).toBe(true);
    }));
  });

  test('a word between spaces, or a quoted value after a colon, is not', () => {
    fc.assert(fc.property(word, word, (w, other) => {
      const plain = join(`${other} `, w, ` ${other}`);
      expect(insideIdentifier(plain.text, plain.start, plain.end)).toBe(false);
      const value = join(`code: '`, w, `'`);
      expect(insideIdentifier(value.text, value.start, value.end)).toBe(false);
    }));
  });

  test('a quoted name after a word is', () => {
    fc.assert(fc.property(word, fc.constantFrom("'", '`', '"'), (w, quote) => {
      const { text, start, end } = join(`function ${quote}`, w, quote);
      expect(insideIdentifier(text, start, end)).toBe(true);
    }));
  });

  test('a word in a placeholder, or inside a hyphenated name, is; a word beside one hyphen is not', () => {
    fc.assert(fc.property(word, word, (w, other) => {
      const placeholder = join('frame 12: <', w, '>');
      expect(insideIdentifier(placeholder.text, placeholder.start, placeholder.end)).toBe(true);
      const inside = join(`x ${other}-`, w, `-${other} y`);
      expect(insideIdentifier(inside.text, inside.start, inside.end)).toBe(true);
      const oneSide = join(`x ${other}-`, w, ' y');
      expect(insideIdentifier(oneSide.text, oneSide.start, oneSide.end)).toBe(false);
    }));
  });
});

describe('inQuotedSource', () => {
  const code = fc.stringMatching(/^[a-z(){};'. ]{1,40}$/).filter((s) => !s.includes('\n'));
  const gutter = fc.constantFrom('', '    ', '      | ', '\t');

  test('a line above a caret line (Node, Python, gcc) is quoted source', () => {
    fc.assert(fc.property(code, gutter, fc.stringMatching(/^[\^~]{0,5}\^[\^~]{0,5}$/), fc.constantFrom('', '\n\nError: x'), (line, pad, carets, rest) => {
      const text = `${line}\n${pad}${carets}${rest}`;
      expect(inQuotedSource(text, line.length - 1)).toBe(true);
    }));
  });

  test('a line above text, a blank line or nothing is not', () => {
    fc.assert(fc.property(code, fc.constantFrom('Error: x', '', '  at main (a.js:1:1)', '   ^ and more words'), (line, next) => {
      expect(inQuotedSource(`${line}\n${next}`, line.length - 1)).toBe(false);
      expect(inQuotedSource(line, line.length - 1)).toBe(false);
    }));
  });
});

describe('an option\'s description in a help listing is no evidence (issue 30, the ninth capture)', () => {
  const usage = 'Invalid version specified after -v flag: 4\nUSAGE: snmpget [OPTIONS] AGENT OID [OID]...\n\nOPTIONS:\n  -r RETRIES\t\tset the number of retries\n  -t TIMEOUT\t\tset the request timeout (in seconds)\n  -C APPOPTS\t\tSet various application specific behaviours:\n\t\t\t  f:  do not fix errors and retry the request\n';
  test('a usage text after a bad argument is the refusal, not a timeout', () => {
    expect(classify({ stderr: usage, exitCode: 1 }).type).toBe('ERROR_RESPONSE');
  });
  test('the same words outside an option line still count', () => {
    expect(classify({ stderr: 'error: request timeout (in seconds) exceeded\n', exitCode: 1 }).type).toBe('TIMEOUT');
    expect(classify({ stderr: '-bash: request timeout while fetching\n', exitCode: 1 }).type).toBe('TIMEOUT');
  });
});

describe('a timeout as a program\'s whole message (issue 30, the ninth capture)', () => {
  test.each([['snmpget: Timeout\n'], ['Timeout: No Response from 127.0.0.1:56666.\n']])('%s', (stderr) => {
    expect(classify({ stderr, exitCode: 1 }).type).toBe('TIMEOUT');
  });
  test('the bare word as a setting or an option is no timeout', () => {
    expect(classify({ stderr: 'config: timeout = 30\nerror: bad key\n', exitCode: 1 }).type).not.toBe('TIMEOUT');
    expect(classify({ stderr: 'unknown option: --timeout\n', exitCode: 1 }).type).not.toBe('TIMEOUT');
  });
});
