/** `recover report RUN_ID`: a run's escalation report (Markdown), its record as JSON, or an HTML page. */
import { parse, UsageError } from './args.js';
import { openCliStore, withStoreExitCode } from './common.js';
import type { Verb } from './main.js';

const USAGE = `Usage: recover report RUN_ID [--format md|json|html] [--store DIR]

md (default): the stored escalation report, or one built from the run's record when none was
stored (e.g. the run recovered). json: the run record. html: a standalone page with the
statechart, the path the run took, its timeline and report.

Options:
  --format md|json|html
  --store DIR            run store (default: $RECOVERY_STORE or ./.recovery)

Examples:
  recover report 20261121-125406-3f9a1c2b > recovery.md
  recover report 20261121-125406-3f9a1c2b --format html > run.html
`;

/** `recover report`. */
export const reportVerb: Verb = {
  summary: "print a run's report (md, json or html)",
  usage: USAGE,
  async run(args, io) {
    const { values, positionals } = parse(args, { format: { type: 'string' }, store: { type: 'string' } });
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const format = (values.format as string | undefined) ?? 'md';
    if (!['md', 'json', 'html'].includes(format)) throw new UsageError(`--format must be md, json or html (got '${format}')`);
    const store = await openCliStore(io, values.store as string | undefined);
    const { loadRun } = await import('../runtime/persisted.js');
    const record = await loadRun(store, positionals[0]!).catch((error: unknown) => { throw withStoreExitCode(error); });
    if (format === 'json') {
      io.stdout.write(`${JSON.stringify(record, null, 2)}\n`);
      return 0;
    }
    let markdown = record.report;
    if (!markdown) {
      // No stored report (the run did not escalate): build one from the last failure in history.
      const { escalationReport } = await import('../report/index.js');
      const last = [...record.history].reverse().find((event) => event.type !== null);
      markdown = escalationReport({
        runId: record.runId,
        task: record.task,
        status: record.status,
        classification: null,
        history: record.history,
        attempts: Math.max(0, ...record.history.map((event) => event.attempt)),
        iterations: Math.max(0, ...record.history.map((event) => event.iteration)),
        level: last?.level ?? record.history.at(-1)?.level ?? ('retry' as never),
        reason: last?.reason ?? null,
        budget: 0,
      });
    }
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
