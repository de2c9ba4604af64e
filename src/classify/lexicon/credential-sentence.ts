import { OWN_WORDS } from './access.js';
import type { Rule } from '../rule.js';

/**
 * A credential refused in a sentence of the tool's own (issue 30, the tenth capture's harmful
 * misses; none names a tool): the secret's name and the verdict with the place it came from in
 * between (`passphrase supplied in BORG_PASSPHRASE, by … is incorrect.`), and a program's own
 * access list refusing the user who ran it (`You do not have permission to use at.`). AUTH_REQUIRED
 * (DESIGN: fatal, escalate): a person must give the right secret or grant the use; adapting or
 * retrying the same identity cannot. Not a file's `Permission denied` (the request's, README: a lock
 * file's), not a usage text's `not allowed to use this option`.
 */
export const CREDENTIAL_SENTENCE_RULES: readonly Rule[] = [
  {
    id: 'lexicon.credential-incorrect',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    // "username and/or password was not accepted for login": the server's verdict on the secret, in the client's words.
    phrases: ['is incorrect', 'was incorrect', 'is wrong', 'was wrong', 'was not accepted', 'were not accepted', 'is not accepted', 'are not accepted'],
    requires: ['{password}'],
    sameLine: true,
  },
  {
    // A server's grant table that has no entry for the client's host (MySQL ER_HOST_NOT_PRIVILEGED 1130: "Host '…' is not
    // allowed to connect to this MySQL server"): a person must grant the account from that host; retrying cannot.
    id: 'lexicon.host-not-allowed',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['is not allowed to connect to', 'are not allowed to connect to'],
  },
  {
    id: 'lexicon.no-permission-to-use',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: [
      ...['not', "don't", "doesn't"].flatMap((not) => [`${not} have permission to use`, `${not} have permission to run`]),
    ],
  },
];
