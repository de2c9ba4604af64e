/** `recover wait RUN_ID --store URL`: blocks until a fleet run is final and exits with its exit code. */
import { parse, UsageError } from './args.js';
import { EXIT_CODES_HELP, exitCodeOf, parseDurationMs, RUN_EXIT } from './common.js';
import { openFleetStore } from './fleet-store.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover wait RUN_ID --store URL [--timeout DURATION] [--json]

Blocks until the run is final (an escalated run waits for its decision) and exits with the run's
exit code. Wakes on the store's notifications, polling every second as the backstop.

Options:
  --store URL           postgres://USER@HOST:PORT/DB (default: $RECOVERY_STORE)
  --timeout DURATION    give up after this long (exit 75)
  --json                print { runId, status } as one JSON line

${EXIT_CODES_HELP}`;

/** `recover wait`. */
export const waitVerb: Verb = {
  summary: 'wait for a fleet run to end; exit with its exit code',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, { store: { type: 'string' }, timeout: { type: 'string' }, json: { type: 'boolean' } });
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const runId = positionals[0]!;
    const deadline = values.timeout === undefined ? Infinity : Date.now() + parseDurationMs(values.timeout as string, '--timeout');
    const store = await openFleetStore(io, values.store as string | undefined, 'wait');
    const { runState, RUN_CHANNEL } = await import('../store/postgres/queue.js');
    const { listen } = await import('../store/postgres/notify.js');
    const { RunNotFoundError } = await import('../store/errors.js');
    let wake: (() => void) | null = null;
    const listener = listen(store.url, [RUN_CHANNEL], (_channel, payload) => { if (payload === runId) wake?.(); });
    try {
      for (;;) {
        const state = await runState(store, runId);
        if (state === null) throw Object.assign(new RunNotFoundError(runId), { exitCode: RUN_EXIT.usage });
        if (state.final) {
          io.stdout.write(values.json === true ? `${JSON.stringify({ runId, status: state.status })}\n` : `${runId} ${state.status}\n`);
          return exitCodeOf({ status: state.status as never });
        }
        if (Date.now() >= deadline) {
          io.stderr.write(`recover wait: ${runId} is still ${state.status ?? 'queued'}\n`);
          return RUN_EXIT.locked;
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
