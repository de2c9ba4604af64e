import { FAILURE_SOURCES, type Rule } from '../rule.js';
import { REPORT_WORDS as REPORT } from '../packs/markers.js';

/**
 * Who may do what (issue 30): trust, credentials and their expiry. Words any tool uses, in their
 * word forms. Credentials count only in the failure's own words and outside test reports
 * (DESIGN.md: a tool that prints "authentication module loaded" has not failed to log in; a test
 * named "returns 401 Unauthorized" is about a 401). Limits and billing are in limits.ts.
 */

/** A secret that was given and is wrong. */
const WRONG_SECRET = [
  '{password} was incorrect', '{password} is incorrect', 'incorrect {password}', 'wrong {password}', 'bad {password}', 'bad decrypt', 'wrong key',
  // A decryption's last block does not check out (OpenSSL 3's `pkcs12 cipherfinal error` for an encrypted key read with the
  // wrong passphrase): the secret given to open it is wrong, as "bad decrypt" says.
  'cipherfinal error',
];

/** How a key's name is spelled in settings and environment variables. */
const API_KEY_NAMES = ['*_api_key', '*api_key*', 'api key', 'apikey', '*_auth_token', '*_access_token', 'authtoken'];

/** A server's TLS configuration naming its key: `ssl_certificate_key`, "cannot load certificate key", Go's "key pair". */
const TLS_CONFIG = ['certificate key', 'ssl_certificate_key', 'tls_key', 'tls key', 'ssl key', 'tls configuration', 'ssl configuration', 'tls config', 'key pair', 'keypair'];

/** Where credential words count: the failure's own words, outside test reports, in their word forms. */
export const OWN_WORDS = { sources: FAILURE_SOURCES, unless: REPORT, wordForms: true } as const;

