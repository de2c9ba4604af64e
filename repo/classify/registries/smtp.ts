import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the codes come from. */
const SOURCE = 'RFC 5321 §4.2 (SMTP reply codes) and RFC 3463 (enhanced mail system status codes); the spellings of Python smtplib, Postfix bounces (Diagnostic-Code: smtp; 550 …) and SMTP transcripts';

/** An SMTP reply code, what it says, and what it means for a recovery. */
type Code = readonly [code: string, meaning: string, type: FailureType | null];

/**
 * A mail server's answer is its own error response, whatever carried it (an uncaught
 * `SMTPRecipientsRefused`, a bounce): 4xx is a transient condition of the server (busy,
 * overloaded, failing), 5xx a permanent refusal of the request as given — adapt it — except the
 * credentials a person must fix (530, 534, 535). `null`: codes that say nothing a recovery acts on.
 */
const CODES: readonly Code[] = [
  ['421', 'service not available, closing transmission channel', 'SERVER_OVERLOADED'],
  ['450', 'mailbox unavailable (busy or temporarily blocked)', 'RESOURCE_BUSY'],
  ['451', 'local error in processing', 'SERVER_ERROR'],
  ['452', 'insufficient system storage', 'SERVER_ERROR'],
  ['454', 'TLS not available due to temporary reason', null],
  ['500', 'syntax error, command unrecognized', 'ERROR_RESPONSE'],
  ['501', 'syntax error in parameters or arguments', 'ERROR_RESPONSE'],
  ['503', 'bad sequence of commands', 'ERROR_RESPONSE'],
  ['530', 'authentication required', 'AUTH_REQUIRED'],
  ['534', 'authentication mechanism is too weak', 'AUTH_REQUIRED'],
  ['535', 'authentication credentials invalid', 'AUTH_REQUIRED'],
  ['550', 'mailbox unavailable or rejected', 'ERROR_RESPONSE'],
  ['551', 'user not local', 'ERROR_RESPONSE'],
  ['552', 'exceeded storage allocation (message too large)', 'ERROR_RESPONSE'],
  ['553', 'mailbox name not allowed', 'ERROR_RESPONSE'],
  ['554', 'transaction failed', 'ERROR_RESPONSE'],
];

/**
 * A three-digit number is a count or a line number anywhere else: a reply code counts after
 * `smtp` (`smtp; 550`, `SMTP error 550`) or on a line with a word of mail.
 */
const CONTEXT = ['smtp', 'mail', 'mailbox', 'recipient', 'recipients', 'sender', 'rcpt', 'relay', 'message size', 'esmtp'];

/** Every reply code of the registry, as rows. */
export const SMTP_ROWS: readonly RegistryRow[] = CODES.map(([code, , type]) => ({
  code,
  type,
  phrases: [`smtp ${code}`, `smtp; ${code}`, `smtp error ${code}`, `smtp error: ${code}`, `smtp error (${code})`],
  inContext: [code],
}));

/** The SMTP registry: a mail server's reply codes, as mail clients and libraries print them. */
export const smtpPack: RulePack = registryPack(SMTP_ROWS, {
  id: 'smtp',
  description: 'SMTP reply codes (RFC 5321: 421, 450, 535, 550, 552, 554, …)',
  source: SOURCE,
  context: CONTEXT,
  wordForms: false,
});
