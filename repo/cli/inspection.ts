/**
 * `--inspect [URL]` and `--trace FILE`, shared by every verb that drives a run (`run`, `resume`,
 * and `decide` through `resumeRun`). One module so the flags' parsing, help text and sinks cannot
 * drift apart between the verbs.
 */
import { resolve as resolvePath } from 'node:path';
import type { InspectionEvent, Observer } from 'xstate';
import type { OptionDecls } from './verb.js';

/** The inspection flags; spread into a verb's own option declarations. */
export const INSPECTION_OPTIONS = {
  inspect: {
    type: 'boolean', value: '[URL]',
    description: "stream the statechart to the Stately inspector (default ws://127.0.0.1:8080,\nsee 'recover inspect-server'); gives up quietly when nothing listens",
  },
  // Filled by splitInspect from `--inspect URL`; not meant to be typed by people.
  'inspect-url': { type: 'string', hidden: true, description: 'the URL of --inspect URL' },
  trace: { type: 'string', value: 'FILE', description: 'write every inspection event as one JSON line (NDJSON)' },
} as const satisfies OptionDecls;

/**
 * `--inspect` takes an optional URL, which `parseArgs` cannot express: rewrites `--inspect URL`
 * and `--inspect=URL` into `--inspect --inspect-url URL`. Only a ws/http(s) URL is taken as the
 * value, so `--inspect RUN_ID` or `--inspect --json` keep their meaning.
 */
export function splitInspect(args: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg === '--inspect' && i + 1 < args.length && /^(wss?|https?):\/\//.test(args[i + 1]!)) {
      out.push('--inspect', '--inspect-url', args[i + 1]!);
      i += 1;
    } else if (arg.startsWith('--inspect=')) {
      out.push('--inspect', '--inspect-url', arg.slice('--inspect='.length));
    } else {
      out.push(arg);
    }
  }
  return out;
}

/** The parsed inspection flags, as `parse(…, { ...INSPECTION_OPTIONS })` returns them. */
export interface InspectionFlags {
  inspect?: unknown;
  'inspect-url'?: unknown;
  trace?: unknown;
}

/** The sinks a run was given: pass `inspect` to the runtime, await `stop()` once it has ended. */
export interface Inspection {
  /** One observer feeding every sink, or undefined when no flag was given (no inspection cost). */
  readonly inspect: Observer<InspectionEvent> | undefined;
  /** Flushes and closes every sink; bounded in time (see createInspector), never rejects. */
  stop(): Promise<void>;
}

/**
 * Opens the sinks asked for by `flags`: the Stately inspector (`--inspect`) and the NDJSON trace
 * (`--trace`, relative to `cwd`). `appendTrace` is for resumption, so one file can hold the
 * whole run across interruptions instead of losing the part before the resume.
 */
export async function openInspection(flags: InspectionFlags, cwd: string, options: { appendTrace?: boolean } = {}): Promise<Inspection> {
  if (flags.inspect !== true && typeof flags.trace !== 'string') return { inspect: undefined, stop: async () => undefined };
  // Loaded only when asked for: the ws transport is not free to import on every run.
  const { combineInspectors, createInspector, createTraceWriter } = await import('../inspect/index.js');
  const sinks: Observer<InspectionEvent>[] = [];
  const stops: Array<() => unknown> = [];
  if (flags.inspect === true) {
    const inspector = createInspector(typeof flags['inspect-url'] === 'string' ? flags['inspect-url'] : undefined);
    sinks.push(inspector.inspect);
    stops.push(() => inspector.stop());
  }
  if (typeof flags.trace === 'string') {
    const trace = createTraceWriter(resolvePath(cwd, flags.trace), { append: options.appendTrace === true });
    sinks.push(trace.inspect);
    stops.push(() => trace.stop());
  }
  return {
    inspect: combineInspectors(...sinks),
    async stop() {
      for (const stop of stops.splice(0)) {
        try { await stop(); } catch { /* a sink that cannot close must not change the run's exit code */ }
      }
    },
  };
}
