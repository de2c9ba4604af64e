/**
 * Where a finished run's report goes besides the terminal: `--report FILE`, the GitHub Actions
 * step summary and a workflow annotation, so CI users see how a run ended without opening its
 * log; with `--notify github`, a comment on the pull request. Shared by every verb that drives
 * a run to its end (run, resume, decide).
 */
import { appendFile, writeFile } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import type { Outcome } from '../runtime/outcome.js';
import { runMetaOf } from '../runtime/run-meta.js';
import type { Store } from '../store/index.js';
import type { CliIO } from './verb.js';

/**
 * Writes the stored escalation report to `--report FILE` and `$GITHUB_STEP_SUMMARY`, and for a
 * run that recovered or was flaky its run report to `$GITHUB_STEP_SUMMARY` (what CI users most
 * want to see); in GitHub Actions, annotates the run's end. Resolves to the choices the
 * escalated run offers (undefined for a run that did not escalate).
 */
export async function publishReport(store: Store, outcome: Outcome, file: string | undefined, io: CliIO): Promise<readonly string[] | undefined> {
  const { annotationOf, inGitHubActions } = await import('./github.js');
  const annotation = inGitHubActions(io.env) ? annotationOf(outcome) : null;
  // On stderr: the runner reads workflow commands from both streams, and stdout may carry --json.
  if (annotation) {
    io.stderr.write(annotation);
    io.stderr.write(await testAnnotationsOf(store, outcome.runId));
  }
  if (outcome.status === 'recovered' || outcome.status === 'flaky') {
    const summary = io.env.GITHUB_STEP_SUMMARY;
    const record = summary ? await store.load(outcome.runId) : null;
    if (summary && record) {
      const { markdownOf } = await import('./run-markdown.js');
      const markdown = await markdownOf(record);
      await appendFile(summary, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
    }
    return undefined;
  }
  if (outcome.status !== 'escalated') return undefined;
  const record = await store.load(outcome.runId);
  const choices = record?.decisionOptions ?? undefined;
  const report = record?.report;
  if (!report) return choices;
  if (file) await writeFile(resolvePath(io.cwd, file), report.endsWith('\n') ? report : `${report}\n`);
  const summary = io.env.GITHUB_STEP_SUMMARY;
  if (summary) await appendFile(summary, `${report}\n`);
  const notify = runMetaOf(record.runId, record.meta).options?.notify;
  if (notify) await notifyGithub(report, record.task, notify.number, io);
  return choices;
}

/** The annotations of the tests a run read by name (none for a run without `--tests`). */
async function testAnnotationsOf(store: Store, runId: string): Promise<string> {
  const record = await store.load(runId);
  const [{ ledgerDataOf }, { testRows }, { testAnnotations }] = await Promise.all([
    import('../store/test-ledger-data.js'), import('../runtime/test-ledger.js'), import('./github.js'),
  ]);
  const ledger = record ? ledgerDataOf(record.meta) : null;
  return ledger ? testAnnotations(testRows(ledger)) : '';
}

/**
 * `--notify github`: the escalation report as a comment on the pull request (or the issue the
 * run names). A comment that cannot be posted is said on stderr; the run's exit code stays the
 * run's (the report is in the store, and `recover report` prints it).
 */
async function notifyGithub(report: string, task: string, number: number | null, io: CliIO): Promise<void> {
  const { postEscalationComment } = await import('../notify/github-comment.js');
  try {
    const posted = await postEscalationComment({ report, task, ...(number !== null ? { number } : {}) }, io.env);
    io.stderr.write(`recover: escalation ${posted.updated ? 'updated in' : 'posted as'} ${posted.url || 'a GitHub comment'}\n`);
  } catch (error) {
    io.stderr.write(`recover: note: --notify github: ${(error as Error).message}\n`);
  }
}
