import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the codes come from. */
const SOURCE = 'RFC 4511 §4.1.9 and Appendix A (LDAP result codes) and OpenLDAP include/ldap.h with libldap error.c (the client API\'s negative codes and ldap_err2string texts); the spellings of ldapsearch/ldapmodify (`result: 50 Insufficient access`, `ldap_bind: Invalid credentials (49)`) and python-ldap';

/**
 * An LDAP result code: number, libldap's constant (the RFC 4511 names, `busy`, `unavailable`, are
 * ordinary words and gRPC's codes too: not codes here), the text libldap prints, and what it
 * means for a recovery.
 */
type Code = readonly [code: number, name: string, text: string, type: FailureType | null];

/**
 * A directory server's answer is its own, whatever client printed it. The bound identity refused
 * (49 invalid credentials, 50 insufficient access rights for it, 8/48 a stronger or other
 * authentication required) is AUTH_REQUIRED: a person must give or fix the credential, as HTTP's
 * 401/403. A busy server (51) is SERVER_OVERLOADED, an unavailable one (52) SERVER_ERROR: both
 * retried. The client API's own negative codes: the server cannot be reached (-1, -11: NETWORK),
 * it did not answer in time (-5, 3: TIMEOUT). The rest refuse the request as given (adapt).
 * `null`: codes that are no failure.
 */
const CODES: readonly Code[] = [
  [0, 'LDAP_SUCCESS', 'Success', null],
  [1, 'LDAP_OPERATIONS_ERROR', 'Operations error', 'ERROR_RESPONSE'],
  [2, 'LDAP_PROTOCOL_ERROR', 'Protocol error', 'ERROR_RESPONSE'],
  [3, 'LDAP_TIMELIMIT_EXCEEDED', 'Time limit exceeded', 'TIMEOUT'],
  [4, 'LDAP_SIZELIMIT_EXCEEDED', 'Size limit exceeded', 'ERROR_RESPONSE'],
  [7, 'LDAP_AUTH_METHOD_NOT_SUPPORTED', 'Authentication method not supported', 'ERROR_RESPONSE'],
  [8, 'LDAP_STRONG_AUTH_REQUIRED', 'Strong(er) authentication required', 'AUTH_REQUIRED'],
  [11, 'LDAP_ADMINLIMIT_EXCEEDED', 'Administrative limit exceeded', 'ERROR_RESPONSE'],
  [13, 'LDAP_CONFIDENTIALITY_REQUIRED', 'Confidentiality required', 'ERROR_RESPONSE'],
  [32, 'LDAP_NO_SUCH_OBJECT', 'No such object', 'ERROR_RESPONSE'],
  [34, 'LDAP_INVALID_DN_SYNTAX', 'Invalid DN syntax', 'ERROR_RESPONSE'],
  [48, 'LDAP_INAPPROPRIATE_AUTH', 'Inappropriate authentication', 'AUTH_REQUIRED'],
  [49, 'LDAP_INVALID_CREDENTIALS', 'Invalid credentials', 'AUTH_REQUIRED'],
  [50, 'LDAP_INSUFFICIENT_ACCESS', 'Insufficient access', 'AUTH_REQUIRED'],
  [51, 'LDAP_BUSY', 'Server is busy', 'SERVER_OVERLOADED'],
  [52, 'LDAP_UNAVAILABLE', 'Server is unavailable', 'SERVER_ERROR'],
  [53, 'LDAP_UNWILLING_TO_PERFORM', 'Server is unwilling to perform', 'ERROR_RESPONSE'],
  [65, 'LDAP_OBJECT_CLASS_VIOLATION', 'Object class violation', 'ERROR_RESPONSE'],
  [68, 'LDAP_ALREADY_EXISTS', 'Already exists', 'ERROR_RESPONSE'],
  [-1, 'LDAP_SERVER_DOWN', "Can't contact LDAP server", 'NETWORK'],
  [-5, 'LDAP_TIMEOUT', 'Timed out', 'TIMEOUT'],
  [-7, 'LDAP_FILTER_ERROR', 'Bad search filter', 'ERROR_RESPONSE'],
  [-11, 'LDAP_CONNECT_ERROR', 'Connect error', 'NETWORK'],
];

/**
 * The texts are ordinary English ("No such object", "Timed out"): they count with their number,
 * as the clients print them — `result: 50 Insufficient access` (a search's result line, on
 * stdout), `ldap_sasl_bind(SIMPLE): Can't contact LDAP server (-1)` (the API's message and code) —
 * or, for the positive codes, on a line that names LDAP; the C constant (`LDAP_INVALID_CREDENTIALS`)
 * is a code.
 */
export const LDAP_ROWS: readonly RegistryRow[] = CODES.map(([code, name, text, type]) => ({
  code: String(code),
  type,
  codes: [name],
  phrases: [`result: ${code} ${text}`, `${text} (${code})`, ...(text.toLowerCase().includes('ldap') ? [text] : [])],
  ...(code > 0 ? { inContext: [`${code} ${text}`] } : {}),
}));

/** The LDAP registry: a directory server's result codes, as LDAP clients and libraries print them. */
export const ldapPack: RulePack = registryPack(LDAP_ROWS, {
  id: 'ldap',
  description: 'LDAP result codes (RFC 4511: 32, 49, 50, 51, 52, …; libldap\'s -1, -7, -11)',
  source: SOURCE,
  context: ['ldap', 'ldap*', 'ldaps'],
  wordForms: false,
  // ldapsearch prints a search's result on stdout and exits with its code.
  failingStdout: true,
});
