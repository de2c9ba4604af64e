/**
 * What the three machines (recovery, supervisor, pipeline) share: their I/O slots (declared once
 * in a table, unfilled ones saying how to fill them), a done event's output, and the one way their actions update context.
 */
import { produce } from 'immer';
import { assign, fromPromise, type EventObject, type PromiseActorLogic } from 'xstate';
import { runner, type RunnerLogic, type RunnerWork } from './runner.js';

/** The error an unfilled slot of `machine` fails with, naming how to fill it. */
const notProvided = (machine: string, name: string) =>
  new Error(`${machine} machine: the "${name}" actor is not provided; fill it with machine.provide({ actors: { ${name}: … } })`);

/**
 * A slot table entry: a slot's output and input types, and its kind — a promise child per use
 * (`slotType`), or one runner child that does every request (`runnerSlotType`, see
 * `machines/runner.ts`). Both are filled with the same work: `({ input, signal }) => output`.
 */
export interface SlotType<TOutput, TInput, TKind extends SlotKind = SlotKind> {
  readonly kind: TKind;
  readonly output?: TOutput;
  readonly input?: TInput;
}

/** How a slot's work runs: a promise child per use, or requests to one long-lived runner. */
export type SlotKind = 'promise' | 'runner';

/** The entry of a slot table for a promise slot resolving `TOutput` from `TInput`. */
export const slotType = <TOutput, TInput>(): SlotType<TOutput, TInput, 'promise'> => ({ kind: 'promise' });

/** The entry of a slot table for a runner slot answering `TOutput` to each request of `TInput`. */
export const runnerSlotType = <TOutput, TInput>(): SlotType<TOutput, TInput, 'runner'> => ({ kind: 'runner' });

/** The actor logic of each slot in table `T`. */
export type SlotActors<T> = {
  [K in keyof T]: T[K] extends SlotType<infer O, infer I, 'runner'> ? RunnerLogic<I> : T[K] extends SlotType<infer O, infer I, 'promise'> ? PromiseActorLogic<O, I> : never
};

/** The work that fills a slot of table `T`: what `fromPromise` or `runner` runs for it. */
export type SlotWork<T> = { [K in keyof T]: T[K] extends SlotType<infer O, infer I> ? RunnerWork<O, I> : never };

/** One actor logic per slot of `table`, running the work `workOf(name)` gives. */
function slotLogic<T extends Record<string, SlotType<unknown, unknown>>>(table: T, workOf: (name: keyof T & string) => RunnerWork<unknown, unknown>): SlotActors<T> {
  const logic = (name: keyof T & string) => (table[name]!.kind === 'runner' ? runner(workOf(name)) : fromPromise(workOf(name)));
  return Object.fromEntries(Object.keys(table).map((name) => [name, logic(name)])) as SlotActors<T>;
}

/** Each slot of `table` filled with its work, as actor logic for `machine.provide({ actors })`. */
export function slotActors<T extends Record<string, SlotType<unknown, unknown>>>(table: T, work: SlotWork<T>): SlotActors<T> {
  return slotLogic(table, (name) => work[name] as RunnerWork<unknown, unknown>);
}

/**
 * The unfilled slots of `machine`, one per entry of `table`: the table is the one place a slot's
 * name, kind and types are written; `setup({ actors })`, the exported slot names and a runtime's
 * `provide()` all derive from it. An unfilled slot fails each use, naming how to fill it.
 */
export function slots<T extends Record<string, SlotType<unknown, unknown>>>(machine: string, table: T): SlotActors<T> {
  return slotLogic(table, (name) => () => Promise.reject(notProvided(machine, name)));
}

/** The names of a machine's actors (the keys of what it passes to `setup({ actors })`), in order. */
export const actorNames = <T extends object>(actors: T): readonly (keyof T & string)[] => Object.freeze(Object.keys(actors)) as readonly (keyof T & string)[];

/** A done event's output (XState types guards and actions by a machine's external events only). */
export const outputOf = <T>(event: unknown): T => (event as { output: T }).output;

/** How {@link updater} drafts a context. */
export interface UpdaterOptions {
  /**
   * Draft with immer, so a recipe may change nested values in place (the supervisor edits agents
   * inside a record). Default false: a shallow copy, whose recipes only set top-level fields.
   */
  nested?: boolean;
}

/** A shallow copy as the draft: one copy per update, no proxies. */
function shallowEdit<T extends object>(context: T, recipe: (draft: T) => void): T {
  const draft = { ...context };
  recipe(draft);
  return draft;
}

/** An immer draft: nested values may be changed in place; what is unchanged stays shared. */
function nestedEdit<T extends object>(context: T, recipe: (draft: T) => void): T {
  return produce(context, (draft) => { recipe(draft as T); });
}

/**
 * The one way the three machines update context: an `assign` whose recipe edits a draft.
 *
 * By default the draft is a shallow copy, so a recipe sets or replaces top-level fields
 * (`d.history = d.history.concat([event])`) and never mutates a nested value in place — snapshots
 * share those. One copy per update, no proxies: immer's `produce` cost ~13 µs per update on the
 * recovery context, this ~1 µs, and the recovery machine runs several per attempt. A transition
 * names one update (several would copy the context, and the snapshot, once each). With
 * `{ nested: true }` the draft is immer's, for a context whose records are edited in place.
 *
 * `updater<Context, Event>()` fixes a machine's types once; the returned `update<Params>` makes
 * its actions, written in XState's shape and passed to `setup({ actions })` as they are, and
 * `update.edit(context, recipe)` is the same edit for an `enqueue.assign`. A third type,
 * `updater<Context, Event, Handled>()`, widens the event the recipes read (default: `Event`) to
 * one that also holds the children's done and error events, which `setup()` does not type.
 */
export function updater<TContext extends object, TEvent extends EventObject, THandled extends EventObject = TEvent>(options: UpdaterOptions = {}) {
  const edit: (context: TContext, recipe: (draft: TContext) => void) => TContext = options.nested ? nestedEdit : shallowEdit;
  const update = <TParams extends Record<string, unknown> | undefined = undefined>(
    recipe: (draft: TContext, event: THandled, params: TParams) => void,
  ) =>
    assign<TContext, THandled, TParams, TEvent, never>(options.nested
      ? ({ context, event }, params) => nestedEdit(context, (draft) => recipe(draft, event, params))
      // The shallow draft inline: no closure made per update.
      : ({ context, event }, params) => {
        const draft = { ...context };
        recipe(draft, event, params);
        return draft;
      });
  return Object.assign(update, { edit });
}
