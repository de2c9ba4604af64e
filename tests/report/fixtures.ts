/**
 * History fixtures shaped like the recovery machine's (machines/recovery/actions.ts): PAUSE →
 * DIAGNOSE → ADAPT → RETRY per iteration, ESCALATE at the end.
 */
import type { Classification } from '../../src/classify/types.js';
import type { HistoryEvent } from '../../src/taxonomy/index.js';
import type { RunReportInput } from '../../src/report/types.js';

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
  add({ phase: 'ESCALATE', result: 'escalated', iteration: 0, reason: 'critical_security_violation', level: 'escalate' }, 2);
  return {
    runId: 'run-sec', task: 'Read system config', status: 'escalated', classification: classification('SECURITY_VIOLATION', 'fatal', 'critical'),
    history: events, attempts: 1, iterations: 0, level: 'escalate', reason: 'critical_security_violation', budget: 0,
  };
}
