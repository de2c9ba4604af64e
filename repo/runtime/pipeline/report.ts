/**
 * What `recover report` and `recover history` show for a pipeline run: how it ended and why, a
 * row per step, then the session report of its steps (`sessionReport`); and every step's recovery
 * history, grouped by step. Redacted like every other report.
 */
import { historyRecords } from '../../report/history.js';
import { cell, code, table } from '../../report/markdown.js';
import { redactSecrets } from '../../redact/index.js';
import { sessionReport } from '../../report/session.js';
import type { HistoryEvent } from '../../taxonomy/index.js';
import type { PipelineCheckpoint } from './checkpoint.js';
import { pipelineSession } from './session.js';

/** A pipeline run's history: each step's events as `recover history` prints a run's. */
export interface PipelineHistory {
  runId: string;
  pipeline: string;
  status: PipelineCheckpoint['status'];
  steps: { stepId: string; runId: string; status: string; history: HistoryEvent[] }[];
}

/** The steps of `checkpoint` in the order they were recorded (the order they ran). */
function recordedSteps(checkpoint: PipelineCheckpoint) {
  return Object.values(checkpoint.steps);
}

/** Every step's history (normalised and redacted as `historyToJson` does), grouped by step. */
export function pipelineHistory(checkpoint: PipelineCheckpoint): PipelineHistory {
  return {
    runId: checkpoint.runId,
    pipeline: checkpoint.pipeline.name,
    status: checkpoint.status,
    steps: recordedSteps(checkpoint).map((step) => ({
      stepId: step.stepId,
      runId: `${checkpoint.runId}/${step.stepId}`,
      status: step.status,
      history: historyRecords(step.history),
    })),
  };
}

/** The Markdown report of a pipeline run: outcome, reason, one row per step, then the session report. */
export function pipelineReport(checkpoint: PipelineCheckpoint): string {
  const failed = checkpoint.failedStep === null ? '' : ` at step ${code(checkpoint.failedStep)}`;
  const rows = recordedSteps(checkpoint).map((step) => [
    code(step.stepId),
    step.reused ? `${step.status} (reused)` : step.status,
    String(step.attempts),
    step.reason ?? '—',
    step.message ?? '—',
  ]);
  const lines = [
    `# Pipeline ${cell(checkpoint.pipeline.name)}: ${checkpoint.status}${failed}`,
    '',
    `Run ${code(checkpoint.runId)} of ${code(checkpoint.pipeline.file)}, started ${checkpoint.startedAt}, last updated ${checkpoint.updatedAt}` +
      (checkpoint.resumes > 0 ? `, resumed ${checkpoint.resumes} time(s).` : '.'),
    ...(checkpoint.reason ? ['', `**Why:** ${cell(checkpoint.reason)}`] : []),
    '',
    ...table(['Step', 'Status', 'Attempts', 'Reason', 'Last message'], rows),
    '',
    sessionReport(pipelineSession(checkpoint)),
  ];
  return redactSecrets(`${lines.join('\n').replace(/\n+$/, '')}\n`);
}
