/**
 * GitHub Actions: a run's end as a workflow annotation, so it shows on the workflow summary and
 * the pull request, not only in the log. `::error::` for a run that needs a human (escalated,
 * aborted, manual, skipped), `::warning::` for one that passed only after a failure (recovered,
 * flaky, handed off): what CI users most want to see. And each attempt's output folded into a
 * `::group::` of the log, so a long log opens on what the recovery did.
 */
import type { TestRow } from '../report/types.js';
import type { Outcome } from '../runtime/outcome.js';
import type { ProgressView } from './progress/view.js';

/** True inside a GitHub Actions job (`GITHUB_ACTIONS=true`). */
export function inGitHubActions(env: Record<string, string | undefined>): boolean {
  return env.GITHUB_ACTIONS === 'true';
}

/** A workflow command's message, escaped as the runner reads it (`%`, CR, LF). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** A workflow command's property value (also `:` and `,`). */
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** A `::warning::` workflow command line (with its newline), its title and message escaped. */
export function warningAnnotation(title: string, message: string): string {
  return `::warning title=${escapeProperty(title)}::${escapeData(message)}\n`;
}

const LEVEL: Partial<Record<Outcome['status'], 'error' | 'warning'>> = {
  escalated: 'error', aborted: 'error', manual: 'error', skipped: 'error',
  recovered: 'warning', flaky: 'warning', handedOff: 'warning',
};

/** The annotation line for `outcome` (with its newline), or null for a clean success. */
export function annotationOf(outcome: Pick<Outcome, 'runId' | 'status' | 'attempts' | 'reason' | 'classification'>): string | null {
  const level = LEVEL[outcome.status];
  if (level === undefined) return null;
  const type = outcome.classification ? ` (${outcome.classification.type})` : '';
  const reason = outcome.reason ? `, reason ${outcome.reason}` : '';
  const next = outcome.status === 'escalated' ? `; decide with 'recover decide ${outcome.runId} --choice …' (see the step summary)` : '';
  const title = `recover: ${outcome.status}${type}`;
  return `::${level} title=${escapeProperty(title)}::${escapeData(`run ${outcome.runId} ${outcome.status}${type} after ${outcome.attempts} attempt(s)${reason}${next}`)}\n`;
}

/** Most annotations written per kind: GitHub shows at most 10 errors and 10 warnings of a step. */
export const MAX_TEST_ANNOTATIONS = 10;

/**
 * One annotation per test a run read by name (`--tests`), placed at the test's `file:line` so it
 * shows on the pull request's diff: `::error` for a test still failing, `::warning` for a flaky one
 * (it failed, then passed unchanged); a test a fix made pass is not annotated. At most
 * {@link MAX_TEST_ANNOTATIONS} of each kind, in the ledger's order (the first to fail first).
 */
export function testAnnotations(rows: readonly TestRow[]): string {
  const failing = rows.filter((row) => !row.passesNow && !row.flaky).slice(0, MAX_TEST_ANNOTATIONS);
  const flaky = rows.filter((row) => row.flaky).slice(0, MAX_TEST_ANNOTATIONS);
  const line = (level: 'error' | 'warning', title: string, row: TestRow) => {
    const place = /^(.+?):(\d+)(?::(\d+))?$/.exec(row.location ?? '');
    const properties = [
      ...(place ? [`file=${escapeProperty(place[1]!)}`, `line=${place[2]}`, ...(place[3] ? [`col=${place[3]}`] : [])] : []),
      `title=${escapeProperty(title)}`,
    ];
    const attempts = `failed in ${row.failedAttempts} of ${row.ranAttempts} attempts that ran it`;
    return `::${level} ${properties.join(',')}::${escapeData(`${row.name}${row.message ? `: ${row.message}` : ''} (${attempts})`)}\n`;
  };
  return [...failing.map((row) => line('error', 'recover: test failing', row)), ...flaky.map((row) => line('warning', 'recover: flaky test', row))].join('');
}

/** Opens and closes one log group per execution of the command (see {@link attemptGroups}). */
export interface AttemptGroups {
  /** Opens a group when `view` shows an execution that has none yet (a retry, a flake probe). */
  follow(view: ProgressView): void;
  /** Closes the open group, if any; idempotent. */
  close(): void;
}

/**
 * `::group::recover: attempt N/M` … `::endgroup::` around each execution, written by `write`
 * (groups do not nest, so one is closed before the next opens).
 */
export function attemptGroups(write: (line: string) => void): AttemptGroups {
  let open: string | null = null;
  const close = () => {
    if (open === null) return;
    open = null;
    write('::endgroup::\n');
  };
  return {
    follow(view) {
      if (view.activity !== 'running' && view.activity !== 'probing') return;
      const key = `${view.attempt}:${view.activity}`;
      if (open === key) return;
      close();
      open = key;
      const what = view.activity === 'probing' ? ' (flake probe)' : view.phase === 'RETRY' ? ' (retry)' : '';
      write(`::group::${escapeData(`recover: attempt ${view.attempt}/${view.maxAttempts}${what}`)}\n`);
    },
    close,
  };
}
