/**
 * Trust refused in other words (src/classify/lexicon/access.ts, `lexicon.certificate`, session 16): a
 * certificate that could not be verified with its protocol named between (`Unable to verify SSL cert`),
 * a certificate the client declined to trust (`SSL cert declined`) — CERTIFICATE_ERROR, escalated, never
 * retried. Look-alikes: other things declined or not verified.
 */
import { describe, expect, test } from 'vitest';
import { createClassifier, GENERIC_PACKS } from '../../src/classify/index.js';

const generic = createClassifier({ packs: GENERIC_PACKS });

describe('trust refused in other words', () => {
  test.each([
    ['a certificate not verified, its protocol named', 'Unable to verify SSL cert from 127.0.0.1\n'],
    ['a TLS certificate not verified', 'widget: cannot verify TLS certificate of mirror.example.test\n'],
    ['a certificate declined', 'SSL cert declined\nserver returned an error - clone aborted\n'],
  ])('%s', (_, stderr) => {
    expect(generic({ stderr, exitCode: 1 }).type).toBe('CERTIFICATE_ERROR');
  });

  test.each([
    ['an invitation declined', 'widget: the invitation was declined by the owner\n'],
    ['an address not verified', 'Unable to verify email address for ci@example.test\n'],
  ])('look-alike: %s', (_, stderr) => {
    expect(generic({ stderr, exitCode: 1 }).type).not.toBe('CERTIFICATE_ERROR');
  });
});
