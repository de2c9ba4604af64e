/**
 * The prompt an adapter or diagnoser agent gets: the same for every agent CLI, built from the
 * machine's input. Order matters: the instruction first, the facts next, the long output tail
 * after them, and the answer format LAST, where a model is most likely to follow it.
 */
import type { AdaptInput, DiagnoseInput } from '../../../machines/recovery/types.js';
import type { KnownFix } from '../../memory/types.js';
import { promptSections, type CommandPlace } from './prompt-sections.js';
import { renderTemplate, type PromptSections } from './prompt-template.js';

export { PROMPT_PLACEHOLDERS, type PromptPlaceholder } from './prompt-template.js';
export type { CommandPlace } from './prompt-sections.js';

/** The JSON an adapter's answer ends with (also what {@link formatReminder} asks for). */
export const FIX_FORMAT = '{"fix": "<one sentence: what you changed>", "confidence": <0..1>}';
/** The JSON a diagnoser's answer ends with. */
export const HYPOTHESES_FORMAT = '{"hypotheses": [{"text": "<one sentence: a possible cause>", "confidence": <0..1>}]}';

/** The built-in ADAPT prompt, as a template (see {@link PROMPT_PLACEHOLDERS}). */
export const ADAPT_TEMPLATE = [
  '{{instruction}}', '',
  'Command: {{command}}', 'Working directory: {{cwd}}', '',
  '{{classification}}', '{{evidence}}', '',
  '{{diagnosis}}', '', '{{fixesTried}}', '', '{{knownFixes}}', '', '{{guidance}}', '',
  'Recovery level: {{level}}; iteration {{iteration}}.', '{{regression}}', '',
  '{{failingTests}}', '', '{{output}}', '',
  '{{answerFormat}}',
].join('\n');

/** The built-in DIAGNOSE prompt, as a template. */
export const DIAGNOSE_TEMPLATE = [
  '{{instruction}}', '',
  'Command: {{command}}', 'Working directory: {{cwd}}', '',
  '{{classification}}', '{{evidence}}', '',
  '{{diagnosis}}', '', '{{fixesTried}}', '', '{{knownFixes}}', '',
  'Recovery iteration {{iteration}}.', '',
  '{{failingTests}}', '', '{{output}}', '',
  '{{answerFormat}}',
].join('\n');

/**
 * The ADAPT prompt for `input`: the built-in {@link ADAPT_TEMPLATE}, or `template` (the text of
 * a user's template file). Throws on an unknown placeholder in `template`.
 * @param input the machine's `AdaptInput`, with the fix memory's `knownFixes` when it has some.
 * @param where the failing command (argv) and the directory it ran in, where the agent edits.
 */
export function adaptPrompt(input: AdaptInput & { knownFixes?: KnownFix[] }, where: CommandPlace, template?: string): string {
  const sections: PromptSections = {
    ...promptSections({
      failure: input.failure, diagnosis: input.diagnosis, fixesTried: input.fixesTried, knownFixes: input.knownFixes ?? [],
      guidance: input.guidance, hint: input.hint, level: input.level, iteration: input.iteration, regression: input.regression,
    }, where),
    instruction: `A command failed in this repository. Find and fix the cause by editing files in ${where.cwd}. `
      + 'Do not run the command in a loop: run it at most once to check your fix. Change only what the fix needs; '
      + 'do not disable, skip or delete tests, and do not commit.',
    answerFormat: `When done, end your answer with one line of JSON: ${FIX_FORMAT}; if you cannot find a fix, answer {"fix": null}.`,
  };
  return renderTemplate(template ?? ADAPT_TEMPLATE, sections);
}

/**
 * The DIAGNOSE prompt for `input`: the built-in {@link DIAGNOSE_TEMPLATE}, or `template`.
 * The fixes already tried are read from the history (DIAGNOSE has no list of its own).
 * Throws on an unknown placeholder in `template`.
 */
export function diagnosePrompt(input: DiagnoseInput, where: CommandPlace, template?: string): string {
  const fixesTried = input.history.flatMap((event) => (event.fix ? [event.fix] : []));
  const sections: PromptSections = {
    ...promptSections({
      failure: input.failure, diagnosis: input.builtIn, fixesTried, knownFixes: [],
      guidance: null, hint: null, level: null, iteration: input.iteration, regression: null,
    }, where),
    instruction: `A command failed in this repository (${where.cwd}). Find out why, reading the files and the output below. `
      + 'Do not change any file. State hypotheses about the cause with a confidence each.',
    answerFormat: `End your answer with one line of JSON, the most likely cause first: ${HYPOTHESES_FORMAT}.`,
  };
  return renderTemplate(template ?? DIAGNOSE_TEMPLATE, sections);
}

/** The short re-ask sent when an answer had no readable JSON: only the format, nothing else. */
export function formatReminder(phase: 'ADAPT' | 'DIAGNOSE'): string {
  const format = phase === 'ADAPT' ? `${FIX_FORMAT}, or {"fix": null} if you found no fix` : HYPOTHESES_FORMAT;
  return `Your previous answer had no readable JSON. Answer again with only: ${format}`;
}
