/** `recover worker --store URL`: one fleet worker; run one per machine (or more). */
import { synchronousCommitWarning } from '../commit-durability.js';
import { defineVerb } from '../define-verb.js';
import { durationOption } from '../duration-option.js';
import { UsageError } from '../errors.js';
import { countRunTests } from '../run-memories.js';
import { openFleetStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';
import { dbErrorReason } from '../../store/postgres/transient.js';

/** `recover worker`'s options and help. */
const WORKER_SPEC = {
  name: 'worker',
  synopsis: '--store URL [--concurrency N] [--lease 15s] [--poll 1s] [--json]',
  description: `Claims runs from the PostgreSQL store and runs them: runs queued with 'recover submit', runs
whose owner's lease ran out (a worker killed or stopped: taken over at their last checkpoint),
and escalated runs once 'recover decide' answered them. Each lease is renewed every third of
its length; a worker that finds its run taken (a newer fence) kills the attempt's process group
and stops writing. SIGINT/SIGTERM: stop claiming, interrupt the runs in hand (their checkpoints
kept, another worker continues them), exit 0. A store unreachable at the start exits 69; lost
later (a restart, a cut connection), it is said once and the worker reconnects with backoff, and
a checkpoint it could not write is written again under the same fence (for up to a minute)
rather than the attempt being run again.`,
  options: {
    store: { type: 'string', value: 'URL', description: 'postgres://USER@HOST:PORT/DB (default: $RECOVERY_STORE)' },
    concurrency: { type: 'string', value: 'N', default: '1', description: 'runs at once' },
    lease: { type: 'string', value: 'DURATION', default: '15s', description: 'lease length by the database clock' },
    poll: { type: 'string', value: 'DURATION', default: '1s', description: 'polling backstop for lost notifications' },
    json: { type: 'boolean', description: 'one JSON line per event on stdout (claimed, finished, lost, ...)' },
  },
  examples: ['recover worker --store postgres://recover@db.internal/recovery --concurrency 4', 'RECOVERY_STORE=postgres://recover@db.internal/recovery recover worker'],
} as const satisfies VerbSpec;

/** `recover worker`. */
export const workerVerb = defineVerb(WORKER_SPEC, async ({ values }, io) => {
  const concurrency = Number(values.concurrency);
  if (!Number.isSafeInteger(concurrency) || concurrency < 1) throw new UsageError(`--concurrency: expected a whole number >= 1, got '${String(values.concurrency)}'`);
  const leaseMs = durationOption(values.lease, '--lease');
  const pollMs = durationOption(values.poll, '--poll');
  const store = await openFleetStore(io, values.store, 'worker');
  await store.ready();
  // Once, at the start: a server that forgets acknowledged commits undoes the fencing's promises.
  const durability = await synchronousCommitWarning(store.pool, store.where);
  if (durability !== null) io.stderr.write(`recover worker: ${durability}\n`);
  const { createWorker } = await import('../../runtime/fleet/worker.js');
  const json = values.json === true;
  // A run that ends here is counted in the flaky-test memory, as it is by the process that ends a `recover run`.
  const { postgresFlakyMemory } = await import('../../memory/flaky/postgres.js');
  const flaky = postgresFlakyMemory(store);
  const counting = new Set<Promise<void>>();
  const worker = createWorker({
    store, concurrency, leaseMs, pollMs,
    onEvent: (event) => {
      if (event.type === 'finished') {
        const count = countRunTests(flaky, store, event.runId, (message) => io.stderr.write(`recover worker: ${event.runId}: note: ${message}\n`));
        counting.add(count);
        void count.finally(() => counting.delete(count));
      }
      const at = Date.now();
      if (json) {
        const { error, ...rest } = event as { error?: unknown };
        io.stdout.write(`${JSON.stringify({ at, worker: worker.id, ...rest, ...(error !== undefined ? { error: String((error as Error)?.message ?? error) } : {}) })}\n`);
      } else {
        io.stderr.write(`recover worker: ${describe(event)}\n`);
      }
    },
  });
  const onSignal = () => void worker.stop();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  // Said once the signals stop it cleanly: a supervisor that reads this line may stop it at once
  // (stderr to a pipe is written synchronously, so a SIGTERM could otherwise beat the handler).
  io.stderr.write(`recover worker: ${worker.id} on ${store.where} (concurrency ${concurrency}, lease ${leaseMs} ms)\n`);
  try {
    await worker.done;
    await Promise.all(counting);
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await store.close();
  }
  return 0;
});

function describe(event: import('../../runtime/fleet/worker.js').WorkerEvent): string {
  switch (event.type) {
    case 'claimed':
      return `claimed ${event.runId} (fence ${event.fence}${event.resumed ? ', resuming' : ''}${event.tookOverFrom ? `, taken over from ${event.tookOverFrom.worker ?? event.tookOverFrom.pid}@${event.tookOverFrom.host}` : ''})`;
    case 'finished':
      return `${event.runId} ${event.status}`;
    case 'lost':
      return `${event.runId} lost to a newer owner: ${event.error.message}`;
    case 'interrupted':
      return `${event.runId} interrupted; its checkpoint is kept for the next worker`;
    case 'lapsed':
      return `${event.runId} let go: attempt ${event.attempt} was not started, its lease may have run out (a pause?)`;
    case 'notice':
      return `${event.runId}: ${event.message}`;
    case 'store':
      return event.state === 'lost'
        ? `the store is unavailable (${dbErrorReason(event.error)}); reconnecting with backoff, runs in hand keep their checkpoints`
        : `the store is back after ${(event.afterMs / 1000).toFixed(1)} s`;
    case 'error':
      return `${event.runId ?? '(claiming)'}: ${event.error instanceof Error ? event.error.message : String(event.error)}`;
  }
}
