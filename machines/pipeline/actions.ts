/**
 * Context updates of the pipeline: `pipelineActions`, every action in XState's shape by the name
 * the chart uses, passed to `setup({ actions })` as it is. Each reads the event it handles by its
 * `type` (see `PipelineHandledEvent`), so none casts.
 */
import { updater } from '../shared.js';
import * as s from './steps.js';
import type { PipelineContext, PipelineEvent, PipelineHandledEvent, StepOutcome } from './types.js';

type Ctx = PipelineContext;
type Handled = PipelineHandledEvent;
type EventOf<T extends Handled['type']> = Extract<Handled, { type: T }>;

const update = updater<Ctx, PipelineEvent, Handled>();
/** The event is of `type` (narrows the handled union). */
const isOfType = <T extends Handled['type']>(e: Handled, type: T): e is EventOf<T> => e.type === type;
/** An update for the transitions on `type`; its recipe reads that event. */
const on = <T extends Handled['type']>(type: T, recipe: (d: Ctx, e: EventOf<T>) => void) =>
  update((d, e) => { if (isOfType(e, type)) recipe(d, e); });
const later = (d: Ctx, at: number) => { if (at > d.clockAt) d.clockAt = at; };
/** Keep how the current step ended until `saveStep` has made it durable. */
const keep = (d: Ctx, outcome: StepOutcome) => { d.outcome = outcome; };
/** The step ends the pipeline as failed, for `reason`. */
const failAt = (d: Ctx, stepId: string | null, reason: string) => { d.status = 'failed'; d.failedStep = stepId; d.reason = reason; };

/** Every action of the pipeline machine, in XState's shape, by the name the chart uses. */
export const pipelineActions = {
  markSucceeded: update((d) => { d.status = 'succeeded'; d.current = null; }),
  selectNextStep: update((d) => { d.current = s.nextStep(d); d.stepInput = null; d.outcome = null; d.stepStartedAt = null; }),
  setStepInput: on('xstate.done.actor.prepareStep', (d, e) => {
    later(d, e.output.at);
    d.stepInput = e.output.recovery;
    d.stepStartedAt = e.output.at;
  }),
  recordPrepareFailure: on('xstate.error.actor.prepareStep', (d, e) =>
    failAt(d, d.current, `could not start step "${d.current}": ${s.outcomeFromCrash(e.error).message}`)),
  noteEscalation: on('xstate.snapshot.step', (d, e) => keep(d, s.outcomeFromEscalation(e.snapshot))),
  noteStepEnd: on('xstate.done.actor.step', (d, e) => keep(d, s.outcomeFromOutput(e.output))),
  noteStepCrash: on('xstate.error.actor.step', (d, e) => keep(d, s.outcomeFromCrash(e.error))),
  recordStepResult: on('xstate.done.actor.saveStep', (d, e) => {
    later(d, e.output.at);
    const id = d.current!;
    const outcome = d.outcome!;
    d.results = { ...d.results, [id]: { ...outcome, stepId: id, reused: false, startedAt: d.stepStartedAt ?? d.clockAt, endedAt: e.output.at, outputFile: e.output.outputFile } };
    if (!s.PASSING.includes(outcome.status)) failAt(d, id, s.failureReason(id, outcome));
  }),
  recordSaveFailure: on('xstate.error.actor.saveStep', (d, e) =>
    failAt(d, d.current, `could not persist step "${d.current}": ${s.outcomeFromCrash(e.error).message}`)),
  recordAbort: on('ABORT', (d, e) => {
    d.status = 'aborted';
    d.failedStep = d.current;
    d.reason = e.reason ?? 'aborted';
  }),
};
