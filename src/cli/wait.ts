/** `recover wait RUN_ID --store URL`: blocks until a fleet run is final and exits with its exit code. */
import { EXIT_CODES_HELP, durationOption, exitCodeOf } from './common.js';
import { EXIT, UsageError } from './errors.js';
import { parseOptions, type VerbSpec } from './options.js';
import { openFleetStore } from './fleet-store.js';
import type { Verb } from './main.js';

/** `recover wait`'s options and help. */
const WAIT_SPEC = {
  name: 'wait',
  synopsis: 'RUN_ID --store URL [--timeout DURATION] [--json]',
  description: `Blocks until the run is final (an escalated run waits for its decision) and exits with the run's
exit code. Wakes on the store's notifications, polling every second as the backstop.`,
  options: {
    store: { type: 'string', value: 'URL', description: 'postgres://USER@HOST:PORT/DB (default: $RECOVERY_STORE)' },
    timeout: { type: 'string', value: 'DURATION', description: 'give up after this long (exit 75)' },
    json: { type: 'boolean', description: 'print { runId, status } as one JSON line' },
  },
  footer: EXIT_CODES_HELP,
  examples: ['recover wait 20261121-125406-3f9a1c2b --store postgres://recover@db.internal/recovery'],
} as const satisfies VerbSpec;

/** `recover wait`. */
export const waitVerb: Verb = {
  spec: WAIT_SPEC,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, WAIT_SPEC.options);
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const runId = positionals[0]!;
    const deadline = values.timeout === undefined ? Infinity : Date.now() + durationOption(values.timeout, '--timeout');
    const store = await openFleetStore(io, values.store, 'wait');
    const { runState, RUN_CHANNEL } = await import('../store/postgres/queue.js');
    const { listen } = await import('../store/postgres/notify.js');
    const { RunNotFoundError } = await import('../store/errors.js');
    let wake: (() => void) | null = null;
    const listener = listen(store.url, [RUN_CHANNEL], (_channel, payload) => { if (payload === runId) wake?.(); });
    try {
      for (;;) {
        const state = await runState(store, runId);
        if (state === null) throw Object.assign(new RunNotFoundError(runId), { exitCode: EXIT.usage });
        if (state.final) {
          io.stdout.write(values.json === true ? `${JSON.stringify({ runId, status: state.status })}\n` : `${runId} ${state.status}\n`);
          return exitCodeOf({ status: state.status as never });
        }
        if (Date.now() >= deadline) {
          io.stderr.write(`recover wait: ${runId} is still ${state.status ?? 'queued'}\n`);
          return EXIT.locked;
        }
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(1_000, Math.max(0, deadline - Date.now())));
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    } finally {
      await listener.close();
      await store.close();
    }
  },
};
