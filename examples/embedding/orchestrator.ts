/**
 * Embedding: an orchestrator statechart that runs each of its steps under the recovery machine,
 * invoked as a child actor. A step that escalates is decided by the orchestrator's own policy
 * (here: skip it and carry on), through `onSnapshot` and `sendTo`.
 *
 * Run: npm run build && node dist/examples/embedding/orchestrator.js
 */
import { pathToFileURL } from 'node:url';
import { assign, createActor, sendTo, setup, toPromise } from 'xstate';
import { decide, provideRecovery, type RecoveryOutput, type Task } from '../../src/index.js';

/** One unit of the orchestrator's work. */
export interface Step { id: string; task: Task }

/** The orchestrator: steps in order, each recovered by a child recovery machine. */
export function orchestrator(steps: Step[]) {
  // One provided recovery machine serves every step: the task is chosen by the run id.
  const byRunId = new Map(steps.map((step) => [`step-${step.id}`, step.task]));
  // The policy travels in each child's input (it is part of the checkpointed context): `input` makes it.
  const { logic, input } = provideRecovery((ctx) => byRunId.get(ctx.runId)!(ctx), { policy: { categories: { transient: { delaysMs: [0] } } } });
  return setup({
    types: { context: {} as { index: number; results: Record<string, RecoveryOutput['status']> } },
    actors: { recoverStep: logic },
    guards: {
      hasMoreSteps: ({ context }) => context.index < steps.length,
      stepEscalated: ({ event }) => (event as unknown as { snapshot: { matches(v: string): boolean } }).snapshot.matches('escalated'),
    },
    actions: {
      recordResult: assign(({ context, event }) => {
        const output = (event as unknown as { output: RecoveryOutput }).output;
        return { index: context.index + 1, results: { ...context.results, [steps[context.index]!.id]: output.status } };
      }),
      // decide(): a string-target sendTo is unchecked by xstate; this way a misspelt choice fails to compile.
      skipEscalatedStep: sendTo('step', decide('skip')),
    },
  }).createMachine({
    id: 'orchestrator',
    context: { index: 0, results: {} },
    initial: 'next',
    states: {
      next: { always: [{ guard: 'hasMoreSteps', target: 'running' }, { target: 'done' }] },
      running: {
        invoke: {
          id: 'step',
          src: 'recoverStep',
          input: ({ context }) => input({ runId: `step-${steps[context.index]!.id}`, name: steps[context.index]!.id }),
          onSnapshot: { guard: 'stepEscalated', actions: 'skipEscalatedStep' },
          onDone: { target: 'next', actions: 'recordResult' },
        },
      },
      done: { type: 'final' },
    },
    output: ({ context }) => context.results,
  });
}

/** Three steps: one passes, one recovers from a transient failure, one escalates (fatal) and is skipped. */
export function demoSteps(): Step[] {
  let testRuns = 0;
  return [
    { id: 'lint', task: () => undefined },
    { id: 'test', task: () => { if (++testRuns === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }); } },
    { id: 'deploy', task: () => { throw Object.assign(new Error('401 Unauthorized: token expired'), { status: 401 }); } },
  ];
}

/** Run the demo and resolve with each step's final status. */
export async function runDemo(): Promise<Record<string, string>> {
  const actor = createActor(orchestrator(demoSteps())).start();
  return (await toPromise(actor)) as Record<string, string>;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  console.log(await runDemo());
}
