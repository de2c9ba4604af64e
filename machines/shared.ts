/**
 * What the three machines (recovery, supervisor, pipeline) share: an I/O slot that says how to
 * fill it, a done event's output, and the one way their actions update context.
 */
import { assign, fromPromise, type EventObject, type PromiseActorLogic } from 'xstate';

/**
 * An I/O slot of `machine`: a promise actor that rejects, naming how to fill it, until a runtime
 * or an embedding orchestrator provides it with `machine.provide({ actors: { [name]: … } })`.
 */
export const slot = <TOutput, TInput>(machine: string, name: string) =>
  fromPromise<TOutput, TInput>(() => Promise.reject(new Error(`${machine} machine: the "${name}" actor is not provided; fill it with machine.provide({ actors: { ${name}: … } })`)));

/** A promise slot's output and input types, as a machine's slot table names them (see {@link slots}). */
export interface SlotType<TOutput, TInput> {
  readonly output?: TOutput;
  readonly input?: TInput;
}

/** The entry of a slot table for a promise slot resolving `TOutput` from `TInput`. */
export const slotType = <TOutput, TInput>(): SlotType<TOutput, TInput> => ({});

/** The actor logic of each slot in table `T`. */
export type SlotActors<T> = { [K in keyof T]: T[K] extends SlotType<infer O, infer I> ? PromiseActorLogic<O, I> : never };

/**
 * The unfilled slots of `machine`, one per entry of `table`: the table is the one place a slot's
 * name and types are written; `setup({ actors })`, the exported slot names and a runtime's
 * `provide()` all derive from it.
 */
export function slots<T extends Record<string, SlotType<unknown, unknown>>>(machine: string, table: T): SlotActors<T> {
  return Object.fromEntries(Object.keys(table).map((name) => [name, slot(machine, name)])) as SlotActors<T>;
}

/** The names of a machine's actors (the keys of what it passes to `setup({ actors })`), in order. */
export const actorNames = <T extends object>(actors: T): readonly (keyof T & string)[] => Object.freeze(Object.keys(actors)) as readonly (keyof T & string)[];

/** A done event's output (XState types guards and actions by a machine's external events only). */
export const outputOf = <T>(event: unknown): T => (event as { output: T }).output;

/**
 * An `assign` whose recipe edits a draft of the context: the draft is a shallow copy, so a recipe
 * sets or replaces top-level fields (`d.history = [...d.history, event]`) and never mutates a
 * nested value in place — snapshots share those. One copy per update, no proxies: immer's
 * `produce` cost ~13 µs per update on the recovery context, this ~1 µs, and the recovery machine
 * runs several per attempt. A transition names one update (several would copy the context, and
 * the snapshot, once each).
 *
 * `updater<Context, Event>()` fixes a machine's types once; the returned `update<Params>` makes
 * its actions, written in XState's shape and passed to `setup({ actions })` as they are.
 */
export function updater<TContext extends object, TEvent extends EventObject>() {
  return <TParams extends Record<string, unknown> | undefined = undefined>(
    recipe: (draft: TContext, event: TEvent, params: TParams) => void,
  ) =>
    assign<TContext, TEvent, TParams, TEvent, never>(({ context, event }, params) => {
      const draft = { ...context };
      recipe(draft, event, params);
      return draft;
    });
}
