import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how the command was called: reported with the verb's usage hint, exit code 2. */
export class UsageError extends Error {
  /** Exit code for usage and config errors (DESIGN.md: 2). */
  readonly exitCode = 2;
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** Option definitions, as `node:util` `parseArgs` takes them. */
export type OptionSpec = NonNullable<ParseArgsConfig['options']>;

/** Parsed arguments: option values by name, then the positionals in order. */
export interface ParsedArgs {
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
}

/**
 * Parses a verb's arguments strictly (unknown options are errors) with `node:util`'s parser,
 * and turns its errors into {@link UsageError}s. `--help`/`-h` are handled by `main`.
 */
export function parse(args: readonly string[], options: OptionSpec): ParsedArgs {
  try {
    const { values, positionals } = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
    return { values: values as ParsedArgs['values'], positionals };
  } catch (error) {
    // parseArgs's messages are clear ("Unknown option '--x'"); keep them, drop the Node code.
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** True when the arguments before a `--` ask for help. */
export function wantsHelp(args: readonly string[]): boolean {
  for (const arg of args) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/** An option limited to `allowed` values: the value, undefined when absent, else a usage error naming them. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], option: string): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new UsageError(`${option} must be one of ${allowed.join(', ')} (got '${String(value)}')`);
  }
  return value as T;
}
