/**
 * Generic shape validation of run heads and history events: run on every commit (so a bad head
 * or event is refused before it reaches disk) and on every read (so a file that parses but is not
 * a run counts as damaged). The snapshot inside the checkpoint is opaque here apart from its
 * outline, and is checked by `checkEnvelope` before a restore.
 */
import { isRunStatus, RUN_STATUSES } from '../taxonomy/run-status.js';
import { runIdProblem } from './run-id.js';

/** Where a value breaks the RunRecord shape. */
export interface ShapeProblem {
  /** A path into the record, e.g. `history[3].seq`. */
  field: string;
  problem: string;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isTime = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v);
const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;

/** The first problem with `value` as a snapshot envelope, or null. Field paths are relative to it. */
export function envelopeProblem(value: unknown): ShapeProblem | null {
  if (!isObject(value)) return { field: '', problem: 'expected an object { machine, version, savedAt, snapshot }' };
  if (typeof value.machine !== 'string' || value.machine === '') return { field: 'machine', problem: 'expected a non-empty string' };
  if (!isCount(value.version)) return { field: 'version', problem: 'expected a whole number >= 0' };
  if (!isTime(value.savedAt)) return { field: 'savedAt', problem: 'expected epoch milliseconds' };
  if (!isObject(value.snapshot)) return { field: 'snapshot', problem: 'expected an object (a persisted snapshot)' };
  return null;
}

/**
 * The first problem with `value` as a run head, or null when it is one. `expectedRunId`, when
 * given, must equal `value.runId` (a file must hold the run it is named for).
 */
export function runHeadProblem(value: unknown, expectedRunId?: string): ShapeProblem | null {
  if (!isObject(value)) return { field: '(record)', problem: 'expected an object' };
  const idProblem = runIdProblem(value.runId);
  if (idProblem !== null) return { field: 'runId', problem: idProblem };
  if (expectedRunId !== undefined && value.runId !== expectedRunId) {
    return { field: 'runId', problem: `expected "${expectedRunId}", found "${String(value.runId)}"` };
  }
  if (typeof value.task !== 'string') return { field: 'task', problem: 'expected a string' };
  if (!isRunStatus(value.status)) {
    return { field: 'status', problem: `expected one of ${RUN_STATUSES.join(', ')}` };
  }
  for (const key of ['createdAt', 'updatedAt'] as const) {
    if (!isTime(value[key])) return { field: key, problem: 'expected epoch milliseconds' };
  }
  if (value.checkpoint !== null) {
    const p = envelopeProblem(value.checkpoint);
    if (p !== null) return { field: p.field ? `checkpoint.${p.field}` : 'checkpoint', problem: `${p.problem} or null` };
  }
  if (value.report !== null && typeof value.report !== 'string') return { field: 'report', problem: 'expected a string or null' };
  const options = value.decisionOptions;
  if (options !== null && !(Array.isArray(options) && options.every((o) => typeof o === 'string'))) {
    return { field: 'decisionOptions', problem: 'expected an array of strings or null' };
  }
  if (!isObject(value.meta)) return { field: 'meta', problem: 'expected an object' };
  return null;
}

/**
 * The first problem with `value` as a version-1 run record (the head with its whole history
 * inside, as releases before run log v2 wrote it), or null.
 */
export function runRecordProblem(value: unknown, expectedRunId?: string): ShapeProblem | null {
  const head = runHeadProblem(value, expectedRunId);
  if (head !== null) return head;
  const history = (value as Record<string, unknown>).history;
  if (!Array.isArray(history)) return { field: 'history', problem: 'expected an array' };
  for (let i = 0; i < history.length; i++) {
    const p = eventProblem(history[i], i + 1);
    if (p !== null) return { field: p.field ? `history[${i}].${p.field}` : `history[${i}]`, problem: p.problem };
  }
  return null;
}

/** The first problem with `event` as history event number `seq` (a gap or a duplicate is one), or null. */
export function eventProblem(event: unknown, seq: number): ShapeProblem | null {
  if (!isObject(event)) return { field: '', problem: 'expected an object' };
  if (event.seq !== seq) return { field: 'seq', problem: `expected ${seq} (seq counts 1, 2, 3... without gaps), found ${JSON.stringify(event.seq)}` };
  if (typeof event.phase !== 'string') return { field: 'phase', problem: 'expected a string' };
  if (typeof event.result !== 'string') return { field: 'result', problem: 'expected a string' };
  if (typeof event.timestamp !== 'string') return { field: 'timestamp', problem: 'expected an ISO-8601 string' };
  if (!isCount(event.iteration)) return { field: 'iteration', problem: 'expected a whole number >= 0' };
  if (!isCount(event.attempt)) return { field: 'attempt', problem: 'expected a whole number >= 0' };
  return null;
}
