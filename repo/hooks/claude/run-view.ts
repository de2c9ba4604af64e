/**
 * What an agent is told of a hook run: its phase (from the machine's state) and the facts the
 * hook's answers are written from (rules.ts), read from a snapshot. Pure: no store, no clock.
 */
import type { SnapshotFrom } from 'xstate';
import type { RecoveryMachine } from '../../../machines/recovery.machine.js';
import type { HookRunView, RunPhase } from './rules.js';

type Snapshot = SnapshotFrom<RecoveryMachine>;

/** The phase an agent sees, from the machine's state. */
export function phaseOf(snapshot: Snapshot | null): RunPhase {
  if (snapshot === null) return 'none';
  if (snapshot.status === 'done') return 'ended';
  if (snapshot.matches('escalated')) return 'escalated';
  if (snapshot.matches({ recovery: 'adapt' })) return 'adapt';
  if (snapshot.matches('executing')) return snapshot.context.delayMs !== null && snapshot.context.level === 'same' ? 'wait' : 'verify';
  return 'verify';
}

/** The facts the answers need, from a snapshot (or none: no run yet). */
export function viewOf(snapshot: Snapshot | null, runId: string, command: string): HookRunView {
  const c = snapshot?.context;
  const classification = c?.failure?.classification ?? null;
  const evidence = classification?.evidence[0];
  const decided = c?.history.findLast((e) => e.phase === 'DECISION');
  return {
    phase: phaseOf(snapshot),
    runId,
    command,
    type: classification?.type ?? null,
    category: classification?.category ?? null,
    evidence: evidence ? `${evidence.match.split('\n')[0]!.slice(0, 200)} (${evidence.rule})` : null,
    iteration: c?.iteration ?? 0,
    budget: c && classification ? c.policy.types[classification.type].budget : 3,
    fixes: c?.pass.fixes ?? [],
    reason: c?.reason ?? null,
    delayMs: c?.delayMs ?? null,
    guidance: c?.next.guidance ?? decided?.message ?? null,
  };
}
