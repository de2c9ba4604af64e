/**
 * The `recover` command: the dispatcher. A table of verbs, the top-level help and version, and
 * the one place that turns errors into messages and exit codes. Each verb is one module
 * (`src/cli/verbs/<verb>.ts`) loaded only when called, so `recover classify` does not pay for the
 * statecharts and the store. Only the entry (bin/recover.js, through the bundle) and tests import
 * this module; verbs get what they share from the modules beside it (verb.ts for the types).
 */
import { readFileSync } from 'node:fs';
import { fileAutomatonCache, userCacheDir } from '../classify/file-cache.js';
import { keepCompiledRulesIn } from '../classify/process-cache.js';
import { hint } from '../policy/paths.js';
import { StoreError } from '../store/errors.js';
import { dbErrorReason } from '../store/postgres/transient.js';
import { CliError, exitCodeOfError } from './errors.js';
import { EXIT } from './exit-codes.js';
import { helpOf, wantsHelp } from './options.js';
import type { CliIO, Verb } from './verb.js';

export { EXIT } from './exit-codes.js';
export type { CliIO } from './verb.js';

/**
 * The verbs. Add one line per verb (run, resume, decide, list, history, report, stats, diagram,
 * prune, …): `name: { summary, load: () => import('./verbs/name.js').then((m) => m.nameVerb) }`.
 */
const VERBS: Record<string, { summary: string; load: () => Promise<Verb> }> = {
  classify: { summary: 'classify a failure message or observation', load: () => import('./verbs/classify.js').then((m) => m.classifyVerb) },
  run: { summary: 'run a command under the recovery protocol', load: () => import('./verbs/run.js').then((m) => m.runVerb) },
  resume: { summary: 'continue an interrupted run from its checkpoint', load: () => import('./verbs/resume.js').then((m) => m.resumeVerb) },
  decide: { summary: 'answer an escalated run and continue it', load: () => import('./verbs/decide.js').then((m) => m.decideVerb) },
  restore: { summary: 'bring back a snapshot a rollback kept (refs/recovery/…)', load: () => import('./verbs/restore.js').then((m) => m.restoreVerb) },
  list: { summary: 'list the runs in the store', load: () => import('./verbs/list.js').then((m) => m.listVerb) },
  history: { summary: "print a run's history (yaml or json)", load: () => import('./verbs/history.js').then((m) => m.historyVerb) },
  report: { summary: "print a run's report (md, json or html)", load: () => import('./verbs/report.js').then((m) => m.reportVerb) },
  stats: { summary: 'metrics across the runs in the store', load: () => import('./verbs/stats.js').then((m) => m.statsVerb) },
  prune: { summary: 'remove old runs from the store', load: () => import('./verbs/prune.js').then((m) => m.pruneVerb) },
  repair: { summary: 'move damaged run files aside', load: () => import('./verbs/repair.js').then((m) => m.repairVerb) },
  diagram: { summary: 'print a statechart (mermaid, dot or svg)', load: () => import('./verbs/diagram.js').then((m) => m.diagramVerb) },
  'inspect-server': { summary: 'serve a live statechart view for --inspect', load: () => import('./verbs/inspect-server.js').then((m) => m.inspectServerVerb) },
  ui: { summary: 'see every run and decide escalations in the browser', load: () => import('./verbs/ui.js').then((m) => m.uiVerb) },
  fixes: { summary: 'list the fix memory (which fix recovered which failure)', load: () => import('./verbs/fixes.js').then((m) => m.fixesVerb) },
  flaky: { summary: 'list the tests that flip between passing and failing, newest flip first', load: () => import('./verbs/flaky.js').then((m) => m.flakyVerb) },
  pipeline: { summary: 'run a pipeline file (steps with recovery)', load: () => import('./verbs/pipeline.js').then((m) => m.pipelineVerb) },
  worker: { summary: 'run fleet runs from a PostgreSQL store', load: () => import('./verbs/worker.js').then((m) => m.workerVerb) },
  submit: { summary: 'queue a command for the fleet (prints the run id)', load: () => import('./verbs/submit.js').then((m) => m.submitVerb) },
  wait: { summary: 'wait for a fleet run to end; exit with its exit code', load: () => import('./verbs/wait.js').then((m) => m.waitVerb) },
  hook: { summary: 'enforce the protocol on Claude Code through its hooks (--install)', load: () => import('./verbs/hook.js').then((m) => m.hookVerb) },
};

