/**
 * `--trace FILE`: every inspection event of a run as one JSON line (NDJSON), for offline reading
 * (`jq`, a spreadsheet, the run page). Lines are written synchronously as events happen, so a
 * process killed mid-run leaves every line up to the kill on disk (at most the last one cut short,
 * which {@link readTrace} tolerates).
 */
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { InspectionEvent, Observer } from 'xstate';
import { toJsonSafe, type Json } from './serialize.js';

/** One line of a trace file. Fields other than the first six appear when the event type has them. */
export interface TraceEntry {
  /** 1, 2, 3…: gaps or repeats show a damaged file. */
  seq: number;
  /** Epoch milliseconds when the event was observed. */
  at: number;
  /** `@xstate.actor`, `@xstate.event`, `@xstate.snapshot`, `@xstate.microstep`, `@xstate.action`… */
  type: string;
  /** Session id of the root actor of the system. */
  rootId: string;
  /** Session id of the actor concerned (unique per run: `x:0`, `x:1`…). */
  sessionId: string;
  /** The actor's id (`task`, `diagnoser`, or the machine id for the root). */
  actorId: string;
  /**
   * On the `@xstate.event` that starts an actor (`xstate.init`): its parent's session id (absent
   * for the root). XState reports the parent there, as that event's sender; the `@xstate.actor`
   * entry, written when the actor is created, carries no parent (only XState internals know it).
   */
  parentId?: string;
  /** `@xstate.event`: the sender's session id, when an actor sent it. */
  sourceId?: string;
  /** The event (`@xstate.event`, `@xstate.snapshot`, `@xstate.microstep`, `@xstate.transition`). */
  event?: Json;
  /** Snapshot summary: status, state value, context, output, error. */
  snapshot?: { status: string; value?: Json; context?: Json; output?: Json; error?: Json };
  /** `@xstate.microstep`: the transitions taken, as state node ids. */
  transitions?: { source: string; targets: string[]; eventType: string }[];
  /** `@xstate.action`: the action executed. */
  action?: { type: string; params?: Json };
}

/** Options for {@link createTraceWriter}. */
export interface TraceWriterOptions {
  /** Append to an existing file (e.g. when resuming a run) instead of truncating it (default false). */
  append?: boolean;
  /** Clock for `at` (default `Date.now`). */
  now?: () => number;
  /** Where a write failure is reported, once; the trace then stops (default: one line to stderr). */
  warn?: (message: string) => void;
}

/** An open trace file: pass `inspect` to `createActor(machine, { inspect })`; call `stop()` at the end. */
export interface TraceWriter {
  readonly file: string;
  /** The XState inspection observer. */
  readonly inspect: Observer<InspectionEvent>;
  /** Lines written so far. */
  readonly count: number;
  /** Closes the file. Idempotent; events after stop are ignored. */
  stop(): void;
}

function summarize(snapshot: unknown): TraceEntry['snapshot'] {
  const s = (snapshot ?? {}) as Record<string, unknown>;
  const out: NonNullable<TraceEntry['snapshot']> = { status: typeof s.status === 'string' ? s.status : 'unknown' };
  for (const key of ['value', 'context', 'output', 'error'] as const) {
    if (s[key] !== undefined) out[key] = toJsonSafe(s[key]);
  }
  return out;
}

/** An actor's id: inspection events type their actor as `ActorRefLike`; the actors XState reports have one. */
function actorIdOf(ref: object): string {
  return 'id' in ref && typeof ref.id === 'string' ? ref.id : '';
}

/** Turns one XState inspection event into a trace entry (without `seq`/`at`). */
export function toTraceEntry(e: InspectionEvent): Omit<TraceEntry, 'seq' | 'at'> {
  const base = { type: e.type, rootId: e.rootId, sessionId: e.actorRef.sessionId, actorId: actorIdOf(e.actorRef) };
  switch (e.type) {
    case '@xstate.actor':
      return base;
    case '@xstate.event': {
      const source = e.sourceRef;
      // An actor's first event, xstate.init, is sent by its parent (none for the root).
      const parent = source && e.event.type === 'xstate.init' ? { parentId: source.sessionId } : {};
      return { ...base, ...(source ? { sourceId: source.sessionId } : {}), ...parent, event: toJsonSafe(e.event) };
    }
    case '@xstate.microstep':
      return {
        ...base, event: toJsonSafe(e.event), snapshot: summarize(e.snapshot),
        transitions: e._transitions.map((t) => ({
          source: t.source.id, targets: (t.target ?? []).map((n) => n.id), eventType: t.eventType,
        })),
      };
    case '@xstate.action':
      return { ...base, action: { type: e.action.type, ...(e.action.params === undefined ? {} : { params: toJsonSafe(e.action.params) }) } };
    default: {
      // @xstate.snapshot, @xstate.transition and any later event type carrying these fields.
      const rest = e as { event?: unknown; snapshot?: unknown };
      return {
        ...base,
        ...(rest.event === undefined ? {} : { event: toJsonSafe(rest.event) }),
        ...(rest.snapshot === undefined ? {} : { snapshot: summarize(rest.snapshot) }),
      };
    }
  }
}

/**
 * Opens `file` (creating its directory) and returns an inspection observer that writes one JSON
 * line per event. Never throws into the actor: a failed write is reported once via `warn` and
 * stops the trace, because a run must not fail for want of a log.
 */
export function createTraceWriter(file: string, options: TraceWriterOptions = {}): TraceWriter {
  const now = options.now ?? Date.now;
  const warn = options.warn ?? ((m: string) => process.stderr.write(`${m}\n`));
  mkdirSync(dirname(file), { recursive: true });
  let fd: number | null = openSync(file, options.append ? 'a' : 'w');
  let seq = 0;
  const stop = (): void => {
    if (fd === null) return;
    const open = fd;
    fd = null;
    try { closeSync(open); } catch { /* already unusable; nothing more to save */ }
  };
  const next = (event: InspectionEvent): void => {
    if (fd === null) return;
    try {
      const entry: TraceEntry = { seq: seq + 1, at: now(), ...toTraceEntry(event) };
      writeSync(fd, `${JSON.stringify(entry)}\n`);
      seq += 1;
    } catch (error) {
      warn(`trace: cannot write ${file} (${(error as Error).message}); tracing stopped`);
      stop();
    }
  };
  return {
    file,
    inspect: { next },
    get count() { return seq; },
    stop,
  };
}

/**
 * Parses NDJSON trace text. A last line without its newline that does not parse is the mark of a
 * process killed mid-write and is skipped; any other bad line is an error naming its line number.
 */
export function parseTrace(text: string, name = 'trace'): TraceEntry[] {
  const lines = text.split('\n');
  const entries: TraceEntry[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      entries.push(JSON.parse(line) as TraceEntry);
    } catch {
      const truncatedTail = i === lines.length - 1;
      if (!truncatedTail) throw new Error(`${name}:${i + 1}: not a JSON line`);
    }
  });
  return entries;
}

/** Reads a trace file written by {@link createTraceWriter}; see {@link parseTrace}. */
export function readTrace(file: string): TraceEntry[] {
  return parseTrace(readFileSync(file, 'utf8'), file);
}
