/**
 * Loads the project's `machines` map (machines/index.ts) at run time. The import is dynamic on
 * purpose: the diagram code must compile and its tests must report a clear message even while
 * machines/ is missing or being rewritten, instead of failing the whole type check.
 */
import type { AnyStateMachine } from 'xstate';

/** Where machines/index lives relative to this module, both in src/ and in dist/src/. */
export const MACHINES_MODULE = new URL('../../machines/index.js', import.meta.url);

/** True for an XState machine (duck-typed: a root state node and a transition function). */
function isMachine(value: unknown): value is AnyStateMachine {
  return typeof value === 'object' && value !== null && 'root' in value && typeof (value as { transition?: unknown }).transition === 'function';
}

/**
 * Imports `machines` from machines/index (default {@link MACHINES_MODULE}).
 * @throws an Error saying what is missing: the module, its `machines` export, or a machine.
 */
export async function loadMachines(module: URL = MACHINES_MODULE): Promise<Record<string, AnyStateMachine>> {
  let mod: { machines?: unknown };
  try {
    mod = (await import(module.href)) as { machines?: unknown };
  } catch (error) {
    throw new Error(`cannot load ${module.pathname}: ${(error as Error).message}. machines/index.ts must export \`machines\`.`);
  }
  const machines = mod.machines;
  if (typeof machines !== 'object' || machines === null) {
    throw new Error(`${module.pathname} does not export \`machines\` (a record of name → machine)`);
  }
  for (const [name, machine] of Object.entries(machines)) {
    if (!isMachine(machine)) throw new Error(`machines.${name} in ${module.pathname} is not an XState machine`);
  }
  return machines as Record<string, AnyStateMachine>;
}
