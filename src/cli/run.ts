/**
 * `recover run -- CMD [ARGS…]`: the main job. Runs a command (no shell) under the recovery
 * protocol with every phase checkpointed in the store, so an interrupted or escalated run can be
 * continued with `recover resume` / `recover decide`.
 */
import { appendFile, writeFile } from 'node:fs/promises';
import { resolve as resolvePath } from 'node:path';
import type { Outcome } from '../runtime/outcome.js';
import type { Store } from '../store/index.js';
import { loadConfig } from './config.js';
import {
  EXIT_CODES_HELP, cliStoreDir, durationOption, exitCodeOf, openCliStore, printJsonOutcome,
  runtimeOptionsOf, type RunMeta,
} from './common.js';
import { EXIT, UsageError } from './errors.js';
import { cliFixMemory } from './fix-memory.js';
import { INSPECTION_OPTIONS, openInspection, splitInspect } from './inspection.js';
import { OUTPUT_OPTIONS, STORE_OPTION, outputStyle, parseOptions, type VerbSpec } from './options.js';
import type { CliIO, Verb } from './main.js';
import { createRunProgress } from './progress.js';
import { asUsageError, BUDGET_OPTIONS, budgetOf, cliGitRollback } from './rollback-options.js';
import { sealCommandLine } from './sealed-command.js';
import { isFleetStore } from './fleet-store.js';
import { AGENT_OPTIONS, verbAgentOptions } from './agent-options.js';

/** `recover run`'s options and help. */
export const RUN_SPEC = {
  name: 'run',
  synopsis: '[options] -- CMD [ARGS…]',
  description: `Runs CMD (without a shell; write 'sh -c "…"' for one) under the recovery protocol:
PAUSE → DIAGNOSE → ADAPT → RETRY → ESCALATE. Each phase is checkpointed in the store.`,
  options: {
    config: { type: 'string', value: 'FILE', description: 'policy config (default: $RECOVERY_CONFIG, else recovery.config.json\nor .yaml found upward from the cwd to the project root)' },
    ...STORE_OPTION,
    lease: { type: 'string', value: 'DURATION', description: "on a PostgreSQL store: the run's lease, renewed every third of it; a worker\ntakes the run over this long after this process dies (default: 15s)" },
    timeout: { type: 'string', value: 'DURATION', description: "first attempt's timeout: 2 (seconds), 500ms, 30s, 2m (the process group\nis killed, exit 124)" },
    ...AGENT_OPTIONS,
    adapter: { type: 'string', value: 'CMD', description: 'program proposing a fix (diagnosis as JSON on stdin, answers {"fix","confidence"});\nfor ADAPT, it takes the place of --agent' },
    diagnoser: { type: 'string', value: 'CMD', description: 'program proposing hypotheses (answers {"hypotheses":[{"text","confidence"}]});\nfor DIAGNOSE, it takes the place of --agent' },
    rollback: { type: 'string', choices: ['git', 'none'], default: 'none', description: 'git: record the repository (files incl. ignored ones, empty dirs, index, refs,\nstash, submodules) as last known good before the run, restore it when needed' },
    ...BUDGET_OPTIONS,
    'on-flaky': { type: 'string', choices: ['escalate', 'pass'], description: "what a passing flake probe means (default: the config's onFlaky, else escalate)" },
    'reuse-fixes': { type: 'boolean', description: "try the fix that recovered the same failure before, then ask the adapter\n('recover fixes' lists what is remembered)" },
    report: { type: 'string', value: 'FILE', description: 'write the escalation report (Markdown) there; also appended to $GITHUB_STEP_SUMMARY' },
    json: { type: 'boolean', description: 'print the outcome as one JSON line on stdout (no progress lines)' },
    ...OUTPUT_OPTIONS,
    ...INSPECTION_OPTIONS,
  },
  footer: EXIT_CODES_HELP,
  examples: [
    'recover run -- npm test',
    'recover run --timeout 2m --report recovery.md -- npx playwright test',
    'recover run --agent claude --rollback git -- npm run build',
    'recover run --agent codex --agent-timeout 10m -- npm test',
    'recover run --adapter ./scripts/my-fixer.sh -- make',
    'recover run --json -- node scripts/flaky.js | jq .status',
  ],
} as const satisfies VerbSpec;

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
  if (annotation) io.stderr.write(annotation);
  if (outcome.status === 'recovered' || outcome.status === 'flaky') {
    const summary = io.env.GITHUB_STEP_SUMMARY;
    const record = summary ? await store.load(outcome.runId) : null;
    if (summary && record) {
      const { markdownOf } = await import('./report.js');
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
  return choices;
}

/** The signals that interrupt a run: Ctrl-C, a polite kill (systemd, docker, CI), a closed terminal. */
export const INTERRUPT_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** One of {@link INTERRUPT_SIGNALS}. */
export type InterruptSignal = (typeof INTERRUPT_SIGNALS)[number];

/** A run ended by a signal: the checkpoint is kept and the lock released; `exitCode` is 128 + signo. */
export class Interrupted {
  readonly exitCode: number;
  constructor(readonly signal: InterruptSignal) {
    this.exitCode = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hangup }[signal];
  }
}

