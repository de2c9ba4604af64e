/** `recover worker --store URL`: one fleet worker; run one per machine (or more). */
import { parse, UsageError } from './args.js';
import { parseDurationMs } from './common.js';
import { openFleetStore } from './fleet-store.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover worker --store URL [--concurrency N] [--lease 15s] [--poll 1s] [--json]

Claims runs from the PostgreSQL store and runs them: runs queued with 'recover submit', runs
whose owner's lease ran out (a worker killed or stopped: taken over at their last checkpoint),
and escalated runs once 'recover decide' answered them. Each lease is renewed every third of
its length; a worker that finds its run taken (a newer fence) kills the attempt's process group
and stops writing. SIGINT/SIGTERM: stop claiming, interrupt the runs in hand (their checkpoints
kept, another worker continues them), exit 0.

Options:
  --store URL        postgres://USER@HOST:PORT/DB (default: $RECOVERY_STORE)
  --concurrency N    runs at once (default 1)
  --lease DURATION   lease length by the database clock (default 15s)
  --poll DURATION    polling backstop for lost notifications (default 1s)
  --json             one JSON line per event on stdout (claimed, finished, lost, ...)

Examples:
  recover worker --store postgres://recover@db.internal/recovery --concurrency 4
  RECOVERY_STORE=postgres://recover@db.internal/recovery recover worker
`;

/** `recover worker`. */
export const workerVerb: Verb = {
  summary: 'run fleet runs from a PostgreSQL store',
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, {
      store: { type: 'string' }, concurrency: { type: 'string' }, lease: { type: 'string' }, poll: { type: 'string' }, json: { type: 'boolean' },
    });
    if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
    const concurrency = values.concurrency === undefined ? 1 : Number(values.concurrency);
    if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new UsageError(`--concurrency: expected a whole number >= 1, got '${String(values.concurrency)}'`);
    const leaseMs = values.lease === undefined ? 15_000 : parseDurationMs(values.lease as string, '--lease');
    const pollMs = values.poll === undefined ? 1_000 : parseDurationMs(values.poll as string, '--poll');
    const store = await openFleetStore(io, values.store as string | undefined, 'worker');
    await store.ready();
    const { createWorker } = await import('../runtime/fleet/worker.js');
    const json = values.json === true;
    const worker = createWorker({
      store, concurrency, leaseMs, pollMs,
      onEvent: (event) => {
        const at = Date.now();
        if (json) {
          const { error, ...rest } = event as { error?: unknown };
          io.stdout.write(`${JSON.stringify({ at, worker: worker.id, ...rest, ...(error !== undefined ? { error: String((error as Error)?.message ?? error) } : {}) })}\n`);
        } else {
          io.stderr.write(`recover worker: ${describe(event)}\n`);
        }
      },
    });
    io.stderr.write(`recover worker: ${worker.id} on ${store.where} (concurrency ${concurrency}, lease ${leaseMs} ms)\n`);
    const onSignal = () => void worker.stop();
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      await worker.done;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      await store.close();
    }
    return 0;
  },
};

function describe(event: import('../runtime/fleet/worker.js').WorkerEvent): string {
  switch (event.type) {
    case 'claimed':
      return `claimed ${event.runId} (fence ${event.fence}${event.resumed ? ', resuming' : ''}${event.tookOverFrom ? `, taken over from ${event.tookOverFrom.worker ?? event.tookOverFrom.pid}@${event.tookOverFrom.host}` : ''})`;
    case 'finished':
      return `${event.runId} ${event.status}`;
    case 'lost':
      return `${event.runId} lost to a newer owner: ${event.error.message}`;
    case 'interrupted':
      return `${event.runId} interrupted; its checkpoint is kept for the next worker`;
    case 'notice':
      return `${event.runId}: ${event.message}`;
    case 'error':
      return `${event.runId ?? '(claiming)'}: ${event.error instanceof Error ? event.error.message : String(event.error)}`;
  }
}
