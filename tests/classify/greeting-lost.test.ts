import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * A peer that closed the connection before its protocol greeting (issue 30, the thirteenth
 * capture's harmful miss): NETWORK, retried — never the program's defect, adapted.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

/** A Python library's uncaught exception for a banner read that failed, raised from `cause`. */
const banner = (cause: string, message = 'Error reading SSH protocol banner') =>
  'Traceback (most recent call last):\n  File "/usr/lib/python3/dist-packages/lib/packet.py", line 609, in _read_timeout\n' +
  `    raise ${cause}()\n${cause}\n\nDuring handling of the above exception, another exception occurred:\n\n` +
  'Traceback (most recent call last):\n  File "/work/case/deploy.py", line 4, in <module>\n    client.connect(host, timeout=5)\n' +
  `lib.exceptions.ProtocolException: ${message}\n`;

describe('a peer that closed the connection before its greeting', () => {
  test.each([
    ['a banner read that failed at end of stream, the reader named for its timeout', banner('EOFError')],
    ["a server's greeting that could not be read", "error: could not read the server greeting from 10.0.0.7:143\n"],
    ['a protocol banner read that failed, in other words', banner('EOFError', 'Error while reading protocol banner')],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).toBe('NETWORK');
    expect(generic(fail(stderr)).type).toBe('NETWORK');
  });
});

describe('look-alikes', () => {
  test.each([
    ['the same read that ran out of time', banner('TimeoutError'), 'TIMEOUT'],
    ['a banner file the program reads, not there', 'error: cannot read /etc/motd.banner: No such file or directory\n', 'ERROR_RESPONSE'],
  ])('%s', (_, stderr, type) => {
    expect(classify(fail(stderr)).type).toBe(type);
    expect(generic(fail(stderr)).type).toBe(type);
  });
  test('a test named for the words is not a network failure', () => {
    const out = fail('not ok 3 - reports an error reading the protocol banner\n# tests 3\n# fail 1\n');
    expect(classify(out).type).not.toBe('NETWORK');
  });
});
