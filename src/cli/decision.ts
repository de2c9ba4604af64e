/**
 * What answering an escalation means, shared by `recover decide` and `recover ui` so the terminal
 * and the browser cannot drift apart: the choice spellings, who decided, and the check (run under
 * the run's lease, see `resume`'s `admit`) that the run waits for a decision and offers the choice.
 */
import { userInfo } from 'node:os';
import { UsageError } from './args.js';
import type { DecisionChoice } from '../policy/types.js';
import type { RunRecord } from '../store/types.js';

/** CLI spellings of the decision choices; `retry-with` is short for `retry-with-modifications`. */
export const CHOICES: Readonly<Record<string, DecisionChoice>> = {
  'retry-fresh': 'retry-fresh',
  'retry-with': 'retry-with-modifications',
  'retry-with-modifications': 'retry-with-modifications',
  skip: 'skip',
  rollback: 'rollback',
  abort: 'abort',
  manual: 'manual',
};

/** A decision as a person gave it. */
export interface Decision {
  choice: DecisionChoice;
  /** Guidance for the next attempt (retry-with). Default: none. */
  guidance?: string;
  /** Who decided: `--as NAME`, else the OS user. */
  by: string;
}

/** One line of a run's `meta.decisions`: who took which decision when. */
export interface DecisionRecord {
  by: string;
  choice: DecisionChoice;
  /** Epoch milliseconds. */
  at: number;
}

/** The choice `raw` names, or a UsageError listing the valid ones. */
export function parseChoice(raw: unknown): DecisionChoice {
  if (typeof raw !== 'string') throw new UsageError('--choice is required (retry-fresh, retry-with, skip, rollback, abort, manual)');
  const choice = Object.prototype.hasOwnProperty.call(CHOICES, raw) ? CHOICES[raw] : undefined;
  if (!choice) throw new UsageError(`--choice must be one of retry-fresh, retry-with, skip, rollback, abort, manual (got '${raw}')`);
  return choice;
}

/** Who decides: `as` when given (trimmed, non-empty), else the OS user, else `$USER`, else `unknown`. */
export function deciderName(as: string | undefined, env: Record<string, string | undefined>): string {
  if (as !== undefined) {
    const name = as.trim();
    if (name === '') throw new UsageError('--as needs a name');
    return name;
  }
  try {
    return userInfo().username;
  } catch {
    return env.USER ?? env.USERNAME ?? 'unknown';
  }
}

/** The offered option a choice is (the checkpoint lists `retry-with` for retry-with-modifications). */
function offeredName(choice: DecisionChoice): string {
  return choice === 'retry-with-modifications' ? 'retry-with' : choice;
}

/**
 * Admits `decision` on the run as stored: it must rest in `escalated`, and the choice must be one
 * the run offers (rollback only where a rollback is possible). Returns the meta to keep: the
 * run's decisions with this one appended. Throws a UsageError naming the run otherwise.
 */
export function admitDecision(record: RunRecord, decision: Decision, now: number): { decisions: DecisionRecord[] } {
  if (record.status !== 'escalated') {
    throw new UsageError(`run ${record.runId} is not waiting for a decision (its status is ${record.status})`);
  }
  const offered = record.decisionOptions;
  if (offered && !offered.includes(offeredName(decision.choice)) && !offered.includes(decision.choice)) {
    throw new UsageError(`run ${record.runId} does not offer '${offeredName(decision.choice)}' (it offers ${offered.join(', ')})`);
  }
  return { decisions: [...decisionsOf(record.meta), { by: decision.by, choice: decision.choice, at: now }] };
}

/** The decisions kept in a run's meta, oldest first (malformed entries dropped). */
export function decisionsOf(meta: Record<string, unknown>): DecisionRecord[] {
  const list = meta.decisions;
  if (!Array.isArray(list)) return [];
  return list.filter((d): d is DecisionRecord => typeof d === 'object' && d !== null
    && typeof (d as DecisionRecord).by === 'string' && typeof (d as DecisionRecord).choice === 'string' && typeof (d as DecisionRecord).at === 'number');
}
