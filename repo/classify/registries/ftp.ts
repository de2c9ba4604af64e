import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the codes come from. */
const SOURCE = 'RFC 959 §4.2 (FTP reply codes) and RFC 2228 (security extensions); the spellings of Python ftplib (error_perm: 530 …), curl (FTP response code 530) and FTP transcripts';

/** An FTP reply code, what RFC 959 says it means, and what it means for a recovery. */
type Code = readonly [code: string, meaning: string, type: FailureType | null];

/**
 * A file server's answer is its own, whatever exception carried it. FTP shares SMTP's numbers
 * only in part (RFC 959 and RFC 5321 share the digit scheme, not every meaning): 421 closes the
 * control connection for a busy or stopping service, 425/426 are the data connection failing
 * (the network), 450 a file busy, 530/532 a login or account the server requires (credentials), 550
 * "requested action not taken" (a file unavailable or refused: the request as given). `null`: codes
 * that say nothing a recovery acts on.
 */
const CODES: readonly Code[] = [
  ['421', 'service not available, closing control connection', 'SERVER_OVERLOADED'],
  ['425', "can't open data connection", 'NETWORK'],
  ['426', 'connection closed; transfer aborted', 'NETWORK'],
  ['450', 'file action not taken: file unavailable (busy)', 'RESOURCE_BUSY'],
  ['451', 'action aborted: local error in processing', 'SERVER_ERROR'],
  ['452', 'action not taken: insufficient storage space in system', 'SERVER_ERROR'],
  ['500', 'syntax error, command unrecognized', 'ERROR_RESPONSE'],
  ['501', 'syntax error in parameters or arguments', 'ERROR_RESPONSE'],
  ['502', 'command not implemented', 'ERROR_RESPONSE'],
  ['503', 'bad sequence of commands', 'ERROR_RESPONSE'],
  ['504', 'command not implemented for that parameter', 'ERROR_RESPONSE'],
  ['530', 'not logged in', 'AUTH_REQUIRED'],
  ['532', 'need account for storing files', 'AUTH_REQUIRED'],
  ['534', 'request denied for policy reasons (RFC 2228)', null],
  ['550', 'action not taken: file unavailable (not found, no access)', 'ERROR_RESPONSE'],
  ['551', 'action aborted: page type unknown', 'ERROR_RESPONSE'],
  ['552', 'file action aborted: exceeded storage allocation', 'ERROR_RESPONSE'],
  ['553', 'action not taken: file name not allowed', 'ERROR_RESPONSE'],
];

/**
 * A three-digit number is a count or a line number anywhere else: a reply code counts after
 * `ftp` (`FTP 530`, `FTP response code 530`) or on a line with a word of FTP (a client library's
 * name starts with it: `ftplib.error_perm: 530 …`).
 */
const CONTEXT = ['ftp', 'ftp*', 'ftps', 'stor', 'retr'];

/** Every reply code of the registry, as rows. */
export const FTP_ROWS: readonly RegistryRow[] = CODES.map(([code, , type]) => ({
  code,
  type,
  phrases: [`ftp ${code}`, `ftp error ${code}`, `ftp error: ${code}`, `ftp response code ${code}`, `ftp response: ${code}`],
  inContext: [code],
}));

/** The FTP registry: a file server's reply codes, as FTP clients and libraries print them. */
export const ftpPack: RulePack = registryPack(FTP_ROWS, {
  id: 'ftp',
  description: 'FTP reply codes (RFC 959: 421, 425, 426, 450, 530, 550, …)',
  source: SOURCE,
  context: CONTEXT,
  wordForms: false,
});
