import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * The harmful misses of the sixteenth and seventeenth first-sight captures (issue 30), read
 * generically: no rule names a tool. Each row is a failure in the words of a tool no pack targets
 * (the captured texts, and others of the same concept); each look-alike carries the same words
 * without the failure. The whole classifier and the generic one (no tool pack) agree.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, exitCode = 1): Observation => ({ stdout: '', stderr, exitCode });

const ROWS: [concept: string, stderr: string, type: FailureType][] = [
  // A host the run could not reach or find an address for: the network or the name service (retried).
  ['a package tool that could not reach its source host', "Could not reach host gems.build-cache.invalid. Check your network connection and\ntry again.\n", 'NETWORK'],
  ['a runtime that found no address for a host', 'Error: (tcp-connect) cannot find host address: "build-cache.invalid"\n\n\tCall history:\n\n\t<eval>\t  (tcp-connect "build-cache.invalid" 443)\t<--\n', 'NETWORK'],
  ['a client unable to reach the server', 'sync: unable to reach the server at https://sync.example.test: giving up\n', 'NETWORK'],
  ["a client that couldn't reach the host", "upload failed: couldn't reach host cdn.example.test\n", 'NETWORK'],
  ['a resolver that could not find an address for a host', 'fetch: could not find an address for host pkg.example.test\n', 'NETWORK'],
  // A resource that answered that it needed authentication: a person must give the credential (never retried).
  ['a repository URL that required authentication, its status wrapped', "In AuthHelper.php line 197:\n\n  The 'http://127.0.0.1:44931/packages.json' URL required authentication (HTT  \n  P 401).\n  You must be using the interactive console to authenticate\n", 'AUTH_REQUIRED'],
  // A certificate the client could not verify, the protocol named between the words: a person must fix trust (never retried).
  ['a package tool that could not verify the SSL certificate', 'Could not verify the SSL certificate for https://localhost:42469/.\nThere is a chance you are experiencing a man-in-the-middle attack, but most\nlikely your system doesn\'t have the CA certificates needed for verification.\n', 'CERTIFICATE_ERROR'],
  ["a client unable to verify the server's certificate", "sync: unable to verify the server's certificate for https://sync.example.test\n", 'CERTIFICATE_ERROR'],
  // A wait given a deadline that ended without an answer: retried with a longer wait.
  ['a datagram client with no reply within its deadline', 'no reply from 127.0.0.1:43798 within 1000 ms\n', 'TIMEOUT'],
  ['a probe with no answer within its deadline', 'probe: no answer within 5 s from 192.0.2.7\n', 'TIMEOUT'],
  ['a registry that required auth', 'error: the registry at https://registry.example.test required auth for @acme/billing\n', 'AUTH_REQUIRED'],
];

describe("the sixteenth and seventeenth captures' harmful misses, generically", () => {
  test.each(ROWS)('%s', (_, stderr, type) => {
    expect(classify(fail(stderr)).type).toBe(type);
    expect(generic(fail(stderr)).type).toBe(type);
  });
});

const MINE = ['lexicon.host-unreached', 'lexicon.authentication-was-required', 'lexicon.certificate-unverified', 'lexicon.no-answer-within'];
const rules = (o: Observation): string[] => classify(o).evidence.map((e) => e.rule);

describe('look-alikes: the same words, no such failure', () => {
  test.each([
    ["a help text: what a registry requires (present tense, nothing happened)", { stdout: '  --token TOKEN   use when the registry requires authentication\n', stderr: '', exitCode: 0 }],
    ['a help text: an option for a server that required authentication, on a success', { stdout: 'Options:\n  --auth   retry with credentials if the server required authentication\n', stderr: '', exitCode: 0 }],
    ['a test report naming the words', { stdout: 'ok 3 - could not reach host is retried\nok 4 - required authentication is escalated\n', stderr: '', exitCode: 0 }],
    ['an SSH host key not found (a key, not an address)', fail('ssh: cannot find host key for git.example.test in known_hosts\n')],
    ["a help text: what to pass when a client cannot verify the SSL certificate", { stdout: "  --cacert FILE   use when the client cannot verify the SSL certificate\n", stderr: '', exitCode: 0 }],
    ['no reply from a host, said with no deadline (a refusal, not a wait)', fail('mail: no reply from postmaster@example.test was expected\n')],
    ['a server reached after retries, then a test failed', fail('connected: server reached after 2 attempts\nFAIL test/billing.test.js\n  expected 3 to equal 4\n')],
  ])('%s', (_, observation) => {
    for (const id of MINE) expect(rules(observation)).not.toContain(id);
    expect(['NETWORK', 'AUTH_REQUIRED', 'CERTIFICATE_ERROR', 'TIMEOUT']).not.toContain(classify(observation).type);
  });
});
