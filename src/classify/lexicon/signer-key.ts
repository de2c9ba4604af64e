import { REPORT_WORDS } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * A signature made by another key than the one trusted (issue 30, the eighth capture): `Signature
 * key id in app.tar.gz.minisig is C513… / but the key id in the public key is 33E5…`, "signed with
 * a different key". The signature cannot verify against the key the run trusts: trust, which a person
 * must fix — CERTIFICATE_ERROR, as a signature that does not verify (lexicon.signature: the corpus
 * labels signatures' failures so; never retried). Only with the signature named in the same text.
 */
export const SIGNER_KEY_RULES: readonly Rule[] = [
  {
    id: 'lexicon.signer-key-differs',
    type: 'CERTIFICATE_ERROR',
    sources: FAILURE_SOURCES,
    unless: REPORT_WORDS,
    phrases: [
      'but the key id in the public key', 'key id in the public key is', 'signed with a different key', 'signed by a different key',
      'signed with another key', 'signed by another key',
    ],
    requires: ['signature', 'signed', '*.sig', '*.minisig', '*.asc'],
  },
];
