/**
 * What the run's detail view (the page's `#run-view`, opened from a row of the list) shows of one
 * run: the statechart with the path taken and the current state (the run page's parts, see
 * diagram/run-page.ts), the timeline, the latest failure's evidence and output tails, the report,
 * who decided, and the choices it offers. Text from the run is redacted here; the HTML parts are
 * escaped by the diagram module, everything else is sent as JSON and set as text by the page.
 */
import type { AnyStateMachine } from 'xstate';
import { markdownToHtml } from '../diagram/markdown.js';
import { runPageParts, svgElement } from '../diagram/run-page.js';
import { timelineTable } from '../diagram/timeline.js';
import { DECISION_DESCRIPTIONS, offeredOptions } from '../report/options.js';
import { redactSecrets } from '../redact/index.js';
import type { HistoryEvent } from '../taxonomy/history.js';
import type { RunRecord } from '../store/types.js';
import { runRow, type RunRow } from './run-row.js';

/** The detail view's data: the run's row and the rest of what the page shows of it. JSON only; the `*Html` fields are escaped HTML. */
export interface RunDetailView extends RunRow {
  /** The chart as an `<svg>` element, visited states and edges with class `visited`, the current state `current`. */
  chartHtml: string;
  /** Names of the states visited, in order. */
  path: string[];
  /** The history as the run page's timeline table. */
  timelineHtml: string;
  /** `Escalation report` while the run waits for a decision, else `Run report`. */
  reportTitle: string;
  reportHtml: string;
  /** The latest failure: its classification, evidence (with the matched text) and output tails. */
  failure: FailureView | null;
  /** The choices the run offers now (`recover decide --choice` spellings, with what each does); empty unless escalated. */
  decisionOptions: { choice: string; description: string }[];
  /** Who decided what, oldest first (from the run's meta). */
  decisions: { by: string; choice: string; at: number }[];
}

/** The latest failure of a run as the detail view shows it. */
export interface FailureView {
  type: string | null;
  category: string | null;
  confidence: number | null;
  evidence: { rule: string; source: string; match: string }[];
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | null => (typeof v === 'object' && v !== null && !Array.isArray(v) ? v as Obj : null);
const str = (v: unknown): string => (typeof v === 'string' ? redactSecrets(v) : '');

/** The stored snapshot's context and state value, when the checkpoint holds them. */
function snapshotOf(record: RunRecord): { context: Obj | null; value: unknown } {
  const snapshot = obj(obj(record.checkpoint)?.snapshot);
  return { context: obj(snapshot?.context), value: snapshot?.value };
}

/** The id of the leaf state a snapshot value names (`{ recovery: 'diagnose' }` → `recovery.recovery.diagnose`). */
export function stateIdOf(machineId: string, value: unknown): string | null {
  const path: string[] = [];
  let at = value;
  while (at !== undefined) {
    if (typeof at === 'string') {
      path.push(at);
      break;
    }
    const node = obj(at);
    const key = node ? Object.keys(node)[0] : undefined;
    if (!node || key === undefined) break;
    path.push(key);
    at = node[key];
  }
  return path.length > 0 ? [machineId, ...path].join('.') : null;
}

/** The failure the checkpoint holds (the latest one), redacted. */
function failureOf(context: Obj | null): FailureView | null {
  const failure = obj(context?.failure);
  if (!failure) return null;
  const classification = obj(failure.classification);
  const observation = obj(failure.observation) ?? {};
  const evidence = Array.isArray(classification?.evidence) ? classification!.evidence as unknown[] : [];
  return {
    type: typeof classification?.type === 'string' ? classification.type : null,
    category: typeof classification?.category === 'string' ? classification.category : null,
    confidence: typeof classification?.confidence === 'number' ? classification.confidence : null,
    evidence: evidence.map(obj).filter((e): e is Obj => e !== null).map((e) => ({ rule: str(e.rule), source: str(e.source), match: str(e.match) })),
    exitCode: typeof observation.exitCode === 'number' ? observation.exitCode : null,
    stdout: str(observation.stdout),
    stderr: str(observation.stderr),
  };
}

/** A history event with its free-text fields redacted. */
function redactEvent(event: HistoryEvent): HistoryEvent {
  return {
    ...event,
    message: event.message === null ? null : redactSecrets(event.message),
    fix: event.fix === null ? null : redactSecrets(event.fix),
    hypotheses: event.hypotheses.map((h) => ({ ...h, text: redactSecrets(h.text) })),
  };
}

/**
 * The detail view of `record` on `machine` (the recovery machine). `report` is the Markdown report
 * (the stored escalation report, or how the run ended: the caller builds it as `recover report`).
 */
export async function runDetailView(record: RunRecord, machine: AnyStateMachine, report: string): Promise<RunDetailView> {
  const { context, value } = snapshotOf(record);
  const history = record.history.map(redactEvent);
  // A running run rests nowhere yet: its current state is the checkpoint's; a resting one's is its status.
  const finalState = record.status === 'running' ? stateIdOf(machine.id, value) ?? undefined : record.status;
  const parts = await runPageParts({ machine, history, title: record.runId, ...(finalState ? { status: finalState } : {}) });
  const escalated = record.status === 'escalated';
  const meta = record.meta;
  const decisions = Array.isArray(meta.decisions) ? (meta.decisions as unknown[]).map(obj).filter((d): d is Obj => d !== null) : [];
  return {
    ...runRow(record),
    chartHtml: svgElement(parts.svg),
    path: parts.visitedNames,
    timelineHtml: timelineTable(history),
    reportTitle: escalated ? 'Escalation report' : 'Run report',
    reportHtml: markdownToHtml(redactSecrets(report)),
    failure: failureOf(context),
    decisionOptions: escalated ? offeredOptions(record.decisionOptions ?? undefined).map((choice) => ({ choice, description: DECISION_DESCRIPTIONS[choice] })) : [],
    decisions: decisions.map((d) => ({ by: str(d.by), choice: str(d.choice), at: typeof d.at === 'number' ? d.at : 0 })),
  };
}
