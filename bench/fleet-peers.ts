/**
 * The contenders of bench:fleet's throughput table, behind one shape: graphile-worker, pg-boss and
 * this project's fleet worker, each started with its own API on the same database, each running
 * the same job (a function that fails once, then passes) at the same concurrency and polling
 * interval, each left at its defaults otherwise (graphile-worker's retry waits exp(1) s ≈ 2.7 s by
 * design: its SQL fixes it; pg-boss and the project retry at once). Each records a job done when
 * its passing execution has returned (the project: when its run committed final, later).
 */
import { Logger as GraphileLogger, makeWorkerUtils, run, type Runner, type WorkerUtils } from 'graphile-worker';
import PgBoss from 'pg-boss';
import { createWorker, submit } from '../src/runtime/fleet/index.js';
import { postgresStore } from '../src/store/postgres/store.js';

/** One library, started and waiting for work. */
export interface Contender {
  /** Queues job `id`: one call of the library's own enqueue API. */
  enqueue(id: string): Promise<void>;
  /** How many of this round's jobs the database records as completed. */
  completed(): Promise<number>;
  stop(): Promise<void>;
}

/** What every contender is started with. */
export interface Round {
  url: string;
  concurrency: number;
  /** The polling backstop every contender gets, in ms. */
  pollMs: number;
  /** A name of this round's own (queue, task, id prefix). */
  tag: string;
  /** Called once per job, when its passing execution has returned (the project: its run committed final). */
  onDone(id: string): void;
  /** Runs a counting query on the bench's own connection and returns its `n`. */
  count(sql: string, values: unknown[]): Promise<number>;
}

/** A starter per contender, in the order the table prints them. */
export const CONTENDERS: Record<string, (round: Round) => Promise<Contender>> = {
  'graphile-worker': startGraphile,
  'pg-boss': startPgBoss,
  'recovery-protocol': startProject,
};

/** The job every contender runs: throws on its first execution, passes on its second. */
function failsOnce(onDone: (id: string) => void): (id: string) => void {
  const seen = new Set<string>();
  return (id) => {
    if (!seen.has(id)) {
      seen.add(id);
      throw new Error('Error: connect ECONNRESET 10.0.0.1:443'); // transient, for the project's classifier
    }
    onDone(id);
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection pool large enough for the round's concurrency (each library gets the same). */
const poolSize = (round: Round) => round.concurrency + 4;

async function startGraphile(round: Round): Promise<Contender> {
  const job = failsOnce(round.onDone);
  const runner: Runner = await run({
    connectionString: round.url, concurrency: round.concurrency, maxPoolSize: poolSize(round), pollInterval: round.pollMs,
    noHandleSignals: true, taskList: { [round.tag]: async (payload) => job((payload as { id: string }).id) },
    logger: quietGraphileLogger(),
  });
  const utils: WorkerUtils = await makeWorkerUtils({ connectionString: round.url, logger: quietGraphileLogger() });
  let added = 0;
  return {
    enqueue: async (id) => {
      await utils.addJob(round.tag, { id }, { maxAttempts: 2 });
      added++;
    },
    // A completed job is deleted; a failed one stays (with its error) until its retry passes.
    completed: async () => added - await round.count(
      'SELECT count(*) AS n FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = $1', [round.tag]),
    stop: async () => {
      await runner.stop();
      await utils.release();
    },
  };
}

async function startPgBoss(round: Round): Promise<Contender> {
  const job = failsOnce(round.onDone);
  const boss = new PgBoss({ connectionString: round.url, max: poolSize(round), schedule: false, supervise: false });
  boss.on('error', () => undefined);
  await boss.start();
  await boss.createQueue(round.tag);
  // pg-boss's own work() waits its polling interval (at least 0.5 s) after every fetch, however
  // full the queue: 2 jobs/s per loop with a batch of one. Here each of `concurrency` loops fetches
  // the next job as soon as one is done (fetch/complete/fail, its API for custom workers), as
  // graphile-worker does, and waits the polling interval only when the queue is empty.
  let stopping = false;
  const loops = Array.from({ length: round.concurrency }, async () => {
    while (!stopping) {
      const [j] = await boss.fetch<{ id: string }>(round.tag).catch(() => []);
      if (j === undefined) {
        await sleep(round.pollMs);
        continue;
      }
      try {
        job(j.data.id);
      } catch (error) {
        await boss.fail(round.tag, j.id, { message: String(error) });
        continue;
      }
      await boss.complete(round.tag, j.id);
    }
  });
  return {
    enqueue: async (id) => void await boss.send(round.tag, { id }, { retryLimit: 1, retryDelay: 0 }),
    completed: () => round.count("SELECT count(*) AS n FROM pgboss.job WHERE name = $1 AND state = 'completed'", [round.tag]),
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
      await boss.stop({ graceful: false, wait: true, timeout: 5_000 });
    },
  };
}

async function startProject(round: Round): Promise<Contender> {
  const store = postgresStore(round.url, { poolSize: poolSize(round) });
  // A fresh queue per row, as the others have (graphile-worker deletes finished jobs; pg-boss 10 keeps each queue in a partition of its own).
  await store.ready();
  await store.pool.query('TRUNCATE recovery_runs, recovery_run_events, recovery_decisions, recovery_workers');
  const job = failsOnce(() => undefined);
  const policy = { categories: { transient: { delaysMs: [0] } } };
  const worker = createWorker({
    store, concurrency: round.concurrency, pollMs: round.pollMs, tasks: { [round.tag]: (ctx) => job(ctx.runId) },
    onEvent: (e) => { if (e.type === 'finished') round.onDone(e.runId); },
  });
  return {
    enqueue: async (id) => void await submit(store, round.tag, null, { runId: id, policy }),
    completed: () => round.count('SELECT count(*) AS n FROM recovery_runs WHERE task_name = $1 AND final', [round.tag]),
    stop: async () => {
      await worker.stop();
      await store.close();
    },
  };
}

/** graphile-worker logs every job at info; only its errors are worth a line here (a failed first attempt is expected). */
function quietGraphileLogger() {
  return new GraphileLogger(() => (level: string, message: string) => {
    if (level === 'error' && !message.includes('ECONNRESET')) console.error(`graphile-worker: ${message}`);
  });
}
