/**
 * Each verb's options declared once — name, description, value, default, choices — and both
 * the parser (`node:util` parseArgs, strict) and the `--help` text derived from that
 * declaration, as citty and vitest do, so the help cannot drift from what is accepted.
 */
import { parseArgs } from 'node:util';
import { hint } from '../policy/paths.js';
import { UsageError } from './errors.js';

/** One option of a verb. */
export interface OptionDecl {
  type: 'string' | 'boolean';
  /** One line of help; `\n` continues on the next line, indented under it. */
  description: string;
  /** The value's placeholder in help (`FILE`, `DURATION`); default: the choices joined by `|`, else `VALUE`; a boolean shows none unless given (`[URL]`). */
  value?: string;
  /** The value when the option is absent (shown in help as "(default: …)"); none = undefined. */
  default?: string;
  /** The only values allowed; anything else is a usage error naming them. */
  choices?: readonly string[];
  /** A one-letter alias (`q` for `-q`). */
  short?: string;
  /** Accepted but not listed in help (an internal spelling). */
  hidden?: boolean;
}

/** A verb's options by name (the long spelling, without `--`). */
export type OptionDecls = Readonly<Record<string, OptionDecl>>;

/** The parsed values of `O`: a string option is a string (or its default), a boolean one true or undefined. */
export type OptionValues<O extends OptionDecls> = {
  [K in keyof O]: O[K]['type'] extends 'boolean' ? boolean | undefined : O[K] extends { default: string } ? string : string | undefined;
};

/** Everything `--help` says about a verb (its one-line summary lives in main.ts's verb table, so the list needs no verb loaded). */
export interface VerbSpec<O extends OptionDecls = OptionDecls> {
  /** The verb as typed: `run`, `pipeline run`. */
  name: string;
  /** What follows the verb in the synopsis, e.g. `[options] -- CMD [ARGS…]`. */
  synopsis: string;
  /** A paragraph saying what the verb does. */
  description: string;
  options: O;
  /** Command lines, printed under "Examples:". */
  examples: readonly string[];
  /** Text after the options (e.g. the exit-code table). */
  footer?: string;
}

const flagOf = (name: string, decl: OptionDecl): string => {
  const value = decl.type === 'boolean' ? (decl.value ? ` ${decl.value}` : '') : ` ${decl.value ?? (decl.choices ? decl.choices.join('|') : 'VALUE')}`;
  return `${decl.short ? `-${decl.short}, ` : ''}--${name}${value}`;
};

/** The option lines of `options`, aligned, with defaults; hidden ones left out. */
export function optionsHelp(options: OptionDecls): string {
  const shown = Object.entries(options).filter(([, decl]) => !decl.hidden);
  const width = Math.max(20, ...shown.map(([name, decl]) => flagOf(name, decl).length)) + 2;
  return shown.map(([name, decl]) => {
    const [first, ...rest] = decl.description.split('\n');
    const dflt = decl.default !== undefined ? ` (default: ${decl.default})` : '';
    const lines = [`  ${flagOf(name, decl).padEnd(width)} ${first}${rest.length === 0 ? dflt : ''}`];
    rest.forEach((line, i) => lines.push(`  ${''.padEnd(width)} ${line}${i === rest.length - 1 ? dflt : ''}`));
    return lines.join('\n');
  }).join('\n');
}

/** The `--help` text of a verb, generated from its spec. */
export function helpOf(spec: VerbSpec): string {
  const parts = [`Usage: recover ${spec.name} ${spec.synopsis}`.trimEnd(), '', spec.description.trim(), ''];
  if (Object.values(spec.options).some((decl) => !decl.hidden)) parts.push('Options:', optionsHelp(spec.options), `  ${'-h, --help'.padEnd(22)} show this help`, '');
  if (spec.footer) parts.push(spec.footer.trimEnd(), '');
  if (spec.examples.length > 0) parts.push('Examples:', ...spec.examples.map((line) => `  ${line}`), '');
  return `${parts.join('\n')}`;
}

