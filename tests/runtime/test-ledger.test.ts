/**
 * A run's tests attempt by attempt (issue #29): the compact record kept as `meta.testLedger`,
 * and what it finds: flaky by name (AC-007), regressions after a fix (Alt-4), attempts per test.
 */
import { describe, expect, it } from 'vitest';
import type { TestCase } from '../../src/classify/tests/types.js';
import { TestLedger, testRows } from '../../src/runtime/test-ledger.js';
import { ledgerDataOf } from '../../src/store/test-ledger-data.js';

const cases = (statuses: Record<string, TestCase['status']>): TestCase[] =>
  Object.entries(statuses).map(([id, status]) => (status === 'failed' ? { id, status, titles: [id] } : { id, status }));

describe('TestLedger', () => {
  it('keeps each id once and one status character per id and execution', () => {
    const ledger = new TestLedger();
    ledger.record(1, false, 'all', cases({ a: 'passed', b: 'failed', c: 'skipped' }), [{ name: 'b', message: 'boom', location: 'b.test.js:3' }], false);
    ledger.record(2, true, 'failed', cases({ a: 'skipped', b: 'passed', c: 'skipped' }), [], false);
    expect(ledger.data()).toEqual({
      version: 1, ids: ['a', 'b', 'c'], flaky: [1],
      executions: [
        { attempt: 1, probe: false, scope: 'all', statuses: 'pfs', failures: [{ i: 1, message: 'boom', location: 'b.test.js:3', titles: ['b'] }] },
        // A re-run of the failures: what its filter skipped was not run.
        { attempt: 2, probe: true, scope: 'failed', statuses: '-p-', failures: [] },
      ],
    });
    // JSON only: what the store keeps reads back the same.
    expect(ledgerDataOf({ testLedger: JSON.parse(JSON.stringify(ledger.data())) })).toEqual(ledger.data());
  });

  it('flaky by name: only the tests that pass unchanged on the probe', () => {
    const ledger = new TestLedger();
    ledger.record(1, false, 'all', cases({ a: 'passed', flips: 'failed', real: 'failed' }), [], false);
    const probe = ledger.record(2, true, 'failed', cases({ flips: 'passed', real: 'failed' }), [], false);
    expect(probe).toEqual({ flaky: ['flips'], broken: [], fixed: [] });
    expect(ledger.flakyTests()).toEqual(['flips']);
    expect(ledger.isFlaky('real')).toBe(false);
    expect(ledger.lastFailures()).toEqual([{ id: 'real', titles: ['real'] }]);
  });

  it('a regression: a test failing after a fix that passed before; never a flaky one, never without a fix', () => {
    const ledger = new TestLedger();
    ledger.record(1, false, 'all', cases({ a: 'passed', b: 'passed', flips: 'failed', real: 'failed' }), [], false);
    ledger.record(2, true, 'failed', cases({ flips: 'passed', real: 'failed' }), [], false);
    // Unchanged retry: a test that flips is not broken by anything.
    expect(ledger.record(3, false, 'all', cases({ a: 'failed', b: 'passed', flips: 'passed', real: 'failed' }), [], false).broken).toEqual([]);
    const afterFix = ledger.record(4, false, 'all', cases({ a: 'passed', b: 'failed', flips: 'failed', real: 'passed' }), [], true);
    // Fixed: what failed in the execution before and passes now.
    expect(afterFix).toEqual({ broken: ['b'], fixed: ['a', 'real'], flaky: [] });
    expect(ledger.failedAttempts('real')).toBe(3);
    expect(ledger.failedAttempts('b')).toBe(1);
  });

  it('redacts and bounds what it keeps of a failure', () => {
    const ledger = new TestLedger(null, ['hunter2']);
    ledger.record(1, false, 'all', cases({ t: 'failed' }), [{ name: 't', message: `password hunter2 ${'x'.repeat(1_000)}` }], false);
    const message = ledger.data().executions[0]!.failures[0]!.message!;
    expect(message).not.toContain('hunter2');
    expect(message.length).toBeLessThanOrEqual(300);
  });

  it('continues a stored ledger (a resumed run), and rows list each failed test with its attempts and flakiness', () => {
    const first = new TestLedger();
    first.record(1, false, 'all', cases({ ok: 'passed', flips: 'failed', real: 'failed' }), [{ name: 'real', message: 'expected 1', location: 'r.test.js:9' }], false);
    first.record(2, true, 'failed', cases({ flips: 'passed', real: 'failed' }), [], false);
    const resumed = new TestLedger(JSON.parse(JSON.stringify(first.data())));
    resumed.record(3, false, 'all', cases({ ok: 'passed', flips: 'passed', real: 'passed' }), [], true);
    expect(testRows(resumed.data())).toEqual([
      { name: 'real', message: 'expected 1', location: 'r.test.js:9', failedAttempts: 2, ranAttempts: 3, flaky: false, passesNow: true },
      { name: 'flips', failedAttempts: 1, ranAttempts: 3, flaky: true, passesNow: true },
    ]);
  });

  it('refuses what is not a ledger', () => {
    expect(ledgerDataOf({})).toBeNull();
    expect(ledgerDataOf({ testLedger: { version: 2, ids: [], executions: [] } })).toBeNull();
    expect(new TestLedger({ version: 3 } as never).data()).toEqual({ version: 1, ids: [], executions: [], flaky: [] });
  });
});
