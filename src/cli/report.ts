/**
 * `recover report RUN_ID`: a run's report (Markdown), its record as JSON, or an HTML page. An
 * escalated run gets the escalation report (what to decide); any other run a report of how it
 * ended, because "Human intervention required" on a recovered run would be a lie.
 */
import { oneOf, parse, UsageError } from './args.js';
import { openCliStore, withStoreExitCode } from './common.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover report RUN_ID [--format md|json|html] [--store DIR]

md (default): for an escalated run, its escalation report with the 'recover decide' commands;
for any other run, how it ended (e.g. "recovered after 2 attempts"), its original error and
recovery attempts. json: the run record. html: a standalone page with the statechart, the path
the run took, its timeline and that report.

Options:
  --format md|json|html
  --store DIR            run store (default: $RECOVERY_STORE or ./.recovery)

Examples:
  recover report 20261121-125406-3f9a1c2b > recovery.md
  recover report 20261121-125406-3f9a1c2b --format html > run.html
`;

type RunRecord = Awaited<ReturnType<typeof import('../runtime/load-run.js')['loadRun']>>;

/**
 * The Markdown report of `record`. The stored report is used only while the run is escalated: it
 * was written at escalation, so once a decision has ended the run it would describe the past.
 */
export async function markdownOf(record: RunRecord): Promise<string> {
  if (record.status === 'escalated' && record.report) return record.report;
  const { runReport } = await import('../report/escalation-outcome.js');
  const history = record.history;
  // The final output has the exact figures; a resting run (escalated, interrupted) only its history.
  const output = (record.checkpoint as { snapshot?: { output?: { attempts?: number; iterations?: number } } } | undefined)?.snapshot?.output;
  const last = [...history].reverse().find((event) => event.type !== null);
  return runReport({
    runId: record.runId,
    task: record.task,
    status: record.status,
    classification: null,
    history,
    attempts: output?.attempts ?? Math.max(record.status === 'running' ? 0 : 1, ...history.map((event) => event.attempt)),
    iterations: output?.iterations ?? Math.max(0, ...history.map((event) => event.iteration)),
    level: last?.level ?? history.at(-1)?.level ?? 'same',
    reason: [...history].reverse().find((event) => event.phase === 'ESCALATE')?.reason ?? last?.reason ?? null,
    budget: 0,
  });
}

/** `recover report`. */
export const reportVerb: Verb = {
  summary: "print a run's report (md, json or html)",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, { format: { type: 'string' }, store: { type: 'string' } });
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const format = oneOf(values.format, ['md', 'json', 'html'] as const, '--format') ?? 'md';
    const store = await openCliStore(io, values.store as string | undefined);
    const { loadRun } = await import('../runtime/load-run.js');
    const record = await loadRun(store, positionals[0]!).catch((error: unknown) => { throw withStoreExitCode(error); });
    if (format === 'json') {
      io.stdout.write(`${JSON.stringify(record, null, 2)}\n`);
      return 0;
    }
    const markdown = await markdownOf(record);
    if (format === 'md') {
      io.stdout.write(markdown.endsWith('\n') ? markdown : `${markdown}\n`);
      return 0;
    }
    const [{ runPage }, { machines }] = await Promise.all([import('../diagram/index.js'), import('../../machines/index.js')]);
    io.stdout.write(await runPage({
      machine: machines.recovery,
      history: record.history,
      report: markdown,
      title: `Run ${record.runId} · ${record.task}`,
      status: record.status,
    }));
    return 0;
  },
};
