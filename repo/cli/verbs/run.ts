/**
 * `recover run -- CMD [ARGS…]`: the main job. Runs a command (no shell) under the recovery
 * protocol with every phase checkpointed in the store, so an interrupted or escalated run can be
 * continued with `recover resume` / `recover decide`.
 */
import type { CommandRunMeta } from '../../runtime/run-meta.js';
import { AGENT_OPTIONS, verbAgentOptions } from '../agent-options.js';
import { drivenOptionsOf, readCommandRun, runtimeOptionsOf } from '../command-run.js';
import { defineVerb } from '../define-verb.js';
import { durationOption } from '../duration-option.js';
import { UsageError } from '../errors.js';
import { EXIT_CODES_HELP } from '../exit-codes.js';
import { countRunTests, openRunMemories } from '../run-memories.js';
import { INSPECTION_OPTIONS, splitInspect } from '../inspection.js';
import { Interrupted } from '../interrupt.js';
import { OUTPUT_OPTIONS, outputStyle } from '../output-options.js';
import { BUDGET_OPTIONS, budgetOf, cliGitRollback } from '../rollback-options.js';
import { RUN_OPTIONS_OF, runOptions, runSettingsOf } from '../run-options.js';
import { projectRoot } from '../project.js';
import { openRunSession } from '../run-session.js';
import { sealCommandLine } from '../sealed-command.js';
import { STORE_OPTION, cliStoreDir, openRunStore } from '../store-option.js';
import { openRunTests } from '../test-quarantine.js';
import type { VerbSpec } from '../verb.js';

/** `recover run`'s options and help. */
const RUN_SPEC = {
  name: 'run',
  synopsis: '[options] -- CMD [ARGS…]',
  description: `Runs CMD (without a shell; write 'sh -c "…"' for one) under the recovery protocol:
PAUSE → DIAGNOSE → ADAPT → RETRY → ESCALATE. Each phase is checkpointed in the store.`,
  options: {
    ...runOptions(RUN_OPTIONS_OF.run),
    ...STORE_OPTION,
    lease: { type: 'string', value: 'DURATION', description: "on a PostgreSQL store: the run's lease, renewed every third of it; a worker\ntakes the run over this long after this process dies (default: 15s)" },
    ...AGENT_OPTIONS,
    adapter: { type: 'string', value: 'CMD', description: 'program proposing a fix (diagnosis as JSON on stdin, answers {"fix","confidence"});\nfor ADAPT, it takes the place of --agent' },
    diagnoser: { type: 'string', value: 'CMD', description: 'program proposing hypotheses (answers {"hypotheses":[{"text","confidence"}]});\nfor DIAGNOSE, it takes the place of --agent' },
    rollback: { type: 'string', choices: ['git', 'none'], default: 'none', description: 'git: record the repository (files incl. ignored ones, empty dirs, index, refs,\nstash, submodules) as last known good before the run, restore it when needed' },
    ...BUDGET_OPTIONS,
    report: { type: 'string', value: 'FILE', description: 'write the escalation report (Markdown) there; also appended to $GITHUB_STEP_SUMMARY' },
    json: { type: 'boolean', description: 'print the outcome as one JSON line on stdout (no progress lines)' },
    ...OUTPUT_OPTIONS,
    ...INSPECTION_OPTIONS,
  },
  operands: { command: { missing: 'no command given: recover run [options] -- CMD [ARGS…]' } },
  rewrite: splitInspect,
  footer: EXIT_CODES_HELP,
  examples: [
    'recover run -- npm test',
    'recover run --timeout 2m --report recovery.md -- npx playwright test',
    'recover run --tests auto --on-flaky pass -- npx vitest run',
    'recover run --notify github -- npm test   # in a pull request\'s workflow',
    'recover run --expect-sections "# Review,- Findings:" --max-output-chars 4000 -- ./review.sh',
    'recover run --agent claude --rollback git -- npm run build',
    'recover run --agent codex --agent-timeout 10m -- npm test',
    'recover run --adapter ./scripts/my-fixer.sh -- make',
    'recover run --json -- node scripts/flaky.js | jq .status',
  ],
} as const satisfies VerbSpec;

