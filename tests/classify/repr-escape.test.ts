import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * A child's output that a wrapper prints as a string's repr (`before (last 100 chars): b"…doesn't
 * have a known issuer.\r\n"`): its `\r\n` escapes are not a Windows path's separators, so the words
 * before them are the child's words (identifier.ts, `escapeAt`). A real path keeps its separators.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

describe("a repr's escapes end the child's words", () => {
  test.each([
    ['a wrapper quoting a TLS client that did not trust the issuer', 'pexpect.exceptions.EOF: End Of File (EOF).\nbefore (last 100 chars): b"ERROR: The certificate of \\xe2\\x80\\x98127.0.0.1\\xe2\\x80\\x99 doesn\'t have a known issuer.\\r\\n"\n', 'CERTIFICATE_ERROR'],
    ['a repr ending in a newline escape', "output: 'connect: Connection refused\\n'\nexit status 7\n", 'NETWORK'],
  ])('%s', (_, stderr, type) => {
    expect(classify(fail(stderr)).type).toBe(type);
    expect(generic(fail(stderr)).type).toBe(type);
  });
});

describe('look-alikes: Windows paths keep their separators', () => {
  test.each([
    ['a directory named like a failure, then \\nightly', 'copy failed: C:\\builds\\timeout\\nightly.log\n'],
    ['a directory named like a failure, then \\x64', 'copy failed: C:\\out\\timeout\\x64\\app.exe\n'],
    ['a directory named like a failure, then \\temp', 'copy failed: D:\\connection refused\\temp\\a.txt\n'],
  ])('%s', (_, stderr) => {
    expect(['TIMEOUT', 'NETWORK']).not.toContain(classify(fail(stderr)).type);
  });
});
