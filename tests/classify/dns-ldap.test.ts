import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { dnsPack, ldapPack } from '../../src/classify/registries/index.js';
import { FAILURE_TYPES, type FailureType } from '../../src/taxonomy/index.js';

/**
 * A resolver's and a directory server's answers (issue 30, the seventh capture's harmful misses):
 * the DNS RCODE and LDAP result-code registries and a resolver client's own words, read by the
 * whole classifier and the generic one alike. None of the rows names a tool in a rule.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const header = (status: string): string =>
  `\n; <<>> DiG 9.18 <<>> @10.0.0.2 api.example.test A\n;; Got answer:\n;; ->>HEADER<<- opcode: QUERY, status: ${status}, id: 19547\n;; flags: qr rd ra; QUERY: 1, ANSWER: 0\n`;

const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  // A name that does not exist reads as every unknown host does: NETWORK, retried, never adapted.
  ['NXDOMAIN in a resolver\'s header, under a script\'s failed check', { stdout: header('NXDOMAIN'), stderr: 'dns check failed for api.example.test\n', exitCode: 1 }, 'NETWORK'],
  ['SERVFAIL in a resolver\'s header, under a script\'s failed check', { stdout: header('SERVFAIL'), stderr: 'dns check failed for api.example.test\n', exitCode: 1 }, 'SERVER_ERROR'],
  ['REFUSED in a resolver\'s header: the query refused by policy', { stdout: header('REFUSED'), stderr: 'dns check failed for api.example.test\n', exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a lookup\'s `not found: 3(NXDOMAIN)`', { stdout: 'Using domain server:\nName: 10.0.0.2\n\nHost db.internal.test not found: 3(NXDOMAIN)\n', exitCode: 1 }, 'NETWORK'],
  ['a lookup\'s `not found: 2(SERVFAIL)`', { stdout: 'Host db.internal.test not found: 2(SERVFAIL)\n', exitCode: 1 }, 'SERVER_ERROR'],
  ['an update refused with its rcode', { stderr: 'update failed: NOTZONE\n; Communication with 10.0.0.2#53 failed: rcode NOTZONE\n', exitCode: 2 }, 'ERROR_RESPONSE'],
  ['NXDOMAIN inside a build\'s failure is its root cause', { stderr: 'error: failed to fetch dependency\n;; ->>HEADER<<- opcode: QUERY, status: NXDOMAIN, id: 1\nerror: could not compile `app`\n', exitCode: 101 }, 'NETWORK'],
  ['the resolver\'s own server has no address', { stderr: "lookup: couldn't get address for 'dns.internal.invalid': not found\n", exitCode: 1 }, 'NETWORK'],
  ['no server answered a query over TCP', { stdout: ';; Connection to 10.0.0.2#53(10.0.0.2) for api.example.test failed: connection refused.\n;; no servers could be reached\n', exitCode: 9 }, 'NETWORK'],
  // LDAP: RFC 4511's result codes as ldapsearch prints them on stdout, and libldap's negative API codes.
  ['LDAP 50 on a search\'s result line', { stdout: '# search result\nsearch: 2\nresult: 50 Insufficient access\ntext: no read access to ou=people\n\n# numResponses: 1\n', exitCode: 50 }, 'AUTH_REQUIRED'],
  ['LDAP 49 on a bind', { stderr: 'ldap_bind: Invalid credentials (49)\n', exitCode: 49 }, 'AUTH_REQUIRED'],
  ['LDAP 52 on a search\'s result line', { stdout: '# search result\nsearch: 2\nresult: 52 Server is unavailable\ntext: backend database is not available\n', exitCode: 52 }, 'SERVER_ERROR'],
  ['LDAP 51 on a modify', { stderr: 'ldap_modify: Server is busy (51)\n', exitCode: 51 }, 'SERVER_OVERLOADED'],
  ['LDAP 32 on a search\'s result line', { stdout: 'result: 32 No such object\nmatchedDN: dc=example,dc=test\n', exitCode: 32 }, 'ERROR_RESPONSE'],
  ['libldap -1: the server cannot be contacted', { stderr: "ldap_sasl_bind(SIMPLE): Can't contact LDAP server (-1)\n", exitCode: 255 }, 'NETWORK'],
  ['libldap -7: a filter that does not parse', { stderr: 'ldap_search_ext: Bad search filter (-7)\n', exitCode: 249 }, 'ERROR_RESPONSE'],
  ['libldap\'s message in a Python exception', { stderr: "ldap.SERVER_DOWN: {'result': -1, 'desc': \"Can't contact LDAP server\", 'ctrls': []}\n", exitCode: 1 }, 'NETWORK'],
  ['a positive code\'s text on a line naming LDAP', { stderr: 'sync: LDAP error 50 Insufficient access while reading ou=groups\n', exitCode: 1 }, 'AUTH_REQUIRED'],
  ['the C constant as an error code', { error: { code: 'LDAP_INVALID_CREDENTIALS' } }, 'AUTH_REQUIRED'],
];

describe('a resolver\'s and a directory server\'s answers', () => {
  test.each(ROWS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });

  test('the harmful cases route as they must: the network retried, a refused identity escalated', () => {
    expect(FAILURE_TYPES[classify(ROWS[0]![1]).type].action).toBe('retry');
    expect(FAILURE_TYPES[classify(ROWS[9]![1]).type].action).toBe('escalate');
  });
});

/** Look-alikes: the same words where they are no answer. */
const LOOKALIKES: [what: string, observation: Observation, not: FailureType][] = [
  ['a usage text that lists an rcode by name', { stderr: 'host: illegal option -- Z\nUsage: host [-aCdilrTvVw] hostname [server]\n       -s a SERVFAIL response should stop query\n', exitCode: 1 }, 'SERVER_ERROR'],
  ['NOERROR is no failure', { stdout: header('NOERROR'), stderr: 'record count mismatch\n', exitCode: 1 }, 'NETWORK'],
  ['the word refused without an rcode position', { stderr: 'REFUSED: the reviewer refused the change\n', exitCode: 1 }, 'NETWORK'],
  ['"Insufficient access" with no number or LDAP word', { stderr: 'Insufficient access to the cache directory\n', exitCode: 1 }, 'AUTH_REQUIRED'],
  ['"No such object" from an object store', { stderr: 'error: No such object: 5f3e2a (git cat-file)\n', exitCode: 128 }, 'AUTH_REQUIRED'],
  ['a number and an LDAP text in a test report', { stdout: 'not ok 3 - maps result: 49 Invalid credentials to a login prompt\n', exitCode: 1 }, 'AUTH_REQUIRED'],
];

describe('look-alikes', () => {
  test.each(LOOKALIKES)('%s', (_, observation, not) => {
    expect(classify(observation).type).not.toBe(not);
    expect(generic(observation).type).not.toBe(not);
  });

  test('a domain\'s last label is no word: `api.example.test failed` is no failed test', () => {
    const text = { stderr: 'probe: lookup for api.example.test failed\n', exitCode: 1 };
    expect(classify(text).type).not.toBe('VERIFICATION_FAILED');
    expect(classify({ stderr: 'probe: 2 test failed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
    // A qualified name's own part is still its word: one word, or a capitalised class.
    expect(classify({ stderr: 'Traceback (most recent call last):\n  File "p.py", line 3, in <module>\nsocket.timeout: timed out\n', exitCode: 1 }).type).toBe('TIMEOUT');
    expect(generic({ stderr: 'redis.exceptions.BusyLoadingError: Redis is loading the dataset in memory' }).type).toBe('RESOURCE_BUSY');
  });
});

describe('the registries name their sources', () => {
  test('every rule carries its standard', () => {
    for (const rule of [...dnsPack.rules, ...ldapPack.rules]) expect(rule.source).toMatch(/RFC \d+/);
  });
});
