import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { addressFirst } from '../../src/classify/line-shape-address.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A peer the run could not open a connection to, or one that went away, in the client's own
 * sentence (issue 30, the tenth capture's harmful misses: each was adapted as the request's refusal
 * or read UNKNOWN): NETWORK, retried.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['a connection to a daemon that could not be opened', fail('Could not open connection to daemon\n'), 'NETWORK'],
  ['the same, as a failed command prints it on stdout', fail('', '506 Cannot talk to daemon\n'), 'NETWORK'],
  ['no server of a realm answered', fail("kinit: Cannot contact any KDC for realm 'EXAMPLE.TEST' while getting initial credentials\n"), 'NETWORK'],
  ['a client unable to contact its server', fail('agent: unable to contact the server at 10.0.0.5:8200\n'), 'NETWORK'],
  ['an error connecting to a host and port', fail("*** Error connecting to smtp.mail.invalid:25:\n*** \tIO::Socket::INET: Bad hostname 'smtp.mail.invalid'\n", '=== Trying smtp.mail.invalid:25...\n'), 'NETWORK'],
  ['a connection that could not be established', fail('ERROR: could not establish connection to replica db2:5432\n'), 'NETWORK'],
  ['a control socket that closed under the run', fail('iperf3: error - control socket has closed unexpectedly\n'), 'NETWORK'],
  ['a connection closed unexpectedly', fail('fatal: the connection closed unexpectedly while reading the reply\n'), 'NETWORK'],
  ["a TLS library's transport read that failed", fail('*** Fatal error: Error in the pull function.\n', "Connecting to '127.0.0.1:50885'...\n"), 'NETWORK'],
  ["a TLS library's transport write that failed", fail('*** Fatal error: Error in the push function.\n'), 'NETWORK'],
  ["a probe's verdict on an IPv4 host", fail('', '192.0.2.10 is unreachable\n'), 'NETWORK'],
  ["a probe's verdicts, one host alive and one not", fail('', '127.0.0.1 is alive\n192.0.2.10 is unreachable\n'), 'NETWORK'],
  ["a probe's verdict on a named host", fail('db.example.test is unreachable\n'), 'NETWORK'],
  ["a probe's verdict on an IPv6 host", fail('', '2001:db8::1 is unreachable\n'), 'NETWORK'],
];

describe('a peer not reached or gone, in the client’s own sentence', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes: not the network', () => {
  test.each([
    ['a socket file that is not there', 'error connecting to /work/case/tmux-0/default (No such file or directory)\n'],
    ['a test named for the words', 'not ok 3 - reports could not open connection to daemon\n'],
    ['a test named for a closed socket', 'not ok 1 - retries when the socket has closed\n'],
    ['a compiler finding unreachable code', 'main.c:12:5: warning: code will never be executed [-Wunreachable-code]\n'],
    ['a statement that is unreachable, by its subject', 'statement is unreachable\n'],
    ['a file name first on the line, not a host', 'main.c is unreachable from the entry point\n'],
    ['a person to contact', 'error: license expired, please contact the administrator\n'],
  ])('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).not.toBe('NETWORK');
    expect(generic(fail(stderr)).type).not.toBe('NETWORK');
  });

  test('a probe that found every host alive did not fail', () => {
    expect(classify({ stdout: '192.0.2.10 is alive\n', stderr: '', exitCode: 0 }).type).not.toBe('NETWORK');
  });
});

describe('addressFirst (a line that starts with a network address)', () => {
  const line = (s: string): boolean => addressFirst(s, 0, s.length);

  test.each([
    ['192.0.2.10 is unreachable', true],
    ['10.0.0.1:8080 is unreachable', true],
    ['[2001:db8::1] is unreachable', true],
    ['fe80::1 is unreachable', true],
    ['db.example.test is unreachable', true],
    ['db.example.test: is unreachable', true],
    ['statement is unreachable', false],
    ['main.c is unreachable', false],
    ['1.2.3 is unreachable', false],
    ['1.2.3.4.5 is unreachable', false],
    ['999.1.1.1x is unreachable', false],
    ['a is unreachable', false],
    ['', false],
  ] as const)('%s → %s', (text, expected) => {
    expect(line(text)).toBe(expected);
  });

  test('any dotted quad of octets is an address; a single word is not', () => {
    fc.assert(fc.property(fc.ipV4(), fc.string(), (ip, rest) => line(`${ip} ${rest.replace(/\n/g, ' ')}`)));
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{1,12}$/), (word) => !line(`${word} is unreachable`)));
  });
});
