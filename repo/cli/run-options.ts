/**
 * A run's options, declared once (vitest's model: one table, every verb derives from it), and
 * read once into one typed value. Every verb that starts or queues a run takes the ones that
 * mean something there (`RUN_OPTIONS_OF`, checked by tests/cli/run-options.test.ts):
 *
 * | option          | config key        | kept in the run (meta.options)  | run | pipeline run | submit |
 * |-----------------|-------------------|---------------------------------|-----|--------------|--------|
 * | `--config FILE` | (the file itself) | `config` (re-read on resume)    | ✓   | ✓            | ✓ (its policy travels with the run) |
 * | `--timeout`     |                   | `timeoutMs`                     | ✓   |              | ✓      |
 * | `--on-flaky`    | `policy.onFlaky`  | `onFlaky`                       | ✓   | ✓            | ✓      |
 * | `--reuse-fixes` |                   | `reuseFixes`                    | ✓   |              |        |
 * | `--tests`       |                   | `tests`                         | ✓   |              |        |
 * | `--rerun`       |                   | `rerun`                         | ✓   |              |        |
 * | `--notify`      |                   | `notify`                        | ✓   |              |        |
 * | `--quarantine-flaky` | (`quarantine`: by name) | `quarantineFlaky`         | ✓   |              |        |
 * | `--agent…`      | `agent`           | `agent`                         | ✓   | ✓            |        |
 * | `--expect-sections`, `--expect-diff`, `--max-output-chars` | | `expect`     | ✓   |              |        |
 *
 * What is kept survives a resume, a decision and (for a run a worker can run) a takeover: the
 * later process reads it back through the runtime's decoder (`commandRunOf`). A pipeline's steps
 * have their own timeouts; fix reuse, test reports and agents need a program that adapts, which
 * a queued run (run by any worker, without this machine's programs) does not have. The
 * quarantine is applied by the process that ends the run (`run`, `resume`, `decide`), from the
 * flaky memory as that process started. The output
 * checks (seed 002's validator) have no config key: they describe one command's output, not how
 * failures are recovered, so they belong on its command line (a pipeline step has its own
 * `expectSections`); they are kept with the run, so a resume or a decision checks the same.
 */
import { resolve } from 'node:path';
import type { NotifyTarget } from '../runtime/run-meta.js';
import type { OutputExpectations } from '../runtime/output-check.js';
import { redactSecrets } from '../redact/text.js';
import type { LoadedConfig } from './config.js';
import { loadConfig } from './config.js';
import { durationOption } from './duration-option.js';
import { UsageError } from './errors.js';
import type { CliIO, OptionDecls } from './verb.js';

/** Every run option, with its help. */
export const RUN_OPTIONS = {
  config: { type: 'string', value: 'FILE', description: 'policy config (default: $RECOVERY_CONFIG, else recovery.config.json\nor .yaml found upward from the cwd to the project root)' },
  timeout: { type: 'string', value: 'DURATION', description: "first attempt's timeout: 2 (seconds), 500ms, 30s, 2m (the process group\nis killed, exit 124)" },
  'on-flaky': { type: 'string', choices: ['escalate', 'pass'], description: "what a passing flake probe means (default: the config's onFlaky, else escalate)" },
  'reuse-fixes': { type: 'boolean', description: "try the fix that recovered the same failure before, then ask the adapter\n('recover fixes' lists what is remembered)" },
  tests: { type: 'string', value: 'FILE[,FILE…]|auto', description: "the test reports the command writes (JUnit XML, jest/vitest or Playwright JSON,\nTAP; a * in a file name): failing tests are read from them, not the output;\nauto: add the reporter for vitest, jest, pytest, node --test, playwright, …" },
  rerun: { type: 'string', choices: ['failed', 'failed-only', 'whole'], description: "with --tests: what the flake probe and a retry run. failed (default): only the\nfailed tests where the runner can filter (vitest, jest, node --test, pytest,\nplaywright, go), a passing retry confirmed by the whole command; failed-only:\nno confirmation; whole: the whole command every time" },
  notify: { type: 'string', value: 'github[:NUMBER]', description: "on escalation, post the report as a comment on the workflow's pull request\n(or issue NUMBER), updating its earlier one (needs GITHUB_TOKEN)" },
  'expect-sections': { type: 'string', value: 'S[,S…]', description: 'after exit 0, stdout must have these headings (each starting a line);\nthe missing ones fail the attempt (MISSING_SECTIONS) and are named in\nthe next RECOVERY_HINT' },
  'expect-diff': { type: 'boolean', description: 'after exit 0, stdout must hold a unified diff (diff --git …); none is\nDIFF_PARSE_ERROR' },
  'max-output-chars': { type: 'string', value: 'N', description: 'after exit 0, stdout must be non-empty and at most N characters; an empty\nor longer one is retried with a smaller RECOVERY_MAX_CHARS' },
  'quarantine-flaky': { type: 'string', value: 'N', description: "quarantine the tests 'recover flaky' saw flip N times or more for this command:\na run whose only failures are quarantined tests exits 0 and says so (see\nthe config's quarantine)" },
} as const satisfies OptionDecls;

