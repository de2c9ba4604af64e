/** `recover wait RUN_ID --store URL`: blocks until a fleet run is final or waits for a person, and exits with its exit code. */
import { defineVerb } from '../define-verb.js';
import { durationOption } from '../duration-option.js';
import { EXIT, EXIT_CODES_HELP } from '../exit-codes.js';
import { openFleetStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';
import { waitVerdict } from '../wait-verdict.js';

/** `recover wait`'s options and help. */
const WAIT_SPEC = {
  name: 'wait',
  synopsis: 'RUN_ID --store URL [--timeout DURATION] [--json]',
  description: `Blocks until the run is final or waits for a person, and exits with the run's exit code, as
'recover run' would: escalated → 3 (the 'recover decide' command is printed on stderr; a run
with a decision recorded is waited for), handed off → 6, a 'recover run' interrupted that no
worker continues → 130. Wakes on the store's notifications, polling every second as the
backstop. A store unreachable at the start exits 69; lost later (a restart, a cut connection),
it is said once on stderr and waited for, reconnecting with backoff.`,
  options: {
    store: { type: 'string', value: 'URL', description: 'postgres://USER@HOST:PORT/DB (default: $RECOVERY_STORE)' },
    timeout: { type: 'string', value: 'DURATION', description: `give up after this long (exit ${EXIT.timedOut})` },
    json: { type: 'boolean', description: 'print { runId, status } as one JSON line' },
  },
  operands: { count: 1, error: 'expected exactly one RUN_ID' },
  footer: EXIT_CODES_HELP,
  examples: [
    'recover wait 20261121-125406-3f9a1c2b --store postgres://recover@db.internal/recovery',
    'id=$(recover submit -- npm test) && recover wait "$id" --timeout 30m',
  ],
} as const satisfies VerbSpec;

/** `recover wait`. */
export const waitVerb = defineVerb(WAIT_SPEC, async ({ values, operands: [runId] }, io) => {
  const deadline = values.timeout === undefined ? Infinity : Date.now() + durationOption(values.timeout, '--timeout');
  const store = await openFleetStore(io, values.store, 'wait');
  const [{ runState, RUN_CHANNEL }, { listen }, { RunNotFoundError }, { Outage }, { dbErrorReason, isTransientDbError }] = await Promise.all([
    import('../../store/postgres/queue.js'), import('../../store/postgres/notify.js'), import('../../store/errors.js'),
    import('../../store/postgres/outage.js'), import('../../store/postgres/transient.js'),
  ]);
  // The commands printed for the next step name the store only when $RECOVERY_STORE does not.
  const storeArg = values.store === undefined ? '' : ` --store ${store.where}`;
  let wake: (() => void) | null = null;
  const listener = listen(store.url, [RUN_CHANNEL], (_channel, payload) => { if (payload === runId) wake?.(); });
  const outage = new Outage();
  let seen = false; // a store unreachable before the first answer is exit 69; after it, an outage to wait out
  try {
    for (;;) {
      let state: Awaited<ReturnType<typeof runState>> | undefined;
      let pause = 1_000;
      try {
        state = await runState(store, runId);
        seen = true;
        const lasted = outage.recovered();
        if (lasted !== null) io.stderr.write(`recover wait: the store is back after ${(lasted / 1000).toFixed(1)} s; still waiting for ${runId}\n`);
      } catch (error) {
        if (!seen || !isTransientDbError(error)) throw error;
        const { began, delayMs } = outage.failed();
        if (began) io.stderr.write(`recover wait: lost the store ${store.where} (${dbErrorReason(error)}); reconnecting with backoff, the run goes on meanwhile\n`);
        pause = delayMs;
      }
      if (state === null) throw Object.assign(new RunNotFoundError(runId), { exitCode: EXIT.usage });
      const verdict = state === undefined ? null : waitVerdict(runId, state, storeArg);
      if (verdict !== null) {
        io.stdout.write(values.json === true ? `${JSON.stringify({ runId, status: verdict.status })}\n` : `${runId} ${verdict.status}\n`);
        if (verdict.next !== null) io.stderr.write(`recover wait: ${verdict.next}\n`);
        return verdict.code;
      }
      if (Date.now() >= deadline) {
        io.stderr.write(`recover wait: timed out; ${runId} is still ${state?.status ?? (state === undefined ? 'unknown (the store is unreachable)' : 'queued')}\n`);
        return EXIT.timedOut;
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now())));
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  } finally {
    await listener.close();
    await store.close();
  }
});