/**
 * Drives `start` with SIGINT, SIGTERM and SIGHUP handled alike: the first one stops the actor,
 * which aborts the attempt (the command's process group is killed); the run then rejects with
 * `RunInterruptedError` once that group is gone, the last checkpoint is on disk and the lock is
 * released, so the run is resumable. Resolves to the outcome, or to {@link Interrupted}.
 * A second signal exits at once with the same code (a user who insists); a group it leaves
 * behind is recorded in the checkpoint and killed by the next `recover resume`.
 */
export async function withInterrupt(
  start: (onStart: (actor: { stop(): unknown }) => void) => Promise<Outcome>,
): Promise<Outcome | Interrupted> {
  let actor: { stop(): unknown } | undefined;
  let caught: Interrupted | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    if (caught) process.exit(caught.exitCode);
    caught = new Interrupted(signal as InterruptSignal);
    actor?.stop();
  };
  for (const signal of INTERRUPT_SIGNALS) process.on(signal, onSignal);
  try {
    // A signal before the run started (the lock, the store) stops it as soon as it starts.
    return await start((a) => {
      actor = a;
      if (caught) a.stop();
    });
  } catch (error) {
    if (caught && (error as { code?: unknown }).code === 'ERR_RUN_INTERRUPTED') return caught;
    throw error;
  } finally {
    for (const signal of INTERRUPT_SIGNALS) process.removeListener(signal, onSignal);
  }
}

/**
 * How every run verb ends: an interrupted run says how to continue and exits 128 + signo; a
 * finished one publishes its report, prints the JSON outcome or the summary, and exits by status.
 */
export async function concludeRun(
  result: Outcome | Interrupted,
  context: { runId: string; store: Store; reportFile: string | undefined; json: boolean; progress: ReturnType<typeof createRunProgress>; io: CliIO },
): Promise<number> {
  const { runId, store, reportFile, json, progress, io } = context;
  if (result instanceof Interrupted) {
    progress.note(`recover: interrupted (${result.signal}); the checkpoint stays: 'recover resume ${runId}' continues`, { always: true });
    return result.exitCode;
  }
  const choices = await publishReport(store, result, reportFile, io);
  if (json) printJsonOutcome(result, io);
  else progress.finish(result, choices);
  return exitCodeOf(result);
}