/** The names of {@link RUN_OPTIONS}. */
export type RunOptionName = keyof typeof RUN_OPTIONS;

/** Which run options each verb that starts or queues a run takes (see the table above). */
export const RUN_OPTIONS_OF = {
  run: ['config', 'timeout', 'on-flaky', 'reuse-fixes', 'tests', 'rerun', 'notify', 'quarantine-flaky', 'expect-sections', 'expect-diff', 'max-output-chars'],
  'pipeline run': ['config', 'on-flaky'],
  submit: ['config', 'timeout', 'on-flaky'],
} as const satisfies Record<string, readonly RunOptionName[]>;

/** The declarations of `names`, to spread into a verb's option table. */
export function runOptions<const N extends readonly RunOptionName[]>(names: N): { [K in N[number]]: (typeof RUN_OPTIONS)[K] } {
  return Object.fromEntries(names.map((name) => [name, RUN_OPTIONS[name]])) as { [K in N[number]]: (typeof RUN_OPTIONS)[K] };
}

/** A run's options as one typed value, read once from the flags, the environment and the config file. */
export interface RunSettings {
  /** The config file (validated) and what it says. */
  config: LoadedConfig;
  /** `--timeout` in ms; null when not given. */
  timeoutMs: number | null;
  /** `--on-flaky`, else null (the config's `onFlaky`). */
  onFlaky: 'escalate' | 'pass' | null;
  reuseFixes: boolean;
  /** `--tests`: report paths (relative to the cwd), `['auto']`, or null. */
  tests: string[] | null;
  /** `--rerun` (needs `--tests`), else null: `failed`. */
  rerun: 'failed' | 'failed-only' | 'whole' | null;
  notify: NotifyTarget | null;
  /** `--expect-sections`, `--expect-diff`, `--max-output-chars`: seed 002's output checks, or null when none is given. */
  expect: OutputExpectations | null;
  /** `--quarantine-flaky N`: the flips from which a remembered test is quarantined, else null (none by flips). */
  quarantineFlaky: number | null;
}

/** The flags of {@link RUN_OPTIONS} as a verb parsed them (absent where the verb does not take one). */
export type RunFlags = Partial<Record<RunOptionName, string | boolean | undefined>>;

/**
 * Reads the run options once: `--config` (else `$RECOVERY_CONFIG`, else found upward from `cwd`)
 * is loaded and validated before anything runs, so a bad field is exit 2, never a half-started run.
 */
