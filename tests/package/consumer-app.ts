/**
 * The throwaway consumer project of `consumer.test.ts`: an app with its own xstate that embeds
 * the recovery machine in its own chart, as `provideRecovery`'s TSDoc example does, and walks
 * `recoveryMachine` with `xstate/graph`. Kept as text: it imports `recovery-protocol` as an
 * installed package, which this repository's own type-check could not resolve.
 */

/**
 * The consumer's source. It prints one JSON line: the task's calls (2: one failure, one retry
 * after 0 ms), the shortest-path count of the recovery machine, and whether the `./machines`
 * subpath and the root export are the same machine (one xstate, one module instance).
 */
export const CONSUMER_TS = `import { createActor, setup, toPromise } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { provideRecovery, recoveryInput, recoveryMachine } from 'recovery-protocol';
import { recoveryMachine as machineFromSubpath } from 'recovery-protocol/machines';

let calls = 0;
const flaky = () => { if (++calls === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }); };
const { logic, input } = provideRecovery(flaky, { policy: { categories: { transient: { delaysMs: [0] } } } });
const parent = setup({ actors: { recovery: logic } }).createMachine({
  invoke: { src: 'recovery', input: () => input({ runId: 'fetch-1', name: 'fetch' }), onDone: '.done' },
  initial: 'running',
  states: { running: {}, done: { type: 'final' } },
});
await toPromise(createActor(parent).start());

const paths = getShortestPaths(recoveryMachine, { input: recoveryInput({ runId: 'graph-1', name: 'graph' }) });

// Our declarations must fit the consumer's xstate: where they do not, TypeScript turns the
// machine into \`any\` (silently, under skipLibCheck) and these two lines stop being errors.
// @ts-expect-error the machine is typed
const machineIsTyped: number = recoveryMachine;
// @ts-expect-error the provided logic is typed
const logicIsTyped: number = logic;

console.log(JSON.stringify({ calls, paths: paths.length, sameMachine: machineFromSubpath === recoveryMachine }));
`;

/**
 * The consumer's tsconfig: strict, node16 resolution (so the package's `exports` map decides
 * what resolves), and skipLibCheck off so an error in our declarations against this xstate is
 * reported, not hidden. @types/node comes from this repository (`typeRoots`).
 */
export function consumerTsconfig(repoTypes: string): string {
  return JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'node16', moduleResolution: 'node16', strict: true, skipLibCheck: false,
      outDir: 'out', types: ['node'], typeRoots: [repoTypes],
    },
    files: ['consumer.ts'],
  }, null, 2);
}

/**
 * The consumer's package.json: xstate pinned and the packed tarball, nothing else — the package's
 * declarations name `pg`'s types (the PostgreSQL store), so `@types/pg` must come with it.
 */
export function consumerPackageJson(xstate: string, tarball: string): string {
  return JSON.stringify({
    name: 'recovery-protocol-consumer', private: true, type: 'module',
    dependencies: { xstate, 'recovery-protocol': `file:${tarball}` },
  }, null, 2);
}
