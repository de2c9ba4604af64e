/**
 * The decision table of `recover hook claude`: for each hook event and the phase of the run it
 * concerns, what the engine is told (the statechart decides everything else) and which answer
 * the agent gets. Pure: `planOf` picks the row, `answerOf` renders the answer from the run as
 * the engine left it. The README's table is generated from {@link RULES}.
 */
import { detectRepeatedFix } from '../../classify/circular.js';
import { dataLossRisk } from '../../classify/data-loss.js';
import type { HookEventKind } from './input.js';

/** Where the run an event concerns stands, as the agent sees it. */
export type RunPhase = 'none' | 'adapt' | 'verify' | 'wait' | 'escalated' | 'ended';

/** The facts of a run the hook's answers are written from (see run-view.ts `viewOf`). */
export interface HookRunView {
  phase: RunPhase;
  runId: string;
  command: string;
  /** The failure's type and category (`BROKEN_BUILD`, `systematic`), and its evidence line. */
  type: string | null;
  category: string | null;
  evidence: string | null;
  iteration: number;
  budget: number;
  fixes: string[];
  /** Why it escalated (`max_attempts`, `critical_security_violation`…), else null. */
  reason: string | null;
  /** The backoff before a transient failure's re-run, ms. */
  delayMs: number | null;
  /** A person's guidance from `recover decide --choice retry-with`, not yet told to the agent. */
  guidance: string | null;
}

/** What the engine is told: a failed or passing run of the command, or the agent's change as the ADAPT fix. */
export type Feed = 'fail' | 'pass' | 'fix' | null;

/** The answers the agent can get. */
export type AnswerKind = 'allow' | 'protocol' | 'deny-data-loss' | 'deny-escalated' | 'deny-repeated' | 'fix-recorded' | 'after-failure' | 'recovered' | 'block-stop';

/**
 * One row: an event in a phase (`*` any). `repeated`: the change repeats a fix that failed;
 * `continuing`: Claude Code is already continuing because of a Stop block (stop_hook_active);
 * `dataLoss`: the command line risks data loss (classify/data-loss.ts).
 */
export interface Rule {
  event: HookEventKind;
  phase: RunPhase | '*';
  when?: 'repeated' | 'continuing' | 'dataLoss';
  feed: Feed;
  answer: AnswerKind;
  /** For people (the README table). */
  note: string;
}

/** First match wins. */
export const RULES: readonly Rule[] = [
  { event: 'session-start', phase: '*', feed: null, answer: 'protocol', note: 'the protocol, in a few lines' },
  { event: 'bash-before', phase: '*', when: 'dataLoss', feed: null, answer: 'deny-data-loss', note: 'seed 004 BLOCK_AND_ALERT: a command line that risks data loss never runs (issue 33)' },
  { event: 'bash-before', phase: 'escalated', feed: null, answer: 'deny-escalated', note: 'AC-004/AC-005: nothing runs until a person decides' },
  { event: 'bash-before', phase: '*', feed: null, answer: 'allow', note: "allowed (a person's retry-with guidance is added once to whatever the agent is told next)" },
  { event: 'edit-before', phase: 'escalated', feed: null, answer: 'deny-escalated', note: 'no edits until a person decides' },
  { event: 'edit-before', phase: 'adapt', when: 'repeated', feed: null, answer: 'deny-repeated', note: 'AC-006: the same fix again is refused' },
  { event: 'edit-before', phase: 'verify', when: 'repeated', feed: null, answer: 'deny-repeated', note: 'AC-006, also before the re-run' },
  { event: 'edit-before', phase: 'adapt', feed: 'fix', answer: 'fix-recorded', note: "the change is this iteration's fix (ADAPT → RETRY)" },
  { event: 'edit-before', phase: '*', feed: null, answer: 'allow', note: 'allowed' },
  { event: 'bash-failed', phase: 'escalated', feed: null, answer: 'after-failure', note: 'the escalation again' },
  { event: 'bash-failed', phase: 'adapt', feed: null, answer: 'after-failure', note: 'failed again with no change: change something first' },
  { event: 'bash-failed', phase: '*', feed: 'fail', answer: 'after-failure', note: 'opens or continues the run: PAUSE → DIAGNOSE → ADAPT, a wait, or ESCALATE' },
  { event: 'bash-passed', phase: 'verify', feed: 'pass', answer: 'recovered', note: 'the fix worked: recovered' },
  { event: 'bash-passed', phase: 'wait', feed: 'pass', answer: 'recovered', note: 'the re-run passed: recovered' },
  { event: 'bash-passed', phase: 'adapt', feed: 'pass', answer: 'recovered', note: 'passed with no change recorded: recovered' },
  { event: 'bash-passed', phase: '*', feed: null, answer: 'allow', note: 'nothing to recover' },
  { event: 'stop', phase: 'escalated', when: 'continuing', feed: null, answer: 'allow', note: 'blocked once already: let it stop and say so' },
  { event: 'stop', phase: 'escalated', feed: null, answer: 'block-stop', note: 'not done while escalated (once per stop)' },
  { event: 'stop', phase: '*', feed: null, answer: 'allow', note: '' },
  { event: 'other', phase: '*', feed: null, answer: 'allow', note: 'any other tool or event' },
];

