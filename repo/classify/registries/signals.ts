import type { FailureType } from '../../taxonomy/index.js';
import type { RulePack } from '../rule.js';
import { registryPack, type RegistryRow } from './registry.js';

/** Where the numbers and names come from. */
const SOURCE = [
  'signal(7) (Linux signal numbers and default actions); glibc strsignal (descriptions, as bash prints them)',
  'POSIX sh "Exit Status for Commands" (126, 127) and bash manual 3.7.5 (128 + n for a signal); GNU coreutils timeout(1) (124)',
].join('; ');

/** A signal: name, Linux number, description, what its arrival means. */
type Signal = readonly [name: string, n: number, description: string, type: FailureType | null];

/**
 * How a process ended, by what it means. A fault signal is a crash; SIGKILL is taken as the
 * out-of-memory killer, its usual sender; CPU-time and file-size limits are resources; SIGALRM
 * is a timer running out; SIGINT is a person. `null`: SIGTERM and SIGHUP say only that
 * something stopped the process from outside — a timeout (ours sends SIGTERM, and exit 124 says
 * so), an orchestrator or a person; SIGQUIT, SIGPIPE and the user signals say less.
 */
export const SIGNALS: readonly Signal[] = [
  ['SIGHUP', 1, 'hangup', null],
  ['SIGINT', 2, 'interrupt', 'USER_ABORT'],
  ['SIGQUIT', 3, 'quit', null],
  ['SIGILL', 4, 'illegal instruction', 'CLI_CRASH'],
  ['SIGTRAP', 5, 'trace/breakpoint trap', 'CLI_CRASH'],
  ['SIGABRT', 6, 'aborted', 'CLI_CRASH'],
  ['SIGBUS', 7, 'bus error', 'CLI_CRASH'],
  ['SIGFPE', 8, 'floating point exception', 'CLI_CRASH'],
  ['SIGKILL', 9, 'killed', 'RESOURCE_EXHAUSTION'],
  ['SIGUSR1', 10, 'user defined signal 1', null],
  ['SIGSEGV', 11, 'segmentation fault', 'CLI_CRASH'],
  ['SIGUSR2', 12, 'user defined signal 2', null],
  ['SIGPIPE', 13, 'broken pipe', null],
  ['SIGALRM', 14, 'alarm clock', 'TIMEOUT'],
  ['SIGTERM', 15, 'terminated', null],
  ['SIGXCPU', 24, 'cpu time limit exceeded', 'RESOURCE_EXHAUSTION'],
  ['SIGXFSZ', 25, 'file size limit exceeded', 'RESOURCE_EXHAUSTION'],
  ['SIGSYS', 31, 'bad system call', 'CLI_CRASH'],
];

/** Exit codes with a meaning of their own (not 128 + a signal). */
export const EXIT_CODES: readonly (readonly [code: number, description: string, type: FailureType | null])[] = [
  [124, 'timed out (timeout(1))', 'TIMEOUT'],
  [125, 'the wrapper itself failed (timeout(1), docker run)', null],
  [126, 'found but cannot be executed', 'CLI_NOT_FOUND'],
  [127, 'command not found', 'CLI_NOT_FOUND'],
];

/** The exit code a shell reports for a process killed by signal `n`. */
export const signalExitCode = (n: number): number => 128 + n;

/** Every exit code that means `type`: its own codes, and 128 + n for each signal that does. */
export function exitCodesOf(type: FailureType): number[] {
  return [...EXIT_CODES.filter(([, , t]) => t === type).map(([code]) => code), ...SIGNALS.filter(([, , , t]) => t === type).map(([, n]) => signalExitCode(n))];
}

/** Every signal name that means `type`. */
export function signalsOf(type: FailureType): string[] {
  return SIGNALS.filter(([, , , t]) => t === type).map(([name]) => name);
}

/** How an exit code is printed: `exit status 137`, `exit code: 137`, `exited with code 137`, make's `Error 137`. */
const exitSpellings = (code: number): string[] =>
  [`exit status ${code}`, `exit status: ${code}`, `exit code ${code}`, `exit code: ${code}`, `exited with code ${code}`, `exited with exit code ${code}`, `exit ${code}`, `*] error ${code}`];

/**
 * How a signal is printed: its name, `killed by signal 9`, Go's `signal: segmentation fault`,
 * Python's `<Signals.SIGKILL: 9>` and `non-zero exit status -9`, and the exit code it makes.
 */
function signalSpellings([name, n, description]: Signal): string[] {
  const s = name.toLowerCase();
  return [
    s, `killed by signal ${n}`, `terminated by signal ${n}`, `received signal ${n}`, `died with signal ${n}`, `signal: ${description}`,
    `<signals.${s}: ${n}>`, `non-zero exit status -${n}`, ...exitSpellings(signalExitCode(n)),
  ];
}

/** Every signal and exit code of the registry, as rows. */
export const SIGNAL_ROWS: readonly RegistryRow[] = [
  ...SIGNALS.map((signal) => ({ code: signal[0], type: signal[3], phrases: signalSpellings(signal) })),
  ...EXIT_CODES.map(([code, , type]) => ({ code: String(code), type, phrases: exitSpellings(code) })),
];

/** The signals registry: exit codes and signals as tools print them in text (the structured fields are the exit-code pack's). */
export const signalsPack: RulePack = registryPack(SIGNAL_ROWS, {
  id: 'signals',
  description: 'Exit codes and signals printed in text (exit status 137, signal: killed, <Signals.SIGSEGV: 11>)',
  source: SOURCE,
  wordForms: false,
  // A person's interrupt, like credentials, counts only in the failure's own words: a program may print "SIGINT handler installed".
  ownWords: new Set(['USER_ABORT']),
});
