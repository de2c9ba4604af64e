import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * The generic lexicon (issue 30): DESIGN's types in the words any tool uses, in their word forms.
 * Each row is a message no built-in tool rule was written for (made-up tools, or real tools'
 * messages in a form their rule does not list), with the type DESIGN's rules give it. Checked
 * with the generic classifier (no tool packs): what an unseen tool gets.
 */
const ROWS: [what: string, observation: Observation, type: FailureType][] = [
  // Word forms: a noun where a rule would have the verb, and the other way round.
  ['"failed to authenticate"', { stderr: 'deployctl: failed to authenticate against https://deploy.example.com' }, 'AUTH_REQUIRED'],
  ['"auth failure"', { stderr: 'FATAL: auth failure for principal ci-bot' }, 'AUTH_REQUIRED'],
  ['"sign in" for "log in"', { stderr: 'Error: you are not signed in. Run `acme login` first.' }, 'AUTH_REQUIRED'],
  ['"re-authenticate"', { stderr: 'Your session cannot be refreshed: please re-authenticate.' }, 'AUTH_EXPIRED'],
  ['"log in again"', { stderr: 'token refresh failed; log in again to continue' }, 'AUTH_EXPIRED'],
  ['"time out" as a verb', { stderr: 'upload of artifact.tar.gz timing out after 3 attempts' }, 'TIMEOUT'],
  ['"timeout" as a noun', { stderr: 'acme-sync: read timeout while waiting for the bucket listing' }, 'TIMEOUT'],
  ['a unit abbreviated', { stderr: 'Error: limit of 600 requests per min exceeded for key ci-main' }, 'RATE_LIMIT'],
  ['"connect failed"', { stderr: 'queue-agent: connect failed: 10.0.4.7:5672' }, 'NETWORK'],
  // Names joined in CamelCase and snake_case.
  ['a CamelCase class', { stderr: 'Acme.Client.ConnectionRefusedException: the broker did not answer' }, 'NETWORK'],
  ['an exception suffix', { stderr: 'java.net.SocketTimeoutException: Read timed out' }, 'TIMEOUT'],
  ['a snake_case code value', { stderr: '{"error": {"code": "token_expired", "message": "bad session"}}' }, 'AUTH_EXPIRED'],
  ['an UPPER_SNAKE code', { stderr: 'net::ERR_CONNECTION_RESET while loading https://example.com' }, 'NETWORK'],
  ['a Rust io::ErrorKind', { stderr: 'Error: Custom { kind: TimedOut, error: "handshake" }' }, 'TIMEOUT'],
  // Kinds the issue found without a rule.
  ['a held lock', { stderr: 'terraform: Error acquiring the state lock: lock is held by another process' }, 'RESOURCE_BUSY'],
  ['a server still starting', { stderr: 'FATAL: the database system is starting up' }, 'RESOURCE_BUSY'],
  ['a package manager resolution failure', { stderr: 'error: version solving failed: foo ^2.0.0 requires bar ^3.0.0' }, 'BROKEN_BUILD'],
  ['a diagnostic of an unknown compiler', { stderr: 'src/Main.zig:12:5: error: use of undeclared identifier \'x\'' }, 'BROKEN_BUILD'],
  ['csc by its shape', { stdout: 'Program.cs(12,9): error CS0103: The name \'x\' does not exist in the current context' }, 'BROKEN_BUILD'],
  ['a test report\'s count', { stdout: 'Ran 12 tests in 0.3s\n\nFAILED (failures=2)' }, 'VERIFICATION_FAILED'],
  ['TAP', { stdout: 'TAP version 13\nok 1 - parses\nnot ok 2 - renders\n1..2' }, 'VERIFICATION_FAILED'],
  ['an uncaught error with its stack', { stderr: 'Error: widget registry is closed\n    at Registry.get (src/registry.ts:40:11)\n    at main (src/main.ts:3:1)' }, 'CLI_CRASH'],
  ['an out-of-memory abort', { stderr: 'fatal: out of memory while packing objects', signal: 'SIGABRT' }, 'RESOURCE_EXHAUSTION'],
  ['certificate words', { stderr: 'acme: tls: failed to verify certificate: x509: certificate has expired or is not yet valid' }, 'CERTIFICATE_ERROR'],
  // Found by the first-sight families of 2026-11-27 (their texts are in the corpus; these are made-up tools' lines).
  ['a refused name in one word', { stderr: 'Error: Unknown bridge mode "mirror".' }, 'ERROR_RESPONSE'],
  ['a suggestion for a refused name', { stderr: "acme: no channel 'stabel'; did you mean 'stable'?" }, 'ERROR_RESPONSE'],
  ['a CLI parser refusing an argument', { stderr: "error: unexpected argument '--fast' found" }, 'ERROR_RESPONSE'],
  ['a thing the system has none of', { stderr: 'Cannot find session "nightly"' }, 'ERROR_RESPONSE'],
  ['an undefined command of a REPL', { stderr: 'Undefined command: "frob".  Try "help".' }, 'ERROR_RESPONSE'],
  ['a variable never set, in a script language', { stderr: 'can\'t read "deploy_tag": no such variable\n    while executing' }, 'BROKEN_BUILD'],
  ['a block left open', { stderr: 'missing close-bracket\n    while compiling' }, 'BROKEN_BUILD'],
  ['markup that is not well formed', { stderr: 'config.xml:3:7: not well-formed (invalid token)' }, 'BROKEN_BUILD'],
  ['a library not on the search path', { stderr: 'Package libfoo was not found in the pkg-config search path.' }, 'BROKEN_BUILD'],
  ['a version that cannot be satisfied', { stderr: "Package dependency requirement 'libfoo >= 3' could not be satisfied." }, 'BROKEN_BUILD'],
  ['a division by zero', { stderr: 'calc: divide by zero in expression "a / b"' }, 'CLI_CRASH'],
  ['no signed-in account', { stderr: 'ERROR: You do not currently have an active account selected.' }, 'AUTH_REQUIRED'],
  ['a circuit breaker open', { stderr: 'CallNotPermittedException: CircuitBreaker \'payments\' is OPEN: circuit breaker is open' }, 'DEPENDENCY_FAILURE'],
  ['a full bulkhead', { stderr: 'BulkheadFullException: Bulkhead capacity exceeded (10/10 in flight)' }, 'RESOURCE_BUSY'],
  ['a template engine\'s parse error', { stderr: 'Error: Unclosed tag at 12\n    at parseTemplate (/app/node_modules/tmpl/index.js:211:13)' }, 'CONTEXT_ERROR'],
  ['vstest\'s counts, the failed one a field among others', { stdout: 'Total tests: 5. Passed: 4. Failed: 1. Skipped: 0.' }, 'VERIFICATION_FAILED'],
  ['surefire\'s counts', { stdout: 'Tests run: 5, Failures: 1, Errors: 0, Skipped: 0' }, 'VERIFICATION_FAILED'],
  // Found by studying every miss of the first-sight captures by mechanism (made-up tools' lines again).
  ['a linter\'s finding with its rule code', { stdout: 'src/app.py:12:80: E501 line too long (96 > 79 characters)' }, 'QUALITY_GATE_FAIL'],
  ['a linter\'s rule named as a path', { stdout: 'lib/deploy.rb:4:3: W: Lint/UselessAssignment: Useless assignment to variable - x.' }, 'QUALITY_GATE_FAIL'],
  ['a linter\'s table', { stdout: '/src/app.ts\n  3:7  error  \'unused\' is assigned a value but never used  no-unused-vars\n\n✖ 1 problem (1 error, 0 warnings)' }, 'QUALITY_GATE_FAIL'],
  ['a finding in a compiler\'s words', { stdout: 'app.py:6:11: E0602: Undefined variable \'total\' (undefined-variable)' }, 'QUALITY_GATE_FAIL'],
  ['a finding on the line above its position', { stdout: 'E3012 \'soon\' is not of type \'integer\'\nstack.yaml:6:7\n' }, 'QUALITY_GATE_FAIL'],
  ['a formatter run as a check', { stderr: 'would reformat src/app.py\n1 file would be reformatted.' }, 'QUALITY_GATE_FAIL'],
  ['data without a required property', { stderr: "ValidationError: 'port' is a required property\n\nFailed validating 'required' in schema" }, 'FORMAT_VALIDATION'],
  ['a model\'s validation errors in a traceback', { stderr: 'Traceback (most recent call last):\n  File "app.py", line 9, in <module>\nconfkit.ValidationError: 2 validation errors for Config\nport\n  Input should be a valid integer' }, 'FORMAT_VALIDATION'],
  ['a schema that is itself broken', { stderr: 'error: schema is invalid: data/properties/port/type must be equal to one of the allowed values' }, 'BROKEN_BUILD'],
  ['a linter that cannot parse the file', { stdout: 'deploy.py:1:10: E0001: Parsing failed: \'invalid syntax (<unknown>, line 1)\' (syntax-error)' }, 'BROKEN_BUILD'],
  ['a YAML parser\'s words', { stderr: 'error: mapping values are not allowed in this context\n  in "config.yml", line 4, column 12' }, 'BROKEN_BUILD'],
  ['a memory checker\'s report', { stderr: '==311==ERROR: MemCheck: heap-use-after-free on address 0x602000000010', exitCode: 1 }, 'CLI_CRASH'],
  ['a leak report', { stderr: '==9== 64 bytes in 1 blocks are definitely lost in loss record 1 of 1' }, 'CLI_CRASH'],
  ['a dynamic language\'s type error', { stderr: 'qq: error (at input:1): Cannot iterate over null' }, 'CLI_CRASH'],
  ['an undefined method', { stderr: "app.cr:4: undefined method 'name' for Nil" }, 'CLI_CRASH'],
  ['a parser naming what it expected', { stderr: "conf: line 3: expected '=' but instead found '}'" }, 'BROKEN_BUILD'],
  ['an unterminated string', { stderr: 'tmplc: 2:14: unterminated string literal' }, 'BROKEN_BUILD'],
  ['a dependency cycle', { stderr: 'Error: dependency cycle detected: a -> b -> a' }, 'BROKEN_BUILD'],
  ['a module that does not load', { stderr: "scriptd: module 'yaml' not found in search list" }, 'BROKEN_BUILD'],
  ['a toolchain not installed', { stderr: "error: toolchain 'stable-2031' is not installed" }, 'BROKEN_BUILD'],
  ['a key file that does not parse', { stderr: 'cloudctl: could not parse key file creds.json: unexpected end of input' }, 'AUTH_REQUIRED'],
  ['a privileged operation refused', { stderr: 'tracer: attach to pid 4242: ptrace: Operation not permitted' }, 'AUTH_REQUIRED'],
  ['a signature that does not verify', { stderr: 'pkgverify: BAD signature from "release key"' }, 'CERTIFICATE_ERROR'],
  ['a signer nobody trusts', { stdout: 'Could not verify signature.', exitCode: 255 }, 'CERTIFICATE_ERROR'],
  ['input that is not the format read', { stderr: 'lzq: backup.lzq: not in lzq format' }, 'ERROR_RESPONSE'],
  ['input that is not what it should be', { stderr: 'imgtool: disk.img does not look like a raw image file' }, 'ERROR_RESPONSE'],
  ['a thing asked for that is not there', { stderr: 'ERROR! the inventory: hosts.ini could not be found' }, 'ERROR_RESPONSE'],
  ['a statement a database refused, inside an exception', { stderr: 'Traceback (most recent call last):\n  File "m.py", line 2, in <module>\nduck.CatalogError: no such table: orders' }, 'ERROR_RESPONSE'],
  ['a refusal on a failing command\'s stdout', { stdout: 'pkgtool error: java.lang.Exception: Input not an archive\n', exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a program that cannot be spawned', { stderr: 'Error: spawn deployctl ENOENT\n    at ChildProcess._handle.onexit (node:internal/child_process:285:19)' }, 'CLI_NOT_FOUND'],
  ['a client\'s hint that no server answered', { stderr: 'dbcli: connection to server on socket "/tmp/.s.DB.5432" failed: No such file or directory\n\tIs the server running locally?' }, 'NETWORK'],
  ['a dependency not ready yet', { stderr: 'RuntimeNotReadyError: sandbox container is not ready' }, 'DEPENDENCY_FAILURE'],
  ['a lock file out of date', { stderr: 'error: lockfile is not up to date with manifest.toml; run `pkgx lock`' }, 'BROKEN_BUILD'],
  ['a configuration block left open', { stderr: 'Error: Unclosed configuration block\n  on infra.hcl line 1' }, 'BROKEN_BUILD'],
  ['a name never declared in a configuration', { stderr: 'Error: Reference to undeclared input variable "tag"' }, 'BROKEN_BUILD'],
  ['a cycle in a graph', { stderr: 'Error: Cycle: job.b, job.a' }, 'BROKEN_BUILD'],
  ['a precondition that fails', { stderr: 'Error: Resource precondition failed\n  Production needs 2 replicas.' }, 'VERIFICATION_FAILED'],
  ['a health check', { stderr: 'qq: error: health check failed: status degraded' }, 'VERIFICATION_FAILED'],
  ['hunks that do not apply', { stdout: 'patching file src/app.c\nHunk #1 FAILED at 12.\n1 out of 1 hunk FAILED', exitCode: 1 }, 'DIFF_PARSE_ERROR'],
  ['an execution time limit', { stderr: 'Fatal error: Maximum execution time of 30 seconds exceeded in job.php on line 4' }, 'TIMEOUT'],
  ['a memory limit in bytes', { stderr: 'Fatal error: Allowed memory size of 134217728 bytes exhausted (tried to allocate 20480 bytes)' }, 'RESOURCE_EXHAUSTION'],
  ['a prompt template missing a variable', { stderr: 'Error: Missing value for input variable `audience`\n    at PromptTemplate.format (/app/node_modules/llmkit/dist/prompt.js:40:11)' }, 'CONTEXT_ERROR'],
  ['a validator\'s received type', { stderr: 'CheckError: [ { "path": ["port"], "message": "Invalid input: expected number, received string" } ]' }, 'FORMAT_VALIDATION'],
  ['a value the tool expected otherwise', { stderr: 'Error: inet prefix is expected rather than "10.0.0.300/24".' }, 'ERROR_RESPONSE'],
];

/** Words that look like a failure and are not one (issue 30, item 5). */
const NOT: [what: string, observation: Observation, not: FailureType][] = [
  ['a config dump naming a timeout', { stdout: 'timeout: 30s\nretries: 3\n', stderr: 'error: unknown field "retires"' }, 'TIMEOUT'],
  ['CPU throttling', { stderr: 'warning: CPU throttling detected on node-3; job failed: exit status 1' }, 'RATE_LIMIT'],
  ['a test named for a timeout', { stdout: '--- FAIL: TestTimeoutIsRetried (0.00s)\nFAIL' }, 'TIMEOUT'],
  ['a class named in a sentence', { stderr: 'InvalidTokenError thrown for valid tokens' }, 'AUTH_REQUIRED'],
  ['"0 failed" is a pass', { stdout: 'Tests: 0 failed, 12 passed', stderr: 'lint: 2 problems' }, 'VERIFICATION_FAILED'],
  ['a retry counted', { stderr: 'Attempt 1 failed with status 503' }, 'VERIFICATION_FAILED'],
  ['a sanitizer\'s run-time report', { stderr: 'main.c:3:48: runtime error: signed integer overflow' }, 'BROKEN_BUILD'],
  ['auth words on ordinary stdout', { stdout: 'loading authentication module… done\nauth failed users: 0' }, 'AUTH_REQUIRED'],
  ['a failed test named for a credential', { stderr: 'AssertionError: expected 200 but got 404\n  ✗ rejects expired token', tests: { passed: 1, failed: 1, failing: ['rejects expired token'] } }, 'AUTH_EXPIRED'],
  ['a failed test named for a certificate', { stderr: '  ✗ refuses a self-signed certificate\n    expected 400 to be 495' }, 'CERTIFICATE_ERROR'],
  ['a parser\'s token', { stderr: 'SyntaxError: Invalid token in selector: WhiteSpace(" ")' }, 'AUTH_REQUIRED'],
  ['a refused value an uncaught exception names', { stderr: 'Traceback (most recent call last):\n  File "app.py", line 2, in <module>\nValueError: invalid literal for int() with base 10: \'x\'' }, 'ERROR_RESPONSE'],
  ['a word in a test report', { stdout: '  ✗ rejects unknown users\n1 failed' }, 'ERROR_RESPONSE'],
  ['a quantity after "failed:", not a count of tests', { stderr: 'Quality gate failed: 2 checks did not pass.' }, 'VERIFICATION_FAILED'],
  ['an API refusing a request as invalid', { stderr: 'An error occurred (ValidationException) when calling the PutItem operation: 1 validation error detected: Value at \'tableName\' failed to satisfy constraint' }, 'FORMAT_VALIDATION'],
  ['a compiler\'s diagnostic is not a finding', { stderr: "main.c:3:18: error: 'counter' undeclared (first use in this function)" }, 'QUALITY_GATE_FAIL'],
  ['a test report naming a validation error', { stdout: "  ✗ rejects data: 'port' is a required property\n1 failed" }, 'FORMAT_VALIDATION'],
  ['a linter that could not read its input', { stdout: "src/gone.py:0:1: E902 FileNotFoundError: [Errno 2] No such file or directory: 'src/gone.py'" }, 'QUALITY_GATE_FAIL'],
  ['a test\'s expected value is not a parser\'s', { stderr: "AssertionError: expected 'a' but instead found 'b'" }, 'BROKEN_BUILD'],
  ['a file\'s permission is not a privilege', { stderr: "cp: cannot create regular file 'out/app.tar': Permission denied" }, 'AUTH_REQUIRED'],
  ['a memory word in a failed test\'s name', { stdout: '  ✗ reports a memory leak in the cache\n1 failed' }, 'CLI_CRASH'],
  ['a key file merely named', { stderr: 'loaded key file creds.json; deploying\nerror: deploy failed' }, 'AUTH_REQUIRED'],
  ['a refusal word on ordinary stdout', { stdout: 'skipping invalid entries: 0\nunknown hosts: none\n', exitCode: 1, stderr: 'deploy failed' }, 'ERROR_RESPONSE'],
  ['"is not a" about a person, not an input', { stderr: 'warning: ci-bot is not a member of the team; deploy failed' }, 'ERROR_RESPONSE'],
  ['HTTP\'s 412 is not a failed check', { stderr: 'PUT https://api.example.com/v1/doc returned 412 Precondition Failed' }, 'VERIFICATION_FAILED'],
  ['jest\'s received value', { stderr: 'expect(received).toBe(expected)\n\nExpected: 3\nReceived: undefined' }, 'FORMAT_VALIDATION'],
  ['a stack frame\'s position is not a finding', { stderr: 'Error: boom\n    at run (src/app.ts:3:5)\nsrc/app.ts:3:5 Error thrown' }, 'QUALITY_GATE_FAIL'],
];

describe('the generic lexicon (issue 30)', () => {
  const generic = createClassifier({ packs: GENERIC_PACKS });
  test.each(ROWS)('%s', (_, observation, type) => expect(generic(observation).type).toBe(type));
  test.each(NOT)('not: %s', (_, observation, not) => expect(generic(observation).type).not.toBe(not));
});
