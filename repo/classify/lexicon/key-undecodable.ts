import { OWN_WORDS } from './access.js';
import type { Rule } from '../rule.js';

/**
 * A private key whose data does not decode after it was read (issue 30, the thirteenth capture's
 * harmful miss `paramiko.key-passphrase-wrong`; no tool named): the cryptography library's `Could not
 * deserialize key data. The data may be in an incorrect format, it may be encrypted with an
 * unsupported algorithm …`, which is what an encrypted key opened with the wrong passphrase gives
 * (the decrypted bytes are no key). AUTH_REQUIRED (DESIGN: fatal, escalate): the credential does not
 * open, a person must give the right passphrase or key; adapting the approach cannot. The library
 * says the same of a damaged key, which escalating also serves — a key is a credential. Not a file
 * that is no key at all (`not a valid RSA private key file`, `Could not parse PKey: unsupported`):
 * the program's input, refused (ERROR_RESPONSE, library-texts' look-alike).
 */
export const KEY_UNDECODABLE_RULES: readonly Rule[] = [
  {
    id: 'lexicon.key-undecodable',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['{cannot} deserialize key data', '{cannot} deserialize the key data', '{cannot} deserialize private key', '{cannot} deserialize the private key'],
  },
  {
    // A protected structure that does not decrypt with the secret given (issue 30, the fourteenth capture's harmful misses
    // `certtool.wrong-password`, `certtool.pkcs12-wrong-password`; no tool named): an encrypted key or PKCS#12 bundle read
    // with a wrong password says "Decryption has failed" (a PKCS#12's keyed MAC fails first: the MAC's key is the
    // password). AUTH_REQUIRED as above: a person must give the right secret. Not TLS's record alert "decryption failed or
    // bad record mac" (a connection's record, not a secret anyone gave: the network's).
    id: 'lexicon.decryption-failed',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    unless: [...OWN_WORDS.unless, 'bad record mac', 'decryption_failed'],
    phrases: ['decryption has failed', 'decryption {fail}', '{cannot} decrypt'],
  },
];
