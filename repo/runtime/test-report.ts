/**
 * The test reports an attempt wrote (`recover run --tests FILE|GLOB`): found on disk, judged
 * fresh or stale against the attempt's start, read (src/classify/tests/reports), and merged. A
 * report that is missing, stale or malformed is said so, and the attempt's failing tests are
 * then read from its output as before: never a crash, never an old run's results.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { readTestReport, type ReadReportOptions, type ReportRun } from '../classify/tests/reports/index.js';

/** What reading an attempt's reports found: the merged run, and one sentence per report that could not be used. */
export interface ReportsRead {
  /** The runs of every report that could be read, merged; null when none could. */
  run: ReportRun | null;
  /** Why a report was left out, naming its file, e.g. `r.xml is older than the attempt (stale)`. */
  problems: string[];
}

/**
 * Reads the reports `patterns` name (paths relative to `cwd`; a `*` may stand in the file name,
 * as in `reports/junit-*.xml`) that the attempt which started at `startedAtMs` (epoch ms) wrote.
 * A file last written before the attempt started is stale: a previous run's, not this one's.
 * `options.cases` lists every case of each report too (see `ReadReportOptions`).
 */
export async function readAttemptReports(patterns: readonly string[], cwd: string, startedAtMs: number, options: ReadReportOptions = {}): Promise<ReportsRead> {
  const runs: ReportRun[] = [];
  const problems: string[] = [];
  for (const pattern of patterns) {
    const files = await filesOf(pattern, cwd);
    if (files.length === 0) problems.push(`${pattern}: no report matches (the runner wrote none)`);
    for (const file of files) {
      const shown = relative(cwd, file) || file;
      try {
        const info = await stat(file);
        // mtime has a coarser grain than the clock on some filesystems: a second of slack.
        if (info.mtimeMs < startedAtMs - 1_000) {
          problems.push(`${shown} is older than the attempt (stale): the runner did not write it this time`);
          continue;
        }
        runs.push(readTestReport(await readFile(file, 'utf8'), cwd, options));
      } catch (error) {
        const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
        problems.push(`${shown}: ${missing ? 'no such report (the runner wrote none)' : (error as Error).message}`);
      }
    }
  }
  return { run: runs.length === 0 ? null : merged(runs), problems };
}

/** The files `pattern` names: itself, or with a `*` in its file name, the matching files of its directory. */
async function filesOf(pattern: string, cwd: string): Promise<string[]> {
  const path = resolve(cwd, pattern);
  const name = basename(path);
  if (!name.includes('*')) return [path];
  const matcher = new RegExp(`^${name.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  const entries = await readdir(dirname(path)).catch(() => [] as string[]);
  return entries.filter((entry) => matcher.test(entry)).sort().map((entry) => join(dirname(path), entry));
}

/** Several reports (one per project or shard) as one run. */
function merged(runs: readonly ReportRun[]): ReportRun {
  if (runs.length === 1) return runs[0]!;
  const flaky = runs.flatMap((run) => run.flaky ?? []);
  const cases = runs.every((run) => run.cases) ? runs.flatMap((run) => run.cases!) : undefined;
  return {
    runner: [...new Set(runs.map((run) => run.runner))].join('+'),
    passed: runs.reduce((sum, run) => sum + run.passed, 0),
    failed: runs.reduce((sum, run) => sum + run.failed, 0),
    skipped: runs.reduce((sum, run) => sum + (run.skipped ?? 0), 0),
    failures: runs.flatMap((run) => run.failures),
    ...(flaky.length > 0 ? { flaky } : {}),
    ...(cases ? { cases } : {}),
  };
}
