/**
 * The decisions a human can take on an escalated run, each with the exact `recover decide`
 * command, so the report can be acted on by copy and paste.
 */
import { DECISION_NAME_LIST, DECISION_NAMES, decisionChoiceOf, type DecisionName } from '../policy/types.js';
import { code, shellQuote } from './markdown.js';

/** The `--choice` values of `recover decide`, in the order reports offer them (derived from the policy's choices). */
export const DECISION_OPTIONS = DECISION_NAME_LIST;
/** A `recover decide --choice` value. */
export type DecisionOption = DecisionName;

/** What each choice does, in a few words. */
export const DECISION_DESCRIPTIONS: Readonly<Record<DecisionOption, string>> = {
  'retry-fresh': 'Retry with a fresh context; the budget starts again.',
  'retry-with': 'Retry with your guidance (level `clarify`).',
  skip: 'Skip this task and continue without it; some outputs may be incomplete.',
  rollback: 'Roll back to the last known good state, then re-attempt.',
  abort: 'Stop gracefully and keep partial work.',
  manual: 'Take over by hand; the run is recorded as manual.',
};

/** Placeholder shown for `--guidance` in the retry-with command. */
export const GUIDANCE_PLACEHOLDER = 'what to do differently';

/** The exact command that takes `option` on run `runId` (arguments shell-quoted). */
export function decisionCommand(runId: string, option: DecisionOption): string {
  const base = `recover decide ${shellQuote(runId)} --choice ${option}`;
  return option === 'retry-with' ? `${base} --guidance ${shellQuote(GUIDANCE_PLACEHOLDER)}` : base;
}

/**
 * The offered options: `wanted` in its order, with `retry-with-modifications` read as
 * `retry-with`, unknown names and duplicates dropped. Default (absent or nothing usable): all six.
 */
export function offeredOptions(wanted?: readonly string[]): DecisionOption[] {
  const out: DecisionOption[] = [];
  for (const name of wanted ?? []) {
    const choice = decisionChoiceOf(name);
    const option = choice === null ? null : DECISION_NAMES[choice];
    if (option !== null && !out.includes(option)) out.push(option);
  }
  return out.length > 0 ? out : [...DECISION_OPTIONS];
}

/** The `### Options` section: one list item per option with its command. */
export function optionsSection(runId: string, wanted?: readonly string[]): string[] {
  const lines = ['### Options', ''];
  for (const option of offeredOptions(wanted)) {
    lines.push(`- **${option}**: ${DECISION_DESCRIPTIONS[option]}`, `  ${code(decisionCommand(runId, option))}`);
  }
  return lines;
}