/** `recover run`. */
export const runVerb: Verb = {
  spec: RUN_SPEC,
  async run(argv, io) {
    const dash = argv.indexOf('--');
    const own = dash === -1 ? argv : argv.slice(0, dash);
    const command = dash === -1 ? [] : argv.slice(dash + 1);
    const { values, positionals } = parseOptions(splitInspect(own), RUN_SPEC.options);
    if (positionals.length > 0) throw new UsageError(`put the command after '--': recover run [options] -- ${positionals.join(' ')}`);
    if (command.length === 0) throw new UsageError('no command given: recover run [options] -- CMD [ARGS…]');
    const rollback = values.rollback as 'git' | 'none';
    const rollbackBudget = await budgetOf(values);
    if (rollbackBudget && rollback !== 'git') throw new UsageError('--rollback-budget and --rollback-skip need --rollback git');
    const onFlaky = (values['on-flaky'] as 'escalate' | 'pass' | undefined) ?? null;
    const timeoutMs = typeof values.timeout === 'string' ? durationOption(values.timeout, '--timeout') : null;
    const json = values.json === true;
    const named = typeof values.config === 'string' ? values.config : io.env.RECOVERY_CONFIG || undefined;
    const configFile = named !== undefined ? resolvePath(io.cwd, named) : undefined;

    // Validate the config before anything runs: a bad field is exit 2, never a half-started run.
    const config = await loadConfig(io.cwd, configFile);
    const agent = verbAgentOptions(values, config, io.cwd);
    const leaseMs = typeof values.lease === 'string' ? durationOption(values.lease, '--lease') : undefined;
    const store = await openCliStore(io, values.store as string | undefined, leaseMs === undefined ? {} : { leaseMs });
    const { newRunId } = await import('../runtime/recovery.js');
    const runId = newRunId(Date.now());

    // The literal command line stays in this process; the record gets it sealed (sealed-command.ts).
    const literal = { command, adapter: (values.adapter as string | undefined) ?? null, diagnoser: (values.diagnoser as string | undefined) ?? null };
    const sealed = sealCommandLine(literal, io.env, config.redact);
    const meta: RunMeta = {
      command: sealed.command,
      ...(sealed.fromEnv ? { fromEnv: sealed.fromEnv } : {}),
      cwd: io.cwd,
      options: {
        config: config.file,
        timeoutMs,
        adapter: sealed.adapter,
        diagnoser: sealed.diagnoser,
        rollback,
        onFlaky,
        lastKnownGood: null,
        ...(rollbackBudget ? { rollbackBudget } : {}),
        ...(values['reuse-fixes'] === true ? { reuseFixes: true } : {}),
        ...(agent ? { agent } : {}),
      },
    };
    // On a shared store, a worker takes the run over if this process dies — when a worker can run
    // it as it is: its command line whole (no secret left out) and no program only this machine has.
    const offerable = !sealed.fromEnv && literal.adapter === null && literal.diagnoser === null && agent === null && rollback !== 'git';
    const fleetStore = isFleetStore(io, values.store as string | undefined);
    if (fleetStore && offerable) meta.fleet = { task: 'command' };
    const extra: { rollback?: import('../runtime/options.js').Rollback; lastKnownGood?: string } = {};
    if (rollback === 'git') {
      // The store may live inside the repository: a rollback must never touch it.
      const git = await cliGitRollback(io.cwd, runId, await cliStoreDir(io, values.store as string | undefined), rollbackBudget);
      // Recorded without touching the tree: uncommitted and untracked work stays where it is.
      extra.lastKnownGood = await git.lastKnownGood().catch(asUsageError);
      extra.rollback = git.rollback;
      meta.options.lastKnownGood = extra.lastKnownGood;
    }

    const inspection = await openInspection(values, io.cwd);
    const { inspect } = inspection;

    const style = outputStyle(values);
    const progress = createRunProgress(io, { json, ...style });
    if (style.verbosity === 'verbose') progress.note(`recover: config ${config.file ?? '(none: defaults)'}, store ${await cliStoreDir(io, values.store)}`);
    const runtime = await runtimeOptionsOf({ ...meta, command, options: { ...meta.options, adapter: literal.adapter, diagnoser: literal.diagnoser } }, io, json, progress.output());
    const { recoverPersisted } = await import('../runtime/persisted.js');
    const fixMemory = await cliFixMemory(io, values.store, store);
    progress.note(`recover: run ${runId}: ${sealed.command.join(' ')}`);
    for (const note of sealed.notes) progress.note(note, { always: true });
    if (fleetStore && !offerable) {
      progress.note(`recover: note: run ${runId} is not offered to the fleet (${sealed.fromEnv ? 'its command holds a secret' : rollback === 'git' ? 'it rolls back a git tree here' : 'its agent, adapter or diagnoser runs here'}): if this process dies, resume it here with 'recover resume ${runId}'`, { always: true });
    }
    let result: Outcome | Interrupted;
    try {
      result = await withInterrupt((onStart) => recoverPersisted(runtime.task, {
        ...runtime,
        name: sealed.command.join(' '),
        ...extra,
        fixMemory,
        reuseFixes: meta.options.reuseFixes === true,
        runId,
        store,
        meta: meta as unknown as Record<string, unknown>,
        ...(inspect ? { inspect } : {}),
        onNotice: (message) => progress.note(`recover: note: ${message}`),
        onStart: (actor) => {
          onStart(actor);
          progress.watch(actor);
        },
      }));
    } finally {
      progress.stop();
      await inspection.stop();
    }
    return concludeRun(result, { runId, store, reportFile: values.report as string | undefined, json, progress, io });
  },
};
