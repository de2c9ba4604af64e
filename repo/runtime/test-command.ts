/**
 * What `--tests` makes of a run's command line, in whichever process runs it: the argv (with the
 * runner's reporter under `--tests auto`), the report files read after each execution, and the
 * environment the reporter reads. A fleet worker that takes a `recover run` over reads the same
 * reports as the process that started it (see fleet/command-task.ts); `recover run`, `resume`,
 * `decide` and `ui` read it in `readCommandRun` (src/cli/command-run.ts), a refusal there a usage error.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestLedgerData } from '../store/test-ledger-data.js';
import type { CommandOptions } from './command.js';
import { autoTestReports } from './test-runners.js';

/** A command as it runs under `--tests`. */
export interface TestCommand {
  /** The command, with the runner's reporter added under `--tests auto`. */
  argv: string[];
  /** Report files relative to the run's cwd (or absolute); none: the output is read. */
  files: string[];
  /** Environment the reporter reads (Playwright's report path). */
  env: Record<string, string>;
}

/**
 * `command` under `tests` (`--tests FILE…` or `['auto']`) for run `runId` in `cwd`: under `auto`,
 * the report goes to a directory of the run's own under the temp directory (created: some
 * reporters do not create it), and `npm test` and the like are read from `cwd`'s package.json.
 * `{ refused }` says why `auto` cannot tell the runner, and what to do instead.
 */
export function testCommandOf(runId: string, command: readonly string[], tests: readonly string[], cwd: string): TestCommand | { refused: string } {
  if (tests[0] !== 'auto') return { argv: [...command], files: [...tests], env: {} };
  const dir = join(tmpdir(), 'recover-tests', runId);
  const auto = autoTestReports(command, dir, packageScripts(cwd));
  if ('refused' in auto) return auto;
  mkdirSync(dir, { recursive: true });
  return { argv: auto.argv, files: auto.reports, env: auto.env };
}

/** The package.json scripts of `cwd` (for `npm test` under `--tests auto`); none when it has no readable one. */
export function packageScripts(cwd: string): Record<string, string> {
  try {
    const scripts = (JSON.parse(readFileSync(join(cwd, 'package.json'), 'utf8')) as { scripts?: unknown }).scripts;
    return typeof scripts === 'object' && scripts !== null ? Object.fromEntries(Object.entries(scripts).filter((entry): entry is [string, string] => typeof entry[1] === 'string')) : {};
  } catch {
    return {};
  }
}

/**
 * The test options of `commandTask` for `made` run in `cwd`, continuing `ledger` (the run's stored
 * test ledger, null for a new one) with `rerun` (default `failed`): what `recover run`, `resume`,
 * `decide`, `ui` and a fleet worker taking a run over give alike. Null when no report is read.
 */
export function testTaskOptions(made: TestCommand, cwd: string, ledger: TestLedgerData | null, rerun: CommandOptions['rerun']): Pick<CommandOptions, 'testReports' | 'scripts' | 'testLedger' | 'rerun'> | null {
  if (made.files.length === 0) return null;
  return { testReports: made.files, testLedger: ledger, scripts: packageScripts(cwd), ...(rerun ? { rerun } : {}) };
}
