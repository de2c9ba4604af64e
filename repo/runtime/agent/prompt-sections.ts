/**
 * The sections of an agent prompt, each built from the machine's input and bounded, so the
 * prompt before the output stays near 2 KB however long a run's history gets.
 */
import type { Diagnosis, FailureRecord, Regression } from '../../../machines/recovery/types.js';
import type { KnownFix } from '../../memory/types.js';
import { redactSecrets, type RedactPatterns } from '../../redact/index.js';
import { shellLine } from '../../report/markdown.js';
import type { Level } from '../../taxonomy/index.js';
import { outputTail } from './output-tail.js';
import { failingTestLines } from '../../report/failing-tests.js';
import type { PromptSections } from './prompt-template.js';

/** Where the failing command ran: its argv and working directory. */
export interface CommandPlace {
  command: readonly string[];
  cwd: string;
  /** The run's own secret patterns, on top of the built-in ones, for the command line shown. Default: built-ins only. */
  redact?: RedactPatterns;
}

/** Everything the sections are built from: the common ground of `AdaptInput` and `DiagnoseInput`. */
export interface SectionInput {
  failure: FailureRecord;
  diagnosis: Diagnosis | null;
  fixesTried: readonly string[];
  knownFixes: readonly KnownFix[];
  guidance: string | null;
  hint: string | null;
  /** `null` in DIAGNOSE, which has no level. */
  level: Level | null;
  iteration: number;
  regression: Regression | null;
}

// Bounds that keep the worst case before the output near 3.5 KB (typical: under 1.5 KB).
const MAX_ITEM = 160; // characters of one hypothesis, fix or test name
const MAX_GUIDANCE = 800;
const MAX_HYPOTHESES = 4;
const MAX_FIXES_TRIED = 6;
const MAX_KNOWN_FIXES = 3;
const MAX_TESTS = 10;
/** Failing tests listed with message and place (each line bounded in failing-tests.ts). */
const MAX_FAILING_TESTS = 20;

const LEVEL_MEANING: Record<Level, string> = {
  same: 'retry the same approach, removing what made it fail',
  alternative: 'take a different approach from the one that failed and from any fix already tried',
  clarify: 'a person clarified the task: follow their guidance',
  escalate: 'last attempt before a person takes over',
};

/**
 * The text of every section but `instruction` and `answerFormat` (which depend on the phase
 * only), for {@link renderTemplate}. Sections that do not apply are `''`.
 */
export function promptSections(input: SectionInput, where: CommandPlace): Omit<PromptSections, 'instruction' | 'answerFormat'> {
  const { failure } = input;
  const evidence = oneLine(failure.classification.evidence[0]?.match ?? '', 300);
  const tail = failureOutput(failure);
  return {
    command: shownCommand(where),
    cwd: where.cwd,
    classification: classification(input),
    evidence: evidence ? `Evidence: ${evidence}` : '',
    diagnosis: diagnosis(input.diagnosis),
    fixesTried: list(
      dedupe(input.fixesTried).slice(-MAX_FIXES_TRIED),
      'Fixes already tried (these did not work; do something different):',
      dedupe(input.fixesTried).length - MAX_FIXES_TRIED,
    ),
    knownFixes: list(
      input.knownFixes.slice(0, MAX_KNOWN_FIXES).map((k) => `${bound(k.fix, MAX_ITEM)} (worked ${k.worked}×, failed ${k.failed}×)`),
      'Fixes that worked before for this failure (consider them first):',
    ),
    guidance: input.guidance?.trim() ? `Guidance from a person (follow it):\n${bound(input.guidance.trim(), MAX_GUIDANCE)}` : '',
    level: input.level ? `${input.level} (${LEVEL_MEANING[input.level]})` : '',
    iteration: String(input.iteration),
    regression: regression(input.regression),
    failingTests: list(failingTestLines(failure.observation.tests, MAX_FAILING_TESTS), 'Failing tests:'),
    // The evidence line alone is already in the prompt: no output section to repeat it.
    output: !tail || normalise(tail) === normalise(evidence) ? '' : `Last lines of the output:\n\`\`\`\n${tail}\n\`\`\``,
  };
}

