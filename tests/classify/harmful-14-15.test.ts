import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { CURL_ROWS } from '../../src/classify/registries/curl.js';
import { inStatusTable } from '../../src/classify/identifier.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * The harmful misses of the fourteenth and fifteenth first-sight captures (issue 30), read
 * generically: no rule names a tool. Each row is a failure in the words of a tool no pack targets
 * (the captured texts, and others of the same concept); each look-alike carries the same words
 * without the failure. The whole classifier and the generic one (no tool pack) agree.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, exitCode = 1): Observation => ({ stdout: '', stderr, exitCode });

const ROWS: [concept: string, stderr: string, type: FailureType][] = [
  // A key or PKCS#12 bundle that does not decrypt with the password given: a person must give the right one.
  ['an encrypted key read with a wrong password', 'Encrypted structure detected...\nimport error: Decryption has failed.\n', 'AUTH_REQUIRED'],
  ['a PKCS#12 bundle read with a wrong password (its MAC fails first)', 'verify_mac: The Message Authentication Code verification failed.\nbag_decrypt: Decryption has failed.\nThere were errors parsing the structure\n', 'AUTH_REQUIRED'],
  ['a vault that cannot be decrypted', 'ERROR! Decryption failed (no vault secrets were found that could decrypt) on group_vars/all/vault.yml\n', 'AUTH_REQUIRED'],
  ['a secret file a tool is unable to decrypt', 'secrets: unable to decrypt secrets.enc: wrong key or corrupt data\n', 'AUTH_REQUIRED'],
  // libcurl's result codes, by message, name or a binding's constructor.
  ['a VCS client: connection failure by constructor', 'Not a repository: http://127.0.0.1:52415/repos/app (CouldNotConnectToServer)\n', 'NETWORK'],
  ['a VCS client: host not resolved by constructor', 'Not a repository: http://vcs.build.invalid/repos/app (CouldNotResolveHost)\n', 'NETWORK'],
  ['curl_easy_strerror of 6', 'fetch failed: Could not resolve hostname (https://pkg.example.test/index)\n', 'NETWORK'],
  ['curl_easy_strerror of 7, old wording', "download error: Couldn't connect to server\n", 'NETWORK'],
  ['the code name in text', 'transfer failed: CURLE_COULDNT_CONNECT\n', 'NETWORK'],
  ['a short name of the code', 'Left (CurlException CouldntResolveHost)\n', 'NETWORK'],
  ['data lost from the peer', 'sync: Failure when receiving data from the peer\n', 'NETWORK'],
  ["the peer's certificate not verified", 'Not a repository: https://localhost:35071/repos/app (SSL peer certificate or SSH remote key was not OK)\n', 'CERTIFICATE_ERROR'],
  ['the HTTP status after CURLE_HTTP_RETURNED_ERROR', 'Not a repository: http://127.0.0.1:40551/repos/app (HTTP response code said error 500)\n', 'SERVER_ERROR'],
  ['a 404 after CURLE_HTTP_RETURNED_ERROR', 'fetch: HTTP response code said error 404\n', 'ERROR_RESPONSE'],
  // A write into an opened output that failed: the room behind it.
  ['an encoder that could not write its output', '    0.0           \x1b[KError writing mp3 output \n', 'RESOURCE_EXHAUSTION'],
  ['an encoder that failed writing to its output stream, then printed its summary', 'Encoding "big.wav" to \n         "out/big.ogg" \n\t[ 32.6%] [ 0m00s remaining] - \nFailed writing data to output stream\n\n\nDone encoding file "out/big.ogg"\n\n\tFile length:  0m 06.0s\n\tAverage bitrate: 76.3 kb/s\n', 'RESOURCE_EXHAUSTION'],
  ["a store's commit answered EIO (its short write)", 'mdb_load: line 805: txn_commit: Input/output error\n', 'RESOURCE_EXHAUSTION'],
  // A store whose configured space is used up.
  ['a memory map full, by code and words', 'mdb_load: line 805: txn_commit: MDB_MAP_FULL: Environment mapsize limit reached\n', 'RESOURCE_EXHAUSTION'],
  ['a store full, in words', 'kvstore: put users/42: store is full\n', 'RESOURCE_EXHAUSTION'],
  // A certificate whose issuer the client does not know.
  ['a TLS library: certificate has unknown CA', ' (InternalException (HandshakeFailed (Error_Protocol ("certificate has unknown CA",True,UnknownCa))))\n', 'CERTIFICATE_ERROR'],
];

describe('the fourteenth and fifteenth captures\' harmful misses, generically', () => {
  test.each(ROWS)('%s', (_, stderr, type) => {
    expect(classify(fail(stderr)).type).toBe(type);
    expect(generic(fail(stderr)).type).toBe(type);
  });
});