/**
 * True when `fix` repeats a fix already tried that did not recover the run (UC-AP-004 Exc-4, the
 * project's repeated-fix detector): refused before it is made. A fix that only resembles earlier
 * ones (seed 001's circular fix) goes to the engine, which escalates it with `circular_fix`.
 */
export function repeatsFailedFix(view: HookRunView, fix: string): boolean {
  // In `verify` the last fix is the one being verified: it has not failed yet.
  const failed = view.phase === 'verify' ? view.fixes.slice(0, -1) : view.fixes;
  return detectRepeatedFix(failed, fix).repeated;
}

/** The row for an event in a run's phase. */
export function planOf(event: HookEventKind, view: HookRunView, facts: { fix?: string; continuing?: boolean; command?: string } = {}): Rule {
  const holds = {
    repeated: facts.fix !== undefined && repeatsFailedFix(view, facts.fix),
    continuing: facts.continuing === true,
    dataLoss: facts.command !== undefined && commandRisk(facts.command) !== null,
  };
  return RULES.find((r) => r.event === event && (r.phase === '*' || r.phase === view.phase) && (r.when === undefined || holds[r.when]))!;
}

/** What a Bash command line risks (read as `sh -c` would run it), or null. */
const commandRisk = (command: string): string | null => dataLossRisk(['sh', '-c', command]);

/** Claude Code's hook output: an object printed as JSON on stdout, or nothing (allow). */
export type HookAnswer = Record<string, unknown> | null;

/** How a person overrides, said in every denial. */
export const OVERRIDE = 'A person decides with `recover decide RUN --choice retry-with --guidance "…"` (or retry-fresh, skip, abort, manual) or in `recover ui`; RECOVER_HOOK=off turns enforcement off.';

const context = (hookEventName: string, text: string): HookAnswer => ({ hookSpecificOutput: { hookEventName, additionalContext: text } });
const deny = (reason: string): HookAnswer => ({ hookSpecificOutput: { hookEventName: 'PreToolUse', permissionDecision: 'deny', permissionDecisionReason: reason } });
const seconds = (ms: number | null): string => `${Math.max(0, Math.round((ms ?? 0) / 1000))} s`;
const tried = (fixes: string[]): string => (fixes.length === 0 ? 'none yet' : fixes.map((f, i) => `${i + 1}. ${f.split('\n')[0]!.slice(0, 120)}`).join('; '));

/** The escalation, said the same way wherever it is said. */
export function escalationText(v: HookRunView): string {
  return `recover: ESCALATED (run ${v.runId}, \`${v.command}\`): ${v.reason ?? 'escalated'}${v.type ? `, ${v.type}` : ''}${v.evidence ? ` — ${v.evidence}` : ''}. `
    + `Stop changing things and tell the user; do not claim success. ${OVERRIDE.replace('RUN', v.runId)}`;
}

