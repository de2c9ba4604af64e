/**
 * History fixtures shaped like the recovery machine's (machines/recovery/actions.ts): PAUSE →
 * DIAGNOSE → ADAPT → RETRY per iteration, ESCALATE at the end.
 */
import fc from 'fast-check';
import type { Classification } from '../../src/classify/types.js';
import { LEVELS, PHASES, REASONS, RESULTS, type HistoryEvent } from '../../src/taxonomy/index.js';
import type { RunReportInput, SessionInput, SessionRun } from '../../src/report/types.js';

const T0 = Date.parse('2026-02-02T10:30:00Z');

/** Builds events with increasing `seq` and timestamps `T0 + seconds`. */
export function historyBuilder(start = T0) {
  const events: HistoryEvent[] = [];
  const add = (fields: Partial<HistoryEvent> & Pick<HistoryEvent, 'phase' | 'result'>, atSeconds: number): HistoryEvent => {
    const last = events[events.length - 1];
    const event: HistoryEvent = {
      seq: (last?.seq ?? 0) + 1,
      iteration: last?.iteration ?? 1,
      attempt: last?.attempt ?? 1,
      timestamp: new Date(start + atSeconds * 1000).toISOString(),
      type: last?.type ?? null,
      category: last?.category ?? null,
      message: last?.message ?? null,
      hypotheses: last?.hypotheses ?? [],
      confidence: last?.confidence ?? null,
      fix: last?.fix ?? null,
      delayMs: null,
      durationMs: null,
      level: last?.level ?? 'same',
      reason: null,
      ...fields,
    };
    events.push(event);
    return event;
  };
  return { events, add };
}

export const JWT_ERROR = "TypeError: Cannot read property 'exp' of undefined\nLine 42: if (payload.exp < Date.now() / 1000)";

export function classification(type: Classification['type'], category: Classification['category'], severity: Classification['severity'] = 'medium'): Classification {
  return { type, category, severity, action: 'adapt', confidence: 0.9, evidence: [{ rule: 'test', source: 'stderr', match: type }] };
}

/** UC-AP-004 Exc-1: three iterations, each fix fails, the budget of 3 is spent. */
export function exc1(): RunReportInput {
  const { events, add } = historyBuilder();
  add({ phase: 'PAUSE', result: 'failure', iteration: 1, attempt: 1, type: 'VERIFICATION_FAILED', category: 'systematic', message: JWT_ERROR }, 0);
  const steps = [
    ['Token payload not decoded before accessing exp', 0.9, 'Added null check before payload.exp access', 'InvalidTokenError thrown for valid tokens'],
    ['Null check too aggressive', 0.8, 'Refined null check to handle edge cases', 'Edge case test still failing'],
    ['Time comparison logic incorrect', 0.75, 'Changed time comparison and added try-catch', 'Test still failing, error now swallowed'],
  ] as const;
  steps.forEach(([hypothesis, confidence, fix, result], i) => {
    const k = i + 1;
    if (k > 1) add({ phase: 'PAUSE', result: 'failure', iteration: k }, k * 60);
    add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: k, hypotheses: [{ text: hypothesis, confidence }, { text: 'Test setup issue', confidence: 0.1 }], confidence }, k * 60 + 5);
    add({ phase: 'ADAPT', result: 'adapted', iteration: k, fix, level: 'alternative' }, k * 60 + 10);
    add({ phase: 'RETRY', result: 'failure', iteration: k, attempt: k + 1, message: result, durationMs: 2000 }, k * 60 + 30);
  });
  add({ phase: 'PAUSE', result: 'failure', iteration: 4 }, 250);
  add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 4, hypotheses: [{ text: 'Underlying design issue with token handling', confidence: 0.6 }] }, 255);
  add({ phase: 'ESCALATE', result: 'escalated', iteration: 3, reason: 'max_attempts', level: 'escalate' }, 256);
  return {
    runId: 'run-jwt-1', task: 'Implement JWT token validation with refresh logic', status: 'escalated',
    classification: classification('VERIFICATION_FAILED', 'systematic'), history: events, attempts: 4, iterations: 3,
    level: 'escalate', reason: 'max_attempts', budget: 3,
    currentState: '1 test passing (accepts valid token)\n1 test failing (rejects expired token)\n2 tests broken by fixes (edge case handling)',
  };
}

