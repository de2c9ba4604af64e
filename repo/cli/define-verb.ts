/**
 * The preamble every verb shares, written once: its arguments parsed against the options its
 * spec declares (unknown options, missing values and choices refused with the same messages
 * everywhere), its operands checked against the spec's rule, and the handler given typed values.
 * As vitest's CLI derives its parser from one options table, so the help (see options.ts), the
 * parser and the values a verb reads cannot disagree.
 */
import { UsageError } from './errors.js';
import { parseFlags, parseOptions } from './options.js';
import type { CliIO, OptionValues, Verb, VerbSpec } from './verb.js';

/** `count` strings. */
type Words<N extends number, T extends string[] = []> = number extends N ? string[] : T['length'] extends N ? T : Words<N, [...T, string]>;

/** The operands a spec's rule yields: a tuple for `count`, a list for `rest`, none otherwise (a command comes as `command`). */
export type OperandsOf<S extends VerbSpec> = S['operands'] extends { count: infer N extends number } ? Words<N>
  : S['operands'] extends { rest: true } ? string[]
  : [];

/** The command after `--` of a verb whose rule is `command` (never empty); none for any other verb. */
export type CommandOf<S extends VerbSpec> = S['operands'] extends { command: object } ? [string, ...string[]] : [];

/** What a verb's handler is given: its parsed options, operands and command. */
export interface VerbInput<S extends VerbSpec> {
  /** The options by name, with their defaults (see `OptionValues`). */
  values: OptionValues<S['options']>;
  /** The words after the options, as the spec's `operands` rule allows them. */
  operands: OperandsOf<S>;
  /** The command after `--`, for a verb whose rule is `command`. */
  command: CommandOf<S>;
}

/** A verb's own work, once its arguments are parsed and checked: resolves to the exit code. */
export type VerbHandler<S extends VerbSpec> = (input: VerbInput<S>, io: CliIO) => Promise<number>;

/** The verb `spec` declares, running `handler` with what its arguments say. */
export function defineVerb<const S extends VerbSpec>(spec: S, handler: VerbHandler<S>): Verb {
  return {
    spec,
    run: (args, io) => handler(parseVerbArgs(spec, args), io),
  };
}

/**
 * `args` read as `spec` declares them; a usage error (exit 2) for anything it does not take.
 * Options first, so a misspelt flag is named before a missing operand.
 */
function parseVerbArgs<S extends VerbSpec>(spec: S, args: readonly string[]): VerbInput<S> {
  const rule = spec.operands;
  const rewrite = spec.rewrite ?? ((own: readonly string[]) => [...own]);
  const parsed = (values: unknown, operands: string[], command: string[]) => ({ values, operands, command }) as VerbInput<S>;
  if (rule === undefined) return parsed(parseFlags(rewrite(args), spec.options), [], []);
  if ('command' in rule) {
    const dash = args.indexOf('--');
    const { values, positionals } = parseOptions(rewrite(dash === -1 ? args : args.slice(0, dash)), spec.options);
    if (positionals.length > 0) throw new UsageError(`put the command after '--': recover ${spec.name} [options] -- ${positionals.join(' ')}`);
    const command = dash === -1 ? [] : args.slice(dash + 1);
    if (command.length === 0) throw new UsageError(rule.command.missing);
    return parsed(values, [], command);
  }
  const { values, positionals } = parseOptions(rewrite(args), spec.options);
  if ('count' in rule && (positionals.length !== rule.count || (rule.first !== undefined && positionals[0] !== rule.first))) {
    throw new UsageError(rule.error);
  }
  return parsed(values, positionals, []);
}