/** `recover run`. */
export const runVerb = defineVerb(RUN_SPEC, async ({ values, command }, io) => {
  const rollback = values.rollback as 'git' | 'none';
  const rollbackBudget = await budgetOf(values);
  if (rollbackBudget && rollback !== 'git') throw new UsageError('--rollback-budget and --rollback-skip need --rollback git');
  const json = values.json === true;
  // The run's options, read once (the config validated before anything runs: a bad field is exit 2).
  const settings = await runSettingsOf(values, io);
  const { config } = settings;
  const agent = verbAgentOptions(values, config, io.cwd);
  const leaseMs = typeof values.lease === 'string' ? durationOption(values.lease, '--lease') : undefined;
  const opened = await openRunStore(io, values.store as string | undefined, leaseMs === undefined ? {} : { leaseMs });
  const { store } = opened;
  const { newRunId } = await import('../../runtime/recovery.js');
  const runId = newRunId(Date.now());

  // The literal command line stays in this process; the record gets it sealed (sealed-command.ts).
  const literal = { command, adapter: (values.adapter as string | undefined) ?? null, diagnoser: (values.diagnoser as string | undefined) ?? null };
  const sealed = sealCommandLine(literal, io.env, config.redact);
  const meta: CommandRunMeta = {
    command: sealed.command,
    ...(sealed.fromEnv ? { fromEnv: sealed.fromEnv } : {}),
    cwd: io.cwd,
    options: {
      config: config.file,
      timeoutMs: settings.timeoutMs,
      adapter: sealed.adapter,
      diagnoser: sealed.diagnoser,
      rollback,
      onFlaky: settings.onFlaky,
      lastKnownGood: null,
      ...(rollbackBudget ? { rollbackBudget } : {}),
      ...(settings.reuseFixes ? { reuseFixes: true } : {}),
      ...(agent ? { agent } : {}),
      ...(settings.tests ? { tests: settings.tests } : {}),
      ...(settings.rerun ? { rerun: settings.rerun } : {}),
      ...(settings.notify ? { notify: settings.notify } : {}),
      ...(settings.expect ? { expect: settings.expect } : {}),
      ...(settings.quarantineFlaky !== null ? { quarantineFlaky: settings.quarantineFlaky } : {}),
    },
  };
  // Read once, with the literal command line and the config already loaded; a command whose
  // runner `--tests auto` cannot tell is refused here, before anything runs.
  const run = await readCommandRun(runId, { ...meta, command, options: { ...meta.options, adapter: literal.adapter, diagnoser: literal.diagnoser } }, config);
  // On a shared store, a worker takes the run over if this process dies — when a worker can run
  // it as it is: its command line whole (no secret left out) and no program only this machine has.
  const offerable = !sealed.fromEnv && literal.adapter === null && literal.diagnoser === null && agent === null && rollback !== 'git';
  const fleetStore = opened.dir === null;
  if (fleetStore && offerable) meta.fleet = { task: 'command' };
  // The store may live inside the repository: a rollback must never touch it.
  const git = await cliGitRollback(run, opened, true);
  if (git.lastKnownGood) meta.options.lastKnownGood = git.lastKnownGood;

  const style = outputStyle(values);
  const session = openRunSession(io, { json, style, inspection: values });
  const { progress } = session;
  if (style.verbosity === 'verbose') progress.note(`recover: config ${config.file ?? '(none: defaults)'}, store ${await cliStoreDir(io, values.store)}`);
  const runtime = await runtimeOptionsOf(run, session.output, io);
  const { recoverPersisted } = await import('../../runtime/persisted.js');
  const memories = await openRunMemories(opened);
  progress.note(`recover: run ${runId}: ${sealed.command.join(' ')}`);
  const tests = await openRunTests({
    memory: memories.flaky, command: sealed.command.join(' '),
    listed: config.quarantine ?? [], configFile: config.file, flips: settings.quarantineFlaky,
    note: (message) => progress.note(message, { always: true }),
  });
  for (const note of sealed.notes) progress.note(note, { always: true });
  if (fleetStore && !offerable) {
    progress.note(`recover: note: run ${runId} is not offered to the fleet (${sealed.fromEnv ? 'its command holds a secret' : rollback === 'git' ? 'it rolls back a git tree here' : 'its agent, adapter or diagnoser runs here'}): if this process dies, resume it here with 'recover resume ${runId}'`, { always: true });
  }
  // Only a run inside a Claude Code session loads the settings reader (outside one there is nothing to say).
  if (io.env.CLAUDECODE === '1') {
    const { undeployedNotice } = await import('../../hooks/claude/deployment.js');
    const undeployed = undeployedNotice(io.env, projectRoot(io.cwd));
    if (undeployed) progress.note(undeployed, { always: true });
  }
  const result = await session.drive((watch) => recoverPersisted(runtime.task, {
    ...drivenOptionsOf(runtime, run, { store, fixes: memories.fixes, git, watch }),
    // The name shown and stored is the sealed command line (the runtime's is the literal one).
    name: sealed.command.join(' '),
    runId,
    meta,
  }));
  if (!(result instanceof Interrupted)) await countRunTests(memories.flaky, store, runId, (message) => progress.note(`recover: note: ${message}`, { always: true }));
  return session.conclude(result, { runId, store, reportFile: values.report as string | undefined, tests });
});
