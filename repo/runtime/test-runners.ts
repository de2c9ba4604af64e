/**
 * `recover run --tests auto`: the common test runners recognised on the command line (their rows
 * are test-runner-table.ts's), each given what makes it write a report the run can read, and a
 * re-run of the failed tests made from the command as it runs. A runner behind `npm test` / `npm run NAME` (pnpm, yarn) is found in the package's script
 * when that script is one plain command. Never silent: a command whose runner is not known, or
 * that cannot be given a report, is refused with what to do instead.
 */
import { basename } from 'node:path';
import { TEST_RUNNERS, type FailedForRerun } from './test-runner-table.js';

export { TEST_RUNNERS, type FailedForRerun } from './test-runner-table.js';

/** What `--tests auto` adds to a command so that it writes a report, and where. */
export interface AutoReports {
  /** The runner recognised, e.g. `vitest`. */
  runner: string;
  /** The command line with the reporter's arguments added. */
  argv: string[];
  /** Environment the runner reads its report's path from (Playwright). */
  env: Record<string, string>;
  /** The report files (patterns) the attempt will have written, relative to the cwd or absolute. */
  reports: string[];
}

/** Most failed tests re-run by name: past this a name pattern grows unwieldy, and the whole command runs. */
export const MAX_RERUN_TESTS = 100;

/**
 * Launchers that run the program named after them, with the sub-command that says so (none:
 * the program follows at once): `npx vitest`, `pnpm exec jest`, `python -m pytest`.
 */
const LAUNCHERS: Readonly<Record<string, readonly string[]>> = {
  npx: [], bunx: [], pnpx: [], pnpm: ['exec', 'dlx'], yarn: ['exec', 'dlx'], bun: ['x'], python: ['-m'], python3: ['-m'], uv: ['run'], poetry: ['run'],
};

/** Package managers whose `test` / `run NAME` runs a script of package.json. */
const SCRIPT_RUNNERS = new Set(['npm', 'pnpm', 'yarn', 'bun']);

/** Where the program stands in `argv` once a launcher and its flags are skipped; null when a launcher runs no program. */
function programIndex(argv: readonly string[]): number | null {
  const launcher = LAUNCHERS[basename(argv[0] ?? '')];
  if (!launcher) return 0;
  let at = 1;
  while (argv[at]?.startsWith('-') && !launcher.includes(argv[at]!)) at += 1; // npx --yes, python -u
  if (launcher.length > 0) {
    if (!launcher.includes(argv[at] ?? '')) return null;
    at += 1;
  }
  return at < argv.length ? at : null;
}

/**
 * What `--tests auto` does to `argv` so that it writes a report under `dir` (a directory of the
 * run's own), or why it cannot: `{ refused }` says what to do instead. `scripts` are the
 * package.json scripts of the cwd, read by the caller, for `npm test` and the like.
 */
export function autoTestReports(argv: readonly string[], dir: string, scripts: Record<string, string> = {}): AutoReports | { refused: string } {
  const program = basename(argv[0] ?? '');
  if (SCRIPT_RUNNERS.has(program) && !(LAUNCHERS[program] ?? []).includes(argv[1] ?? '')) return throughScript(argv, dir, scripts);
  const at = programIndex(argv);
  if (at === null) return { refused: `--tests auto: cannot tell which test runner '${argv.join(' ')}' runs; name its report with --tests FILE` };
  // `node node_modules/vitest/vitest.mjs run`: the script names the runner (not `node --test`).
  const script = ['node', 'bun'].includes(basename(argv[at]!)) && !argv.includes('--test') && argv[at + 1] !== undefined && !argv[at + 1]!.startsWith('-') ? at + 1 : at;
  return runnerAt(argv, script, dir);
}

/** The runner whose program stands at `at` in `argv`, given its report under `dir`. */
function runnerAt(argv: readonly string[], at: number, dir: string): AutoReports | { refused: string } {
  const name = basename(argv[at]!).replace(/\.[cm]?js$/, '');
  for (const [runner, row] of Object.entries(TEST_RUNNERS)) {
    if (!row.names.includes(name)) continue;
    if (row.verb !== undefined && !argv.slice(at + 1).includes(row.verb)) continue;
    const made = row.reporter(dir, argv.slice(at + 1));
    if (typeof made === 'string') return { refused: `--tests auto: ${made}` };
    const where = made.after !== undefined ? argv.indexOf(made.after, at) + 1 : made.args.length > 0 && argv.includes('--') ? argv.indexOf('--') : argv.length;
    return { runner, argv: [...argv.slice(0, where), ...made.args, ...argv.slice(where)], env: made.env ?? {}, reports: made.reports };
  }
  return { refused: `--tests auto: '${name}' is not a test runner recover knows (${Object.keys(TEST_RUNNERS).join(', ')}); name its report with --tests FILE` };
}

