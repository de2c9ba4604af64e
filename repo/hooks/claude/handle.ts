/**
 * One hook event, end to end but for the process I/O: find the run it concerns in the session,
 * pick the row of the decision table (rules.ts), tell the engine what the row says (engine.ts),
 * and render the answer from the run as the engine left it.
 */
import { runIdForKey } from '../../runtime/run-key.js';
import type { Store } from '../../store/types.js';
import { commandSignature, type HookEvent } from './input.js';
import { answerOf, planOf, type HookAnswer, type HookRunView } from './rules.js';
import { peekRun, stepRun, type HookRunMeta } from './engine.js';
import { viewOf } from './run-view.js';
import { hookClassifier } from './classifier.js';
import { escalationsFile, readEscalations, writeEscalations } from './project-escalations.js';
import { readSession, sessionFile, writeSession, type SessionIndex, type SessionRun } from './session.js';

export interface HandleContext {
  store: Store;
  /** The store's directory: the session files live under it. */
  storeDir: string;
  now: number;
  /** The project (working tree) the event happened in: its escalations stop every session there. Default: the event's cwd. */
  root?: string;
  /** Where a problem that does not stop the answer is said (a damaged index). Default: ignored. */
  warn?: (message: string) => void;
}

/** The run key of the `n`th run of a command in a session: the session id and the command's signature. */
export function hookRunKey(sessionId: string, signature: string, n: number): string {
  return `claude:${sessionId}:${n}:${signature}`;
}

/** The answer to `event`; throws on store errors (the shell allows and warns). */
export async function handleEvent(event: HookEvent, ctx: HandleContext): Promise<HookAnswer> {
  if (event.kind === 'other') return null;
  const file = sessionFile(ctx.storeDir, event.sessionId);
  const index = readSession(file);
  const root = ctx.root ?? event.cwd;
  const project = escalationsFile(ctx.storeDir, root);
  let escalations = readEscalations(project, root, ctx.warn ?? (() => undefined));
  const views = await openViews(ctx.store, index);
  // Another session's escalation in this tree stops this one too, while it lasts.
  const others = await Promise.all(escalations.filter((e) => !views.some((v) => v.runId === e.runId))
    .map(async (e) => viewOf(await peekRun(ctx.store, e.runId), e.runId, e.command)));
  const decided = others.filter((v) => v.phase !== 'escalated').map((v) => v.runId);
  if (decided.length > 0) {
    escalations = escalations.filter((e) => !decided.includes(e.runId));
    writeEscalations(project, root, escalations);
  }
  const escalated = views.find((v) => v.phase === 'escalated') ?? others.find((v) => v.phase === 'escalated');
  const signature = event.command !== undefined ? commandSignature(event.command) : undefined;
  const own = signature !== undefined ? index.runs[signature] : undefined;
  const ownView = own ? views.find((v) => v.runId === own.runId) ?? endedView(own) : undefined;
  // The run an event meets: an escalation first (it stops everything), then the command's own
  // run (Bash), else the run waiting for a change, else the one waiting for its re-run.
  const met: HookRunView = (event.kind === 'bash-failed' || event.kind === 'bash-passed' ? ownView : undefined)
    ?? escalated ?? ownView ?? views.find((v) => v.phase === 'adapt') ?? views.find((v) => v.phase !== 'ended') ?? noneView(event.command ?? '');
  const rule = planOf(event.kind, met, { ...(event.fix !== undefined ? { fix: event.fix } : {}), ...(event.command !== undefined ? { command: event.command } : {}), continuing: event.stopHookActive === true });
  let after = met;
  const opens = rule.feed === 'fail' && (met.phase === 'none' || met.phase === 'ended');
  // Only this session's runs are stepped: another session's escalation is only met.
  const mine = Object.values(index.runs).find((r) => r.runId === met.runId);
  if (rule.feed !== null && (opens || mine !== undefined)) {
    let target: SessionRun;
    if (opens) {
      const n = (own?.n ?? 0) + 1;
      target = { runId: runIdForKey(hookRunKey(event.sessionId, signature!, n)), command: event.command!, n, ended: false };
      index.runs[signature!] = target;
    } else {
      target = mine!;
    }
    const meta: HookRunMeta = { hook: 'claude', sessionId: event.sessionId, cwd: event.cwd, command: target.command };
    const snapshot = await stepRun(ctx.store, target.runId, meta, {
      feed: rule.feed,
      ...(event.observation ? { observation: event.observation } : {}),
      ...(event.fix !== undefined ? { fix: event.fix } : {}),
      classify: (observation) => hookClassifier(ctx.storeDir)(observation),
    }, ctx.now);
    after = viewOf(snapshot, target.runId, target.command);
    target.ended = after.phase === 'ended';
    writeSession(file, index);
    const listed = escalations.some((e) => e.runId === target.runId);
    if (after.phase === 'escalated' && !listed) writeEscalations(project, root, [...escalations, { runId: target.runId, command: target.command, sessionId: event.sessionId }]);
    if (after.phase !== 'escalated' && listed) writeEscalations(project, root, escalations.filter((e) => e.runId !== target.runId));
  }
  return withGuidance(answerOf(rule.answer, event.name, after, event.command !== undefined ? { command: event.command } : {}), after, index, file, event.name);
}

/** A person's retry-with guidance reaches the agent once, with whatever else it is told. */
function withGuidance(answer: HookAnswer, view: HookRunView, index: SessionIndex, file: string, eventName: string): HookAnswer {
  if (view.guidance === null || view.phase === 'escalated' || view.phase === 'ended') return answer;
  const key = `${view.runId}:${view.guidance}`;
  if (index.told.includes(key)) return answer;
  index.told.push(key);
  writeSession(file, index);
  const text = `recover: a person decided on run ${view.runId} (\`${view.command}\`): retry, with this guidance: ${view.guidance}`;
  const specific = (answer?.hookSpecificOutput ?? null) as Record<string, unknown> | null;
  if (specific?.permissionDecision === 'deny') return answer;
  if (specific && typeof specific.additionalContext === 'string') {
    return { ...answer, hookSpecificOutput: { ...specific, additionalContext: `${text}\n${specific.additionalContext}` } };
  }
  if (answer !== null) return answer;
  return { hookSpecificOutput: { hookEventName: eventName, additionalContext: text } };
}

/** The views of the session's runs that have not ended (ended ones are not loaded again). */
async function openViews(store: Store, index: SessionIndex): Promise<HookRunView[]> {
  const open = Object.values(index.runs).filter((r) => !r.ended);
  return Promise.all(open.map(async (r) => viewOf(await peekRun(store, r.runId), r.runId, r.command)));
}

function noneView(command: string): HookRunView {
  return { phase: 'none', runId: '', command, type: null, category: null, evidence: null, iteration: 0, budget: 3, fixes: [], reason: null, delayMs: null, guidance: null };
}

function endedView(run: SessionRun): HookRunView {
  return { ...noneView(run.command), phase: 'ended', runId: run.runId };
}
