/**
 * Taking over a stale lock without a race: deleting it by path could delete the lock a faster
 * contender has just created, so only whoever creates (O_EXCL) a ticket named after the stale
 * lock's exact content may delete it, after reading it again under the ticket.
 */
import { createHash } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { createExclusive, judge, readLock, type Seen } from './lock-file.js';

/** How many dead takers' tickets in a row are cleared before giving up for this round. */
const MAX_TICKET_DEPTH = 4;

/**
 * Removes the stale lock `seen` from `path` if it is still there, under a ticket unique to its
 * content. 'removed' or 'changed' mean "race on wx again"; 'busy' means another process holds
 * the ticket right now.
 */
export function removeStale(path: string, seen: Seen, myText: string, depth: number): 'removed' | 'changed' | 'busy' {
  const ticket = `${path}.takeover-${createHash('sha256').update(seen.text).digest('hex').slice(0, 16)}`;
  if (!createExclusive(ticket, myText)) {
    const other = readLock(ticket);
    // Its holder died mid-takeover: clear that ticket the same way (depth bounds a pathological chain).
    if (other !== null && judge(other) === 'stale' && depth < MAX_TICKET_DEPTH) removeStale(ticket, other, myText, depth + 1);
    return 'busy';
  }
  try {
    const now = readLock(path);
    if (now === null || now.text !== seen.text || judge(now) !== 'stale') return 'changed';
    // Only a holder of this ticket may delete this exact content, and we hold it: no one can
    // have swapped the file between the read above and this unlink.
    unlinkSync(path);
    return 'removed';
  } finally {
    try {
      unlinkSync(ticket);
    } catch {
      // already gone: a contender judged us dead (we are not); nothing to undo
    }
  }
}
