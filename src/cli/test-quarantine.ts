/**
 * The end of a run for its tests (`run`, `resume`, `decide`): its failures judged against the
 * quarantine (the config's `quarantine` list and, with `--quarantine-flaky N`, the tests the
 * flaky memory saw flip N times or more for this command, as the memory stood when this process
 * started). Counting the run in the memory is `countRunTests`'s, called first. A run that escalated when every failure of its last
 * failing attempt was a quarantined test exits 0, and says so loudly: on stderr, in `--report`,
 * in the GitHub step summary and as a workflow warning. The run itself stays as it ended in the
 * store (escalated, with its report): quarantine changes the verdict, not the record; the JSON
 * outcome (`--json`) says it with `quarantined`.
 */
import { appendFile } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import { commandIdentity } from '../memory/flaky/run-tests.js';
import type { FlakyMemory } from '../memory/flaky/types.js';
import { quarantineOf, quarantineVerdict, type FlippedTest, type Quarantine, type QuarantineSources } from '../policy/quarantine.js';
import type { Outcome } from '../runtime/outcome.js';
import type { Store } from '../store/index.js';
import type { StoredCommandRun } from './continue-run.js';
import { inGitHubActions, warningAnnotation } from './github.js';
import { Interrupted } from './interrupt.js';
import type { CliIO } from './verb.js';

/**
 * What a run's tests need at its start: where the quarantine comes from (the config's list, its
 * file, `--quarantine-flaky N`), the flaky memory and the command it is read for.
 */
export interface TestQuarantineOptions extends QuarantineSources {
  memory: FlakyMemory;
  /** The command's identity (its sealed command line, as `runTestsOf` reads it back). */
  command: string;
  note: (message: string) => void;
}

/** How a run ended, for {@link RunTestQuarantine} (and the run session's `RunEnding`): the run, its store, `--report FILE`. */
export interface TestsEnding {
  runId: string;
  store: Store;
  reportFile: string | undefined;
}

/** A failed run that the quarantine passes: its last failing attempt and the quarantined tests that failed in it. */
export interface QuarantinedPass {
  attempt: number;
  quarantined: { test: string; why: string }[];
}

/** One run's test memory and quarantine, from its start to its end. */
export interface RunTestQuarantine {
  readonly quarantine: Quarantine;
  /**
   * Judges the ended run: the pass when it escalated and every failure of its last failing
   * attempt is a quarantined test, else null (the run ends as it did).
   */
  judge(result: Outcome | Interrupted, ending: TestsEnding): Promise<QuarantinedPass | null>;
  /** Says the pass loudly: stderr, `--report`, the GitHub step summary, a workflow warning. */
  announce(pass: QuarantinedPass, ending: TestsEnding, io: CliIO): Promise<void>;
}

/** The quarantine as the run starts; see the module comment. */
export async function openRunTests(options: TestQuarantineOptions): Promise<RunTestQuarantine> {
  // The memory is read here, at the edge; which tests it quarantines is policy's (`quarantineOf`).
  const quarantine = quarantineOf(options, options.flips === null ? [] : await flakyTestsOf(options));
  if (quarantine.size > 0) {
    const names = [...quarantine.keys()];
    options.note(`recover: quarantined (their failures alone do not fail the run): ${names.slice(0, 5).join(', ')}${names.length > 5 ? ` and ${names.length - 5} more` : ''}`);
  }
  return {
    quarantine,
    async judge(result, { runId, store }) {
      if (result instanceof Interrupted) return null;
      if (result.status !== 'escalated' || quarantine.size === 0) return null;
      const { lastFailingTests } = await import('../memory/flaky/run-tests.js');
      const record = await store.load(runId).catch(() => null);
      if (!record) return null;
      const last = lastFailingTests(record);
      if (!last || last.category === 'fatal' || result.reason === 'critical_security_violation' || result.reason === 'user_abort') return null;
      const verdict = quarantineVerdict(last, quarantine);
      if (!verdict.pass) {
        if (verdict.quarantined.length > 0) {
          options.note(`recover: quarantined tests failed (${verdict.quarantined.map((q) => q.test).join(', ')}), but so did tests that are not quarantined (${verdict.others.join(', ') || `${last.failed - last.failing.length} not named`}): the run fails`);
        }
        return null;
      }
      return { attempt: last.attempt, quarantined: verdict.quarantined };
    },
    announce: (pass, { runId, reportFile }, io) => announce(io, runId, pass.attempt, pass.quarantined, reportFile),
  };
}

/**
 * The tests the flaky memory saw for `options.command`; none when it cannot be read, which is
 * told (a memory is a side record: it never fails the run).
 */
async function flakyTestsOf(options: TestQuarantineOptions): Promise<readonly FlippedTest[]> {
  try {
    return await options.memory.list(options.command);
  } catch (error) {
    options.note(`recover: note: --quarantine-flaky: the flaky-test memory cannot be read, so no test is quarantined by its flips: ${(error as Error).message}`);
    return [];
  }
}

/** The pass said loudly: stderr, the report file, the step summary, a workflow warning. */
async function announce(io: CliIO, runId: string, attempt: number, quarantined: readonly { test: string; why: string }[], reportFile: string | undefined): Promise<void> {
  const lines = quarantined.map((q) => `  - ${q.test}: ${q.why}`);
  io.stderr.write(`recover: QUARANTINED: run ${runId} exits 0 although tests failed: every failure of attempt ${attempt} is a quarantined test\n${lines.join('\n')}\nrecover: these tests still fail; 'recover flaky' shows their history. The run stays escalated in the store.\n`);
  const markdown = [
    '## ⚠️ Quarantined test failures: the run passed anyway', '',
    `Run \`${runId}\` exits 0 although tests failed: every failure of attempt ${attempt} is a quarantined test. They still fail: fix them, or take them out of quarantine. \`recover flaky\` shows their history.`, '',
    '| test | why it is quarantined |', '|---|---|',
    ...quarantined.map((q) => `| ${cell(q.test)} | ${cell(q.why)} |`), '',
  ].join('\n');
  if (reportFile) await appendFile(resolvePath(io.cwd, reportFile), `\n${markdown}`);
  if (io.env.GITHUB_STEP_SUMMARY) await appendFile(io.env.GITHUB_STEP_SUMMARY, `\n${markdown}`);
  if (inGitHubActions(io.env)) {
    io.stderr.write(warningAnnotation('recover: quarantined tests failed', `run ${runId} passed with quarantined test failures: ${quarantined.map((q) => q.test).join(', ')}`));
  }
}

/** A Markdown table cell: no line breaks, no column bars. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');

/**
 * The quarantine of a stored run that `resume` or `decide` continues, read from the run as the
 * process read it once (`readStoredRun`): its config's `quarantine` (the file it started with)
 * and its `--quarantine-flaky`, kept in its meta.
 */
export async function storedRunQuarantine(memory: FlakyMemory, { record, run }: StoredCommandRun, note: (message: string) => void): Promise<RunTestQuarantine> {
  return openRunTests({
    memory, command: commandIdentity(record),
    listed: run.config.quarantine ?? [], configFile: run.config.file, flips: run.meta.options.quarantineFlaky ?? null, note,
  });
}
