/**
 * `recover ui`: every run of a store in the browser, live, with escalations decided from the
 * page through the same path as `recover decide` (`continueRun`: validation under the run's
 * lease, the fence, the continuation in this process for a `.recovery/` store).
 */
import { Writable } from 'node:stream';
import { deciderName, parseChoice, type Decision } from '../decision.js';
import { defineVerb } from '../define-verb.js';
import { UsageError } from '../errors.js';
import { ptyFor } from '../command-run.js';
import { openRunMemories } from '../run-memories.js';
import { STORE_OPTION, isFleetStore, openFleetStore, openRunStore, type RunStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** Output of a command a decision runs again: its tails are recorded, the server's terminal stays quiet. */
const discard = () => new Writable({ write: (_chunk, _encoding, done) => done() });

/** `recover ui`'s options and help. */
const UI_SPEC = {
  name: 'ui',
  synopsis: '[--store DIR|URL] [--port N] [--host ADDR] [--as NAME]',
  description: `Serves a local web app of the store's runs: the list (what waits for a person first, live), each
run's statechart with the path taken, its timeline, failure evidence, output tails and report,
and the escalation's choices one click away. A decision goes the way of 'recover decide': the
run must wait for it and offer it, and the run continues in this process (retries run the
command again here) — or, on a PostgreSQL store (fleet mode), the decision is recorded and a
worker wakes and continues the run, on whatever machine. Every page and asset ships in the package; nothing loads from the network.

Security: listens on 127.0.0.1 unless --host says otherwise. The URL printed at start carries a
random token that every request needs (401 without it); share it only with who may decide.
Stop with Ctrl-C: a run continuing from a decision is checkpointed and can be resumed.`,
  options: {
    ...STORE_OPTION,
    port: { type: 'string', value: 'N', default: '0', description: 'TCP port (0: a free one; the URL says which)' },
    host: { type: 'string', value: 'ADDR', default: '127.0.0.1', description: 'interface to listen on' },
    as: { type: 'string', value: 'NAME', description: 'who decisions are recorded as (default: the OS user)' },
  },
  examples: ['recover ui', 'recover ui --store /srv/ci/.recovery --port 8765 --as alice', 'recover ui --store postgres://recover@db.internal/recovery'],
} as const satisfies VerbSpec;

/** `recover ui`. */
export const uiVerb = defineVerb(UI_SPEC, async ({ values }, io) => {
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0–65535 (got '${String(values.port)}')`);
  const host = values.host;
  const by = deciderName(values.as, io.env);
  const storeOption = values.store;
  // On a PostgreSQL store a fleet run's decision is recorded for a worker, not continued here.
  const fleet = isFleetStore(io, storeOption) ? await openFleetStore(io, storeOption, 'ui') : null;
  const opened: RunStore = fleet ? { store: fleet, dir: null } : await openRunStore(io, storeOption);
  const { store } = opened;
  // Opened once for the server's life: every run a decision continues here reuses fixes and counts its tests in them.
  const memories = await openRunMemories(opened);
  const [{ startUiServer }, { machines }, { markdownOf }, { continueRun, readStoredRun }, { recordFleetDecision }, { loadRun }] = await Promise.all([
    import('../../ui/server.js'), import('../../../machines/index.js'), import('../run-markdown.js'), import('../continue-run.js'), import('../fleet-decide.js'),
    import('../../runtime/persisted.js'),
  ]);
  const log = (line: string) => io.stderr.write(`${line}\n`);
  const actors = new Set<{ stop(): unknown }>();
  const continuing = new Set<Promise<unknown>>();

  /** Continues the run in this server, as `recover decide` does: resolves once it has started (or ended), rejects a refused decision. */
  const continueHere = (runId: string, decision: Decision, choice: string) => new Promise<void>((accept, refuse) => {
    let started = false;
    // Read once (as `recover decide` reads it), then continued.
    const done = loadRun(store, runId).then((record) => readStoredRun(record, io)).then((stored) => continueRun(stored, { store: opened, memories, decision }, {
      output: { stdout: discard(), stderr: discard(), pty: ptyFor(io, false) },
      inspect: undefined,
      notice: (message) => log(`recover ui: note: ${message}`),
      started: (actor) => {
        actors.add(actor);
        started = true;
        log(`recover ui: run ${runId}: ${choice} by ${by}`);
        accept();
      },
    }, io)).then((outcome) => {
      log(`recover ui: run ${runId}: ${outcome.status}`);
      accept();
    }, (error: unknown) => {
      if (started) log(`recover ui: run ${runId}: ${(error as Error).message}`);
      else refuse(error);
    });
    continuing.add(done);
    void done.finally(() => continuing.delete(done));
  });

  const server = await startUiServer({
    store, machine: machines.recovery, reportOf: markdownOf, host, port, decider: by, log,
    decide: async (runId, request) => {
      const decision: Decision = { choice: parseChoice(request.choice), by, ...(request.guidance !== undefined ? { guidance: request.guidance } : {}) };
      const id = fleet ? await recordFleetDecision(fleet, runId, decision) : null;
      if (id === null) return continueHere(runId, decision, request.choice);
      log(`recover ui: run ${runId}: ${request.choice} by ${by} (decision ${id}: a worker continues it)`);
    },
  });
  if (host !== '127.0.0.1' && host !== '::1' && host !== 'localhost') {
    log(`recover ui: listening on ${host}: anyone who can reach it and has the URL's token can decide runs`);
  }
  io.stdout.write(`recover ui: ${server.url}\n`);
  const signal = await new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGINT', () => resolve('SIGINT'));
    process.once('SIGTERM', () => resolve('SIGTERM'));
  });
  // Runs continuing from a decision stop at their next checkpoint; 'recover resume' continues them.
  for (const actor of actors) actor.stop();
  await Promise.allSettled([...continuing]);
  await server.close();
  await fleet?.close();
  log(`recover ui: stopped (${signal})`);
  return 0;
});
