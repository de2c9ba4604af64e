/**
 * Each verb's options are declared once (an {@link OptionDecls} table in its spec, see verb.ts:
 * name, description, value, default, choices); both the parser (`node:util` parseArgs, strict)
 * and the `--help` text are derived here from that declaration, as citty and vitest do, so the
 * help cannot drift from what is accepted.
 */
import { parseArgs } from 'node:util';
import { hint } from '../policy/paths.js';
import { UsageError } from './errors.js';
import type { OptionDecl, OptionDecls, OptionValues, VerbSpec } from './verb.js';

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
