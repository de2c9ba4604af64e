/**
 * The throwaway consumer project of `consumer.test.ts`: an app with its own xstate that runs
 * `provideRecovery`'s TSDoc example (examples/provide-recovery.ts, read from disk) and walks
 * `recoveryMachine` with `xstate/graph`. Written out as text: it imports `recovery-protocol` as
 * an installed package, which this repository's own type-check could not resolve.
 */

import { readFileSync } from 'node:fs';

/** `provideRecovery`'s TSDoc example, which tests/examples keeps word for word but for its import path. */
const EXAMPLE = new URL('../../examples/provide-recovery.ts', import.meta.url);

/**
 * The consumer's source: the example as an app writes it (the package's name for the repository
 * path), then what an app embedding the machine also does. It prints the example's line (the
 * task's calls: 2, one failure and one retry after 0 ms), then one JSON line: the calls again,
 * the shortest-path count of the recovery machine, whether the `./machines` subpath and the
 * root export are the same machine (one xstate, one module instance), what the seed-001 pack
 * alone makes of a missing module, and the error code of a deep import (which `exports` blocks).
 */
export function consumerSource(): string {
  const example = readFileSync(EXAMPLE, 'utf8');
  const asApp = example.replace("from '../src/index.js';", "from 'recovery-protocol';");
  if (asApp === example) throw new Error(`${EXAMPLE.pathname}: its import of '../src/index.js' is gone; the consumer test rewrites that line`);
  return `${asApp}
import { getShortestPaths } from 'xstate/graph';
import { classify, recoveryInput, recoveryMachine, seed001Pack } from 'recovery-protocol';
import { recoveryMachine as machineFromSubpath } from 'recovery-protocol/machines';

const paths = getShortestPaths(recoveryMachine, { input: recoveryInput({ runId: 'graph-1', name: 'graph' }) });

// Our declarations must fit the consumer's xstate: where they do not, TypeScript turns the
// machine into \`any\` (silently, under skipLibCheck) and these two lines stop being errors.
// @ts-expect-error the machine is typed
const machineIsTyped: number = recoveryMachine;
// @ts-expect-error the provided logic is typed
const logicIsTyped: number = logic;

// Only the two entries exist: a module behind them neither resolves for tsc nor loads for node.
// @ts-expect-error deep imports are not part of the package
const deepImport = await import('recovery-protocol/dist/src/runtime/recovery.js').then(() => 'loaded', (error: { code?: string }) => error.code);
const seed001 = classify({ message: 'ModuleNotFoundError: No module named foo' }, { packs: [seed001Pack] }).type;

console.log(JSON.stringify({ calls, paths: paths.length, sameMachine: machineFromSubpath === recoveryMachine, seed001, deepImport }));
`;
}

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
 * The consumer's package.json: xstate pinned and the packed tarball, nothing else. pg, @types/pg,
 * @viz-js/viz and the OpenTelemetry SDK are optional peers, so they are not installed, and the
 * package's declarations must type-check without them.
 */
export function consumerPackageJson(xstate: string, tarball: string): string {
  return JSON.stringify({
    name: 'recovery-protocol-consumer', private: true, type: 'module',
    dependencies: { xstate, 'recovery-protocol': `file:${tarball}` },
  }, null, 2);
}
