import { LAYER_RANK } from './layers.js';
import { EVIDENCE_CONFIDENCE, RULE_PRIORITY, tierOf } from './priority.js';
import type { Candidate } from './rule.js';

/**
 * A wait for a lock that a deadline ended (issue 30, the sixteenth capture): the process said it
 * was waiting for a lock someone held (`Waiting for lock /repo/_darcs/lock`, `waiting for root's
 * lock in /cvsroot/app`) and then `timeout(1)` killed it (exit 124). The exit code says what ended
 * the process; the lock it was waiting for says why it had not finished: RESOURCE_BUSY (a held
 * lock frees when its holder ends: a short backoff), at the tier of a message that explains a
 * process's end (`processEndCause`), as a test's timeout that names what it waited for is that
 * thing's (lexicon.lock-wait). Only beside the timeout's own exit code: a lock waited for and then
 * acquired, in a run that failed otherwise, is progress.
 */

/** The evidence's rule id. */
export const LOCK_WAIT_ENDED_RULE = 'lock-wait-ended';

/** The exit code rule of a deadline that ended the process (exit-code pack: 124, SIGALRM…). */
const TIMEOUT_END_RULE = 'exit-code.timeout';

/** A line that says it waits for a lock: the verb, then `lock` as a word within the line's next words. */
const LOCK_WAIT_RE = /\bwaiting (?:for|on|to (?:get|acquire))\b[^\n]{0,60}?\block\b/i;

/** The text fields searched, the failure's own first. */
const FIELDS = ['error', 'stderr', 'message', 'stdout'] as const;

/**
 * Adds the lock's RESOURCE_BUSY candidate when a deadline's exit code ended the process and its
 * output says it was waiting for a lock. Pure but for appending to `candidates`.
 * @returns the line found, or null.
 */
export function lockWaitEnded(text: Readonly<Record<(typeof FIELDS)[number], readonly string[]>>, candidates: Candidate[]): string | null {
  if (!candidates.some((c) => c.rule === TIMEOUT_END_RULE && (c.source === 'exitCode' || c.source === 'signal'))) return null;
  for (const source of FIELDS) {
    for (const t of text[source]) {
      const m = LOCK_WAIT_RE.exec(t);
      if (m === null) continue;
      let from = m.index;
      while (from > 0 && t.charCodeAt(from - 1) !== 10) from--;
      let to = m.index + m[0].length;
      while (to < t.length && t.charCodeAt(to) !== 10) to++;
      const line = t.slice(from, to).trim().slice(0, 200);
      const priority = RULE_PRIORITY.processEndCause;
      candidates.push({ order: -1, rule: LOCK_WAIT_ENDED_RULE, type: 'RESOURCE_BUSY', tier: tierOf(priority), layer: LAYER_RANK.lexicon, priority, confidence: EVIDENCE_CONFIDENCE.text, source, match: line });
      return line;
    }
  }
  return null;
}
