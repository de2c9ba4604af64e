import { tierOf, TYPE_PRIORITY } from './priority.js';
import type { Candidate } from './rule.js';

/**
 * A certificate file the program could not load (issue 30, the tenth and eighth captures; the
 * corpus's label decision: "a certificate file that is not a certificate: input not in its format,
 * ERROR_RESPONSE — no trust decision was made"). The certificate words of a loader's error line
 * (`SSL_CTX_use_certificate_chain_file: … No such file or directory`, `PEM_read_bio_X509: ASN1 lib
 * (OpenSSL::X509::CertificateError)`, `… PEM routines::no start line`) read as CERTIFICATE_ERROR,
 * fatal: a person must fix trust. But the line says the file is not there or not in the PEM/ASN.1
 * format: nothing was verified, so no trust failed — the input was refused, ERROR_RESPONSE, as any
 * file not there or not in its format.
 *
 * Only on the certificate reading's own line, and only when that line says no word of trust (verify,
 * trust, expiry, issuer, self-signed, revocation, the host's name): a chain that did not verify
 * stays CERTIFICATE_ERROR whatever else the line says.
 */

/** The evidence's rule id. */
export const CERTIFICATE_NOT_LOADED_RULE = 'certificate-not-loaded';

/**
 * A loader's words for a file not there or not in its format: the OS's ENOENT, OpenSSL's PEM and
 * ASN.1 decoders' reasons (`no start line`, `bad base64 decode`, `PEM lib`, `ASN1 lib`, `PEM_read…`).
 */
const NOT_LOADED: readonly string[] = [
  'no such file or directory', 'enoent', 'no start line', 'bad base64 decode', 'pem lib', 'asn1 lib', 'pem_read', 'wrong tag', 'header too long',
];

/** Words of a trust decision: with any of them on the line, the certificate was read and judged. */
const TRUST: readonly string[] = ['verif', 'trust', 'expire', 'issuer', 'self signed', 'self-signed', 'revoked', 'hostname', 'host name', 'unknown ca', 'not yet valid'];

/**
 * Retypes, in place, each CERTIFICATE_ERROR candidate whose line says the certificate file was not
 * there or not in its format (and says nothing of trust) as the refusal of that input,
 * ERROR_RESPONSE at the error responses' tier. Does nothing to any other candidate.
 */
export function certificateNotLoaded(candidates: Candidate[]): void {
  for (let i = 0; i < candidates.length; i++) {
    const c = candidates[i]!;
    if (c.type !== 'CERTIFICATE_ERROR' || c.source === 'exitCode' || c.source === 'status') continue;
    const line = c.match.toLowerCase();
    if (!NOT_LOADED.some((w) => line.includes(w)) || TRUST.some((w) => line.includes(w))) continue;
    const priority = TYPE_PRIORITY.ERROR_RESPONSE;
    candidates[i] = { ...c, rule: CERTIFICATE_NOT_LOADED_RULE, type: 'ERROR_RESPONSE', priority, tier: tierOf(priority) };
  }
}
