/**
 * Prompt templates: text with `{{name}}` placeholders, each filled with one section of the
 * prompt. The built-in prompts are templates too, so a user's template and the default go
 * through the same code.
 */

/**
 * Every placeholder a prompt template may use: the one definition of the vocabulary. Each is
 * filled with that section's text, or `''` when the section does not apply:
 * - `instruction`: what to do (ADAPT: find and fix; DIAGNOSE: explain, change nothing)
 * - `command`: the failing command, shell-quoted; `cwd`: its working directory
 * - `classification`: type, category, severity, exit status, retry hint
 * - `evidence`: the line of output that identified the failure
 * - `diagnosis`: the current hypotheses with their confidences
 * - `fixesTried`: the fixes that did not work
 * - `knownFixes`: fixes that worked before for this failure
 * - `guidance`: what a person said
 * - `level`: the recovery level (with what it means); `iteration`: the recovery pass, a number
 * - `regression`: tests the last fix made pass and tests it broke
 * - `failingTests`: the failing tests (name, file:line, message) when the output was a known
 *   test runner's, the first 20
 * - `output`: the tail of the failure's output, deduplicated and bounded
 * - `answerFormat`: the exact JSON the answer must end with
 */
export const PROMPT_PLACEHOLDERS = [
  'instruction', 'command', 'cwd', 'classification', 'evidence', 'diagnosis', 'fixesTried',
  'knownFixes', 'guidance', 'level', 'iteration', 'regression', 'failingTests', 'output',
  'answerFormat',
] as const;

/** A placeholder name of {@link PROMPT_PLACEHOLDERS}. */
export type PromptPlaceholder = (typeof PROMPT_PLACEHOLDERS)[number];

/** The text of every section, by placeholder. */
export type PromptSections = Readonly<Record<PromptPlaceholder, string>>;

// Bounded name: `{{` followed by a long run of letters cannot make this slow.
const PLACEHOLDER = /\{\{\s*([A-Za-z_]\w{0,63})\s*\}\}/g;
const KNOWN: ReadonlySet<string> = new Set(PROMPT_PLACEHOLDERS);
const isPlaceholder = (name: string): name is PromptPlaceholder => KNOWN.has(name);

/**
 * Fills `template`'s placeholders from `sections`, in one pass (a section's text containing
 * `{{…}}`, e.g. build output, is never expanded again). A template line made only of
 * placeholders that are all empty is dropped, and blank lines do not pile up where sections
 * were left out, so a template reads well whichever sections apply.
 * @throws Error naming the first unknown placeholder and listing the known ones, so a typo in
 *   a template file is a clear configuration error rather than a silent hole in the prompt.
 */
export function renderTemplate(template: string, sections: PromptSections): string {
  const unknown = [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '').find((name) => !isPlaceholder(name));
  if (unknown !== undefined) {
    throw new Error(`unknown placeholder {{${unknown}}} in the prompt template; known placeholders: ${PROMPT_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`);
  }
  const out: string[] = [];
  for (const line of template.split('\n')) {
    const onlyPlaceholders = line.includes('{{') && !line.replace(PLACEHOLDER, '').trim();
    const filled = line.replace(PLACEHOLDER, (match, name: string) => (isPlaceholder(name) ? sections[name] : match));
    if (onlyPlaceholders && !filled.trim()) continue;
    if (!filled.trim() && (out.length === 0 || !out.at(-1)?.trim())) continue;
    out.push(filled);
  }
  while (out.length > 0 && !out.at(-1)?.trim()) out.pop();
  return out.join('\n');
}
