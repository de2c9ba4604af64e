import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the codes and messages come from. */
const SOURCE = 'curl include/curl/curl.h (CURLcode, CURLE_* names and numbers) and lib/strerror.c curl_easy_strerror() (messages, both the old "Couldn\'t …" and the 8.x "Could not …" wording)';

/** One libcurl result code: its name, number, curl_easy_strerror's message(s), what it means. */
type Code = readonly [name: string, code: number, messages: readonly string[], type: FailureType | null];

/**
 * libcurl's result codes (issue 30, the fourteenth capture's harmful misses `darcs.clone-refused`,
 * `darcs.clone-unknown-host`; no tool named): every program that fetches through libcurl — a VCS
 * client, a package manager, a language's HTTP binding — reports the transfer's failure by its
 * CURLcode, as the name (`CURLE_COULDNT_CONNECT`), as curl_easy_strerror's message, or as a
 * binding's CamelCase constructor of the message (`CouldNotConnectToServer`, matched through word
 * forms). A host not resolved, a server not reached, data lost on the way: NETWORK (retried). The
 * peer's certificate not verified: CERTIFICATE_ERROR (a person must fix trust, never retried). A
 * login the server denied: AUTH_REQUIRED. The server's disk full: RESOURCE_EXHAUSTION. `null`: codes
 * whose meaning depends on what follows (`HTTP response code said error` carries the status, which
 * the HTTP registry reads) or says nothing a recovery acts on.
 */
const CODES: readonly Code[] = [
  ['CURLE_COULDNT_RESOLVE_PROXY', 5, ["couldn't resolve proxy name", 'could not resolve proxy name', 'could not resolve proxy'], 'NETWORK'],
  ['CURLE_COULDNT_RESOLVE_HOST', 6, ["couldn't resolve host name", 'could not resolve hostname', 'could not resolve host'], 'NETWORK'],
  ['CURLE_COULDNT_CONNECT', 7, ["couldn't connect to server", 'could not connect to server'], 'NETWORK'],
  ['CURLE_HTTP_RETURNED_ERROR', 22, ['http response code said error'], null],
  ['CURLE_OPERATION_TIMEDOUT', 28, ['timeout was reached'], 'TIMEOUT'],
  ['CURLE_GOT_NOTHING', 52, ['server returned nothing'], 'NETWORK'],
  ['CURLE_SEND_ERROR', 55, ['failed sending data to the peer'], 'NETWORK'],
  ['CURLE_RECV_ERROR', 56, ['failure when receiving data from the peer'], 'NETWORK'],
  ['CURLE_SSL_CERTPROBLEM', 58, ['problem with the local ssl certificate'], 'CERTIFICATE_ERROR'],
  ['CURLE_PEER_FAILED_VERIFICATION', 60, ['ssl peer certificate or ssh remote key was not ok'], 'CERTIFICATE_ERROR'],
  ['CURLE_LOGIN_DENIED', 67, ['login denied'], 'AUTH_REQUIRED'],
  ['CURLE_REMOTE_DISK_FULL', 70, ['disk full or allocation exceeded'], 'RESOURCE_EXHAUSTION'],
  ['CURLE_SSL_CACERT_BADFILE', 77, ['problem with the ssl ca cert'], 'CERTIFICATE_ERROR'],
];

/** A message run together as a binding's constructor spells it: `CouldNotConnectToServer` (matched in any case). */
const constructor = (message: string): string => message.replace(/[^a-z]/g, '');

/** The code names without `CURLE_` that are names of their own (`CouldntConnect`); not `SendError`/`RecvError`, every channel's. */
const OWN_NAMES = new Set(['CURLE_COULDNT_RESOLVE_PROXY', 'CURLE_COULDNT_RESOLVE_HOST', 'CURLE_COULDNT_CONNECT', 'CURLE_PEER_FAILED_VERIFICATION']);

/**
 * The names are codes (an error's `code` field, or `CURLE_COULDNT_CONNECT` in text); the messages
 * count as written and run together as a binding's constructor (`CouldNotResolveHost`: word forms
 * join names of at most three words, these are longer). Not the bare number: `(7)` is a count as
 * often as curl's code.
 */
export const CURL_ROWS: readonly RegistryRow[] = CODES.map(([name, , messages, type]) => ({
  code: name,
  type,
  codes: [name],
  phrases: [
    name.toLowerCase(), ...messages, ...messages.map(constructor),
    ...(OWN_NAMES.has(name) ? [name.slice('CURLE_'.length).replace(/_/g, '').toLowerCase()] : []),
  ],
}));

/** The libcurl registry: a transfer's result code, as libcurl and the programs built on it print it. */
export const curlPack: RulePack = registryPack(CURL_ROWS, {
  id: 'curl',
  description: 'libcurl result codes (CURLE_*: 6 host not resolved, 7 not connected, 28 timeout, 55/56 send/receive, 60 peer certificate, 67 login denied) by name, message or CamelCase constructor',
  source: SOURCE,
});
