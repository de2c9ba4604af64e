import { OWN_WORDS } from './access.js';
import type { Rule } from '../rule.js';

/**
 * A host the run could not reach or find, and a resource that answered it must authenticate, in a
 * package tool's or runtime's own sentence (issue 30, the sixteenth capture's harmful misses; no
 * tool named).
 *
 * - NETWORK (DESIGN: transient, retried — the network or the name service may come back): "Could
 *   not reach host gems.example. Check your network connection", "cannot find host address:
 *   \"build-cache.example\"" (a resolver that found no address for the name). The sentence names
 *   a host or server as what could not be reached or found — not a file, key or record.
 * - AUTH_REQUIRED (DESIGN: a person must give the credential; never retried): "The 'http://…'
 *   URL required authentication (HTTP 401)". Past tense only: it says what the answer was; a help
 *   text's "use --token when the registry requires authentication" describes, it did not happen.
 *
 * - CERTIFICATE_ERROR (DESIGN: a person must fix trust; never retried): "Could not verify the SSL
 *   certificate for https://…" — access.ts's `{cannot} {verify} {certificate}` with the protocol's
 *   name between (the seventeenth's `ruby-bundler.source-self-signed`, adapted as a refusal).
 *
 * - TIMEOUT (DESIGN: transient, retried with a longer wait): "no reply from 127.0.0.1:43798 within
 *   1000 ms" — a wait given a deadline that ended without an answer (the seventeenth's
 *   `node-dgram.no-reply`, adapted as a refusal). The deadline (`within`) on the same line.
 *
 * In the failure's own words, outside test reports (OWN_WORDS).
 */
export const HOST_UNREACHED_RULES: readonly Rule[] = [
  {
    id: 'lexicon.host-unreached',
    type: 'NETWORK',
    ...OWN_WORDS,
    phrases: [
      '{cannot} reach host', '{cannot} reach the host', '{cannot} reach server', '{cannot} reach the server',
      '{cannot} find host address', '{cannot} find the host address', '{cannot} find address of host', '{cannot} find an address for host',
    ],
  },
  {
    id: 'lexicon.authentication-was-required',
    type: 'AUTH_REQUIRED',
    ...OWN_WORDS,
    phrases: ['required {authenticate}'],
  },
  {
    id: 'lexicon.no-answer-within',
    type: 'TIMEOUT',
    ...OWN_WORDS,
    phrases: ['no reply from', 'no reply within', 'no answer from', 'no answer within', 'no response within'],
    requires: ['within'],
    sameLine: true,
  },
  {
    id: 'lexicon.certificate-unverified',
    type: 'CERTIFICATE_ERROR',
    ...OWN_WORDS,
    phrases: [
      '{cannot} {verify} the ssl {certificate}', '{cannot} {verify} the tls {certificate}', '{cannot} {verify} ssl {certificate}',
      '{cannot} {verify} tls {certificate}', "{cannot} {verify} the server's {certificate}", '{cannot} {verify} the server {certificate}',
    ],
  },
];