/** UC-AP-004 Exc-4: iteration 2 proposes the fix of iteration 1 again. */
export function exc4(): RunReportInput {
  const { events, add } = historyBuilder();
  const fix = 'Add null check before accessing payload.exp';
  add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'VERIFICATION_FAILED', category: 'systematic', message: JWT_ERROR }, 0);
  add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 1, hypotheses: [{ text: 'payload is null', confidence: 0.9 }] }, 5);
  add({ phase: 'ADAPT', result: 'adapted', iteration: 1, fix, level: 'alternative' }, 10);
  add({ phase: 'RETRY', result: 'failure', attempt: 2, message: 'still failing' }, 30);
  add({ phase: 'PAUSE', result: 'failure', iteration: 2 }, 31);
  add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 2 }, 35);
  add({ phase: 'ADAPT', result: 'failure', iteration: 1, fix, reason: 'infinite_loop' }, 40);
  add({ phase: 'ESCALATE', result: 'escalated', reason: 'infinite_loop', level: 'escalate' }, 41);
  return {
    runId: 'run-loop', task: 'Implement JWT token validation', status: 'escalated', classification: classification('VERIFICATION_FAILED', 'systematic'),
    history: events, attempts: 2, iterations: 1, level: 'escalate', reason: 'infinite_loop', budget: 3,
  };
}

/** UC-AP-004 Exc-2: EACCES on /etc/shadow, escalated at once. */
export function security(): RunReportInput {
  const { events, add } = historyBuilder();
  const message = "EACCES: permission denied, open '/etc/shadow'";
  add({ phase: 'PAUSE', result: 'failure', iteration: 1, type: 'SECURITY_VIOLATION', category: 'fatal', message }, 0);
  add({ phase: 'DIAGNOSE', result: 'diagnosed', iteration: 1 }, 1);
  add({ phase: 'ESCALATE', result: 'escalated', iteration: 1, reason: 'critical_security_violation', level: 'escalate' }, 2);
  return {
    runId: 'run-sec', task: 'Read system config', status: 'escalated', classification: classification('SECURITY_VIOLATION', 'fatal', 'critical'),
    history: events, attempts: 1, iterations: 0, level: 'escalate', reason: 'critical_security_violation', budget: 0,
  };
}

type Run = SessionRun & { runId: string };

/**
 * Ten runs, one of each kind, all starting at 10:30 UTC plus `offset` minutes:
 * ok (never failed), rate (transient, recovered after 10 s), verify (adapted once, 30 s), jwt
 * (Exc-1, escalated), net (escalated, retry-fresh, recovered at 60 s), flaky, gate (escalated then
 * skipped), abort (USER_ABORT), build (rollback, adapt, recovered at 20 s), ctx (handed off).
 */
