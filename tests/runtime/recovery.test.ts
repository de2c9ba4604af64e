import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRecovery, newRunId, recover, TaskFailure, whenResting, type TaskContext } from '../../src/runtime/index.js';
import { advanceUntilSettled, simulatedClock } from './clock-helpers.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
const failingTest = (name: string) =>
  new TaskFailure('tests failed', { exitCode: 1, stderr: `AssertionError: expected 200 but got 404\n  ✗ ${name}`, tests: { passed: 1, failed: 1, failing: [name] } });

describe('recover()', () => {
  it('classifies the raw failure, records it redacted: a path that reads like a key stays a security failure', async () => {
    let runs = 0;
    const outcome = await recover(() => {
      runs += 1;
      throw new TaskFailure('touch failed', { exitCode: 1, stderr: "touch: cannot touch '/etc/passwd': Operation not permitted\nDB_PASSWORD=hunter2 ghp_16C7e42F292c6912E7710c838347Ae178B4a" });
    });
    expect(runs).toBe(1);
    expect(outcome.status).toBe('escalated');
    expect(outcome.classification?.type).toBe('SECURITY_VIOLATION');
    const text = JSON.stringify(outcome);
    expect(text).toContain('/etc/passwd');
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('16C7e42F292c6912E7710c838347Ae178B4a');
  });

  it('evidence drawn from a secret-bearing line is redacted too', async () => {
    const outcome = await recover(() => {
      throw new TaskFailure('denied', { exitCode: 1, stderr: "cat: /etc/shadow: Permission denied token=s3cr3tValue" });
    }, { rules: [{ id: 'user.token', type: 'SECURITY_VIOLATION', phrases: ['token=s3cr3tvalue'] }] });
    expect(outcome.classification?.evidence.length).toBeGreaterThan(0);
    expect(JSON.stringify(outcome)).not.toContain('s3cr3tValue');
  });

  it('passes through a task that succeeds first time, with no history', async () => {
    const outcome = await recover(() => 'ok');
    expect(outcome).toMatchObject({ status: 'succeeded', attempts: 1, iterations: 0, reason: null, history: [] });
  });

  it('retries a transient failure after the policy delays (5 s, 10 s) and recovers', async () => {
    const clock = simulatedClock();
    const startedAt: number[] = [];
    const task = () => {
      startedAt.push(clock.now());
      if (startedAt.length < 3) throw refused();
    };
    const { value: outcome } = await advanceUntilSettled(clock, recover(task, { clock }), 500);
    expect(outcome.status).toBe('recovered');
    expect(outcome.attempts).toBe(3);
    expect(outcome.iterations).toBe(2);
    expect(outcome.classification?.type).toBe('NETWORK');
    // Backoff waited (at least) 5 s, then 10 s, on the simulated clock; jitter is off by default.
    expect(startedAt[1]! - startedAt[0]!).toBeGreaterThanOrEqual(5000);
    expect(startedAt[1]! - startedAt[0]!).toBeLessThan(6000);
    expect(startedAt[2]! - startedAt[1]!).toBeGreaterThanOrEqual(10_000);
    expect(outcome.history.map((e) => e.phase)).toEqual(['PAUSE', 'DIAGNOSE', 'RETRY', 'PAUSE', 'DIAGNOSE', 'RETRY']);
    expect(outcome.history.filter((e) => e.phase === 'RETRY').map((e) => e.result)).toEqual(['failure', 'success']);
  });

  it('escalates a transient failure once the budget is spent: 3 iterations, no 4th', async () => {
    const clock = simulatedClock();
    let runs = 0;
    const { value: outcome } = await advanceUntilSettled(clock, recover(() => { runs++; throw refused(); }, { clock }), 1000);
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'max_attempts', iterations: 3, attempts: 4 });
    expect(runs).toBe(4);
  });

  it('escalates fatal and security failures without a single retry', async () => {
    let runs = 0;
    const auth = await recover(() => { runs++; throw Object.assign(new Error('401 Unauthorized: invalid x-api-key'), { status: 401 }); });
    expect(auth).toMatchObject({ status: 'escalated', reason: 'fatal_error', attempts: 1 });
    const security = await recover(() => { runs++; throw Object.assign(new Error("EACCES: permission denied, open '/etc/shadow'"), { code: 'EACCES' }); });
    expect(security).toMatchObject({ status: 'escalated', reason: 'critical_security_violation', attempts: 1 });
    expect(security.classification?.severity).toBe('critical');
    expect(runs).toBe(2);
  });

  it('adapts a systematic failure with the adapter and gives the fix to the next attempt', async () => {
    const approaches: Array<string | null> = [];
    const outcome = await recover(
      (ctx: TaskContext) => {
        approaches.push(ctx.approach);
        if (ctx.approach !== 'add null check') throw failingTest('rejects expired token');
      },
      { adapt: (input) => ({ fix: input.fixesTried.length ? 'unused' : 'add null check', confidence: 0.9 }), policy: { flakeProbe: false } },
    );
    expect(outcome).toMatchObject({ status: 'recovered', level: 'alternative', attempts: 2, iterations: 1 });
    expect(approaches).toEqual([null, 'add null check']);
    expect(outcome.history.map((e) => e.phase)).toEqual(['PAUSE', 'DIAGNOSE', 'ADAPT', 'RETRY']);
    expect(outcome.history[2]).toMatchObject({ fix: 'add null check', confidence: 0.9, result: 'adapted' });
  });

  it('escalates an adapter that repeats a fix (A, B, A) as an infinite loop', async () => {
    const fixes = ['add null check', 'change comparison', 'add null check'];
    let i = 0;
    const outcome = await recover(() => { throw failingTest('rejects expired token'); }, { adapt: () => ({ fix: fixes[i++]! }), policy: { flakeProbe: false } });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'infinite_loop' });
    expect(outcome.attempts).toBe(3);
  });

  it('probes flakiness: a failure that passes unchanged escalates as non-deterministic, or passes as flaky', async () => {
    const flaky = () => {
      let runs = 0;
      return () => { if (++runs === 1) throw failingTest('times out sometimes'); };
    };
    const strict = await recover(flaky());
    expect(strict).toMatchObject({ status: 'escalated', reason: 'non_deterministic_failure', attempts: 2, iterations: 0 });
    const lenient = await recover(flaky(), { policy: { onFlaky: 'pass' } });
    expect(lenient.status).toBe('flaky');
  });

  it('numbers iterations 1…budget: the probe is marked within iteration 1, and the spent budget adds no iteration 4', async () => {
    const fixes = ['add a null check', 'decode with jwt.verify first', 'compare expiry in seconds'];
    const outcome = await recover(() => { throw failingTest('rejects expired token'); }, { adapt: (input) => ({ fix: fixes[input.fixesTried.length]! }) });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'max_attempts', attempts: 5, iterations: 3 });
    expect(outcome.history.map((e) => [e.phase, e.iteration, e.attempt, e.reason])).toEqual([
      ['PAUSE', 1, 1, null], ['DIAGNOSE', 1, 1, null],
      ['RETRY', 1, 2, 'flake_probe'], ['PAUSE', 1, 2, null], ['DIAGNOSE', 1, 2, null], ['ADAPT', 1, 2, null],
      ['RETRY', 1, 3, null], ['PAUSE', 2, 3, null], ['DIAGNOSE', 2, 3, null], ['ADAPT', 2, 3, null],
      ['RETRY', 2, 4, null], ['PAUSE', 3, 4, null], ['DIAGNOSE', 3, 4, null], ['ADAPT', 3, 4, null],
      // The third iteration's failure closes iteration 3: the budget is spent, no 4th opens.
      ['RETRY', 3, 5, null], ['PAUSE', 3, 5, null], ['DIAGNOSE', 3, 5, null], ['ESCALATE', 3, 5, 'max_attempts'],
    ]);
  });

  it('without an adapter, a systematic failure that fails the probe escalates as the level-2 fall-through', async () => {
    const outcome = await recover(() => { throw failingTest('always fails'); });
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'no_alternative', attempts: 2 });
    // Iteration 1 throughout: the original failure, the flake probe (marked, not an iteration of its
    // own), the probe's failure diagnosed, and the fall-through to level escalate (seed 000 task 4).
    expect(outcome.history.map((e) => [e.phase, e.result, e.iteration, e.level, e.reason])).toEqual([
      ['PAUSE', 'failure', 1, 'same', null],
      ['DIAGNOSE', 'diagnosed', 1, 'same', null],
      ['RETRY', 'failure', 1, 'same', 'flake_probe'],
      ['PAUSE', 'failure', 1, 'same', null],
      ['DIAGNOSE', 'diagnosed', 1, 'same', null],
      ['ADAPT', 'failure', 1, 'escalate', 'no_alternative'],
      ['ESCALATE', 'escalated', 1, 'escalate', 'no_alternative'],
    ]);
  });

  it('times an attempt out on the clock, classifies TIMEOUT and gives the next attempt 1.5× the time', async () => {
    const clock = simulatedClock();
    const timeouts: Array<number | null> = [];
    const task = (ctx: TaskContext) => {
      timeouts.push(ctx.timeoutMs);
      if (timeouts.length === 1) return new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('aborted'))));
      return undefined;
    };
    const { value: outcome } = await advanceUntilSettled(clock, recover(task, { clock, timeoutMs: 1000 }), 250);
    expect(outcome.status).toBe('recovered');
    expect(outcome.classification?.type).toBe('TIMEOUT');
    expect(timeouts).toEqual([1000, 1500]);
  });

  it('fails an attempt whose heartbeats stop (HEARTBEAT_TIMEOUT) and restarts it at once', async () => {
    const clock = simulatedClock();
    let runs = 0;
    const task = (ctx: TaskContext) => {
      runs++;
      if (runs === 1) {
        ctx.heartbeat();
        return new Promise(() => undefined); // hangs without another heartbeat
      }
      return undefined;
    };
    const { value: outcome } = await advanceUntilSettled(clock, recover(task, { clock, policy: { heartbeatTimeoutMs: 2000 } }), 500);
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 2 });
    expect(outcome.classification?.type).toBe('HEARTBEAT_TIMEOUT');
  });

  it('hands off on context exhaustion', async () => {
    const outcome = await recover(() => { throw new Error('Error: Maximum context length (128k tokens) exceeded'); });
    expect(outcome).toMatchObject({ status: 'handedOff' });
    expect(outcome.history.at(-1)).toMatchObject({ phase: 'HANDOFF', result: 'handed_off' });
  });

  it('redacts secrets before anything is recorded', async () => {
    const secret = 'sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789';
    const outcome = await recover(() => { throw new Error(`401 Unauthorized for key ${secret} at https://bob:hunter2@db.example.com`); });
    const recorded = JSON.stringify(outcome);
    expect(recorded).not.toContain(secret);
    expect(recorded).not.toContain('AbCdEfGhIjKlMnOp');
    expect(recorded).not.toContain('hunter2');
  });

  it('lets an orchestrator decide: retry-with-modifications passes guidance to the task at level clarify', async () => {
    const seen: Array<string | null> = [];
    const actor = createRecovery({
      task: (ctx) => { seen.push(ctx.guidance); if (!ctx.guidance) throw new Error('401 Unauthorized'); },
    });
    const escalated = await whenResting(actor);
    expect(escalated.status).toBe('escalated');
    actor.send({ type: 'DECIDE', choice: 'retry-with-modifications', guidance: 'use the service token' });
    const outcome = await whenResting(actor);
    actor.stop();
    expect(outcome).toMatchObject({ status: 'recovered', level: 'clarify' });
    expect(seen).toEqual([null, 'use the service token']);
    expect(outcome.history.map((e) => e.phase)).toEqual(['PAUSE', 'DIAGNOSE', 'ESCALATE', 'DECISION', 'RETRY']);
  });
});

describe('newRunId', () => {
  const iso = (now: number) => new Date(now).toISOString();
  const prefixOf = (now: number) => `${iso(now).slice(0, 10).replaceAll('-', '')}-${iso(now).slice(11, 19).replaceAll(':', '')}`;

  it('property: the run\'s second in UTC, then 8 hex digits, for any time and any order of times', () => {
    // Times within one second and across seconds, in any order: the formatted second is cached.
    const time = fc.oneof(fc.integer({ min: 0, max: 4_102_444_800_000 }), fc.integer({ min: 1_700_000_000_000, max: 1_700_000_002_999 }));
    fc.assert(fc.property(fc.array(time, { minLength: 1, maxLength: 20 }), (times) => {
      for (const now of times) {
        const id = newRunId(now);
        expect(id).toMatch(/^\d{8}-\d{6}-[0-9a-f]{8}$/);
        expect(id.slice(0, 15)).toBe(prefixOf(now));
      }
    }));
  });

  it('ids of one second differ (32 random bits each, across refills of the random batch)', () => {
    const ids = new Set(Array.from({ length: 300 }, () => newRunId(1_700_000_000_000)));
    expect(ids.size).toBe(300);
  });
});
