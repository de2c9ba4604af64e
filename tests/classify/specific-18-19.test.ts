import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * The eighteenth and nineteenth first-sight captures' misses with a specific cause (issue 30),
 * read by mechanism: no rule names a tool. Each row is the cause in the words of a tool or library
 * (the captured texts' lines, and others of the same concept); each look-alike carries the same
 * words without the cause.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string, exitCode = 1): Observation => ({ stdout: '', stderr, exitCode });

/** Concepts in the generic lexicon: the whole classifier and the generic one agree. */
const GENERIC_ROWS: [concept: string, stderr: string, type: FailureType][] = [
  // A secret the server did not accept, in the client's words: a person must give the right one (escalated, never retried).
  ['a login whose username/password was not accepted', 'ncftpget: cannot open 127.0.0.1: username and/or password was not accepted for login.\n', 'AUTH_REQUIRED'],
  ['a passphrase that was not accepted', 'unlock: the passphrase was not accepted by the agent\n', 'AUTH_REQUIRED'],
  ['credentials whose password were not accepted', 'smtp: user and password were not accepted by mail.example.test\n', 'AUTH_REQUIRED'],
  // A grant table with no entry for the client's host (MySQL 1130): a person must grant it.
  ['a host not allowed to connect to a database server', 'pymysql.err.OperationalError: (1130, "Host \'127.0.0.1\' is not allowed to connect to this MySQL server")\n', 'AUTH_REQUIRED'],
  ['the same refusal from another client', "ERROR 1130 (HY000): Host '10.0.0.7' is not allowed to connect to this MariaDB server\n", 'AUTH_REQUIRED'],
  // What is to be written outgrows the room left on its medium: nothing to adapt, a person frees space.
  ['an image larger than the free space on its medium', 'xorriso : FAILURE : Image size 480s exceeds free space on media 96s\nxorriso : NOTE : -return_with SORRY 32 triggered by problem severity FAILURE\n', 'RESOURCE_EXHAUSTION'],
  ['a backup larger than the available space', 'backup: archive size 4.2 GiB exceeds available space on /mnt/backup (1.1 GiB)\n', 'RESOURCE_EXHAUSTION'],
  // A digest named by its algorithm whose check failed: the stored bytes are not the ones it was taken of (halt, never retried).
  ['a library whose CRC32 checksum failed, under its stack', 'Error: ADM-ZIP: CRC32 checksum failed {0}\n    at Object.BAD_CRC (/usr/lib/node_modules/adm-zip/util/errors.js:56:16)\n    at decompress (/usr/lib/node_modules/adm-zip/zipEntry.js:110:40)\n\nNode.js v20.20.2\n', 'DATA_CORRUPTION'],
  ['a download whose sha256 checksum failed', 'fetch: release.tar.gz: sha256 checksum failed\n', 'DATA_CORRUPTION'],
];

describe("the eighteenth and nineteenth captures' specific causes, generically", () => {
  test.each(GENERIC_ROWS)('%s', (_, stderr, type) => {
    expect(classify(fail(stderr)).type).toBe(type);
    expect(generic(fail(stderr)).type).toBe(type);
  });
});

/** A lock another process holds, in its library's own words (the busy pack): RESOURCE_BUSY, a short backoff. */
const LOCK_ROWS: [concept: string, stderr: string][] = [
  [
    'a Python file lock that could not be acquired, under its traceback',
    'Traceback (most recent call last):\n  File "/work/case/main.py", line 3, in <module>\n    lock.acquire(timeout=0.5, poll_interval=0.1)\n  File "/usr/lib/python3/dist-packages/filelock/_api.py", line 183, in acquire\n    raise Timeout(self._lock_file)\nfilelock._error.Timeout: The file lock \'build.lock\' could not be acquired.\n',
  ],
  [
    'a Node lock file already being held (ELOCKED), under its stack',
    "Error: Lock file is already being held\n    at /usr/lib/node_modules/proper-lockfile/lib/lockfile.js:68:47\n    at FSReqCallback.oncomplete (node:fs:198:5) {\n  code: 'ELOCKED',\n  file: '/work/case/data/state.json'\n}\n\nNode.js v20.20.2\n",
  ],
  ['a tool that could not acquire its lock', 'deploy: could not acquire lock /var/run/deploy.lock (held by pid 4242)\n'],
];

describe('a lock held by another process', () => {
  test.each(LOCK_ROWS)('%s', (_, stderr) => {
    expect(classify(fail(stderr)).type).toBe('RESOURCE_BUSY');
  });
});

const rules = (o: Observation): string[] => classify(o).evidence.map((e) => e.rule);

describe('look-alikes: the same words, no such cause', () => {
  test.each([
    ['an option that was not accepted (no secret named)', fail("error: option '--fast' was not accepted by the encoder\n"), 'lexicon.credential-incorrect'],
    ['a password on one line, a value not accepted on another', fail('reading password from PASSWORD_FILE\nerror: the value 42 was not accepted\n'), 'lexicon.credential-incorrect'],
    ['a help text: which hosts are allowed to connect (no refusal)', { stdout: '  --bind ADDR   hosts allowed to connect to the server\n', stderr: '', exitCode: 0 }, 'lexicon.host-not-allowed'],
    ['a test report naming the refusal', { stdout: 'ok 7 - host is not allowed to connect to the server is escalated\n', stderr: '', exitCode: 0 }, 'lexicon.host-not-allowed'],
    ['a help text: what happens when an image exceeds free space', { stdout: '  -dummy   simulate: report when the image exceeds free space\n', stderr: '', exitCode: 0 }, 'lexicon.resources'],
    ['a test report naming a checksum that failed', { stdout: 'ok 2 - crc32 checksum failed is reported as corruption\n', stderr: '', exitCode: 0 }, 'lexicon.digest-mismatch'],
    ['a checksum that failed with no algorithm named', fail('error: checksum failed for block 7 of the request\n'), 'lexicon.digest-mismatch'],
    ['a certificate that could not be acquired (no lock)', fail('certbot: the certificate could not be acquired from the ACME server\n'), 'busy.lock-not-acquired'],
    ['a lock named on one line, a licence not acquired on another', fail('using lock file /tmp/app.lock\nerror: a licence could not be acquired\n'), 'busy.lock-not-acquired'],
  ] as [string, Observation, string][])('%s', (_, observation, rule) => {
    expect(rules(observation)).not.toContain(rule);
  });
});

describe("a setting's name given its value is not evidence", () => {
  test.each([
    [
      "a refused connection under a wrapper that quotes its command's `-o ConnectTimeout=3`",
      "ssh: connect to host 127.0.0.1 port 38975: Connection refused\nERROR: Couldn't start up the remote connection by executing 'ssh -p 38975 -o BatchMode=yes -o ConnectTimeout=3 127.0.0.1 backup server'\ndue to exception 'Truncated header'.\n",
      'NETWORK',
    ],
    // The value after `=` is still read: the code a field carries.
    ['an errno as a field value', 'write: errno=ENOSPC while writing /var/cache/out.bin\n', 'RESOURCE_EXHAUSTION'],
    ['a timeout class as a field value', 'job 7 failed: reason=ReadTimeout after 3 attempts\n', 'TIMEOUT'],
  ] as [string, string, FailureType][])('%s', (_, stderr, type) => {
    expect(classify(fail(stderr)).type).toBe(type);
  });
});
