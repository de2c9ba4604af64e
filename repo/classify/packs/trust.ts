import type { RulePack } from '../rule.js';

/** Where the certificate messages come from, one source per family. */
const SOURCES = [
  'Node.js lib/_tls_wrap.js and OpenSSL X509_verify_cert_error_string (codes UNABLE_TO_VERIFY_LEAF_SIGNATURE, CERT_HAS_EXPIRED, SELF_SIGNED_CERT_IN_CHAIN, …)',
  'curl lib/vtls/openssl.c ("SSL certificate problem: %s", exit 60), git http.c via curl',
  'Go crypto/x509 verify.go (UnknownAuthorityError "x509: certificate signed by unknown authority", CertificateInvalidError, HostnameError)',
  'CPython Modules/_ssl.c (SSLCertVerificationError "[SSL: CERTIFICATE_VERIFY_FAILED] certificate verify failed"), requests SSLError',
  'OpenJDK sun.security.validator ("PKIX path building failed", "unable to find valid certification path to requested target")',
  'GnuTLS via git ("server certificate verification failed. CAfile: none CRLfile: none")',
].join('; ');

/** OpenSSL verify codes as Node.js names them on `err.code`. */
const CERT_CODES = [
  'CERT_HAS_EXPIRED', 'CERT_NOT_YET_VALID', 'CERT_UNTRUSTED', 'CERT_REJECTED', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID', 'CERTIFICATE_VERIFY_FAILED',
];

/**
 * Certificate and trust failures (issue 30): the TLS peer's certificate is not trusted, has
 * expired, or names another host. CERTIFICATE_ERROR is fatal: a person must install a CA,
 * renew a certificate or fix a host name, and re-running cannot (nor may a recovery turn
 * verification off). It outranks the NETWORK reading of the request failure that wraps it
 * ("unable to access …", "request to … failed", "SSLError … Max retries exceeded").
 */
export const trustPack: RulePack = {
  id: 'trust',
  description: 'TLS certificate and trust failures (Node/OpenSSL, curl/git, Go x509, Python ssl, Java PKIX)',
  rules: [
    {
      id: 'trust.certificate',
      type: 'CERTIFICATE_ERROR',
      source: SOURCES,
      codes: CERT_CODES,
      phrases: [
        ...CERT_CODES.map((c) => c.toLowerCase()),
        'unable to verify the first certificate', 'self signed certificate', 'self-signed certificate', 'ssl certificate problem',
        'certificate signed by unknown authority', 'x509: certificate', 'certificate has expired', 'certificate verify failed',
        'certificate verification failed', 'unable to get local issuer certificate', 'unable to get issuer certificate',
        'pkix path building failed', 'unable to find valid certification path', "does not match certificate's altnames",
        'sslcertverificationerror', 'certificate is not trusted', 'certificate not trusted', 'err_cert_authority_invalid',
        'err_cert_date_invalid', 'err_cert_common_name_invalid',
      ],
    },
  ],
};
