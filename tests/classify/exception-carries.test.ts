import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * What an uncaught exception carries decides its type (issue 30, session 14; README, label
 * decisions): a peer's answer ERROR_RESPONSE (or its status's type), input not in its format or cut
 * short ERROR_RESPONSE, a configuration or model definition that does not load BROKEN_BUILD, a
 * defect of the program itself (a key missing from its own mapping, a value its code passed)
 * CLI_CRASH. Rows: made-up programs' tracebacks and stacks in each language's real shape, checked
 * with the generic classifier (what an unseen tool gets) unless a row says `whole`.
 */
const py = (frame: string, last: string): string => `Traceback (most recent call last):\n  File "/srv/app/main.py", line 7, in <module>\n    ${frame}\n${last}`;
const node = (first: string, code?: string): string =>
  `file:///srv/app/main.mjs:4\n${first}\n    at Zlib.zlibOnError [as onerror] (node:zlib:189:17) {\n  errno: -5${code ? `,\n  code: '${code}'` : ''}\n}\n\nNode.js v20.20.2`;

type Row = [what: string, observation: Observation, type: FailureType, whole?: 'whole'];

const ROWS: Row[] = [
  // Input not in its format, cut short or empty.
  ['a zip that is not one', { stderr: py("zipfile.ZipFile('release.zip').extractall('out')", 'zipfile.BadZipFile: File is not a zip file') }, 'ERROR_RESPONSE'],
  ['a pickle that is not one', { stderr: py('jobs = pickle.load(f)', "_pickle.UnpicklingError: invalid load key, '{'.") }, 'ERROR_RESPONSE'],
  ['a pickle cut short', { stderr: py('jobs = pickle.load(f)', '_pickle.UnpicklingError: pickle data was truncated') }, 'ERROR_RESPONSE'],
  ['an empty input', { stderr: py('jobs = pickle.load(f)', 'EOFError: Ran out of input') }, 'ERROR_RESPONSE'],
  ['a compressed file cut short', { stderr: py('data = f.read()', 'EOFError: Compressed file ended before the end-of-stream marker was reached') }, 'ERROR_RESPONSE'],
  ['a decoder that does not know the input', { stderr: py('data = f.read()', '_lzma.LZMAError: Input format not supported by decoder') }, 'ERROR_RESPONSE'],
  ['an archive with a truncated header', { stderr: py("tarfile.open('r.tgz')", "tarfile.ReadError: file could not be opened successfully:\n- method tar: ReadError('truncated header')") }, 'ERROR_RESPONSE'],
  ['a database file of no known type', { stderr: py("shelve.open('state/jobs', flag='r')", 'dbm.error: db type could not be determined') }, 'ERROR_RESPONSE'],
  ['a member the archive lacks (a sentence in a KeyError)', { stderr: py("z.extract('app/config.toml')", "KeyError: \"There is no item named 'app/config.toml' in the archive\"") }, 'ERROR_RESPONSE', 'whole'],
  ['a certificate file that is not PEM', { stderr: py("ctx.load_cert_chain('server.pem')", 'ssl.SSLError: [SSL] PEM lib (_ssl.c:3905)') }, 'ERROR_RESPONSE'],
  ['a certificate file that is not DER', { stderr: py('x509.load_pem_x509_certificate(data)', 'ValueError: error parsing asn1 value: ParseError { kind: ShortData { needed: 96 } }') }, 'ERROR_RESPONSE'],
  ['zlib: not its header', { stderr: node('Error: incorrect header check', 'Z_DATA_ERROR') }, 'ERROR_RESPONSE'],
  ['zlib: the stream ends early', { stderr: node('Error: unexpected end of file', 'Z_BUF_ERROR') }, 'ERROR_RESPONSE'],
  ['a CLI: gzip data cut short', { stderr: 'gzip: backup.sql.gz: unexpected end of file' }, 'ERROR_RESPONSE'],
  ['a CLI: an archive cut short', { stderr: 'tar: Unexpected EOF in archive\ntar: Error is not recoverable: exiting now' }, 'ERROR_RESPONSE'],
  // A peer's answer carried by an exception.
  ['a POP3 error reply', { stderr: py('box.retr(42)', "poplib.error_proto: b'-ERR There is no message 42'") }, 'ERROR_RESPONSE'],
  ['another protocol\'s greeting', { stderr: py("imaplib.IMAP4('mail')", "imaplib.IMAP4.abort: unexpected response: b'220 mail.example.test ESMTP ready'") }, 'ERROR_RESPONSE'],
  ['an XML-RPC fault', { stderr: py('proxy.release(\'api\', \'1.4\')', "xmlrpc.client.Fault: <Fault 404: 'no such release: api 1.4'>") }, 'ERROR_RESPONSE'],
  ['a reply that is not the protocol\'s', { stderr: py('proxy.release()', 'xmlrpc.client.ResponseError: ResponseError()') }, 'ERROR_RESPONSE'],
  ['TLS answered in plain text', { stderr: py('ctx.wrap_socket(sock)', 'ssl.SSLError: [SSL: WRONG_VERSION_NUMBER] wrong version number (_ssl.c:1006)') }, 'ERROR_RESPONSE'],
  ['a protocol error carrying a 404', { stderr: py('proxy.release()', 'xmlrpc.client.ProtocolError: <ProtocolError for 127.0.0.1:8000/RPC2: 404 Not Found>') }, 'ERROR_RESPONSE'],
  ['a protocol error without a status stays the network\'s', { stderr: py('session.get(url)', "urllib3.exceptions.ProtocolError: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))") }, 'NETWORK'],
  ['EPROTO by number', { stderr: 'OSError: [Errno 71] Protocol error' }, 'NETWORK'],
  ['a server turning a connection away for now', { stderr: py("imaplib.IMAP4('mail')", "imaplib.IMAP4.error: b'* BYE Too many connections, try again later'") }, 'SERVER_OVERLOADED'],
  // A configuration or a model definition that does not load.
  ['a configurator refusing a section', { stderr: py('logging.config.dictConfig(cfg)', "ValueError: Unable to configure handler 'console'") }, 'BROKEN_BUILD'],
  ['a configuration without its version', { stderr: py('logging.config.dictConfig(cfg)', "ValueError: dictionary doesn't specify a version") }, 'BROKEN_BUILD'],
  ['a model library that cannot build a schema', { stderr: py('class Job(BaseModel):', "pydantic.errors.PydanticSchemaGenerationError: Unable to generate pydantic-core schema for <class 'Lock'>.") }, 'BROKEN_BUILD'],
  ['a model field without its annotation', { stderr: py('class Job(BaseModel):', 'pydantic.errors.PydanticUserError: A non-annotated attribute was detected: `retries = 3`. All model fields require a type annotation') }, 'BROKEN_BUILD'],
  ['a schema whose reference points nowhere', { stderr: py('validator.validate(doc)', "referencing.exceptions.PointerToNowhere: '/definitions/port' does not exist within {'type': 'object'}") }, 'BROKEN_BUILD'],
  // A defect of the program: a key missing from its own mapping, a value its code passed.
  ['a key missing from its own mapping (3.11 subscript)', { stderr: py("print(cfg['tool']['name'])\n          ~~~~~~~~~~~^^^^^^^^", "KeyError: 'name'") }, 'CLI_CRASH', 'whole'],
  ['a resolver refusing the port the code passed', { stderr: py("socket.create_connection(('127.0.0.1', -1))", 'socket.gaierror: [Errno -8] Servname not supported for ai_socktype') }, 'CLI_CRASH', 'whole'],
  // Unchanged neighbours: what these readings must leave alone.
  ['seed 002: a prompt template\'s key', { stderr: py('return PROMPT.format(**values)\n           ^^^^^^^^^^^^^^^^^^^^^^^', "KeyError: 'task_description'") }, 'CONTEXT_ERROR', 'whole'],
  ['a resolver that does not know the name', { stderr: py("socket.getaddrinfo('db.invalid', 5432)", 'socket.gaierror: [Errno -2] Name or service not known') }, 'NETWORK'],
  ['Node\'s negated errno stays its errno', { stderr: "Error: spawn ./run.sh\n    at ChildProcess._handle.onexit (node:internal/child_process:286:19) {\n  errno: -8,\n  syscall: 'spawn ./run.sh'\n}" }, 'CLI_NOT_FOUND'],
  ['a database out of connection slots', { stderr: 'ERROR 1040 (HY000): Too many connections' }, 'RESOURCE_EXHAUSTION', 'whole'],
  ['a status in an exception keeps its type', { stderr: 'Error: Unexpected server response: 503\n    at ClientRequest.<anonymous> (/srv/app/node_modules/ws/lib/websocket.js:913:7)' }, 'SERVER_OVERLOADED'],
];