/**
 * The command line as the agent is told it. A secret in it (a token in a header, a password in a
 * URL) stays in this process: the agent sees it redacted and is told how to run it whole, from
 * `RECOVERY_COMMAND`, which its environment holds (agent-hooks.ts, program-hooks.ts).
 */
function shownCommand(where: CommandPlace): string {
  const line = shellLine(where.command);
  const shown = redactSecrets(line, where.redact);
  return shown === line ? line : `${shown}\n(secrets redacted: run it as sh -c "$RECOVERY_COMMAND", which holds it whole)`;
}

function classification({ failure, hint }: SectionInput): string {
  const { type, category, severity, retryAfterMs } = failure.classification;
  const { exitCode, signal } = failure.observation;
  const ended = signal ? `killed by ${signal}` : typeof exitCode === 'number' ? `exit code ${exitCode}` : null;
  // The type's name, not its description: the taxonomy describes what the protocol does
  // ("roll back, then fix"), which an agent would take as an instruction.
  const lines = [`Failure: ${type} (${category}, severity ${severity}${ended ? `; ${ended}` : ''})`];
  if (retryAfterMs !== undefined) lines.push(`The failure asked to wait ${Math.ceil(retryAfterMs / 1000)} s before retrying.`);
  if (hint?.trim()) lines.push(`Hint: ${bound(hint.trim(), MAX_ITEM * 2)}`);
  return lines.join('\n');
}

function diagnosis(current: Diagnosis | null): string {
  if (!current || current.hypotheses.length === 0) return '';
  const best = [...current.hypotheses].sort((a, b) => b.confidence - a.confidence).slice(0, MAX_HYPOTHESES);
  const source = current.source === 'built-in' ? 'built-in rules' : 'diagnoser';
  return list(best.map((h) => `${bound(h.text, MAX_ITEM)} (confidence ${h.confidence.toFixed(2)})`), `Current diagnosis (${source}):`);
}

function regression(found: Regression | null): string {
  if (!found || (found.fixed.length === 0 && found.broken.length === 0)) return '';
  const names = (tests: string[]) => tests.slice(0, MAX_TESTS).map((t) => bound(t, MAX_ITEM)).join(', ') + (tests.length > MAX_TESTS ? ` and ${tests.length - MAX_TESTS} more` : '');
  return `The last fix made tests pass (${names(found.fixed) || 'none'}) but broke others (${names(found.broken) || 'none'}): keep the first passing and fix the others.`;
}

/** The output tail: stdout and stderr (half the bounds each when both have text), else the message. */
function failureOutput({ observation }: FailureRecord): string {
  const stdout = observation.stdout?.trim() ? observation.stdout : '';
  const stderr = observation.stderr?.trim() ? observation.stderr : '';
  if (stdout && stderr) return `stdout:\n${outputTail(stdout, { maxLines: 30, maxChars: 2048 })}\nstderr:\n${outputTail(stderr, { maxLines: 30, maxChars: 2048 })}`;
  if (stdout || stderr) return outputTail(stdout || stderr);
  const error = observation.error instanceof Error ? observation.error.message : typeof observation.error === 'string' ? observation.error : '';
  return outputTail(observation.message ?? error);
}

function list(items: readonly string[], heading: string, earlier = 0): string {
  if (items.length === 0) return '';
  return [heading, ...(earlier > 0 ? [`- (${earlier} earlier ones not shown)`] : []), ...items.map((item) => `- ${item}`)].join('\n');
}

const dedupe = (items: readonly string[]) => [...new Set(items.map((item) => oneLine(item, MAX_ITEM)).filter(Boolean))];
const normalise = (text: string) => text.replace(/\s+/g, ' ').trim();
const oneLine = (text: string, max: number) => bound(normalise(text), max);
const bound = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