export const ACCESS_RULES: readonly Rule[] = [
  {
    id: 'lexicon.certificate',
    type: 'CERTIFICATE_ERROR',
    wordForms: true,
    unless: REPORT,
    phrases: [
      '{certificate} {verify} {fail}', '{certificate} {verify} {error}', '{cannot} {verify} {certificate}', '{certificate} {expire}',
      '{expire} {certificate}', '{certificate} is not trusted', '{certificate} not trusted', 'untrusted {certificate}',
      'self-signed {certificate}', 'self signed {certificate}', '{certificate} signed by unknown authority', 'unknown {certificate} authority',
      'local issuer {certificate}', 'invalid {certificate}', '{certificate} is not valid', '{certificate} {error}', '{certificate} problem',
      '{certificate} revoked', 'revoked {certificate}', "doesn't match {certificate}", 'does not match {certificate}',
      'hostname mismatch', '{certificate} chain',
      // A TLS handshake refused on trust (GnuTLS: "not signed by known authorities", "issuer is not known"), a name the
      // certificate does not carry ("its commonName does not match hostname"): a person must fix trust or the name.
      'not signed by known authorities', 'signed by an unknown authority', 'issuer is not known', 'unknown issuer',
      'does not match hostname', "doesn't match hostname", 'does not match host name', 'hostname does not match', 'commonname does not match',
      // The check of the peer's name against its certificate, failed ("SSL connection failed for x: hostname verification failed").
      'hostname {verify} {fail}', 'host name {verify} {fail}',
      // The protocol named between the verb and the certificate ("Unable to verify SSL cert from 127.0.0.1", session 16).
      '{cannot} {verify} ssl {certificate}', '{cannot} {verify} tls {certificate}', '{cannot} {verify} x509 {certificate}',
      // A certificate the person or the client turned down when asked to trust it ("SSL cert declined").
      '{certificate} declined',
      // A peer's certificate whose issuer the client does not know, in a TLS library's words ("certificate has unknown CA",
      // the fifteenth capture's `pandoc.url-self-signed`; a TLS alert's "alert unknown ca").
      '{certificate} has unknown ca', '{certificate} has an unknown ca', 'alert unknown ca',
    ],
  },
  {
    id: 'lexicon.auth',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    // A program that refuses to run as root and says to "log in … as the (unprivileged) user" asks for another
    // user, not for credentials: its refusal is ERROR_RESPONSE (session 16; README: a privilege is not a credential).
    unless: [...OWN_WORDS.unless, 'cannot be run as root', 'must not be run as root'],
    phrases: [
      '{authenticate} {fail}', '{authenticate} {error}', '{authenticate} required', '{authenticate} is required', 'requires {authenticate}',
      '{cannot} {authenticate}', '{unauthorized}', '{invalid} {credential}', '{credential} are {invalid}', '{credential} is {invalid}',
      '{missing} {credential}', '{credential} {missing}', '{cannot} locate {credential}', '{cannot} load {credential}',
      '{cannot} find {credential}', '{invalid} {password}', '{password} required', 'no {password} supplied',
      // A password nobody gave, or gave empty: "Password was not given but private key is encrypted", "an empty password".
      '{password} was not given', '{password} not given', '{password} was not provided', '{password} not provided', 'empty {password}',
      '{password} is empty', '{missing} {token}', '{invalid} {key}', '{key} is {invalid}', '{key} not valid', '{missing} {key}', '{key} {missing}',
      '{login} required', '{login} {fail}', 'please {login}', 'not {login}', 'must be {login}', 'you need to {login}', 'access denied',
      'is forbidden', '(forbidden)', '{cannot} resolve {authenticate}', '{cannot} read username', '{cannot} read {password}',
      // No signed-in identity to act as: "You do not currently have an active account selected … to obtain new credentials".
      'no active account', 'have an active account', 'obtain new {credential}',
      // An authorization the server asks for ("http authorization required", "Authorization failed."), a password a
      // method needs and nobody gave ("authentication method PLAIN needs a password"), a key file without a secret key
      // in it, a key that opens none of the recipients: credentials a person must give.
      '{authorize} required', '{authorize} is required', '{authorize} {fail}', 'needs a {password}', 'requires a {password}',
      'need a {password}', 'no secret key', 'no secret keys', 'no identity matched', 'no identities matched', 'no matching identity',
      // A password or key that was given and is wrong ("keystore password was incorrect", OpenSSL's "bad decrypt" of a wrong key).
      ...WRONG_SECRET,
    ],
  },
  {
    // A failing command's error line on stdout, when its error went there ("keytool error: … password was incorrect"): its own words.
    id: 'lexicon.auth-on-stdout',
    type: 'AUTH_REQUIRED',
    sources: ['stdout'],
    unless: REPORT,
    wordForms: true,
    phrases: [...WRONG_SECRET, '{authorize} {fail}', '{authenticate} {fail}'],
    // `errorCode=24 Authorization failed.`: a download manager's error chain, printed on stdout.
    requires: ['error:', 'fatal:', 'exception:', 'errorcode=*'],
    sameLine: true,
  },
  {
    // A URL answered "forbidden" (HTTP 403's reason phrase, printed without its code: "GET https://r.example/x: forbidden").
    id: 'lexicon.url-forbidden',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['forbidden'],
    requires: ['http://*', 'https://*'],
    sameLine: true,
  },
  {
    // A credential that cannot be read is a credential problem, whatever the reader says about the file
    // ("Could not read json file key.json: Unterminated string" beside --key-file): a person must give a good one.
    id: 'lexicon.credential-unreadable',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['{cannot} read', '{cannot} load', '{cannot} parse', '{cannot} decode', 'unable to read', 'malformed', 'truncated'],
    requires: ['key file', 'key-file', 'keyfile', 'service account', 'service-account', '{credential} file', 'private key', 'keystore', 'keytab'],
    sameLine: true,
  },
  {
    // A key file that is not there (`reading "keys/deploy.key": failed to open file: … no such file or directory`): the
    // secret the run signs or decrypts with was never given, a person's to give — not a file the task can adapt around.
    id: 'lexicon.key-file-missing',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['no such file or directory', 'failed to open', '{cannot} open', 'does not exist'],
    requires: ['*.key', '*.key"', "*.key'", '*.p12', '*.pfx', '*.jks', '*.keytab', 'id_rsa', 'id_ecdsa', 'id_ed25519', 'private key', 'secret key', 'identity file'],
    sameLine: true,
    // A server's TLS key its configuration names (lexicon.tls-key-missing): the configuration is broken, no credential asked.
    unless: [...REPORT, ...TLS_CONFIG],
  },
  {
    // A server's configuration naming a TLS key or key pair that is not there ("cannot load certificate key
    // \"/etc/nginx/tls/server.key\": … No such file or directory", "failed to load TLS configuration"): the
    // configuration is wrong — BROKEN_BUILD, the task's own file to fix — not a credential a person must give.
    id: 'lexicon.tls-key-missing',
    type: 'BROKEN_BUILD',
    ...OWN_WORDS,
    phrases: TLS_CONFIG,
    requires: ['no such file or directory', 'failed to open', '{cannot} open', '{cannot} load', 'does not exist', 'not found'],
  },
  {
    // An operation the system allows only with a privilege the run lacks (tracing another process, mounting, changing
    // owners): a person must grant it. A file's "permission denied" is not this: that file is refused, adapt.
    id: 'lexicon.privilege',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['operation not permitted', 'permission denied', 'eperm'],
    requires: ['ptrace', 'attach', 'mount', 'umount', 'chown', 'setuid', 'setgid', 'chroot', 'capability', 'cap_sys_admin', 'cap_net_admin', 'privilege', 'privileges'],
    sameLine: true,
  },
  {
    // `bind(…127.0.0.1:80…): Permission denied`: a port below 1024 is a privilege (CAP_NET_BIND_SERVICE), not a file. A
    // Unix socket's file (`bind(/run/app.sock)`) is a file: that file is refused, adapt.
    id: 'lexicon.privileged-bind',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['operation not permitted', 'permission denied', 'eperm'],
    requires: ['bind'],
    sameLine: true,
    unless: [...REPORT, '*.sock', '*.socket', 'unix socket', 'af_unix', 'unix domain socket'],
  },
  {
    id: 'lexicon.privilege-needed',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['requires root', 'must be root', 'must be run as root', 'need to be root', 'root privileges', 'superuser privileges', 'insufficient privileges', 'not enough privileges', 'are you root'],
  },
  {
    // A signature that does not verify, or a signer nobody trusts: trust, which a person must fix (CERTIFICATE_ERROR's meaning, not only TLS).
    id: 'lexicon.signature',
    type: 'CERTIFICATE_ERROR',
    wordForms: true,
    unless: REPORT,
    phrases: [
      'bad signature', 'invalid signature', 'signature is invalid', 'signature {verify} {fail}', '{cannot} {verify} signature', "can't check signature",
      'signature mismatch', 'signature does not match', 'untrusted signature', 'unknown signer', 'not signed by a trusted', 'is not trusted',
      "doesn't have a known issuer", 'does not have a known issuer', '{certificate} will expire', '{certificate} has expired',
    ],
  },
  {
    // A verification that failed on an X.509 line is a certificate's ("x509.VerificationError: validation failed: …"):
    // the chain or the name did not verify, which a person must fix. X.509 is the certificates' standard, not a tool.
    id: 'lexicon.x509-verification',
    type: 'CERTIFICATE_ERROR',
    wordForms: true,
    unless: REPORT,
    phrases: ['{verify} {error}', '{verify} {fail}', 'validation {fail}', 'validation {error}'],
    requires: ['x509', 'x.509'],
    sameLine: true,
  },
  {
    // A token that is not valid is a credential, except to a parser: "Invalid token in pseudo element", "invalid token at line 3".
    id: 'lexicon.auth-token',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    unless: [...REPORT, 'syntaxerror', 'syntax {error}', 'parse {error}', 'parser', 'parsing', 'unexpected token', 'at line', 'not well-formed', 'lexer', 'tokenizer'],
    phrases: ['{invalid} {token}', '{token} is {invalid}'],
  },
  {
    // A tool asking for credentials where no one can answer (prompts go to stdout: they count there).
    id: 'lexicon.login-prompt',
    type: 'AUTH_REQUIRED',
    wordForms: true,
    phrases: ['please enter username', 'please enter {password}', 'enter username', 'enter {password} for', '{password} for user', 'enter passphrase'],
  },
  {
    // "Missing environment variable: OPENAI_API_KEY", "GEMINI_API_KEY must be set": a key nobody gave.
    id: 'lexicon.missing-key',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['environment variable', 'must be set', 'is not set', 'not set in the environment', 'to be set'],
    requires: API_KEY_NAMES,
    sameLine: true,
  },
  {
    // A settings validator's required field that is a key ("openai_api_key\n  Field required"): a key nobody gave, a
    // person's to give — not a value the task can adapt.
    id: 'lexicon.missing-key-field',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: API_KEY_NAMES,
    requires: ['field required', 'is a required property', 'missing required'],
    // The input the validator was given, when it names keys: a key there was given (another field is the one missing).
    unless: [...REPORT, "input_value={'*"],
  },
  {
    id: 'lexicon.auth-expired',
    type: 'AUTH_EXPIRED',
    ...OWN_WORDS,
    phrases: [
      '{token} {expire}', '{expire} {token}', '{credential} {expire}', '{expire} {credential}', '{password} {expire}', 'session {expire}',
      '{expire} session', '{login} {expire}', '{key} {expire}', '{relogin}', 'please {relogin}',
    ],
  },
];