function usage(): string {
  const width = Math.max(...Object.keys(VERBS).map((name) => name.length));
  const verbs = Object.entries(VERBS).map(([name, verb]) => `  ${name.padEnd(width)}  ${verb.summary}`).join('\n');
  return `Usage: recover <command> [options]

Take failing tasks through the recovery protocol: PAUSE → DIAGNOSE → ADAPT → RETRY → ESCALATE.

Commands:
${verbs}

Options:
  -h, --help     show help (also: recover help <command>, recover <command> --help)
  -v, --version  print the version

Examples:
  recover run -- npm test
  recover run --timeout 2m --report recovery.md -- npx playwright test
  recover decide RUN_ID --choice retry-with --guidance "use the staging token"
  recover classify "Error: connect ECONNREFUSED 127.0.0.1:5432"

Exit codes: 0 success, 1 internal error, 2 usage or config error; run, resume and decide add
3 escalated, 4 skipped, 5 aborted, 6 handed off, 7 manual, 69 store unavailable, 75 run locked,
124 'recover wait --timeout' ran out, 129/130/143 interrupted by SIGHUP/SIGINT/SIGTERM (see 'recover run --help').
`;
}

function version(): string {
  // dist/cli/main.js (the bundle) and src/cli/main.ts (tests): the package root is two levels up;
  // dist/src/cli/main.js: three.
  for (const up of ['../../package.json', '../../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'recovery-protocol' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // not there: try the next
    }
  }
  return 'unknown';
}

function processIO(): CliIO {
  // \`recover history ID | head\`: a reader that goes away is not an error worth a stack trace.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw error;
    });
  }
  return { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: process.env, cwd: process.cwd() };
}

/**
 * Runs `recover` with `argv` (without the node and script paths) and resolves to the exit code;
 * never rejects. `bin/recover.js` calls it: `process.exitCode = await main(process.argv.slice(2))`.
 * @param io where to read and write; default the real process, which then keeps the compiled
 *   classifier rules in the user's cache directory (see file-cache.ts): every `recover` process
 *   that classifies (run, resume, pipeline, worker, classify) reads them instead of compiling.
 */
export async function main(argv: readonly string[], io?: CliIO): Promise<number> {
  if (io === undefined) {
    io = processIO();
    const dir = userCacheDir(io.env);
    if (dir !== null) keepCompiledRulesIn(fileAutomatonCache(dir));
  }
  const [name, ...args] = argv;
  if (name === undefined) {
    io.stderr.write(usage());
    return EXIT.usage;
  }
  if (name === '--help' || name === '-h' || (name === 'help' && args.length === 0)) {
    io.stdout.write(usage());
    return EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    io.stdout.write(`${version()}\n`);
    return EXIT.ok;
  }
  // `recover help VERB` is `recover VERB --help`, as with git and gh.
  const helpOnly = name === 'help';
  const verbName = helpOnly ? args[0]! : name;
  const entry = Object.prototype.hasOwnProperty.call(VERBS, verbName) ? VERBS[verbName] : undefined;
  if (entry === undefined) {
    io.stderr.write(`recover: unknown command '${verbName}'${hint(verbName, Object.keys(VERBS), false)}\nRun 'recover --help' for the list of commands.\n`);
    return EXIT.usage;
  }
  try {
    const verb = await entry.load();
    if (helpOnly || wantsHelp(args)) {
      io.stdout.write(helpOf(verb.spec));
      return EXIT.ok;
    }
    // OTEL_EXPORTER_OTLP_*ENDPOINT set: the verb runs with the SDK started (see telemetry-sdk.ts).
    const telemetry = Object.keys(io.env).some((key) => key.startsWith('OTEL_EXPORTER_OTLP_'))
      ? await import('./telemetry-sdk.js').then((m) => m.startCliTelemetry(io))
      : null;
    if (!telemetry) return await verb.run(args, io);
    let code: number | undefined;
    try {
      return (code = await telemetry.run(() => verb.run(args, io)));
    } finally {
      // Cut short: the exporters' retries would keep the process alive; the verb's work is done.
      if (!(await telemetry.shutdown())) setTimeout(() => process.exit(process.exitCode ?? code ?? EXIT.internal), 0).unref();
    }
  } catch (error) {
    return report(error, verbName, io);
  }
}

/** The one place errors become exit codes and messages: one line for what the user can act on, a stack for a bug. */
function report(error: unknown, verb: string, io: CliIO): number {
  const err = error instanceof Error ? error : new Error(String(error));
  const code = exitCodeOfError(err);
  if (code === EXIT.internal) {
    io.stderr.write(`recover ${verb}: internal error: ${err.stack ?? err.message}\n`);
  } else if (code === EXIT.storeUnavailable && !(err instanceof StoreError)) {
    // A connection lost after the store was opened: the driver's words, which name no store.
    io.stderr.write(`recover ${verb}: the store is unavailable: ${dbErrorReason(err)}\n`);
  } else {
    io.stderr.write(`recover ${verb}: ${err.message}\n`);
    if (err instanceof CliError && err.showUsage) io.stderr.write(`Run 'recover ${verb} --help' for usage.\n`);
  }
  return code;
}
