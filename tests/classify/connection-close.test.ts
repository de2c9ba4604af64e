import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';

/**
 * A session transcript's closed connection after the client's QUIT or the server's goodbye is the
 * session's end, not the network (issue 30, the tenth capture: a mail server's refusal was retried
 * as NETWORK); a wait for the peer's answer that ran out, its duration in between, is TIMEOUT.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const transcript = (reply: string): Observation => ({
  stdout: `=== Connected to 127.0.0.1.\n<-  220 mail.example.test ESMTP ready\n -> MAIL FROM:<ci@example.test>\n<-  250 2.1.0 Ok\n -> RCPT TO:<oncall@example.test>\n${reply}\n -> QUIT\n<-  221 2.0.0 Bye\n=== Connection closed with remote host.\n`,
  stderr: '',
  exitCode: 24,
});

describe('a session that ended, then closed', () => {
  test("a recipient refused, then the session's goodbye: the refusal, not the network", () => {
    const observation = transcript('<** 550 5.1.1 <oncall@example.test>: Recipient address rejected: User unknown');
    expect(classify(observation).type).toBe('ERROR_RESPONSE');
    expect(generic(observation).type).toBe('ERROR_RESPONSE');
  });

  test('a refusal no rule reads, then the goodbye: not the network', () => {
    const observation = transcript('<** 554 5.7.1 Message rejected: spam score too high');
    expect(classify(observation).type).not.toBe('NETWORK');
    expect(generic(observation).type).not.toBe('NETWORK');
  });

  test('a wait for the server that ran out, the client then quitting: TIMEOUT', () => {
    const observation: Observation = { stdout: '=== Connected to 127.0.0.1.\n<** Timeout (3 secs) waiting for server response\n -> QUIT\n<** Timeout (3 secs) waiting for server response\n=== Connection closed with remote host.\n', stderr: '', exitCode: 21 };
    expect(classify(observation).type).toBe('TIMEOUT');
    expect(generic(observation).type).toBe('TIMEOUT');
  });

  test('an FTP transfer that ended with its goodbye', () => {
    const observation: Observation = { stdout: '---> STOR app.tar.gz\n553 Could not create file.\n---> QUIT\n221 Goodbye.\nConnection closed by remote host.\n', stderr: '', exitCode: 1 };
    expect(classify(observation).type).not.toBe('NETWORK');
  });
});

describe('look-alikes: still the network', () => {
  test.each([
    ['a connection closed with no goodbye', 'fatal: Connection closed by remote host\n'],
    ['a connection reset mid-transfer', 'error: connection reset by peer while sending DATA\n'],
    ['a word "quit" that is no command sent', 'the server quit unexpectedly: connection closed by peer\n'],
  ])('%s', (_, stderr) => {
    const observation: Observation = { stdout: '', stderr, exitCode: 1 };
    expect(classify(observation).type).toBe('NETWORK');
    expect(generic(observation).type).toBe('NETWORK');
  });

  test('a wait that did not run out is no timeout', () => {
    expect(classify({ stdout: '', stderr: 'error: waiting for server response failed: connection refused\n', exitCode: 1 }).type).toBe('NETWORK');
  });
});

describe('a lock acquired is no busy lock (look-alike of the lock-wait phrases)', () => {
  test('a lock acquired after a wait, then another failure', () => {
    const observation: Observation = { stdout: '', stderr: 'acquired the lock on /srv/repo after 2s\nerror: archive nightly already exists\n', exitCode: 1 };
    expect(classify(observation).type).not.toBe('RESOURCE_BUSY');
    expect(generic(observation).type).not.toBe('RESOURCE_BUSY');
  });
});
