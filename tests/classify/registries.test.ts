import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { BUILT_IN_PACKS, classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { CATCH_ALL_RULE } from '../../src/classify/catch-all.js';
import { ERRNO_ROWS } from '../../src/classify/registries/errno.js';
import { GRPC_ROWS } from '../../src/classify/registries/grpc.js';
import { HTTP_ROWS } from '../../src/classify/registries/http.js';
import { REGISTRY_PACKS, type RegistryRow } from '../../src/classify/registries/index.js';
import { REDIS_ROWS } from '../../src/classify/registries/redis.js';
import { SIGNAL_ROWS } from '../../src/classify/registries/signals.js';
import { SMTP_ROWS } from '../../src/classify/registries/smtp.js';
import { FTP_ROWS } from '../../src/classify/registries/ftp.js';
import { TFTP_ROWS } from '../../src/classify/registries/tftp.js';
import { DNS_ROWS } from '../../src/classify/registries/dns.js';
import { LDAP_ROWS } from '../../src/classify/registries/ldap.js';
import { SQLSTATE_ROWS } from '../../src/classify/registries/sqlstate.js';
import { CLOUD_ROWS } from '../../src/classify/registries/cloud.js';
import { CURL_ROWS } from '../../src/classify/registries/curl.js';
import type { FailureType } from '../../src/taxonomy/index.js';

const ROWS: Record<string, readonly RegistryRow[]> = {
  errno: ERRNO_ROWS, http: HTTP_ROWS, sqlstate: SQLSTATE_ROWS, grpc: GRPC_ROWS, cloud: CLOUD_ROWS, redis: REDIS_ROWS, signals: SIGNAL_ROWS, smtp: SMTP_ROWS, ftp: FTP_ROWS, tftp: TFTP_ROWS, ldap: LDAP_ROWS, dns: DNS_ROWS, curl: CURL_ROWS,
};

/** A line with a word of each registry's protocol, where a code's in-context spelling counts. */
const CONTEXT_LINE: Record<string, string> = { smtp: 'RCPT TO:<ops@example.test> recipient refused:', ftp: 'ftplib.error_perm:', tftp: 'curl: (69) TFTP:', ldap: 'ldap_modify:' };

describe('the registries are data with their sources', () => {
  test('each is a built-in pack, and a generic one', () => {
    for (const pack of REGISTRY_PACKS) {
      expect(BUILT_IN_PACKS).toContain(pack);
      expect(GENERIC_PACKS).toContain(pack);
      expect(Object.keys(ROWS)).toContain(pack.id);
    }
  });

  test('every rule names the standard it comes from', () => {
    for (const pack of REGISTRY_PACKS) for (const rule of pack.rules) expect(rule.source?.length ?? 0, rule.id).toBeGreaterThan(20);
  });

  test('codes are unique within a registry', () => {
    for (const [id, rows] of Object.entries(ROWS)) {
      const codes = rows.map((row) => row.code);
      expect(new Set(codes).size, id).toBe(codes.length);
    }
  });
});

describe('each registry alone: every spelling of every code gives the code\'s type', () => {
  for (const pack of REGISTRY_PACKS) {
    const classifier = createClassifier({ packs: [pack] });
    const rows = ROWS[pack.id]!.filter((row) => row.type !== null);
    test.each(rows.map((row) => [row.code, row] as const))(`${pack.id} %s`, (_, row) => {
      for (const phrase of row.phrases ?? []) expect(classifier({ stderr: `x ${phrase} y` }).type, phrase).toBe(row.type);
      for (const phrase of row.inContext ?? []) expect(classifier({ stderr: `${CONTEXT_LINE[pack.id] ?? 'GET https://api.example.com'} ${phrase}` }).type, phrase).toBe(row.type);
      for (const code of row.codes ?? []) expect(classifier({ error: { code } }).type, code).toBe(row.type);
    });
    test(`${pack.id}: a code that routes nowhere gives nothing`, () => {
      for (const row of ROWS[pack.id]!.filter((r) => r.type === null)) expect(classifier({ error: { code: row.code } }).type).toBe('UNKNOWN');
    });
  }
});

/** Spellings as tools print them (issue 30, item 2): the whole classifier and the generic one agree. */
const SPELLINGS: [from: string, observation: Observation, type: FailureType][] = [
  ['an SMTP reply inside an uncaught exception (Python smtplib)', { stderr: "Traceback (most recent call last):\n  File \"send.py\", line 9, in <module>\nsmtplib.SMTPRecipientsRefused: {'ops@example.test': (550, b'5.1.1 <ops@example.test>: Recipient address rejected: User unknown')}", exitCode: 1 }, 'ERROR_RESPONSE'],
  ['an SMTP reply in a bounce', { stderr: 'Diagnostic-Code: smtp; 552 5.3.4 Message size exceeds fixed limit' }, 'ERROR_RESPONSE'],
  ['an SMTP login refused', { stderr: 'mailer: SMTP error: 535 5.7.8 Authentication credentials invalid' }, 'AUTH_REQUIRED'],
  ['HTTP/1.1 status line (curl -i)', { stdout: 'HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n', exitCode: 22 }, 'SERVER_OVERLOADED'],
  ['a JSON body', { stderr: '{"status": 503, "error": "upstream unavailable"}' }, 'SERVER_OVERLOADED'],
  ['"status: 503"', { stderr: 'request failed, status: 503' }, 'SERVER_OVERLOADED'],
  ['"error code 503"', { stderr: 'Remote server answered with error code 503' }, 'SERVER_OVERLOADED'],
  ['"returned 503" beside a URL', { stderr: 'GET https://api.example.com/v1/items returned 503' }, 'SERVER_OVERLOADED'],
  ['.NET HttpRequestException', { stderr: 'System.Net.Http.HttpRequestException: Response status code does not indicate success: 429 (Too Many Requests).' }, 'RATE_LIMIT'],
  ['"status code 429" (Go)', { stderr: 'unexpected status code 429 from https://api.example.com' }, 'RATE_LIMIT'],
  ['"(429)" (.NET WebException)', { stderr: 'The remote server returned an error: (429) Too Many Requests.' }, 'RATE_LIMIT'],
  ['Java HttpURLConnection', { stderr: 'java.io.IOException: Server returned HTTP response code: 502 for URL: https://repo.example.com/x.pom' }, 'SERVER_ERROR'],
  ['kubectl reason', { stderr: 'Error from server (ServiceUnavailable): the server is currently unable to handle the request' }, 'SERVER_OVERLOADED'],
  ['Node errno number', { stderr: "Error: connect\n    at x {\n  errno: -111,\n  syscall: 'connect'\n}" }, 'NETWORK'],
  ['Python errno', { stderr: 'OSError: [Errno 28] No space left on device' }, 'RESOURCE_EXHAUSTION'],
  ['Rust io::Error', { stderr: 'Error: Os { code: 111, kind: ConnectionRefused, message: "Connection refused" }' }, 'NETWORK'],
  ['Rust os error', { stderr: 'Error: failed to bind: Address already in use (os error 98)' }, 'ERROR_RESPONSE'],
  ['Python on Windows', { stderr: 'ConnectionRefusedError: [WinError 10061] No connection could be made because the target machine actively refused it' }, 'NETWORK'],
  ['Windows file in use', { stderr: "PermissionError: [WinError 32] The process cannot access the file because it is being used by another process: 'build\\\\app.exe'" }, 'RESOURCE_BUSY'],
  ['pgx deadlock', { stderr: 'ERROR: deadlock detected (SQLSTATE 40P01)' }, 'RESOURCE_BUSY'],
  ['JDBC serialization failure', { stderr: 'org.postgresql.util.PSQLException: ERROR: could not serialize access due to concurrent update\n  SQLState: 40001' }, 'RESOURCE_BUSY'],
  ['psycopg class name', { stderr: 'psycopg2.errors.LockNotAvailable: canceling statement due to lock timeout' }, 'RESOURCE_BUSY'],
  ['PDO', { stderr: 'SQLSTATE[53300]: Too many connections: 7 FATAL:  sorry, too many clients already' }, 'RESOURCE_EXHAUSTION'],
  ['MySQL connection class', { stderr: 'ERROR 2013 (08S01): Lost connection to server during query' }, 'NETWORK'],
  ['psql verbose, server starting', { stderr: 'psql: error: connection to server failed: FATAL:  57P03: the database system is starting up' }, 'RESOURCE_BUSY'],
  ['grpc-go', { stderr: 'rpc error: code = Unavailable desc = The service is currently unavailable.' }, 'SERVER_OVERLOADED'],
  ['grpc-go deadline', { stderr: 'rpc error: code = DeadlineExceeded desc = context deadline exceeded' }, 'TIMEOUT'],
  ['grpc python', { stderr: 'grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n\tstatus = StatusCode.RESOURCE_EXHAUSTED\n\tdetails = "Too many concurrent requests"' }, 'RATE_LIMIT'],
  ['grpc-js', { stderr: 'Error: 16 UNAUTHENTICATED: Request had invalid authentication credentials.' }, 'AUTH_REQUIRED'],
  ['AWS CLI throttling', { stderr: 'An error occurred (ThrottlingException) when calling the DescribeStacks operation (reached max retries: 4): Rate exceeded' }, 'RATE_LIMIT'],
  ['AWS CLI expired token', { stderr: 'An error occurred (ExpiredToken) when calling the GetCallerIdentity operation: The security token included in the request is expired' }, 'AUTH_EXPIRED'],
  ['AWS S3 access denied', { stderr: 'fatal error: An error occurred (AccessDenied) when calling the ListObjectsV2 operation: Access Denied' }, 'AUTH_REQUIRED'],
  ['Azure ARM throttling', { stderr: "(SubscriptionRequestsThrottled) Number of 'read' requests for subscription exceeded the limit" }, 'RATE_LIMIT'],
  ['Azure expired token', { stderr: 'Code: ExpiredAuthenticationToken\nMessage: The access token expiry UTC time is earlier than current UTC time.' }, 'AUTH_EXPIRED'],
  ['Google API reason', { stderr: '{"error": {"code": 403, "errors": [{"reason": "userRateLimitExceeded"}]}}' }, 'RATE_LIMIT'],
  ['ioredis', { stderr: 'ReplyError: BUSY Redis is busy running a script. You can only call SCRIPT KILL or SHUTDOWN NOSAVE.' }, 'RESOURCE_BUSY'],
  ['redis-py', { stderr: 'redis.exceptions.BusyLoadingError: Redis is loading the dataset in memory' }, 'RESOURCE_BUSY'],
  ['redis-cli MISCONF', { stdout: "(error) MISCONF Redis is configured to save RDB snapshots, but it's currently unable to persist to disk." }, 'RESOURCE_EXHAUSTION'],
  ['redis-cli READONLY', { stdout: "(error) READONLY You can't write against a read only replica." }, 'ERROR_RESPONSE'],
  ['GitHub Actions', { stderr: 'Error: Process completed with exit code 137.' }, 'RESOURCE_EXHAUSTION'],
  ['Go exec', { stderr: 'build failed: signal: segmentation fault (core dumped)' }, 'CLI_CRASH'],
  ['Python subprocess', { stderr: "subprocess.CalledProcessError: Command '['./train']' died with <Signals.SIGKILL: 9>." }, 'RESOURCE_EXHAUSTION'],
  ['make', { stderr: 'make: *** [Makefile:12: test] Error 139' }, 'CLI_CRASH'],
  ['reason before status (RubyGems)', { stderr: 'Unable to download data from https://rubygems.example.com/ - bad response Forbidden 403' }, 'AUTH_REQUIRED'],
  ['reason, dash, status (pnpm)', { stderr: ' ERR_X  GET https://registry.example.com/left-pad: Unauthorized - 401' }, 'AUTH_REQUIRED'],
  ['Python requests', { stderr: 'requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: https://api.example.com/v1/jobs' }, 'AUTH_REQUIRED'],
  ['a WebSocket handshake', { stderr: 'Error: Unexpected server response: 503\n    at ClientRequest.<anonymous> (/app/node_modules/ws/lib/websocket.js:960:7)' }, 'SERVER_OVERLOADED'],
  ['Ansible uri', { stderr: '"msg": "Status code was 401 and not [200]"' }, 'AUTH_REQUIRED'],
  // A failing command's stdout: a status there is its own words, as on stderr (nothing else was printed).
  ['a status on a failing command\'s stdout', { stdout: 'HTTP 401 Unauthorized\n', stderr: '', exitCode: 1 }, 'AUTH_REQUIRED'],
  ['an FTP reply in a Python exception (RFC 959: 530 not logged in)', { stderr: 'ftplib.error_perm: 530 Anonymous access not allowed.' }, 'AUTH_REQUIRED'],
  ['curl\'s FTP response code (RFC 959: 550 not taken)', { stderr: 'curl: (9) Server denied you to change to the given directory (FTP response code 550)' }, 'ERROR_RESPONSE'],
  ['a TFTP error packet as tftp-hpa prints it (RFC 1350: 2 access violation)', { stdout: 'Error code 2: Access violation\n', exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a TFTP operation the server does not do (RFC 1350: 4)', { stdout: 'Error code 4: Illegal TFTP operation\n', exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a TFTP transfer the server does not know (RFC 1350: 5)', { stdout: 'Error code 5: Unknown transfer ID\n', exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a TFTP server\'s disk full (RFC 1350: 3)', { stdout: 'Error code 3: Disk full or allocation exceeded\n', exitCode: 1 }, 'RESOURCE_EXHAUSTION'],
  ['a data connection that failed (RFC 959: 425)', { stderr: 'ftp: 425 Can\'t open data connection.' }, 'NETWORK'],
  // EAGAIN from a lock call that would block (the sixth capture): a lock held, not a provider's capacity.
  ['EAGAIN from a non-blocking lock, inside a traceback', { stderr: 'Traceback (most recent call last):\n  File "job.py", line 5, in <module>\n    portalocker.lock(f, LOCK_EX | LOCK_NB)\nBlockingIOError: [Errno 11] Resource temporarily unavailable' }, 'RESOURCE_BUSY'],
  ['EAGAIN in C\'s strerror words', { stderr: 'lockrun: flock(/var/run/job.lock): Resource temporarily unavailable' }, 'RESOURCE_BUSY'],
  ['a service temporarily unavailable is still its overload', { stderr: 'Error: 503 Service Temporarily Unavailable: the server is temporarily unavailable, try later' }, 'SERVER_OVERLOADED'],
  ['a 429 in a failing package manager\'s report on stdout', { stdout: ' ERR_X_FETCH_429  GET https://registry.example.com/left-pad: Too Many Requests - 429\n', exitCode: 1 }, 'RATE_LIMIT'],
];

describe('standard codes in the spellings tools print (issue 30)', () => {
  const generic = createClassifier({ packs: GENERIC_PACKS });
  test.each(SPELLINGS)('%s', (_, observation, type) => {
    expect(classify(observation).type).toBe(type);
    expect(generic(observation).type).toBe(type);
  });

  test('a status on stdout counts only when the command failed, and never inside a test report', () => {
    for (const exitCode of [0, undefined]) expect(classify({ stdout: 'HTTP 401 Unauthorized\n', stderr: '', ...(exitCode === undefined ? {} : { exitCode }) }).type).not.toBe('AUTH_REQUIRED');
    const tap = 'TAP version 13\n# Subtest: rejects an expired token with 401 Unauthorized\nnot ok 1 - rejects an expired token with 401 Unauthorized\n';
    expect(classify({ stdout: tap, exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
    expect(classify({ stdout: 'authentication module loaded\n', exitCode: 1 }).type).not.toBe('AUTH_REQUIRED');
  });

  // Exit codes that say how a process ended by themselves (124 timeout, 126/127 not executable or not found, 128+n signals) are left out: they have their own readings.
  test('property: a status line on stdout counts exactly when the command exited non-zero', () => {
    const statuses = [[401, 'Unauthorized', 'AUTH_REQUIRED'], [403, 'Forbidden', 'AUTH_REQUIRED'], [429, 'Too Many Requests', 'RATE_LIMIT']] as const;
    fc.assert(fc.property(fc.constantFrom(...statuses), fc.constantFrom('HTTP/1.1 ', 'HTTP ', 'status: ', ''), fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 123 }), fc.constant(255)), ([n, reason, type], prefix, exitCode) => {
      const got = classify({ stdout: `${prefix}${n} ${reason}\n`, exitCode }).type;
      if (exitCode === 0) expect(got).toBe('UNKNOWN');
      else expect(got).toBe(type);
    }));
  });

  test('a bare number is a status only beside a word of HTTP', () => {
    expect(classify({ stderr: 'the query returned 503 rows' }).type).toBe('UNKNOWN');
    expect(classify({ stderr: 'see note (429) in the manual' }).type).toBe('UNKNOWN');
    expect(classify({ stderr: 'note: forbidden characters are stripped' }).type).toBe('UNKNOWN');
  });

  test('a code that is also a word counts only where a code stands', () => {
    expect(classify({ stderr: 'CPU throttling detected on node-3' }).type).toBe('UNKNOWN');
    expect(classify({ stderr: 'Error: Code: Throttling' }).type).toBe('RATE_LIMIT');
    expect(classify({ stderr: 'The queue is BUSY, LOADING more' }).type).toBe('UNKNOWN');
  });
});

describe('TFTP error codes (RFC 1350 §5): a number with its message, or beside a word of TFTP', () => {
  const tftpOnly = createClassifier({ packs: REGISTRY_PACKS.filter((pack) => pack.id === 'tftp') });
  test('a Windows crash\'s access violation is no TFTP answer', () => {
    expect(tftpOnly({ stderr: 'Unhandled exception at 0x00401000: Access violation reading location 0x00000000.', exitCode: 3221225477 }).type).toBe('UNKNOWN');
  });
  test('a code number with another message, or alone, is no TFTP answer', () => {
    // The catch-all reads this error-marked line (ERROR_RESPONSE), but no TFTP rule does.
    expect(tftpOnly({ stderr: 'Error code 2: cannot parse the manifest', exitCode: 1 }).evidence.map((e) => e.rule)).toEqual([CATCH_ALL_RULE]);
    expect(tftpOnly({ stderr: 'exit status 4 (file not found in cache, rebuilt)', exitCode: 1 }).type).toBe('UNKNOWN');
  });
});
