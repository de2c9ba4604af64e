/** `recover list`: the runs in the store, newest first; damaged run files are shown, never hidden. */
import { join } from 'node:path';
import { defineVerb } from '../define-verb.js';
import { UsageError } from '../errors.js';
import { JSON_OPTION } from '../output-options.js';
import { STORE_OPTION, cliStoreDir, isFleetStore, openCliStore } from '../store-option.js';
import type { VerbSpec } from '../verb.js';
import { listedStatus } from '../run-state.js';
import { isHookRun } from '../../hooks/claude/hook-run.js';
import { pipelineListRows } from '../pipeline-runs.js';
import { compareSummaries } from '../../store/summary.js';
import { RUN_STATUSES } from '../../taxonomy/run-status.js';
import { PIPELINE_STATUSES } from '../../../machines/pipeline/types.js';

/** What `--status` can filter on: every run and pipeline status, plus `interrupted` and `damaged`. */
const LISTED_STATUSES = [...new Set([...RUN_STATUSES, ...PIPELINE_STATUSES, 'interrupted', 'damaged'] as const)];

/** `recover list`'s options and help. */
const LIST_SPEC = {
  name: 'list',
  synopsis: '[--status STATUS] [--limit N] [--store DIR|URL] [--json]',
  description: `Lists the runs in the store, newest first: run id, status, task, last update. A run whose
process is gone is listed as interrupted ('recover resume' continues it), except a Claude Code
hook run, which runs between the agent's tool calls: running, waiting for the agent ('waitingFor'
in --json); a run file that cannot be read is listed as damaged with its path ('recover repair'
moves it aside). Pipeline runs ('recover pipeline run') are listed too, with their task
'pipeline NAME (FILE)'; --json marks each row's kind: run or pipeline.`,
  options: {
    status: { type: 'string', value: 'STATUS', choices: LISTED_STATUSES, description: `only runs with this status: ${LISTED_STATUSES.join(', ')}` },
    limit: { type: 'string', value: 'N', description: 'at most N runs (the newest)' },
    ...STORE_OPTION,
    ...JSON_OPTION,
  },
  examples: [
    'recover list',
    'recover list --status escalated --limit 5',
    "recover list --json | jq -r '.[] | select(.status == \"escalated\") | .runId'",
  ],
} as const satisfies VerbSpec;

/** `recover list`. */
export const listVerb = defineVerb(LIST_SPEC, async ({ values }, io) => {
  const limit = values.limit === undefined ? Infinity : Number(values.limit);
  if (!Number.isInteger(limit) && limit !== Infinity) throw new UsageError(`--limit must be a whole number (got '${values.limit}')`);
  if (limit < 1) throw new UsageError(`--limit must be at least 1 (got '${values.limit}')`);
  // Interrupted is told by the lowdb store's lock files; a fleet store's leases say it themselves.
  const dir = isFleetStore(io, values.store) ? null : await cliStoreDir(io, values.store);
  // A directory store is listed from its index alone, without loading the store (locks, lowdb,
  // the validators: what a write needs). Without a status filter only the newest `limit` runs are
  // wanted from it: pipeline runs join them below, and the newest N of both are among those.
  const summaries = dir === null
    ? await (await openCliStore(io, values.store)).list()
    : await (await import('../../store/run-index.js')).runIndexOf(dir).list({
      limit: values.status === undefined ? limit : Infinity,
      onIndexProblem: (message) => io.stderr.write(`recover: ${message}\n`),
    });
  const listed = summaries.map((run) => ({ ...run, kind: 'run' as const, status: dir === null ? run.status : listedStatus(dir, run) }));
  // A Claude Code hook run holds no lock between the agent's tool calls: it is not interrupted
  // but waiting for the agent ('recover resume' has nothing to re-run). Only the few runs that
  // look interrupted are read to tell, and only their heads, where `meta` is: a whole load
  // would parse each run's event log for nothing (300 interrupted runs: ~70 ms of a listing).
  // Interrupted is only ever said of a directory store (above), so `dir` is set here.
  const readHeadFile = listed.some((run) => run.status === 'interrupted') ? (await import('../../store/run-file.js')).readHeadFile : null;
  const metaOf = (runId: string): Record<string, unknown> => {
    const state = readHeadFile!(join(dir!, 'runs', `${runId}.json`), runId);
    return state.kind === 'ok' ? state.head.meta : {};
  };
  const stored = readHeadFile === null ? listed : listed.map((run) => (run.status === 'interrupted' && isHookRun(metaOf(run.runId))
    ? { ...run, status: 'running' as const, waitingFor: 'agent' as const }
    : run));
  const all = [...stored, ...(await pipelineListRows(io, values.store))].sort(compareSummaries);
  const runs = (values.status === undefined ? all : all.filter((run) => run.status === values.status)).slice(0, limit);
  if (values.json === true) {
    io.stdout.write(`${JSON.stringify(runs)}\n`);
    return 0;
  }
  if (runs.length === 0) {
    io.stderr.write(`recover: no runs${values.status ? ` with status ${values.status}` : ''} in the store (${dir ?? 'PostgreSQL'})\n`);
    return 0;
  }
  // One write, not one per run: 10,000 writes to a pipe cost more than building the text.
  io.stdout.write(runs.map((run) => {
    const updated = new Date(run.updatedAt).toISOString();
    const task = run.damaged ? `${run.damaged.path}: ${run.damaged.error}` : `${run.task ?? ''}${'waitingFor' in run ? '  (Claude Code hook: waits for the agent)' : ''}`;
    return `${run.runId}  ${(run.status ?? '?').padEnd(11)}  ${updated}  ${task}\n`;
  }).join(''));
  return 0;
});