export function craftedRuns(): Record<string, Run> {
  const at = (offsetMin: number) => historyBuilder(T0 + offsetMin * 60_000);
  const pause = (b: ReturnType<typeof historyBuilder>, type: HistoryEvent['type'], category: HistoryEvent['category'], message: string) =>
    b.add({ phase: 'PAUSE', result: 'failure', iteration: 1, type, category, message }, 0);

  const rate = at(1);
  pause(rate, 'RATE_LIMIT', 'transient', '429 Too Many Requests');
  rate.add({ phase: 'DIAGNOSE', result: 'diagnosed' }, 1);
  rate.add({ phase: 'RETRY', result: 'success', attempt: 2, message: null }, 10);

  const verify = at(2);
  pause(verify, 'VERIFICATION_FAILED', 'systematic', 'AssertionError: expected 200');
  verify.add({ phase: 'DIAGNOSE', result: 'diagnosed' }, 1);
  verify.add({ phase: 'ADAPT', result: 'adapted', fix: 'return 200 on success', level: 'alternative' }, 2);
  verify.add({ phase: 'RETRY', result: 'success', attempt: 2, message: null }, 30);

  const net = at(4);
  pause(net, 'NETWORK', 'transient', 'ECONNREFUSED 127.0.0.1:5432');
  net.add({ phase: 'ESCALATE', result: 'escalated', reason: 'max_attempts' }, 5);
  net.add({ phase: 'DECISION', result: 'decided', message: 'retry-fresh' }, 30);
  net.add({ phase: 'RETRY', result: 'success', attempt: 2, message: null }, 60);

  const flaky = at(5);
  pause(flaky, 'VERIFICATION_FAILED', 'systematic', 'timing test failed');
  flaky.add({ phase: 'DIAGNOSE', result: 'diagnosed' }, 1);
  flaky.add({ phase: 'RETRY', result: 'flaky', iteration: 1, attempt: 2, reason: 'non_deterministic_failure' }, 4);

  const gate = at(6);
  pause(gate, 'QUALITY_GATE_FAIL', 'systematic', 'ESLint found 3 errors. Quality gate failed.');
  gate.add({ phase: 'ESCALATE', result: 'escalated', reason: 'no_alternative' }, 2);
  gate.add({ phase: 'DECISION', result: 'skipped', message: 'skip' }, 40);

  const abort = at(7);
  pause(abort, 'USER_ABORT', 'fatal', 'Interrupted (SIGINT)');
  abort.add({ phase: 'ESCALATE', result: 'aborted', reason: 'user_abort' }, 0);

  const build = at(8);
  pause(build, 'BROKEN_BUILD', 'systematic', "Cannot find module './utils'");
  build.add({ phase: 'DIAGNOSE', result: 'diagnosed' }, 1);
  build.add({ phase: 'ROLLBACK', result: 'rolled_back' }, 3);
  build.add({ phase: 'ADAPT', result: 'adapted', fix: 'restore utils export', level: 'alternative' }, 5);
  build.add({ phase: 'RETRY', result: 'success', attempt: 2, message: null }, 20);

  const ctx = at(9);
  pause(ctx, 'CONTEXT_EXHAUSTED', 'resource', 'Maximum context length exceeded');
  ctx.add({ phase: 'HANDOFF', result: 'handed_off' }, 1);

  const jwt = exc1();
  return {
    ok: { runId: 'ok', status: 'succeeded', history: [] },
    rate: { runId: 'rate', status: 'recovered', history: rate.events },
    verify: { runId: 'verify', status: 'recovered', history: verify.events },
    jwt: { runId: jwt.runId, status: 'escalated', history: jwt.history, reason: 'max_attempts', checkpointId: 'chk-jwt-3' },
    net: { runId: 'net', status: 'recovered', history: net.events },
    flaky: { runId: 'flaky', status: 'flaky', history: flaky.events },
    gate: { runId: 'gate', status: 'skipped', history: gate.events },
    abort: { runId: 'abort', status: 'aborted', history: abort.events },
    build: { runId: 'build', status: 'recovered', history: build.events },
    ctx: { runId: 'ctx', status: 'handedOff', history: ctx.events },
  };
}

/** The crafted runs as a seed-004 session of four agents. */
export function craftedSession(): SessionInput {
  const r = craftedRuns();
  return {
    sessionId: 'leonardo-2026-01-02-001',
    units: [
      { id: 'frontend', runs: [r['ok']!, r['rate']!] },
      { id: 'backend', runs: [r['verify']!, r['net']!] },
      { id: 'test', runs: [r['jwt']!, r['flaky']!, r['gate']!] },
      { id: 'infra', runs: [r['abort']!, r['build']!, r['ctx']!] },
    ],
  };
}

const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('null', 'true', '~', '- x', '#', ': y', '0x1F', '1e3', '"q"', "'", '\n', '```', 'a: b\nc'));
/** Any history event, with text that is hostile to YAML and Markdown. */
export const eventArb: fc.Arbitrary<HistoryEvent> = fc.record({
  seq: fc.nat(),
  phase: fc.constantFrom(...PHASES),
  iteration: fc.nat(10),
  attempt: fc.nat(10),
  timestamp: fc.oneof(fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) }).map((d) => d.toISOString()), text),
  result: fc.constantFrom(...RESULTS),
  type: fc.constantFrom(null, 'RATE_LIMIT', 'UNKNOWN'),
  category: fc.constantFrom(null, 'transient', 'systematic'),
  message: fc.option(text),
  hypotheses: fc.array(fc.record({ text, confidence: fc.double() }), { maxLength: 3 }),
  confidence: fc.option(fc.double()),
  fix: fc.option(text),
  delayMs: fc.option(fc.integer()),
  durationMs: fc.option(fc.double()),
  level: fc.constantFrom(...LEVELS),
  reason: fc.option(fc.constantFrom(...REASONS)),
}) as fc.Arbitrary<HistoryEvent>;
