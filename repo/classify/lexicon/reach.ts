import { REPORT_WORDS as REPORT } from '../packs/markers.js';
import { FAILURE_SOURCES, type Rule } from '../rule.js';
import { OWN_WORDS } from './access.js';

/**
 * What the run could not use or reach (issue 30, the seventh capture's harmful misses; none names
 * a tool): a secret key it holds but cannot use, a passphrase nobody can type (AUTH_REQUIRED: a
 * person must give or fix the credential), a server none of which is there to answer (NETWORK:
 * retried, it may come back).
 */
export const REACH_RULES: readonly Rule[] = [
  {
    // A key the run has but cannot sign or decrypt with ("Unusable secret key": expired, revoked): a person must renew it.
    id: 'lexicon.credential-unusable',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['unusable'],
    requires: ['secret key', 'private key', 'signing key', '{credential}', '{token}'],
    sameLine: true,
  },
  {
    // A passphrase prompt that cannot be shown ("signing failed: No pinentry", "cannot prompt for a password"): without a
    // person, the secret is never given.
    id: 'lexicon.no-prompt',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['no pinentry', '{cannot} prompt for', 'no tty to ask', '{cannot} ask for {password}'],
  },
  {
    // A password given that its own rules refuse ("passphrase chosen is below the length requirements", "The supplied
    // password length is too short"): a person must choose another — a credential rejected, not the request's form.
    id: 'lexicon.credential-too-short',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['{password} too short', '{password} is too short', '{password} length is too short', '{password} chosen is below the length'],
  },
  {
    // No server to talk to ("keyserver receive failed: No keyserver available", "no servers available"), a readiness
    // probe's `host:port - no response`: the network or the service is down — retried, it may come back.
    id: 'lexicon.no-server',
    type: 'NETWORK',
    sources: FAILURE_SOURCES,
    failingStdout: true,
    unless: REPORT,
    phrases: [
      'no keyserver available', 'no server available', 'no servers available', 'no available servers', 'no reachable servers',
      'no hosts available', '- no response', 'no response from server', 'no response from host',
    ],
  },
];
