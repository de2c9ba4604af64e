/**
 * What the verbs that print share: `--json` (data on stdout, nothing else there) and, for the
 * run verbs, how much is printed and in which colours. Declared once so every verb spells and
 * documents them alike.
 */
import { UsageError } from './errors.js';
import type { OptionDecls } from './verb.js';

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
