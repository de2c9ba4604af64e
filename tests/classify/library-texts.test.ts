import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * Libraries' uncaught failures read by generic concepts (issue 30, the eighth first-sight
 * capture): an HTTP status printed with its reason phrase decides over the words of the exception
 * class that carries it, a decryption that fails its last check is a wrong secret. Rows: made-up
 * programs' texts in each language's real shape, with the generic classifier (what an unseen tool
 * gets), and look-alikes that must keep their type.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const rb = (line: string): string => `/usr/lib/ruby/3.1.0/net/http/response.rb:124:in \`error!': ${line}\n\tfrom deploy.rb:9:in \`<main>'\n`;

type Row = [what: string, observation: Observation, type: FailureType];

const ROWS: Row[] = [
  // A status with its quoted reason, inside a class name that says "server".
  ['a 401 with its quoted reason', { stderr: rb('401 "Unauthorized" (Net::HTTPServerException)'), exitCode: 1 }, 'AUTH_REQUIRED'],
  ['a 403 with its quoted reason', { stderr: rb('403 "Forbidden" (Net::HTTPClientException)'), exitCode: 1 }, 'AUTH_REQUIRED'],
  ['a 404 with its quoted reason, a "server" class', { stderr: rb('404 "Not Found" (Net::HTTPServerException)'), exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a 409 with its reason, a "server" class', { stderr: 'api.ServerException: 409 Conflict\n', exitCode: 1 }, 'ERROR_RESPONSE'],
  // Look-alikes: a 5xx keeps its server type, whatever class carries it; server words without a status stay a server error.
  ['a 500 with its quoted reason', { stderr: rb('500 "Internal Server Error" (Net::HTTPFatalError)'), exitCode: 1 }, 'SERVER_ERROR'],
  ['a 503 with its quoted reason', { stderr: rb('503 "Service Unavailable" (Net::HTTPFatalError)'), exitCode: 1 }, 'SERVER_OVERLOADED'],
  ['a 404 beside a 502 on the next line', { stderr: 'GET /v1/a: 404 Not Found\nGET /v1/b: 502 Bad Gateway\n', exitCode: 1 }, 'SERVER_ERROR'],
  ['server words alone', { stderr: 'deploy failed: InternalServerError: the server had an error processing the request\n', exitCode: 1 }, 'SERVER_ERROR'],
  // A wrong passphrase in a decryption's words.
  ['an encrypted key read with the wrong passphrase', { stderr: "app.rb:2:in `read': Could not parse PKey: pkcs12 cipherfinal error (OpenSSL::PKey::PKeyError)\n\tfrom app.rb:2:in `<main>'\n", exitCode: 1 }, 'AUTH_REQUIRED'],
  ['bad decrypt', { stderr: 'error:1C800064:Provider routines::bad decrypt\n', exitCode: 1 }, 'AUTH_REQUIRED'],
  // Look-alike: a key file that is not a key has no passphrase to be wrong: an input refused, not a credential.
  ['a key file that is not a key', { stderr: "app.rb:2:in `read': Could not parse PKey: unsupported (OpenSSL::PKey::PKeyError)\n\tfrom app.rb:2:in `<main>'\n", exitCode: 1 }, 'ERROR_RESPONSE'],
  // A script that died with a message and its place (no stack printed): the crash, unless the message says more.
  ['died: a reference of the wrong kind', { stderr: 'Not an ARRAY reference at deploy.pl line 12.\n', exitCode: 255 }, 'CLI_CRASH'],
  ['died inside a module, placed at the caller', { stderr: "Can't store GLOB items at /usr/lib/perl5/Cache.pm line 85, at deploy.pl line 4.\n", exitCode: 2 }, 'CLI_CRASH'],
  ['died while reading a handle', { stderr: 'bad row at tools/load.pl line 9, <$fh> line 3.\n', exitCode: 255 }, 'CLI_CRASH'],
  ['died in a one-liner', { stderr: 'Died at -e line 1.\n', exitCode: 255 }, 'CLI_CRASH'],
  ['died: the message is an input refusal', { stderr: 'File is not a cache image at lib/Cache.pm line 40, at deploy.pl line 4.\n', exitCode: 2 }, 'ERROR_RESPONSE'],
  ['died: the message is the network', { stderr: 'Connection refused at deploy.pl line 7.\n', exitCode: 111 }, 'NETWORK'],
  ['died: the message is a config that does not parse', { stderr: ', or ] expected while parsing array, at character offset 12 (before "}") at deploy.pl line 3.\n', exitCode: 255 }, 'BROKEN_BUILD'],
  ['died: the message is another step\'s output that is not JSON', { stderr: 'malformed JSON string, neither array, object, number, string or atom, at character offset 0 (before "ok") at deploy.pl line 3.\n', exitCode: 255 }, 'JSON_PARSE_ERROR'],
  // Look-alikes of the died line: a sentence with "at … line" that is not a place, a place in a test report.
  ['a sentence, not a place', { stderr: 'stopped at the finish line.\n', exitCode: 1 }, 'UNKNOWN'],
  ['a place without its full stop is not a die', { stderr: 'warning printed at deploy.pl line 3 and kept going\n', exitCode: 1 }, 'UNKNOWN'],
  ['a failed test that prints its place', { stdout: 'not ok 1 - loads config\n#   Failed test at t/config.t line 5.\n', exitCode: 1 }, 'VERIFICATION_FAILED'],
  // Input not in its format, in a decoder's or a serializer's words.
  ['a compressed file that holds no stream of its format', { stderr: "Traceback (most recent call last):\n  File \"/srv/a.py\", line 3, in <module>\n    data = f.read()\nOSError: Invalid data stream\n", exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a serialized file without its magic number', { stderr: 'Magic number checking on cache file failed at lib/Cache.pm line 40, at deploy.pl line 4.\n', exitCode: 2 }, 'ERROR_RESPONSE'],
  // Standard errno codes a library raises: the file system refused the operation as asked.
  ['a rename across file systems', { stderr: "Traceback (most recent call last):\n  File \"/srv/a.py\", line 3, in <module>\n    os.rename(src, dst)\nOSError: [Errno 18] Invalid cross-device link: 'a' -> 'mnt/a'\n", exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a directory removed with files in it', { stderr: "rmdir: failed to remove 'dist': Directory not empty\n", exitCode: 1 }, 'ERROR_RESPONSE'],
  ['ENOTEMPTY by name', { stderr: "Error: ENOTEMPTY: directory not empty, rmdir 'dist'\n", exitCode: 1 }, 'ERROR_RESPONSE'],
  // A lock someone holds, in a lock's own words: wait and retry.
  ['a dot lock that is unavailable', { stderr: 'mailstore.ExternalClashError: dot lock unavailable: /var/mail/ci\n', exitCode: 1 }, 'RESOURCE_BUSY'],
  ['a lock file unavailable', { stderr: 'error: lock unavailable: /srv/repo/.lock\n', exitCode: 1 }, 'RESOURCE_BUSY'],
  // A table that does not parse as CSV, however the exception is named: the input is not in its format.
  ['a CSV row with an illegal quote', { stderr: "/usr/lib/ruby/3.1.0/csv/parser.rb:1040:in `parse_quoted_column_value': Illegal quoting in line 3. (CSV::MalformedCSVError)\n\tfrom load.rb:2:in `<main>'\n", exitCode: 1 }, 'ERROR_RESPONSE'],
  ['a CSV field left open', { stderr: '_csv.Error: unclosed quoted field at line 4\n', exitCode: 1 }, 'ERROR_RESPONSE'],
  // A value the program's own code passed, refused: the crash.
  ['an argument error', { stderr: "app.rb:4:in `key=': key must be 32 bytes (ArgumentError)\n\tfrom app.rb:4:in `<main>'\n", exitCode: 1 }, 'CLI_CRASH'],
  // Look-alike: a CLI's argument refusal in the usage words stays a refusal.
  ['a CLI refusing an argument', { stderr: 'usage: deploy [-h] target\ndeploy: error: argument target: invalid choice: \'prodd\'\n', exitCode: 2 }, 'ERROR_RESPONSE'],
  // A TLS peer whose certificate does not carry the name asked for: trust, not a failed check of the code.
  ['hostname verification failed', { stderr: 'GET https://10.0.0.5:8443 failed: 599 Internal Exception\nSSL connection failed for 10.0.0.5: hostname verification failed\n', exitCode: 1 }, 'CERTIFICATE_ERROR'],
  // Look-alike: a verification of the code that failed stays VERIFICATION_FAILED.
  ['a schema verification failed', { stderr: 'error: output verification failed: 3 fields missing\n', exitCode: 1 }, 'VERIFICATION_FAILED'],
];

describe('library texts by generic concepts', () => {
  test.each(ROWS)('%s', (_what, observation, type) => {
    expect(generic(observation).type).toBe(type);
  });
});
