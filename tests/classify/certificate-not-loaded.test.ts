import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { certificateNotLoaded, CERTIFICATE_NOT_LOADED_RULE } from '../../src/classify/certificate-not-loaded.js';
import type { Candidate } from '../../src/classify/rule.js';
import type { FailureType } from '../../src/taxonomy/index.js';

/**
 * A certificate file that could not be loaded is input refused, not trust that failed
 * (certificate-not-loaded.ts): no trust decision was made. A certificate that was read and did
 * not verify stays CERTIFICATE_ERROR. The whole classifier and the generic one agree.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });

describe('a certificate file not there or not in its format: ERROR_RESPONSE', () => {
  test.each([
    ['a runtime that could not decode the PEM it was given', fail("app.rb:2:in `initialize': PEM_read_bio_X509: ASN1 lib (OpenSSL::X509::CertificateError)\n\tfrom app.rb:2:in `new'\n")],
    ['a TLS proxy whose certificate file is not there', fail('[ ] Loading certificate from file: certs/site.pem\n[!] SSL_CTX_use_certificate_chain_file: ../crypto/bio/bss_file.c:297: error:80000002:system library::No such file or directory\n')],
    ['a certificate error whose reason is no PEM start line', fail('server: load certificate error: PEM routines::no start line (certs/site.pem)\n')],
  ])('%s', (_, observation) => {
    expect(classify(observation).type).toBe('ERROR_RESPONSE');
    expect(generic(observation).type).toBe('ERROR_RESPONSE');
  });
});

describe('look-alikes: a certificate that was read and judged stays CERTIFICATE_ERROR', () => {
  test.each([
    ['a chain that did not verify', fail('curl: (60) SSL certificate problem: unable to get local issuer certificate\n')],
    ['an expired certificate, its file named', fail('[!] certificate error: certs/site.pem: certificate has expired (no such file or directory in the CRL path)\n')],
    ['a verification failure beside a missing CRL file', fail('tls: certificate verify failed; CRL /etc/ssl/crl.pem: No such file or directory\n')],
    ['a self-signed certificate refused', fail('fetch: certificate error: self-signed certificate in chain; PEM lib\n')],
  ])('%s', (_, observation) => {
    expect(classify(observation).type).toBe('CERTIFICATE_ERROR');
    expect(generic(observation).type).toBe('CERTIFICATE_ERROR');
  });
});

const TYPES: FailureType[] = ['CERTIFICATE_ERROR', 'ERROR_RESPONSE', 'NETWORK', 'BROKEN_BUILD'];
const LINES = ['PEM_read_bio_X509: ASN1 lib', 'certificate verify failed', 'no such file or directory', 'certificate has expired; no start line', 'handshake failure', 'PEM lib'];
const candidate = fc.record({
  order: fc.nat(100), rule: fc.constantFrom('lexicon.certificate', 'trust.certificate', 'lexicon.refused'), type: fc.constantFrom(...TYPES), tier: fc.nat(20), layer: fc.nat(3),
  priority: fc.integer({ min: 0, max: 2000 }), confidence: fc.double({ min: 0, max: 1, noNaN: true }),
  source: fc.constantFrom('stderr' as const, 'exitCode' as const), match: fc.constantFrom(...LINES),
}) as fc.Arbitrary<Candidate>;

describe('certificateNotLoaded (properties)', () => {
  test('only a certificate reading of a line without trust words changes, and only to ERROR_RESPONSE; idempotent', () => {
    fc.assert(fc.property(fc.array(candidate, { maxLength: 8 }), (cs) => {
      const before = cs.map((c) => ({ ...c }));
      certificateNotLoaded(cs);
      cs.forEach((c, i) => {
        const was = before[i]!;
        if (was.type !== 'CERTIFICATE_ERROR' || /verif|expire/i.test(was.match)) expect(c).toEqual(was);
        else if (c.type !== was.type) expect([c.type, c.rule]).toEqual(['ERROR_RESPONSE', CERTIFICATE_NOT_LOADED_RULE]);
      });
      const again = cs.map((c) => ({ ...c }));
      certificateNotLoaded(cs);
      expect(cs).toEqual(again);
    }));
  });
});
