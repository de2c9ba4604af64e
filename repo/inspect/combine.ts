/**
 * One `inspect` option for several consumers: `createActor` takes a single inspection observer,
 * while a run may want the Stately inspector and an NDJSON trace at once.
 */
import type { InspectionEvent, Observer } from 'xstate';

/** An inspection observer or a plain callback, as `createActor`'s `inspect` option accepts. */
export type InspectionSink = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

/**
 * Combines sinks into one observer; `undefined` entries are skipped (so optional features compose:
 * `combineInspectors(inspector?.inspect, trace?.inspect)`). A sink that throws is isolated: the
 * others still receive the event and the actor never sees the error.
 * @returns `undefined` when no sink is given, so `createActor` skips inspection entirely.
 */
export function combineInspectors(...sinks: ReadonlyArray<InspectionSink | undefined>): Observer<InspectionEvent> | undefined {
  const nexts = sinks
    .filter((s): s is InspectionSink => s !== undefined)
    .map((s) => (typeof s === 'function' ? s : (e: InspectionEvent) => s.next?.(e)));
  if (nexts.length === 0) return undefined;
  return {
    next(event) {
      for (const next of nexts) {
        try { next(event); } catch { /* an observer's failure must not break the run or the other observers */ }
      }
    },
  };
}
