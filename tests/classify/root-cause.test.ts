import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, type Observation } from '../../src/classify/index.js';
import { promoteRootCause, ROOT_CAUSE_TYPES, WRAPPER_TYPES } from '../../src/classify/cause.js';
import { commandDiagnostic } from '../../src/classify/command-diagnostic.js';
import { RULE_PRIORITY } from '../../src/classify/priority.js';
import type { Candidate } from '../../src/classify/rule.js';
import { FAILURE_TYPE_NAMES, type FailureType } from '../../src/taxonomy/index.js';

/** A tool's failing output, the root cause it prints inside its generic verdict, and the words of the cause line. */
const CASES: [tool: string, observation: Observation, type: FailureType, causeLine: string][] = [
  ['npm (ERESOLVE around a DNS failure)', { stderr: 'npm ERR! code ERESOLVE\nnpm ERR! ERESOLVE could not resolve\nnpm ERR! Could not resolve dependencies\nnpm ERR! network request to https://registry.npmjs.org/react failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org', exitCode: 1 }, 'NETWORK', 'getaddrinfo ENOTFOUND registry.npmjs.org'],
  ['docker build (tsc inside)', { stderr: "#12 [build 4/6] RUN npm run build\n#12 12.3 error TS5033: Could not write file '/app/dist/index.js': ENOSPC: no space left on device, write.\n#12 ERROR: process \"/bin/sh -c npm run build\" did not complete successfully: exit code: 2\n------\nERROR: failed to solve: process \"/bin/sh -c npm run build\" did not complete successfully: exit code: 2", exitCode: 1 }, 'RESOURCE_EXHAUSTION', 'ENOSPC: no space left on device'],
  ['docker build (registry DNS)', { stderr: 'ERROR: failed to solve: failed to fetch oauth token: Post "https://auth.docker.io/token": dial tcp: lookup auth.docker.io: no such host', exitCode: 1 }, 'NETWORK', 'no such host'],
  ['cargo', { stderr: '   Compiling serde v1.0.197\nerror: failed to write /home/ci/target/debug/deps/libserde.rlib: No space left on device (os error 28)\n\nerror: could not compile `serde` (lib) due to 1 previous error', exitCode: 101 }, 'RESOURCE_EXHAUSTION', 'No space left on device (os error 28)'],
  ['maven', { stdout: '[ERROR] Failed to execute goal on project app: Could not resolve dependencies for project com.example:app:jar:1.0: Could not transfer artifact junit:junit:pom:4.13 from/to central (https://repo.maven.apache.org/maven2): Unknown host repo.maven.apache.org: Name or service not known -> [Help 1]', exitCode: 1 }, 'NETWORK', 'Unknown host'],
  ['gradle', { stderr: "FAILURE: Build failed with an exception.\n\n* What went wrong:\nExecution failed for task ':app:compileJava'.\n> Could not resolve all files for configuration ':app:compileClasspath'.\n   > Could not resolve com.google.guava:guava:31.1-jre.\n      > Could not GET 'https://repo.maven.apache.org/maven2/com/google/guava/guava/31.1-jre/guava-31.1-jre.pom'.\n         > repo.maven.apache.org: Temporary failure in name resolution", exitCode: 1 }, 'NETWORK', 'Temporary failure in name resolution'],
  ['make + ld', { stderr: 'make[2]: *** [CMakeFiles/app.dir/build.make:76: CMakeFiles/app.dir/main.cpp.o] Error 1\n/usr/bin/ld: final link failed: No space left on device\ncollect2: error: ld returned 1 exit status', exitCode: 2 }, 'RESOURCE_EXHAUSTION', 'final link failed: No space left on device'],
  ['go', { stderr: 'go: downloading github.com/stretchr/testify v1.8.4\ngo: github.com/stretchr/testify@v1.8.4: Get "https://proxy.golang.org/github.com/stretchr/testify/@v/v1.8.4.zip": dial tcp: lookup proxy.golang.org on 127.0.0.53:53: server misbehaving', exitCode: 1 }, 'NETWORK', 'dial tcp: lookup proxy.golang.org'],
  ['python ("During handling of the above exception")', { stderr: 'Traceback (most recent call last):\n  File "/usr/lib/python3.11/socket.py", line 955, in getaddrinfo\n    for res in _socket.getaddrinfo(host, port, family, type, proto, flags):\nsocket.gaierror: [Errno -2] Name or service not known\n\nDuring handling of the above exception, another exception occurred:\n\nTraceback (most recent call last):\n  File "build.py", line 3, in <module>\n    main()\nImportError: cannot import name \'fetch_schema\' from partially initialized module \'schema\'', exitCode: 1 }, 'NETWORK', 'Name or service not known'],
  ['python ("The above exception was the direct cause")', { stderr: 'Traceback (most recent call last):\n  File "w.py", line 2, in write\nOSError: [Errno 28] No space left on device\n\nThe above exception was the direct cause of the following exception:\n\nTraceback (most recent call last):\n  File "w.py", line 9, in <module>\njson.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)', exitCode: 1 }, 'RESOURCE_EXHAUSTION', 'No space left on device'],
  ['java (Caused by:)', { stderr: 'Exception in thread "main" java.lang.IllegalStateException: compilation failed\n\tat com.example.Build.run(Build.java:42)\nCaused by: java.io.IOException: No space left on device\n\tat java.base/java.io.FileOutputStream.writeBytes(Native Method)', exitCode: 1 }, 'RESOURCE_EXHAUSTION', 'Caused by: java.io.IOException: No space left on device'],
  ['node ([cause]:)', { stderr: 'Error: Build failed\n    at build (/app/build.js:10:11) {\n  [cause]: Error: connect ECONNREFUSED 127.0.0.1:5432\n      at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1555:16)\n}', exitCode: 1 }, 'NETWORK', '[cause]: Error: connect ECONNREFUSED 127.0.0.1:5432'],
  ['JSON error body with a nested cause', { message: 'SyntaxError: Unexpected end of JSON input\n{"error":{"message":"upstream request failed","cause":{"code":"ECONNRESET","message":"read ECONNRESET"}}}' }, 'NETWORK', 'ECONNRESET'],
  ['google-auth beside a timeout', { stderr: 'Error: Request timed out after 30000ms\nError: Could not load the default credentials. Browse to https://cloud.google.com/docs/authentication/getting-started for more information.', exitCode: 1 }, 'AUTH_REQUIRED', 'Could not load the default credentials'],
  ['aws cli beside a retry loop', { stderr: 'Connect timeout on endpoint URL: "http://169.254.169.254/latest/api/token"\nUnable to locate credentials. You can configure credentials by running "aws configure".', exitCode: 253 }, 'AUTH_REQUIRED', 'Unable to locate credentials'],
  ['npm (certificate as the cause of a request failure)', { stderr: 'npm ERR! code SELF_SIGNED_CERT_IN_CHAIN\nnpm ERR! errno SELF_SIGNED_CERT_IN_CHAIN\nnpm ERR! request to https://registry.npmjs.org/react failed, reason: self signed certificate in certificate chain', exitCode: 1 }, 'CERTIFICATE_ERROR', 'SELF_SIGNED_CERT_IN_CHAIN'],
  ['docker build (apt lock)', { stderr: '#7 0.912 E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 7 (apt-get)\n#7 ERROR: process "/bin/sh -c apt-get install -y curl" did not complete successfully: exit code: 100\nERROR: failed to solve: process "/bin/sh -c apt-get install -y curl" did not complete successfully: exit code: 100', exitCode: 1 }, 'RESOURCE_BUSY', 'Could not get lock /var/lib/dpkg/lock-frontend'],
  ['a server\'s configuration check (an upstream host that does not resolve)', { stderr: 'proxyd: [emerg] host not found in upstream "api.internal.invalid" in /etc/proxyd/proxyd.conf:8\nproxyd: configuration file /etc/proxyd/proxyd.conf test failed', exitCode: 1 }, 'NETWORK', 'host not found in upstream'],
  ['a TAP test whose command could not connect (the cause among its # diagnostics)', { stdout: "1..1\nnot ok 1 the health check answers\n#   `fetch-url http://127.0.0.1:9/health' failed with status 7\n# fetch-url: connect to 127.0.0.1 port 9: Connection refused", exitCode: 1 }, 'NETWORK', '# fetch-url: connect to 127.0.0.1 port 9: Connection refused'],
  ['a test runner whose test ran a command that could not connect (the command\'s own diagnostic in the test\'s output)', { stdout: 'Test project /work/build\n    Start 1: api_smoke\n1/1 Test #1: api_smoke ........................***Failed    0.01 sec\ncurl: (7) Failed to connect to 127.0.0.1 port 1 after 0 ms: Couldn\'t connect to server\n\n0% tests passed, 1 tests failed out of 1\n', stderr: 'Errors while running the tests\n', exitCode: 8 }, 'NETWORK', 'curl: (7) Failed to connect'],
  ['a test runner whose test\'s command found the disk full', { stdout: "FAIL  report.sh\ncp: error writing 'out/report.html': No space left on device\n1 tests failed\n", exitCode: 1 }, 'RESOURCE_EXHAUSTION', 'No space left on device'],
  ['a test runner whose test\'s command could not resolve its host', { stdout: 'check_download ... FAILED\nwget: unable to resolve host address \'mirror.example.invalid\'\n2 tests passed, 1 test failed\n', exitCode: 1 }, 'NETWORK', 'unable to resolve host address'],
  ['a TAP test whose command found the disk full', { stdout: "1..2\nok 1 builds\nnot ok 2 writes the report\n# cp: error writing 'out/report.html': No space left on device", exitCode: 1 }, 'RESOURCE_EXHAUSTION', 'No space left on device'],
];

