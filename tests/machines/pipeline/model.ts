/**
 * The test model of the pipeline machine: configurations (fresh and resumed runs), the events each
 * state is offered, and the abstract state a simple path may not revisit.
 */
import type { AnyEventObject, SnapshotFrom } from 'xstate';
import type { PipelineMachine } from '../../../machines/pipeline.machine.js';
import type { PipelineInput, StepResult } from '../../../machines/pipeline/types.js';

/** Epoch ms at which every model run starts. */
export const START = Date.UTC(2026, 0, 3, 9, 0, 0);

type Snap = SnapshotFrom<PipelineMachine>;

/** One configuration of the pipeline. */
export interface PipelineConfig {
  name: string;
  input: PipelineInput;
}

const reusedResult = (stepId: string): StepResult => ({
  stepId, status: 'succeeded', attempts: 1, iterations: 0, reason: null, type: null, message: null,
  reused: true, startedAt: START - 60_000, endedAt: START - 50_000, outputFile: `outputs/${stepId}.stdout`,
});

const steps = [{ id: 'plan', needs: [] }, { id: 'build', needs: ['plan'] }];
const input = (name: string, reused: string[]): PipelineInput => ({
  runId: `model-${name}`, name, definitionHash: 'sha256:model', steps,
  reused: Object.fromEntries(reused.map((id) => [id, reusedResult(id)])), now: START,
});

/** A fresh run, a resumed run whose first step passed before, and a resumed run with nothing left to do. */
export const CONFIGS: PipelineConfig[] = [
  { name: 'fresh', input: input('fresh', []) },
  { name: 'resumed', input: input('resumed', ['plan']) },
  { name: 'complete', input: input('complete', ['plan', 'build']) },
];

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
const error = (id: string) => ({ type: `xstate.error.actor.${id}`, error: new Error(`${id} failed`) });

/** The recovery input a model `prepareStep` answers with (the step stub ignores it). */
export const recoveryFor = (runId: string, stepId: string) => ({ runId: `${runId}/${stepId}`, task: stepId, now: START });

/** The context of an escalated recovery, as its snapshot carries it. */
export const ESCALATED_CONTEXT = {
  attempt: 2, iteration: 1, reason: 'no_alternative',
  failure: { attempt: 2, at: START, observation: { message: 'exit 1' }, classification: { type: 'UNKNOWN', evidence: [] } },
};

/** The events a state is offered: only those it handles, with a payload variant per guard. */
export function eventsFor(s: Snap, config: PipelineConfig): AnyEventObject[] {
  if (s.status !== 'active') return [];
  const c = s.context;
  const at = c.clockAt + 1_000;
  const first = c.current === c.steps[0]!.id && config.name === 'fresh';
  if (s.matches('preparing')) return [done('prepareStep', { recovery: recoveryFor(c.runId, c.current!), at }), ...(first ? [error('prepareStep')] : [])];
  if (s.matches('running')) {
    const output = (status: string) => done('step', { runId: `${c.runId}/${c.current}`, status, attempts: 2, iterations: 1, level: 'same', reason: null, type: status === 'succeeded' ? null : 'TIMEOUT' });
    const events: AnyEventObject[] = [output('succeeded')];
    if (first) {
      events.push(output('recovered'), output('aborted'), error('step'), { type: 'ABORT', reason: 'SIGINT' });
      events.push({ type: 'xstate.snapshot.step', snapshot: { status: 'active', value: { escalated: 'awaiting' }, context: ESCALATED_CONTEXT } });
    }
    return events;
  }
  if (s.matches('saving')) return [done('saveStep', { at, outputFile: `outputs/${c.current}.stdout` }), ...(first ? [error('saveStep')] : [])];
  return [];
}

/** The abstract state a path may not revisit: chart position, step, results and time. */
export function serialize(s: Snap): string {
  const c = s.context;
  return JSON.stringify([s.value, c.current, Object.entries(c.results).map(([id, r]) => [id, r.status]), c.outcome?.status ?? null, c.status, c.clockAt]);
}