/**
 * Parses `args` against `options` strictly: an unknown option is a usage error with a "did you
 * mean" when one is close; a value outside `choices` names them; absent options get their default.
 */
export function parseOptions<O extends OptionDecls>(args: readonly string[], options: O): { values: OptionValues<O>; positionals: string[] } {
  const config: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const [name, decl] of Object.entries(options)) config[name] = { type: decl.type, ...(decl.short ? { short: decl.short } : {}) };
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options: config, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(explain(error, options));
  }
  const values: Record<string, unknown> = { ...parsed.values };
  for (const [name, decl] of Object.entries(options)) {
    const value = values[name];
    if (value === undefined) {
      if (decl.default !== undefined) values[name] = decl.default;
    } else if (decl.choices && !decl.choices.includes(value as string)) {
      throw new UsageError(`--${name} must be one of ${decl.choices.join(', ')} (got '${String(value)}')${hint(String(value), decl.choices, false)}`);
    }
  }
  return { values: values as OptionValues<O>, positionals: parsed.positionals };
}

/** {@link parseOptions} for a verb that takes options only: any argument is refused (exit 2), naming it. */
export function parseFlags<O extends OptionDecls>(args: readonly string[], options: O): OptionValues<O> {
  const { values, positionals } = parseOptions(args, options);
  if (positionals.length > 0) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  return values;
}

/** parseArgs's error in the CLI's words: the option named, a near spelling suggested. */
function explain(error: unknown, options: OptionDecls): string {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message : String(error);
  const option = /'(-[^' ]*)/.exec(message)?.[1];
  if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' && option !== undefined) {
    const name = option.replace(/^-+/, '').replace(/=.*$/, '');
    const known = Object.entries(options).filter(([, decl]) => !decl.hidden).map(([known]) => known);
    const guess = hint(name, known, false).replace(/did you mean (\S+)\?/, 'did you mean --$1?');
    return `unknown option '${option}'${guess}`;
  }
  if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE' && option !== undefined) {
    return /argument missing/.test(message) ? `option '${option}' needs a value` : `option '${option}' takes no value`;
  }
  return message;
}

/** True when the arguments before a `--` ask for help. */
export function wantsHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** `--store DIR`, shared by every verb that reads the store. */
export const STORE_OPTION = {
  store: { type: 'string', value: 'DIR|URL', description: 'run store: a directory, or postgres://USER@HOST:PORT/DB (fleet mode)\n(default: $RECOVERY_STORE, else .recovery/ at the project root)' },
} as const satisfies OptionDecls;

/** `--json`, shared by every verb that prints data. */
export const JSON_OPTION = {
  json: { type: 'boolean', description: 'print JSON on stdout (nothing else goes to stdout)' },
} as const satisfies OptionDecls;

/** How much the run verbs print and whether in colour: `--quiet`, `--verbose`, `--color`, `--no-color`. */
export const OUTPUT_OPTIONS = {
  quiet: { type: 'boolean', short: 'q', description: 'print only the final summary and errors (no progress lines)' },
  verbose: { type: 'boolean', description: "also say which config file and store are used" },
  color: { type: 'boolean', description: 'colour even when not a terminal (as FORCE_COLOR=1)' },
  'no-color': { type: 'boolean', description: 'no colour (as NO_COLOR=1)' },
} as const satisfies OptionDecls;

/** What {@link OUTPUT_OPTIONS} ask for: a colour override (undefined = decide by the environment) and the verbosity. */
export function outputStyle(values: { quiet?: unknown; verbose?: unknown; color?: unknown; 'no-color'?: unknown }): { color?: boolean; verbosity: 'quiet' | 'normal' | 'verbose' } {
  if (values.quiet === true && values.verbose === true) throw new UsageError('--quiet and --verbose contradict each other: give one');
  const verbosity = values.quiet === true ? 'quiet' : values.verbose === true ? 'verbose' : 'normal';
  if (values['no-color'] === true) return { color: false, verbosity };
  if (values.color === true) return { color: true, verbosity };
  return { verbosity };
}