/** What the agent is told after a failure, by the phase the engine moved the run to. */
export function failureText(v: HookRunView): string {
  const head = `recover: \`${v.command}\` failed — ${v.type ?? 'UNKNOWN'} (${v.category ?? '?'})${v.evidence ? `, evidence: ${v.evidence}` : ''}. Run ${v.runId}, iteration ${v.iteration} of ${v.budget}.`;
  switch (v.phase) {
    case 'escalated':
      return escalationText(v);
    case 'wait':
      return `${head} Transient: do not edit anything; wait ${seconds(v.delayMs)} (sleep ${Math.ceil((v.delayMs ?? 0) / 1000)}) and re-run the same command unchanged.`;
    case 'adapt':
      return `${head} PAUSE: stop editing and read the error. DIAGNOSE: state your hypotheses, each with a confidence 0..1, before the next change. `
        + `ADAPT: then make ONE change that differs from the fixes already tried (${tried(v.fixes)}), and re-run \`${v.command}\`. Repeating a tried fix is refused.`;
    default:
      return `${head} Re-run \`${v.command}\` to verify the change.`;
  }
}

/** The answer for `kind`, written from the run as the engine left it (`after`). */
export function answerOf(kind: AnswerKind, eventName: string, after: HookRunView, facts: { command?: string } = {}): HookAnswer {
  switch (kind) {
    case 'deny-data-loss':
      return deny(`recover: refused (seed 004 BLOCK_AND_ALERT): this command risks data loss — ${commandRisk(facts.command ?? '') ?? 'a destructive command'}. Do not run it or a variant of it; tell the user what you meant to do and let them run it. RECOVER_HOOK=off turns enforcement off.`);
    case 'allow':
      return null;
    case 'protocol':
      return context(eventName, 'recover: the recovery protocol is enforced in this project. When a command fails: PAUSE (stop editing, read the error), DIAGNOSE (state hypotheses with confidence), ADAPT (one different change), RETRY (re-run the same command). The same fix twice is refused; after 3 failed iterations, or at once on a security or fatal failure, the run is escalated to a person and edits and commands stop.');
    case 'deny-escalated':
      return deny(escalationText(after));
    case 'deny-repeated':
      return deny(`recover: refused (AC-006, repeated fix): this change repeats a fix already tried on \`${after.command}\` that did not make it pass (run ${after.runId}; tried: ${tried(after.fixes)}). Change the approach. ${OVERRIDE.replace('RUN', after.runId)}`);
    case 'fix-recorded':
      return after.phase === 'escalated'
        ? deny(escalationText(after))
        : context(eventName, `recover: change recorded as fix ${after.fixes.length} for \`${after.command}\` (run ${after.runId}); re-run it to verify.`);
    case 'after-failure':
      return context(eventName, failureText(after));
    case 'recovered':
      return context(eventName, `recover: \`${after.command}\` passes — run ${after.runId} recovered after ${after.iteration} iteration(s)${after.fixes.length > 0 ? `; fix: ${after.fixes.at(-1)!.split('\n')[0]!.slice(0, 120)}` : ''}.`);
    case 'block-stop':
      return { decision: 'block', reason: escalationText(after) };
  }
}

/** The decision table as Markdown (README's "Enforce the protocol on Claude Code" embeds it; a test keeps it current). */
export function rulesTable(): string {
  const lines = ['| hook event | run phase | engine is told | the agent gets | why |', '|---|---|---|---|---|'];
  for (const r of RULES) {
    const phase = `${r.phase === '*' ? 'any' : r.phase}${r.when ? ` (${r.when})` : ''}`;
    lines.push(`| ${r.event} | ${phase} | ${r.feed ?? '—'} | ${r.answer} | ${r.note} |`);
  }
  return lines.join('\n');
}