describe('root cause first: a specific cause printed inside a generic verdict wins (issue 30)', () => {
  test.each(CASES)('%s', (_, observation, type, causeLine) => {
    const result = classify(observation);
    expect(result.type).toBe(type);
    // The evidence names the cause line, not the wrapper's.
    expect(result.evidence[0]!.match).toContain(causeLine);
  });

  test('the verdicts that are not wrappers keep their place: failed tests, context exhaustion, how a process ended', () => {
    expect(classify({ stderr: 'Tests: 1 failed\nError: connect ECONNREFUSED 127.0.0.1:5432' }).type).toBe('VERIFICATION_FAILED');
    expect(classify({ stderr: 'context window exceeded\nError: connect ECONNREFUSED 127.0.0.1:5432' }).type).toBe('CONTEXT_EXHAUSTED');
    expect(classify({ exitCode: 124, stderr: 'SyntaxError: x\nError: getaddrinfo ENOTFOUND x' }).type).toBe('TIMEOUT');
  });

  test('a failed test yields to a cause only in a command\'s own diagnostic: an assertion that mentions a connection is a failed test', () => {
    // An exception's name, a comparison's fields, a listing of the test's code, a test's name: the test compared or raised.
    expect(classify({ stdout: 'FAIL  api.test.js\nError: connect ECONNREFUSED 127.0.0.1:5432\n1 tests failed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
    expect(classify({ stdout: "FAIL  retry.test.js\nexpected: 'Connection refused' to be 'ok'\n1 tests failed\n", exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
    expect(classify({ stdout: "received: connect ECONNREFUSED 127.0.0.1:5432\n1 tests failed\n", exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
    expect(classify({ stdout: '>       raise ConnectionError("database not reachable")\nE       ConnectionError: database not reachable\n1 tests failed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
    expect(classify({ stdout: 'test_connection_refused: Connection refused was not retried\n1 tests failed\n', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
  });

  test('a TAP failure yields only to a cause among its own # diagnostics', () => {
    // The cause printed outside the test's diagnostics (a server log after the stream) is not what failed the test.
    expect(classify({ stdout: '1..1\nnot ok 1 returns the user\n#   expected 200, got 404', stderr: 'server: Error: connect ECONNREFUSED 127.0.0.1:5432', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
    // A diagnostic with no cause in it: the test failed.
    expect(classify({ stdout: '1..1\nnot ok 1 adds\n#   expected 3, got 4', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
    // A test's name about a timeout is not its comment: the test failed.
    expect(classify({ stdout: '1..1\nnot ok 1 retries after a timeout of 2s\n#   expected 3 attempts, got 1', exitCode: 1 }).type).toBe('VERIFICATION_FAILED');
  });

  test('a TAP failure whose comment or diagnostics say it timed out is a timeout (a runner\'s timeout is the failed test\'s cause)', () => {
    expect(classify({ stdout: '1..1\nnot ok 1 drains the queue # timeout after 2s\n#   `sleep 20\' failed due to timeout', exitCode: 1 }).type).toBe('TIMEOUT');
  });

  test('a build failure with no cause in it stays a broken build', () => {
    expect(classify({ stderr: "src/a.ts(3,5): error TS2304: Cannot find name 'fetch'.", exitCode: 2 }).type).toBe('BROKEN_BUILD');
  });
});

describe('promoteRootCause', () => {
  const types = fc.constantFrom(...FAILURE_TYPE_NAMES);
  const candidate = fc.record({
    order: fc.nat(50), rule: fc.string({ maxLength: 5 }), type: types, priority: fc.integer({ min: 0, max: 1100 }),
    confidence: fc.double({ min: 0, max: 1, noNaN: true }), source: fc.constant('stderr' as const),
    match: fc.oneof(fc.string({ maxLength: 5 }), fc.constantFrom('curl: (7) Failed to connect', 'Error: connect ECONNREFUSED', '  cp: x: No space left')),
  }) as fc.Arbitrary<Candidate>;

  test('keeps the same candidates; moves one only over a wrapper that won on words, and then a root cause of ordinary strength', () => {
    fc.assert(
      fc.property(fc.array(candidate, { maxLength: 12 }), (list) => {
        const before = [...list];
        const moved = promoteRootCause(list);
        expect([...list].sort((a, b) => before.indexOf(a) - before.indexOf(b))).toEqual(before);
        if (!moved) {
          expect(list).toEqual(before);
          return;
        }
        const winner = before[0]!;
        // A wrapper, or a failed test whose output holds the cause as a command's own diagnostic.
        const test = winner.type === 'VERIFICATION_FAILED';
        expect((WRAPPER_TYPES.has(winner.type) || test) && winner.priority < RULE_PRIORITY.processEnd).toBe(true);
        expect(ROOT_CAUSE_TYPES.has(list[0]!.type)).toBe(true);
        expect(list[0]!.priority).toBeGreaterThanOrEqual(RULE_PRIORITY.rest);
        if (test) expect(commandDiagnostic(list[0]!.match)).toBe(true);
        // The first root cause after the winner, in order: no better one was skipped.
        expect(before.findIndex((c, i) => i > 0 && ROOT_CAUSE_TYPES.has(c.type) && c.priority >= RULE_PRIORITY.rest && (!test || commandDiagnostic(c.match)))).toBe(before.indexOf(list[0]!));
      }),
    );
  });
});
