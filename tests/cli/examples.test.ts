/**
 * Every script in examples/ run the way the README shows it, through the BUILT CLI as a real
 * child process (each in a fresh cwd, where the scripts keep their counters), and every exit
 * code of the run verbs reached by a real run. 75 (locked) and 130 (SIGINT) need a second
 * process or a signal: they are in run.test.ts.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { recover, recoverJson, ROOT, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

interface Event { seq: number; phase: string; result: string; type: string | null; fix: string | null; delayMs: number | null; reason: string | null; message: string | null }
interface Outcome { runId: string; status: string; attempts: number; reason: string | null; classification: { type: string } | null; history: Event[] }

const example = (name: string) => join(ROOT, 'examples', name);
const phases = (outcome: Outcome) => outcome.history.map((e) => `${e.phase}:${e.result}`);

beforeAllBuilt();

describe('examples/ through `recover run`', () => {
  test('flaky-network.mjs: the lost connection is retried, exit 0 (recovered, NETWORK)', () => {
    const cwd = tempCwd();
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--', 'node', example('flaky-network.mjs')]);
    expect(status).toBe(0);
    expect(outcome).toMatchObject({ status: 'recovered', attempts: 2, classification: { type: 'NETWORK' } });
    expect(phases(outcome)).toEqual(['PAUSE:failure', 'DIAGNOSE:diagnosed', 'RETRY:success']);
    expect(readFileSync(join(cwd, '.recovery/examples/flaky-network.count'), 'utf8')).toBe('2');
  });

  test('rate-limited.mjs: the "try again in 8s" hint sets the wait when larger than the backoff, capped by maxDelayMs', () => {
    // Backoff starts at 100 ms here; the server's hint (8 s) is larger, so it wins, up to the 3 s cap.
    const cwd = tempCwd({ maxDelayMs: 3_000, categories: { transient: { backoff: { initialMs: 100 } } } });
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--', 'node', example('rate-limited.mjs')]);
    expect(status).toBe(0);
    expect(outcome).toMatchObject({ status: 'recovered', classification: { type: 'RATE_LIMIT_TIMED' } });
    expect(outcome.history.find((e) => e.phase === 'RETRY')?.delayMs).toBe(3000);
  }, 20_000);

  test('flaky-test.mjs: the unchanged re-run passes, so it escalates as non-deterministic (exit 3)', () => {
    const cwd = tempCwd();
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--', 'node', example('flaky-test.mjs')]);
    expect(status).toBe(3);
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'non_deterministic_failure', attempts: 2 });
    expect(phases(outcome)).toEqual(['PAUSE:failure', 'DIAGNOSE:diagnosed', 'RETRY:flaky', 'ESCALATE:escalated']);
  });

  test('flaky-test.mjs with --on-flaky pass: exit 0, status flaky', () => {
    const cwd = tempCwd();
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--on-flaky', 'pass', '--', 'node', example('flaky-test.mjs')]);
    expect(status).toBe(0);
    expect(outcome.status).toBe('flaky');
  });

  test('security-violation.mjs: escalated at once without a single retry (exit 3), report names it', () => {
    const cwd = tempCwd();
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--report', 'report.md', '--', 'node', example('security-violation.mjs')]);
    expect(status).toBe(3);
    expect(outcome).toMatchObject({ status: 'escalated', attempts: 1, reason: 'critical_security_violation', classification: { type: 'SECURITY_VIOLATION' } });
    expect(outcome.history.some((e) => e.phase === 'RETRY' || e.phase === 'ADAPT')).toBe(false);
    expect(readFileSync(join(cwd, 'report.md'), 'utf8')).toContain('SECURITY_VIOLATION');
  });

  test('broken-build.mjs with adapter-create-module.mjs: the adapter writes the module, exit 0', () => {
    const cwd = tempCwd();
    const adapter = `node ${example('adapter-create-module.mjs')}`;
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--adapter', adapter, '--', 'node', example('broken-build.mjs')]);
    expect(status).toBe(0);
    expect(outcome).toMatchObject({ status: 'recovered', classification: { type: 'BROKEN_BUILD' } });
    const adapted = outcome.history.find((e) => e.phase === 'ADAPT');
    expect(adapted).toMatchObject({ result: 'adapted', fix: 'create the missing module (BROKEN_BUILD)' });
    expect(existsSync(join(cwd, '.recovery/examples/utils.js'))).toBe(true);
  });

  test('always-fails-test.mjs with adapter-same-fix.mjs: the same fix twice is refused (infinite_loop, exit 3)', () => {
    const cwd = tempCwd();
    const adapter = `node ${example('adapter-same-fix.mjs')}`;
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--adapter', adapter, '--', 'node', example('always-fails-test.mjs')]);
    expect(status).toBe(3);
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'infinite_loop', classification: { type: 'VERIFICATION_FAILED' } });
    // The first proposal is tried once; the identical second one is never run.
    const runs = outcome.history.filter((e) => e.phase === 'RETRY' && e.fix === 'Add null check before accessing payload.exp');
    expect(runs).toHaveLength(1);
  });

  test('always-fails-test.mjs without an adapter: flake probe, then escalated with no alternative (exit 3)', () => {
    const cwd = tempCwd();
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--', 'node', example('always-fails-test.mjs')]);
    expect(status).toBe(3);
    expect(outcome).toMatchObject({ status: 'escalated', reason: 'no_alternative', classification: { type: 'VERIFICATION_FAILED' } });
    expect(outcome.history.filter((e) => e.phase === 'RETRY').map((e) => e.result)).toEqual(['failure']);
  });

  test('heap-exhausted.mjs: a resource failure is handed off, not retried (exit 6)', () => {
    const cwd = tempCwd();
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--', 'node', example('heap-exhausted.mjs')]);
    expect(status).toBe(6);
    expect(outcome).toMatchObject({ status: 'handedOff', attempts: 1, classification: { type: 'RESOURCE_EXHAUSTION' } });
    expect(phases(outcome)).toEqual(['PAUSE:failure', 'DIAGNOSE:diagnosed', 'HANDOFF:handed_off']);
  });
});

describe('every exit code of the run verbs', () => {
  /** Escalates a fresh run (security violation) and answers it with `choice`. */
  function decided(choice: string, extra: string[] = []) {
    const cwd = tempCwd();
    const run = recoverJson<Outcome>(cwd, ['run', '--', 'node', example('security-violation.mjs')]);
    expect(run.status).toBe(3);
    return recoverJson<Outcome>(cwd, ['decide', run.outcome.runId, '--choice', choice, ...extra]);
  }

  test('decide abort → 5 (aborted), manual → 7 (manual), skip → 4 (skipped)', () => {
    expect(decided('abort')).toMatchObject({ status: 5, outcome: { status: 'aborted' } });
    expect(decided('manual')).toMatchObject({ status: 7, outcome: { status: 'manual' } });
    expect(decided('skip')).toMatchObject({ status: 4, outcome: { status: 'skipped' } });
  });

  test('decide retry-with after the cause is gone → 0, the guidance is recorded', () => {
    const cwd = tempCwd();
    const script = join(cwd, 'auth.js');
    writeFileSync(script, `const fs = require('fs');
if (!fs.existsSync('token')) { console.error('HTTP 401 Unauthorized'); process.exit(1); }
console.log('ok');`);
    const run = recoverJson<Outcome>(cwd, ['run', '--', 'node', 'auth.js']);
    expect(run).toMatchObject({ status: 3, outcome: { status: 'escalated', classification: { type: 'AUTH_REQUIRED' } } });
    writeFileSync(join(cwd, 'token'), 'rotated');
    const decision = recoverJson<Outcome>(cwd, ['decide', run.outcome.runId, '--choice', 'retry-with', '--guidance', 'the token was rotated']);
    expect(decision.status).toBe(0);
    expect(decision.outcome.status).toBe('recovered');
    expect(decision.outcome.history.some((e) => e.phase === 'DECISION' && (e.message ?? '').includes('the token was rotated'))).toBe(true);
  });

  test('a handed-off run (6) continues in a fresh context with recover resume → 0', () => {
    const cwd = tempCwd();
    writeFileSync(join(cwd, 'job.js'), `const fs = require('fs');
const n = fs.existsSync('n') ? Number(fs.readFileSync('n', 'utf8')) : 0;
fs.writeFileSync('n', String(n + 1));
if (n === 0) { console.error('FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory'); process.exit(134); }
console.log('done');`);
    const run = recoverJson<Outcome>(cwd, ['run', '--', 'node', 'job.js']);
    expect(run).toMatchObject({ status: 6, outcome: { status: 'handedOff' } });
    const resumed = recoverJson<Outcome>(cwd, ['resume', run.outcome.runId]);
    expect(resumed).toMatchObject({ status: 0, outcome: { status: 'recovered', attempts: 2 } });
    expect(phases(resumed.outcome).slice(-2)).toEqual(['RESUME:resumed', 'RETRY:success']);
    expect(readFileSync(join(cwd, 'n'), 'utf8')).toBe('2');
  });

  test('a command that was itself interrupted (exit 130) → 5 (aborted, never retried)', () => {
    const cwd = tempCwd();
    const { status, outcome } = recoverJson<Outcome>(cwd, ['run', '--', 'node', '-e', 'process.exit(130)']);
    expect(status).toBe(5);
    expect(outcome).toMatchObject({ status: 'aborted', attempts: 1, classification: { type: 'USER_ABORT' } });
  });

  test('a command that does not exist → 3 (CLI_NOT_FOUND is fatal), usage and config errors → 2', () => {
    const cwd = tempCwd();
    const missing = recoverJson<Outcome>(cwd, ['run', '--', 'no-such-command-recover-test']);
    expect(missing).toMatchObject({ status: 3, outcome: { status: 'escalated', classification: { type: 'CLI_NOT_FOUND', category: 'fatal' } } });
    // The history names the command, not only its exit code.
    expect((missing.outcome as unknown as { history: { message: string | null }[] }).history[0]!.message).toBe('command not found: no-such-command-recover-test');
    expect(recover(cwd, ['run', '--rollback', 'svn', '--', 'true'])).toMatchObject({ status: 2 });
    expect(recover(tempCwd({ maxDelayMs: 'soon' }), ['run', '--', 'true']).stderr).toContain('maxDelayMs');
  });
});
