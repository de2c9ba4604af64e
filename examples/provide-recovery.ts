// The TSDoc example of `provideRecovery` (src/runtime/recovery.ts), word for word but for the
// import path; tests/examples/provide-recovery.test.ts keeps the two equal and runs this one.
import { createActor, setup, toPromise } from 'xstate';
import { provideRecovery } from '../src/index.js';

let calls = 0;
const flaky = () => { if (++calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }); };
const { logic, input } = provideRecovery(flaky, { policy: { categories: { transient: { delaysMs: [0] } } } });
const parent = setup({ actors: { recovery: logic } }).createMachine({
  invoke: { src: 'recovery', input: () => input({ runId: 'fetch-1', name: 'fetch' }), onDone: '.done' },
  initial: 'running',
  states: { running: {}, done: { type: 'final' } },
});
await toPromise(createActor(parent).start());
console.log(calls); // 2: one failure, one retry after 0 ms (the default transient delay is 5 s)
