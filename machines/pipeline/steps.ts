/** Pure helpers of the pipeline machine: its starting context, step order and step outcomes. */
import { PASSING_RUN_STATUSES } from '../../src/taxonomy/index.js';
import type { RecoveryContext } from '../recovery/types.js';
import type { PipelineContext, PipelineInput, StepOutcome } from './types.js';

/** Final recovery statuses that count as the step passing: the runs that passed (the taxonomy's). */
export const PASSING: readonly StepOutcome['status'][] = [...PASSING_RUN_STATUSES];

/** The machine's starting context; reused results are kept as they are. */
export function initialPipelineContext(input: PipelineInput): PipelineContext {
  return {
    runId: input.runId,
    name: input.name,
    definitionHash: input.definitionHash,
    steps: input.steps.map((s) => ({ id: s.id, needs: [...s.needs] })),
    results: { ...(input.reused ?? {}) },
    current: null,
    stepInput: null,
    stepStartedAt: null,
    outcome: null,
    status: 'running',
    failedStep: null,
    reason: null,
    startedAt: input.now,
    clockAt: input.now,
  };
}

/** True when a step has a passing result (its own or a reused one). */
export function hasPassed(c: Pick<PipelineContext, 'results'>, stepId: string): boolean {
  const result = Object.prototype.hasOwnProperty.call(c.results, stepId) ? c.results[stepId] : undefined;
  return result !== undefined && PASSING.includes(result.status);
}

/** The first step, in dependency order, without a passing result; null when all passed. */
export function nextStep(c: Pick<PipelineContext, 'steps' | 'results'>): string | null {
  return c.steps.find((s) => !hasPassed(c, s.id))?.id ?? null;
}

/** The recovery machine's `onDone` output (it outputs its final state's summary). */
export function outcomeFromOutput(output: unknown): StepOutcome {
  const o = (output ?? {}) as Partial<StepOutcome>;
  return {
    status: typeof o.status === 'string' ? o.status : 'crashed',
    attempts: typeof o.attempts === 'number' ? o.attempts : 0,
    iterations: typeof o.iterations === 'number' ? o.iterations : 0,
    reason: o.reason ?? null,
    type: o.type ?? null,
    message: null,
  };
}

/** A recovery snapshot that rests in `escalated` (a pipeline has no one to decide: the step failed). */
export function isEscalatedSnapshot(snapshot: unknown): boolean {
  const value = (snapshot as { value?: unknown } | null)?.value;
  return value === 'escalated' || (typeof value === 'object' && value !== null && 'escalated' in value);
}

/** The outcome of an escalated recovery, read from its snapshot's context. */
export function outcomeFromEscalation(snapshot: unknown): StepOutcome {
  const c = ((snapshot as { context?: Partial<RecoveryContext> } | null)?.context ?? {}) as Partial<RecoveryContext>;
  const failure = c.failure ?? null;
  const message = failure?.observation.message ?? failure?.classification.evidence[0]?.match ?? null;
  return {
    status: 'escalated',
    attempts: c.attempt ?? 0,
    iterations: c.iteration ?? 0,
    reason: c.reason ?? null,
    type: failure?.classification.type ?? null,
    message: typeof message === 'string' ? message.slice(0, 500) : null,
  };
}

/** The outcome when the recovery actor itself failed (a bug or a broken slot, not the step). */
export function outcomeFromCrash(error: unknown): StepOutcome {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : 'the step actor failed';
  return { status: 'crashed', attempts: 0, iterations: 0, reason: null, type: null, message: message.slice(0, 500) };
}

/** A one-line reason for a failed step, for the pipeline's result. */
export function failureReason(stepId: string, o: StepOutcome): string {
  const why = [o.type, o.reason].filter((x) => x !== null).join(', ');
  return `step "${stepId}" ${o.status}${why ? ` (${why})` : ''} after ${o.attempts} attempt${o.attempts === 1 ? '' : 's'}${o.message ? `: ${o.message}` : ''}`;
}
