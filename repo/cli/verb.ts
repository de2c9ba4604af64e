/**
 * What a verb of `recover` is, in types only: where it reads and writes ({@link CliIO}), the
 * declaration of its options and operands ({@link VerbSpec}), from which its parser and its
 * `--help` are both derived, and the {@link Verb} the dispatcher calls. Every module of the CLI
 * may import this one; it imports nothing of the CLI, so no verb needs the dispatcher.
 */

/** Where a verb reads and writes: injectable, so tests and embedders need no real process. */
export interface CliIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  stdin: AsyncIterable<string | Uint8Array>;
  env: Record<string, string | undefined>;
  cwd: string;
}

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

/**
 * What a verb takes besides its options. Without a rule it takes nothing: any argument is a
 * usage error naming it.
 * - `{ count, first?, error }`: exactly `count` words (`first`, when given, must be the first
 *   one: a sub-command such as `pipeline run`); otherwise `error` is the usage error.
 * - `{ rest: true }`: any number of words (`classify MESSAGE…`).
 * - `{ command: { missing } }`: a command after `--` (`run -- CMD ARGS…`); a word before `--` is
 *   refused with "put the command after '--'", no command at all with `missing`.
 */
export type OperandRule =
  | { readonly count: number; readonly first?: string; readonly error: string }
  | { readonly rest: true }
  | { readonly command: { readonly missing: string } };

/** Everything `--help` and the parser know about a verb (its one-line summary lives in main.ts's verb table, so the list needs no verb loaded). */
export interface VerbSpec<O extends OptionDecls = OptionDecls> {
  /** The verb as typed: `run`, `pipeline run`. */
  name: string;
  /** What follows the verb in the synopsis, e.g. `[options] -- CMD [ARGS…]`. */
  synopsis: string;
  /** A paragraph saying what the verb does. */
  description: string;
  options: O;
  /** What the verb takes besides its options. Default: nothing. */
  operands?: OperandRule;
  /** Rewrites the arguments before they are parsed (`--inspect URL`, see inspection.ts). Default: none. */
  rewrite?: (args: readonly string[]) => string[];
  /** Command lines, printed under "Examples:". */
  examples: readonly string[];
  /** Text after the options (e.g. the exit-code table). */
  footer?: string;
}

/** One verb of the CLI: its options and help are declared once, in `spec`. */
export interface Verb {
  /** Synopsis, description, options and examples; `--help` is generated from it. */
  spec: VerbSpec;
  /** Runs the verb with its arguments (the verb name removed); resolves to the exit code. */
  run(args: readonly string[], io: CliIO): Promise<number>;
}