/** Look-alikes: the words of these concepts where they are not what failed. Each: the type the words suggest, the type it gets. */
const LOOKALIKES: [what: string, observation: Observation, suggested: FailureType, expected: FailureType, whole?: 'whole'][] = [
  ['bytes the program built in memory', { stderr: py('zipfile.ZipFile(io.BytesIO(b"not a zip"))', 'zipfile.BadZipFile: File is not a zip file') }, 'ERROR_RESPONSE', 'CLI_CRASH'],
  ['a format name the code passed', { stderr: py("shutil.make_archive('dist/site', 'tar.zst', 'site')", "ValueError: unknown archive format 'tar.zst'") }, 'ERROR_RESPONSE', 'CLI_CRASH'],
  ['a source file that ends early', { stderr: "/srv/app/main.js:3\n}\n\nSyntaxError: Unexpected end of input\n    at internalCompileFunction (node:internal/vm:76:18)" }, 'ERROR_RESPONSE', 'BROKEN_BUILD'],
  ['a checksum that fails', { stderr: node('Error: incorrect data check', 'Z_DATA_ERROR') }, 'ERROR_RESPONSE', 'DATA_CORRUPTION'],
  ['a test named for the words', { stderr: 'FAILED tests/test_archive.py::test_not_a_zip_file - assert 1 == 2' }, 'ERROR_RESPONSE', 'VERIFICATION_FAILED', 'whole'],
  ['a test named for a configurator', { stderr: 'FAILED tests/test_log.py::test_unable_to_configure_handler - assert 1 == 2' }, 'BROKEN_BUILD', 'VERIFICATION_FAILED', 'whole'],
  ['an unexpected response that was a refused connection', { stderr: 'fetch failed: unexpected response\n[cause]: Error: connect ECONNREFUSED 127.0.0.1:8080' }, 'ERROR_RESPONSE', 'NETWORK'],
  ['an unexpected response to a certificate', { stderr: 'unexpected response from https://api.internal: certificate verify failed: self-signed certificate' }, 'ERROR_RESPONSE', 'CERTIFICATE_ERROR'],
  ['a certificate that does not verify', { stderr: py('urllib.request.urlopen(url)', 'ssl.SSLCertVerificationError: [SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed: self-signed certificate (_ssl.c:1006)') }, 'ERROR_RESPONSE', 'CERTIFICATE_ERROR'],
  ['a 401 in an exception', { stderr: 'Error: Unexpected server response: 401\n    at ClientRequest.<anonymous> (/srv/app/node_modules/ws/lib/websocket.js:913:7)' }, 'ERROR_RESPONSE', 'AUTH_REQUIRED'],
];

describe('what an uncaught exception carries (issue 30, session 14)', () => {
  const generic = createClassifier({ packs: GENERIC_PACKS });
  const run = (observation: Observation, whole?: 'whole'): FailureType => (whole ? classify(observation) : generic(observation)).type;

  test.each(ROWS)('%s', (_, observation, type, whole) => expect(run(observation, whole)).toBe(type));
  test.each(LOOKALIKES)('not: %s', (_, observation, suggested, expected, whole) => {
    const got = run(observation, whole);
    expect(got).not.toBe(suggested);
    expect(got).toBe(expected);
  });
  // The whole classifier agrees with the generic one on every row that does not need a tool's pack.
  test.each(ROWS.filter((row) => !row[3]))('whole: %s', (_, observation, type) => expect(classify(observation).type).toBe(type));
});
