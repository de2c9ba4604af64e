/**
 * The command line of a run, stored without its secrets but still re-runnable.
 *
 * `recover run` keeps the literal command (its argv, `--adapter`, `--diagnoser`) in memory only.
 * The run record gets the redacted text (what `list`, reports and traces show) and, for every
 * piece that held a secret, how to rebuild it from the environment on `resume`/`decide`:
 * - a secret that is the value of a variable of the environment `recover run` was started in
 *   (`curl -H "Authorization: Bearer $GITHUB_TOKEN"`, expanded by the shell) is stored as a
 *   reference to that variable: `resume` reads it again, nothing to do in CI or the same shell;
 * - any other secret (typed literally) makes the whole argument a reference to a variable of its
 *   own (`RECOVER_ARG_<n>`, `RECOVER_ADAPTER`, `RECOVER_DIAGNOSER`); `recover run` says so when it
 *   starts, and `resume` refuses until it is set, naming it.
 * A literal secret is never written; a resume never runs a command with a redacted argument.
 */
import { redactSecrets, type RedactPatterns } from '../redact/text.js';
import { isSecretKey } from '../redact/secret-keys.js';
import { CliError } from './errors.js';

import type { FromEnv, SealedPart } from '../runtime/run-meta.js';

export type { FromEnv, SealedPart } from '../runtime/run-meta.js';

/** What can be sealed: the command and the programs' command lines. */
export interface CommandLine {
  command: string[];
  adapter: string | null;
  diagnoser: string | null;
}

/** A sealed command line: what to store, how to rebuild it, and what to tell the user now. */
export interface Sealed extends CommandLine {
  fromEnv: FromEnv | null;
  /** One line per piece that will need a variable set on resume. */
  notes: string[];
}

// Shorter values are not matched against the environment: too likely to appear by chance.
const MIN_SECRET_CHARS = 8;

/**
 * Seal one piece of text. Returns null when it holds no secret; otherwise its parts, using the
 * environment's secret-looking variables where their values appear, or `fallback` for the whole.
 */
function sealText(text: string, env: Record<string, string | undefined>, fallback: string, extra?: RedactPatterns): { parts: SealedPart[]; own: boolean } | null {
  if (redactSecrets(text, extra) === text) return null;
  const candidates = Object.entries(env)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length >= MIN_SECRET_CHARS && text.includes(entry[1]))
    .filter(([name, value]) => isSecretKey(name) || redactSecrets(value, extra) !== value)
    .sort((a, b) => b[1].length - a[1].length || (a[0] < b[0] ? -1 : 1));
  let parts: SealedPart[] = [text];
  for (const [name, value] of candidates) {
    parts = parts.flatMap((part) => {
      if (typeof part !== 'string' || !part.includes(value)) return [part];
      const pieces = part.split(value);
      return pieces.flatMap((piece, i) => (i === 0 ? [piece] : [{ env: name }, piece])).filter((p) => p !== '');
    });
  }
  // Each literal piece must hold no secret of its own (it is stored, and redacted, as it is).
  const clean = parts.every((part) => typeof part !== 'string' || redactSecrets(part, extra) === part);
  if (candidates.length > 0 && clean) return { parts, own: false };
  return { parts: [{ env: fallback }], own: true };
}

/**
 * Seal a command line for the run record: the redacted text, `fromEnv` to rebuild it (null when
 * nothing held a secret) and the notes to print when the run starts.
 */
export function sealCommandLine(line: CommandLine, env: Record<string, string | undefined>, extra?: RedactPatterns): Sealed {
  const fromEnv: FromEnv = {};
  const notes: string[] = [];
  const note = (what: string, sealed: { parts: SealedPart[]; own: boolean }, fallback: string) => {
    const names = sealed.parts.filter((p): p is { env: string } => typeof p !== 'string').map((p) => `$${p.env}`);
    notes.push(sealed.own
      ? `recover: ${what} holds a secret; it is stored redacted, so 'recover resume' and 'recover decide' will need the whole ${what} in $${fallback}`
      : `recover: ${what} holds the value of ${names.join(', ')}; it is stored as a reference, read again on 'recover resume' and 'recover decide'`);
  };
  const command = line.command.map((arg, index) => {
    const fallback = `RECOVER_ARG_${index}`;
    const sealed = sealText(arg, env, fallback, extra);
    if (!sealed) return arg;
    (fromEnv.command ??= {})[String(index)] = sealed.parts;
    note(`argument ${index} of the command`, sealed, fallback);
    return redactSecrets(arg, extra);
  });
  const program = (key: 'adapter' | 'diagnoser', text: string | null): string | null => {
    if (text === null) return null;
    const fallback = `RECOVER_${key.toUpperCase()}`;
    const sealed = sealText(text, env, fallback, extra);
    if (!sealed) return text;
    fromEnv[key] = sealed.parts;
    note(`the --${key} command`, sealed, fallback);
    return redactSecrets(text, extra);
  };
  const adapter = program('adapter', line.adapter);
  const diagnoser = program('diagnoser', line.diagnoser);
  return { command, adapter, diagnoser, fromEnv: Object.keys(fromEnv).length > 0 ? fromEnv : null, notes };
}

function isParts(value: unknown): value is SealedPart[] {
  return Array.isArray(value) && value.every((p) => typeof p === 'string' || (typeof p === 'object' && p !== null && typeof (p as { env?: unknown }).env === 'string'));
}

/**
 * The literal command line of a stored run: each sealed piece rebuilt from `env`.
 * @throws CliError (exit 2) naming every variable that is not set, what it stands for, and the run.
 */
export function unsealCommandLine(runId: string, stored: CommandLine, fromEnv: unknown, env: Record<string, string | undefined>): CommandLine {
  if (fromEnv === null || fromEnv === undefined) return stored;
  if (typeof fromEnv !== 'object') throw new CliError(`run ${runId}: meta.fromEnv is not an object, so its command cannot be rebuilt`);
  const refs = fromEnv as FromEnv;
  const missing: string[] = [];
  const rebuild = (parts: unknown, what: string, shown: string): string => {
    if (!isParts(parts)) throw new CliError(`run ${runId}: meta.fromEnv for ${what} is malformed, so its command cannot be rebuilt`);
    let out = '';
    for (const part of parts) {
      if (typeof part === 'string') out += part;
      else if (env[part.env] !== undefined) out += env[part.env];
      else missing.push(`$${part.env} (${parts.length === 1 ? 'the whole' : 'the secret in'} ${what}, stored as ${JSON.stringify(shown)})`);
    }
    return out;
  };
  const command = stored.command.map((arg, index) => {
    const parts = refs.command?.[String(index)];
    return parts === undefined ? arg : rebuild(parts, `argument ${index}`, arg);
  });
  const adapter = refs.adapter !== undefined && stored.adapter !== null ? rebuild(refs.adapter, '--adapter command', stored.adapter) : stored.adapter;
  const diagnoser = refs.diagnoser !== undefined && stored.diagnoser !== null ? rebuild(refs.diagnoser, '--diagnoser command', stored.diagnoser) : stored.diagnoser;
  if (missing.length > 0) {
    throw new CliError(`run ${runId}: its command line held secrets that were not stored; set ${missing.join(', ')} in the environment and run this again`);
  }
  return { command, adapter, diagnoser };
}
