/**
 * What a worker's claim adds to its run's meta: the takeover (from whom, at which event, with
 * which fence), the decision it was claimed with (who took it), and, for a queued `command` run
 * starting now, its command line and directory as `recover run` keeps them, so `recover resume`
 * works on it too.
 */
import type { Claim } from '../../store/postgres/queue.js';
import type { RunRecord } from '../../store/types.js';
import { decisionChoiceOf } from '../../policy/types.js';
import type { DecisionRecord, RunMeta, Takeover } from '../run-meta.js';
import type { RunDecision } from '../run-key.js';
import { COMMAND_TASK, type CommandInput } from './command-task.js';
import type { Submission } from './submit.js';

/** What a claim brings to its run: the meta it adds, and the decision the run takes (none for most claims). */
export interface ClaimMeta {
  meta: Record<string, unknown>;
  decision?: RunDecision;
}

/**
 * The meta `claim` adds to its run (`record`: as stored, null when the run has not started).
 * @throws Error naming the run when its claimed decision names no known choice.
 */
export function claimMeta(claim: Claim, record: RunRecord | null): ClaimMeta {
  const { lease } = claim;
  const meta: Record<string, unknown> = {};
  if (lease.tookOverFrom) {
    const takeover: Takeover = { from: lease.tookOverFrom, fence: lease.fence, atSeq: record?.history.length ?? 0, at: lease.acquiredAt };
    meta.takeovers = [...listIn(record?.meta.takeovers), takeover];
  }
  // A decision is claimed with its run, which has started (it rests escalated).
  const decision = claim.started && claim.decision ? decisionOf(lease.runId, claim.decision) : undefined;
  if (decision) meta.decisions = [...listIn(record?.meta.decisions), decision.record];
  if (!claim.started) Object.assign(meta, { fleet: { task: claim.taskName }, ...commandMeta(claim) });
  return decision ? { meta, decision: decision.answer } : { meta };
}

/** For the `command` task: the command line and directory, as `recover run` keeps them, so `recover resume` works too. */
function commandMeta(claim: Claim): RunMeta {
  if (claim.taskName !== COMMAND_TASK) return {};
  const input = (claim.input as Submission | null)?.input as CommandInput | null;
  if (input === null || typeof input !== 'object' || typeof input.cmd !== 'string') return {};
  return { command: [input.cmd, ...(input.args ?? [])], cwd: input.cwd ?? process.cwd(), options: {} };
}

/**
 * A claimed decision as the run takes it (`answer`) and as its meta records who took it (`record`,
 * as `recover decide` keeps it in `meta.decisions`).
 * @throws Error when it names no known choice.
 */
function decisionOf(runId: string, claimed: NonNullable<Claim['decision']>): { answer: RunDecision; record: DecisionRecord } {
  const choice = decisionChoiceOf(claimed.choice);
  if (choice === null) throw new Error(`run ${runId}: decision ${claimed.id} names no known choice ('${claimed.choice}')`);
  return {
    answer: { choice, ...(claimed.guidance !== null ? { guidance: claimed.guidance } : {}) },
    record: { by: claimed.by ?? 'unknown', choice: claimed.choice, at: Date.now() },
  };
}

/** A list kept in a run's meta (its entries kept as they are), or none. */
function listIn(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
