import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the codes come from. */
const SOURCE = 'RFC 1350 §5 (TFTP error codes 0–7) and RFC 2347 (8, option negotiation); the spellings of tftp-hpa (Error code 2: Access violation) and curl (TFTP: Access Violation)';

/** A TFTP error code, its message as RFC 1350 words it, and what it means for a recovery. */
type Code = readonly [code: string, message: string, type: FailureType | null];

/**
 * A TFTP server's ERROR packet is its answer to the request (issue 30, the ninth capture): a file
 * it has not, refuses or already has, an operation it does not do, a transfer it does not know —
 * the request as given (ERROR_RESPONSE, as FTP's 550); its disk full, the room behind it
 * (RESOURCE_EXHAUSTION, as the corpus labels it). Code 0 is "not defined, see the message": it says
 * nothing by itself.
 */
const CODES: readonly Code[] = [
  ['0', 'not defined', null],
  ['1', 'file not found', 'ERROR_RESPONSE'],
  ['2', 'access violation', 'ERROR_RESPONSE'],
  ['3', 'disk full or allocation exceeded', 'RESOURCE_EXHAUSTION'],
  ['4', 'illegal tftp operation', 'ERROR_RESPONSE'],
  ['5', 'unknown transfer id', 'ERROR_RESPONSE'],
  ['6', 'file already exists', 'ERROR_RESPONSE'],
  ['7', 'no such user', 'ERROR_RESPONSE'],
  ['8', 'option negotiation refused', 'ERROR_RESPONSE'],
];

/**
 * A number and a common phrase ("access violation" is also a Windows crash) mean a TFTP error only
 * together, as its clients print them (`Error code 2: Access violation`, `(2) Access violation`), or
 * beside a word of TFTP on the line (`TFTP: Access Violation`).
 */
const CONTEXT = ['tftp'];

/** Every error code of the registry, as rows. */
export const TFTP_ROWS: readonly RegistryRow[] = CODES.map(([code, message, type]) => ({
  code,
  type,
  phrases: [`error code ${code}: ${message}`, `(${code}) ${message}`, `tftp error ${code}`, `tftp error code ${code}`],
  inContext: [message],
}));

/** The TFTP registry: a file server's error packets, as TFTP clients print them. */
export const tftpPack: RulePack = registryPack(TFTP_ROWS, {
  id: 'tftp',
  description: 'TFTP error codes (RFC 1350: 1 file not found, 2 access violation, 3 disk full, 4 illegal operation, 5 unknown transfer ID, 6 file exists, 7 no such user)',
  source: SOURCE,
  context: CONTEXT,
  wordForms: false,
});