export async function runSettingsOf(flags: RunFlags, io: CliIO, cwd = io.cwd): Promise<RunSettings> {
  const named = typeof flags.config === 'string' ? flags.config : io.env.RECOVERY_CONFIG || undefined;
  const config = await loadConfig(cwd, named !== undefined ? resolve(io.cwd, named) : undefined);
  return {
    config,
    timeoutMs: typeof flags.timeout === 'string' ? durationOption(flags.timeout, '--timeout') : null,
    onFlaky: (flags['on-flaky'] as 'escalate' | 'pass' | undefined) ?? null,
    reuseFixes: flags['reuse-fixes'] === true,
    tests: typeof flags.tests === 'string' ? testsOf(flags.tests) : null,
    rerun: rerunOf(flags),
    notify: typeof flags.notify === 'string' ? notifyOf(flags.notify) : null,
    expect: expectOf(flags),
    quarantineFlaky: typeof flags['quarantine-flaky'] === 'string' ? flipsOf(flags['quarantine-flaky']) : null,
  };
}

function rerunOf(flags: RunFlags): RunSettings['rerun'] {
  if (typeof flags.rerun !== 'string') return null;
  // Only a report says which tests failed: without one there is nothing to re-run by name.
  if (typeof flags.tests !== 'string') throw new UsageError('--rerun needs --tests: the failed tests are read from the reports the command writes');
  return flags.rerun as 'failed' | 'failed-only' | 'whole';
}

/** The output checks the flags ask for (a bad value is a usage error naming its option), or null. */
function expectOf(flags: RunFlags): OutputExpectations | null {
  const expect: OutputExpectations = {};
  if (typeof flags['expect-sections'] === 'string') {
    const sections = flags['expect-sections'].split(',').map((part) => part.trim()).filter(Boolean);
    if (sections.length === 0) throw new UsageError('--expect-sections: name the headings the output must have, separated by commas ("# Summary,# Tests")');
    // The headings are kept with the run (a resume checks the same), and a secret never is stored:
    // refused, shown redacted, rather than stored in a form the check could no longer match.
    const secret = sections.find((section) => redactSecrets(section) !== section);
    if (secret !== undefined) throw new UsageError(`--expect-sections: the heading ${JSON.stringify(redactSecrets(secret))} holds a secret: the headings are stored with the run, and secrets never are`);
    expect.sections = sections;
  }
  if (flags['expect-diff'] === true) expect.diff = true;
  if (typeof flags['max-output-chars'] === 'string') {
    const text = flags['max-output-chars'].trim();
    if (!/^\d+$/.test(text) || Number(text) < 1 || !Number.isSafeInteger(Number(text))) {
      throw new UsageError(`--max-output-chars: '${flags['max-output-chars']}' is not a whole number of characters ≥ 1`);
    }
    expect.maxChars = Number(text);
  }
  return Object.keys(expect).length > 0 ? expect : null;
}

function testsOf(text: string): string[] {
  const files = text.split(',').map((part) => part.trim()).filter(Boolean);
  if (files.length === 0) throw new UsageError('--tests: name the report file(s) the command writes, or auto');
  if (files.includes('auto') && files.length > 1) throw new UsageError('--tests auto stands alone: it names the report itself');
  return files;
}

function flipsOf(text: string): number {
  const flips = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (!(flips >= 1)) throw new UsageError(`--quarantine-flaky: '${text}' is not a number of flips (a whole number ≥ 1)`);
  return flips;
}

function notifyOf(text: string): NotifyTarget {
  const match = /^github(?::(\d+))?$/.exec(text.trim());
  if (!match) throw new UsageError(`--notify: '${text}' is not a channel (github, or github:NUMBER for an issue or pull request)`);
  return { channel: 'github', number: match[1] !== undefined ? Number(match[1]) : null };
}

/** The policy config the settings give: the config file's, with `--on-flaky` over it. */
export function policyOf(settings: Pick<RunSettings, 'config' | 'onFlaky'>): Record<string, unknown> {
  return { ...(settings.config.policy ?? {}), ...(settings.onFlaky ? { onFlaky: settings.onFlaky } : {}) };
}
