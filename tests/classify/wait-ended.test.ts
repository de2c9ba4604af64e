import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A read that waited for a peer and ended without its answer (issue 30, the eleventh capture's
 * harmful miss): a deadline that ran out (`execution expired`) is TIMEOUT, a stream that ended on a
 * read made under a deadline or on a connection is the peer closing it — NETWORK, retried, never
 * adapted. A file read past its end and a parser's end of file are not.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const frames = "\tfrom client.rb:5:in `block in <main>'\n\tfrom /usr/lib/ruby/3.1.0/timeout.rb:107:in `block in timeout'\n\tfrom /usr/lib/ruby/3.1.0/timeout.rb:123:in `timeout'\n\tfrom client.rb:5:in `<main>'\n";
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  ['a read under a deadline that ran out', fail(`client.rb:5:in \`readline': execution expired (Timeout::Error)\n${frames}`), 'TIMEOUT'],
  ['a read under a deadline whose stream ended: the peer closed', fail(`client.rb:5:in \`readline': end of file reached (EOFError)\n${frames}`), 'NETWORK'],
  ['a stream that ended on a socket', fail("/usr/lib/ruby/3.1.0/net/protocol.rb:227:in `rbuf_fill': end of file reached (EOFError)\n\tfrom /usr/lib/ruby/3.1.0/net/protocol.rb:199:in `readuntil'\n\tfrom sync.rb:8:in `block in fetch' (while reading the socket)\n"), 'NETWORK'],
];

describe('a wait that ended without an answer', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });
});

describe('look-alikes: no peer closed anything', () => {
  test('a file read past its end is no network failure', () => {
    const file = fail("import.rb:3:in `readline': end of file reached (EOFError)\n\tfrom import.rb:3:in `<main>'\n");
    expect(classify(file).type).not.toBe('NETWORK');
    expect(generic(file).type).not.toBe('NETWORK');
  });

  test("a build file's parser that reached the end of the file is the build's", () => {
    const cmake = fail('CMake Error at CMakeLists.txt:2:\n  Parse error.  Function missing ending ")".  End of file reached.\n\n-- Configuring incomplete, errors occurred!\n');
    expect(classify(cmake).type).toBe('BROKEN_BUILD');
  });

  test('a session or token that expired is no deadline', () => {
    expect(classify(fail('Error: session expired, please log in again\n')).type).not.toBe('TIMEOUT');
  });
});
