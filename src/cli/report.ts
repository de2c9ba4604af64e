/**
 * `recover report RUN_ID`: a run's report (Markdown), its record as JSON, or an HTML page. An
 * escalated run gets the escalation report (what to decide); any other run a report of how it
 * ended, because "Human intervention required" on a recovered run would be a lie.
 */
import { UsageError } from './errors.js';
import { openCliStore } from './common.js';
import { pipelineRunOf, type PipelineRunRef } from './pipeline-runs.js';
import type { Verb } from './main.js';
import { STORE_OPTION, parseOptions, type VerbSpec } from './options.js';

/** `recover report`'s options and help. */
const REPORT_SPEC = {
  name: 'report',
  synopsis: 'RUN_ID|PIPELINE_RUN[/STEP] [--format md|json|html] [--json] [--store DIR|URL]',
  description: `md (default): for an escalated run, its escalation report with the 'recover decide' commands;
for any other run, how it ended (e.g. "recovered after 2 attempts"), its original error and
recovery attempts. json: the run record. html: a standalone page with the statechart, the path
the run took, its timeline and that report. A pipeline run's report says how it ended and why,
with a row per step; RUN/STEP reports one step as a run.`,
  options: {
    format: { type: 'string', choices: ['md', 'json', 'html'], default: 'md', description: 'output format' },
    json: { type: 'boolean', description: 'the same as --format json' },
    ...STORE_OPTION,
  },
  examples: [
    'recover report 20261121-125406-3f9a1c2b > recovery.md',
    'recover report 20261121-125406-3f9a1c2b --format html > run.html',
  ],
} as const satisfies VerbSpec;

type RunRecord = Awaited<ReturnType<typeof import('../runtime/load-run.js')['loadRun']>>;

async function loadRun(store: string | undefined, runId: string, io: Parameters<Verb['run']>[1]): Promise<RunRecord> {
  const { loadRun: load } = await import('../runtime/load-run.js');
  return load(await openCliStore(io, store), runId);
}

/** A pipeline step as a run record, so its report is written as a run's. */
function stepRecord({ checkpoint, step }: PipelineRunRef): RunRecord {
  const { stepId, status, history, startedAt, endedAt } = step!;
  return {
    runId: `${checkpoint.runId}/${stepId}`, task: `step ${stepId} of pipeline ${checkpoint.pipeline.name}`,
    // A step whose recovery actor crashed needs someone to look at it, as an escalated run does.
    status: status === 'crashed' ? 'escalated' : status,
    createdAt: startedAt, updatedAt: endedAt, checkpoint: null, report: null, decisionOptions: null, meta: {}, history, fence: 0,
  };
}

/** `recover report PIPELINE_RUN`: the pipeline's report, its checkpoint as JSON, or a page with its chart and that report. */
async function reportPipeline(checkpoint: PipelineRunRef['checkpoint'], format: string, io: Parameters<Verb['run']>[1]): Promise<number> {
  if (format === 'json') {
    io.stdout.write(`${JSON.stringify(checkpoint, null, 2)}\n`);
    return 0;
  }
  const { pipelineReport } = await import('../runtime/pipeline/report.js');
  const markdown = pipelineReport(checkpoint);
  if (format === 'md') {
    io.stdout.write(markdown);
    return 0;
  }
  const [{ runPage }, { machines }] = await Promise.all([import('../diagram/run-page.js'), import('../../machines/index.js')]);
  io.stdout.write(await runPage({ machine: machines.pipeline, history: [], report: markdown, title: `Pipeline run ${checkpoint.runId} · ${checkpoint.pipeline.name}`, status: checkpoint.status }));
  return 0;
}

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
  spec: REPORT_SPEC,
  async run(args, io) {
    const { values, positionals } = parseOptions(args, REPORT_SPEC.options);
    if (positionals.length !== 1) throw new UsageError('expected exactly one RUN_ID');
    const format = values.json === true ? 'json' : values.format;
    const pipelineRun = await pipelineRunOf(io, values.store, positionals[0]!);
    if (pipelineRun !== null && pipelineRun.step === null) return reportPipeline(pipelineRun.checkpoint, format, io);
    const record = pipelineRun !== null ? stepRecord(pipelineRun) : await loadRun(values.store, positionals[0]!, io);
    if (format === 'json') {
      io.stdout.write(`${JSON.stringify(record, null, 2)}\n`);
      return 0;
    }
    const markdown = await markdownOf(record);
    if (format === 'md') {
      io.stdout.write(markdown.endsWith('\n') ? markdown : `${markdown}\n`);
      return 0;
    }
    const [{ runPage }, { machines }] = await Promise.all([import('../diagram/run-page.js'), import('../../machines/index.js')]);
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
