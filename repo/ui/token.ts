/**
 * The access token of `recover ui` (as Jupyter's): random, printed in the start-up URL, and
 * required by every request, so another local user or a web page the browser has open cannot
 * read runs or decide them even though the server listens on localhost.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/** A fresh token: 24 random bytes, base64url (32 characters). */
export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** The token a request carries: `Authorization: Bearer …`, else the `token` query parameter. */
export function tokenOf(request: IncomingMessage, url: URL): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer ')) return header.slice('Bearer '.length).trim();
  return url.searchParams.get('token');
}

/** Whether `given` is `expected`, compared in constant time (no timing oracle on the prefix). */
export function tokenMatches(expected: string, given: string | null): boolean {
  if (given === null) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
