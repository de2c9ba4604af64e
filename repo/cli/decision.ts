/**
 * What answering an escalation means, shared by `recover decide` and `recover ui` so the terminal
 * and the browser cannot drift apart: the choice spellings, who decided, and the check (run under
 * the run's lease, see `resume`'s `admit`) that the run waits for a decision and offers the choice.
 */
import { userInfo } from 'node:os';
import { CliError, UsageError } from './errors.js';
import { hint } from '../policy/paths.js';
import { DECISION_NAMES, DECISION_NAME_LIST, decisionChoiceOf, type DecisionChoice } from '../policy/types.js';
import { CLOSED_RUN_STATUSES, type RunStatus } from '../taxonomy/index.js';
import type { RunRecord } from '../store/types.js';
import { decisionsOf, type DecisionRecord } from '../runtime/run-meta.js';

/** A decision as a person gave it. */
export interface Decision {
  choice: DecisionChoice;
  /** Guidance for the next attempt (retry-with). Default: none. */
  guidance?: string;
  /** Who decided: `--as NAME`, else the OS user. */
  by: string;
}

/** The choice `raw` names (`retry-with-modifications`, the policy's spelling, as well as `retry-with`), or a UsageError listing the valid ones. */
export function parseChoice(raw: unknown): DecisionChoice {
  if (typeof raw !== 'string') throw new UsageError(`--choice is required (${DECISION_NAME_LIST.join(', ')})`);
  const choice = decisionChoiceOf(raw);
  if (!choice) throw new UsageError(`--choice must be one of ${DECISION_NAME_LIST.join(', ')} (got '${raw}')${hint(raw, DECISION_NAME_LIST, false)}`);
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

/** True for a run that has ended (a handed-off run has ended its context, not its work: resuming it is what it asks for). */
export function hasEnded(status: RunStatus): boolean {
  return CLOSED_RUN_STATUSES.has(status);
}

/**
 * Refuses a decision the run does not wait for or does not offer (`rollback` without
 * `--rollback git`), naming the run and the choices it has: silently ignoring it would leave
 * the user thinking it was taken.
 */
export function ensureOffered(runId: string, record: { status: RunStatus; decisionOptions: string[] | null }, decision: Pick<Decision, 'choice'>): void {
  if (hasEnded(record.status)) {
    throw new CliError(`run ${runId} has already ended (${record.status}): there is no decision to take; 'recover report ${runId}' shows how it ended, 'recover run' starts a new run`);
  }
  if (record.status !== 'escalated') {
    throw new CliError(`run ${runId} is not waiting for a decision (it is ${record.status === 'running' ? 'running or was interrupted' : record.status}); 'recover resume ${runId}' continues it`);
  }
  const name = DECISION_NAMES[decision.choice];
  const offered = record.decisionOptions;
  if (offered && !offered.includes(name)) {
    const why = name === 'rollback' ? ' (it was not started with --rollback git)' : '';
    throw new CliError(`run ${runId} does not offer '${name}'${why}; its choices: ${offered.join(', ')}`);
  }
}

/**
 * Admits `decision` on the run as stored, under its lease (see `resume`'s `admit`): the checks of
 * {@link ensureOffered}. Returns the meta to keep: the run's decisions with this one appended.
 */
export function admitDecision(record: RunRecord, decision: Decision, now: number): { decisions: DecisionRecord[] } {
  ensureOffered(record.runId, record, decision);
  return { decisions: [...decisionsOf(record.meta), { by: decision.by, choice: decision.choice, at: now }] };
}
