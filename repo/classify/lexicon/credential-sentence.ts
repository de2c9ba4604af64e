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
    phrases: ['is incorrect', 'was incorrect', 'is wrong', 'was wrong'],
    requires: ['{password}'],
    sameLine: true,
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