/** `npm test` / `npm run NAME`: the runner of the script, given its report after `--`. */
function throughScript(argv: readonly string[], dir: string, scripts: Record<string, string>): AutoReports | { refused: string } {
  const [manager, verb, maybeName] = argv;
  const name = verb === 'run' || verb === 'run-script' ? maybeName : verb;
  const script = name !== undefined ? scripts[name] : undefined;
  if (script === undefined) return { refused: `--tests auto: package.json has no '${name ?? ''}' script to read the runner from; name its report with --tests FILE` };
  // One plain command only: `a && b`, pipes and redirections would get the reporter in the wrong place.
  if (/[&|;<>`$()]/.test(script)) return { refused: `--tests auto: the '${name}' script (${script}) is not one plain command; name its report with --tests FILE` };
  const words = script.trim().split(/\s+/);
  const inner = autoTestReports(words, dir);
  if ('refused' in inner) return inner;
  // npm can only append: a runner whose options must stand elsewhere (node --test) cannot be reached.
  if (words.some((word, i) => inner.argv[i] !== word)) return { refused: `--tests auto: ${inner.runner} takes its reporter before its files, which '${argv.join(' ')}' cannot add; run it directly, or name its report with --tests FILE` };
  const added = inner.argv.slice(words.length);
  // npm passes what follows `--` to the script's command, at its end.
  const own = argv.includes('--') ? argv : [...argv, '--'];
  return { ...inner, runner: `${inner.runner} (${manager} ${name})`, argv: added.length > 0 ? [...own, ...added] : [...argv] };
}

/**
 * `argv` made to run only `failed` (the previous execution's failing tests), or null when its
 * runner is not known, cannot filter, or there are too many (over {@link MAX_RERUN_TESTS}): then
 * the whole command runs, as for an unknown runner. `argv` is the command as it runs (with its
 * reporter already added); `scripts` as for {@link autoTestReports}.
 */
export function rerunArgv(argv: readonly string[], failed: readonly FailedForRerun[], scripts: Record<string, string> = {}): { runner: string; argv: string[] } | null {
  if (failed.length === 0 || failed.length > MAX_RERUN_TESTS) return null;
  const program = basename(argv[0] ?? '');
  if (SCRIPT_RUNNERS.has(program) && !(LAUNCHERS[program] ?? []).includes(argv[1] ?? '')) {
    // `npm test -- …`: npm can only append what follows `--` to the script's command.
    const [, verb, maybeName] = argv;
    const script = scripts[verb === 'run' || verb === 'run-script' ? maybeName ?? '' : verb ?? ''];
    if (script === undefined || /[&|;<>`$()]/.test(script)) return null;
    const inner = rerunArgv(script.trim().split(/\s+/), failed);
    if (!inner) return null;
    const words = script.trim().split(/\s+/);
    if (words.some((word, i) => inner.argv[i] !== word)) return null;
    const own = argv.includes('--') ? [...argv] : [...argv, '--'];
    return { runner: inner.runner, argv: [...own, ...inner.argv.slice(words.length)] };
  }
  const at = programIndex(argv);
  if (at === null) return null;
  const script = ['node', 'bun'].includes(basename(argv[at]!)) && !argv.includes('--test') && argv[at + 1] !== undefined && !argv[at + 1]!.startsWith('-') ? at + 1 : at;
  const name = basename(argv[script]!).replace(/\.[cm]?js$/, '');
  for (const [runner, row] of Object.entries(TEST_RUNNERS)) {
    if (!row.names.includes(name) || (row.verb !== undefined && !argv.slice(script + 1).includes(row.verb))) continue;
    const made = row.rerun?.(failed, argv.slice(script + 1));
    if (!made) return null;
    const where = made.after !== undefined ? argv.indexOf(made.after, script) + 1 : argv.length;
    return { runner, argv: [...argv.slice(0, where), ...made.args, ...argv.slice(where)] };
  }
  return null;
}
