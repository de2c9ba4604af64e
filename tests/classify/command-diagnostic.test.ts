/**
 * A command's own diagnostic (src/classify/command-diagnostic.ts): the line shape that lets a root
 * cause in a failed test's output outrank the runner's summary (the command the test ran failed on
 * the network or the disk), and the look-alikes that leave the failed test in its place.
 */
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { commandDiagnostic } from '../../src/classify/command-diagnostic.js';

describe('commandDiagnostic', () => {
  test.each([
    ['curl: (7) Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn\'t connect to server', true],
    ["cp: error writing 'out/report.html': No space left on device", true],
    ["wget: unable to resolve host address 'mirror.example.invalid'", true],
    ['psql: error: connection to server at "127.0.0.1", port 1 failed: Connection refused', true],
    ['ssh-keygen: connect to host example.invalid port 22: Connection refused', true],
    // Look-alikes: an exception's name, an assertion, a report's fields, a listing, a test's name, a frame.
    ['Error: connect ECONNREFUSED 127.0.0.1:5432', false],
    ['AssertionError: expected connection refused', false],
    ['E       ConnectionRefusedError: [Errno 111] Connection refused', false],
    ['>       raise ConnectionError("database not reachable")', false],
    ["expected: 'Connection refused' to be 'ok'", false],
    ['received: connect ECONNREFUSED 127.0.0.1:5432', false],
    ['error: connection refused', false],
    ['test_connection_refused: Connection refused was not retried', false],
    ['at Socket.connect (node:net:1555:16)', false],
    ['curl:', false],
    ['', false],
  ] as const)('%j → %s', (line, expected) => {
    expect(commandDiagnostic(line)).toBe(expected);
  });

  test('a report field or a snake_case name is never a command', () => {
    const field = fc.constantFrom('expected', 'actual', 'received', 'got', 'message', 'reason', 'assert', 'error');
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    fc.assert(fc.property(field, word, word, (head, a, b) => {
      expect(commandDiagnostic(`${head}: ${a} ${b}`)).toBe(false);
      expect(commandDiagnostic(`${a}_${b}: connection refused`)).toBe(false);
    }));
  });

  test('any line is answered', () => {
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (line) => {
      expect(typeof commandDiagnostic(line)).toBe('boolean');
    }));
  });
});
