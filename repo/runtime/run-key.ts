/**
 * Idempotent runs: a caller that may run the same step again (a LangGraph node re-executed after
 * `interrupt()`, a queue consumer that redelivers, a retried HTTP handler) names the run with a
 * key, and every call with that key is the same run.
 *
 * How a key maps to a run: the run id is derived from the key (a hash), not looked up in an
 * index. That needs nothing from a store beyond its contract, so it works on lowdb and
 * PostgreSQL alike with no schema change, and "look the key up, else create the run" cannot race:
 * both callers acquire the same run id, and the store's lease lets one in (the other gets
 * `RunLockedError`). The key itself is kept, redacted, in the run's meta (`runKey`) for people.
 */
import { createHash } from 'node:crypto';
import { DECISION_NAME_LIST, DECISION_NAMES, decisionChoiceOf, type DecisionChoice, type DecisionName } from '../policy/types.js';
import type { RunRecord } from '../store/types.js';

/** How run ids made from keys start: never a digit, so never one of `newRunId`'s time-ordered ids. */
export const RUN_KEY_PREFIX = 'key-';

/**
 * The run id of the run named by `runKey`: `key-` and 32 hex digits of the key's SHA-256 (128
 * bits: distinct keys never meet in practice). Deterministic across processes and releases: the
 * same key finds the same run in any store. The key is hashed, so any string works (a thread id,
 * `thread/node`, a URL) and no part of it shows in file names or `recover list`.
 * @throws TypeError when `runKey` is not a non-empty string.
 */
export function runIdForKey(runKey: string): string {
  if (typeof runKey !== 'string' || runKey.length === 0) throw new TypeError(`runKey must be a non-empty string (got ${JSON.stringify(runKey) ?? String(runKey)})`);
  return RUN_KEY_PREFIX + createHash('sha256').update(runKey, 'utf8').digest('hex').slice(0, 32);
}

/**
 * The run id a keyed call uses: the key's, after checking that an explicit `runId` does not
 * contradict it (two names for one run would leave the caller unsure which one was continued).
 */
export function keyedRunId(runKey: string, runId: string | undefined): string {
  const id = runIdForKey(runKey);
  if (runId !== undefined && runId !== id) throw new TypeError(`runKey and runId name different runs (runKey gives ${id}, runId is ${runId}): pass one of them`);
  return id;
}

/** A decision for an escalated run, as `recoverPersisted` and `resume` take it. */
export interface RunDecision {
  /** Either spelling: `retry-with` (as the CLI and README write it) is `retry-with-modifications`. */
  choice: DecisionChoice | DecisionName;
  /** Guidance for the next attempt (`retry-with-modifications`). Default: none. */
  guidance?: string;
}

/**
 * Throws unless `record` (escalated) offers `decision`'s choice: a `rollback` the run was not
 * given a rollback for would otherwise be taken silently and fail. Names the run and its choices.
 */
export function ensureDecisionOffered(record: RunRecord, decision: RunDecision): void {
  const choice = decisionChoiceOf(decision.choice);
  // Untyped callers (JavaScript, JSON) can pass anything: the machine would ignore it and stay escalated.
  if (!choice) throw new RangeError(`run ${record.runId}: '${String(decision.choice)}' is not a decision; choose one of ${DECISION_NAME_LIST.join(', ')}`);
  const name = DECISION_NAMES[choice];
  const offered = record.decisionOptions;
  if (offered && !offered.includes(name)) {
    throw new RangeError(`run ${record.runId} does not offer the decision '${name}'; its choices: ${offered.join(', ')}`);
  }
}