/** An inspected request object: the status table Node prints inside it, beside the real cause. */
const DUMP = (cause: string): string =>
  `AxiosError: ${cause}\n    at AxiosError.from (/usr/lib/node_modules/axios/dist/node/axios.cjs:1684:24) {\n  code: 'X',\n  request: {\n` +
  `          STATUS_CODES: {\n            '401': 'Unauthorized',\n            '402': 'Payment Required',\n            '407': 'Proxy Authentication Required',\n` +
  `            '429': 'Too Many Requests',\n            '503': 'Service Unavailable',\n          }\n  }\n}\n\nNode.js v20.20.2\n`;

describe('a status table is no status that happened', () => {
  test.each([
    ['a refused connection', 'connect ECONNREFUSED 127.0.0.1:1', 'NETWORK'],
    ['an expired certificate', 'certificate has expired', 'CERTIFICATE_ERROR'],
  ])('%s inside a dump of every status keeps its cause', (_, cause, type) => {
    expect(classify(fail(DUMP(cause))).type).toBe(type);
  });

  test.each([
    ["'402': 'Payment Required',", 8, true],
    ['"503": "Service Unavailable"', 8, true],
    ["'407': 'Proxy Authentication Required',", 14, true],
    ["HTTP/1.1 402 'Payment Required'", 14, false],
    ["error: '402': 'Payment Required'", 15, false],
  ])('inStatusTable(%j, %i) is %s', (line, start, expected) => {
    expect(inStatusTable(line, start)).toBe(expected);
  });

  test('property: any position in any entry\'s reason is in the table; the same words after a message are not', () => {
    const reason = fc.stringMatching(/^[A-Z][a-z]{1,8}( [A-Z][a-z]{1,8}){0,2}$/);
    fc.assert(fc.property(fc.integer({ min: 100, max: 599 }), reason, fc.constantFrom("'", '"'), fc.nat(), (n, r, q, k) => {
      const head = `  ${q}${n}${q}: ${q}`;
      const line = `{\n${head}${r}${q},\n`;
      const at = 2 + head.length + (k % r.length);
      expect(inStatusTable(line, at)).toBe(true);
      const told = `error: request ${n}: ${q}${r}${q}\n`;
      expect(inStatusTable(told, told.indexOf(r) + (k % r.length))).toBe(false);
    }));
  });

  test('a status printed as what happened still counts', () => {
    expect(classify(fail('Error: Request failed with status code 402\n  status: 402,\n  statusText: \'Payment Required\'\n')).type).toBe('QUOTA_EXCEEDED');
  });
});

describe('look-alikes: the same words, no such failure', () => {
  test.each([
    ['a successful write log', { stdout: 'writing output file out/big.ogg\nDone encoding file "out/big.ogg"\n', stderr: '', exitCode: 0 }],
    ['an output that could not be opened (the destination refused, not the room)', fail('Error writing mp3 output: cannot open out/big.mp3: Permission denied\n')],
    ['a pipe whose reader went away', fail('Failed writing data to output stream: Broken pipe\n')],
    ['a read that answered EIO', fail('tar: archive.tar: Cannot read: Input/output error\n')],
    ['TLS record decryption failed (the connection, not a secret)', fail('SSL routines:ssl3_get_record:decryption failed or bad record mac\n')],
    ["'password' in a help text", { stdout: '  -P password   decrypt the database with the given password\n', stderr: '', exitCode: 0 }],
    ['a quota word in a URL', fail('error: GET https://api.example.test/v1/quota-exceeded-report returned 404 Not Found\n')],
    ['a map size in settings on stdout', { stdout: 'mapsize=65536\nmap full check: off\n', stderr: 'error: unknown option --frobnicate\n', exitCode: 2 }],
  ])('%s', (_, observation) => {
    const got = classify(observation).type;
    expect(['AUTH_REQUIRED', 'RESOURCE_EXHAUSTION', 'QUOTA_EXCEEDED']).not.toContain(got);
    expect(['AUTH_REQUIRED', 'RESOURCE_EXHAUSTION', 'QUOTA_EXCEEDED']).not.toContain(generic(observation).type);
  });

  test('the generic channel error names (SendError, RecvError) are not libcurl\'s', () => {
    for (const row of CURL_ROWS) for (const phrase of row.phrases ?? []) expect(['senderror', 'recverror', 'gotnothing']).not.toContain(phrase);
    expect(classify(fail('thread main panicked: called `Result::unwrap()` on an `Err` value: RecvError\n')).type).not.toBe('NETWORK');
  });
});
