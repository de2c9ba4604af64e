import { describe, expect, it } from 'vitest';
import { computeMetrics } from '../../src/report/metrics.js';
import { craftedRuns, exc1 } from './fixtures.js';

describe('computeMetrics', () => {
  it('counts a crafted set of runs exactly', () => {
    const runs = Object.values(craftedRuns());
    expect(computeMetrics(runs)).toEqual({
      totals: { runs: 10, failures: 9, autoRecovered: 3, escalations: 3, rollbacks: 1, skips: 1, aborts: 1, flaky: 1, handedOff: 1 },
      flakeRate: 1 / 9,
      // rate 10 s, verify 30 s, net 60 s, build 20 s
      meanTimeToRecoverMs: 30_000,
      byType: {
        RATE_LIMIT: { failures: 1, recovered: 1, escalated: 0 },
        VERIFICATION_FAILED: { failures: 3, recovered: 1, escalated: 1 },
        NETWORK: { failures: 1, recovered: 1, escalated: 1 },
        QUALITY_GATE_FAIL: { failures: 1, recovered: 0, escalated: 1 },
        USER_ABORT: { failures: 1, recovered: 0, escalated: 0 },
        BROKEN_BUILD: { failures: 1, recovered: 1, escalated: 0 },
        CONTEXT_EXHAUSTED: { failures: 1, recovered: 0, escalated: 0 },
      },
    });
  });

  it('is pure and order-independent', () => {
    const runs = Object.values(craftedRuns());
    const before = JSON.stringify(runs);
    const a = computeMetrics(runs);
    expect(computeMetrics([...runs].reverse())).toEqual(a);
    expect(JSON.stringify(runs)).toBe(before);
  });

  it('accepts RunReportInput and handles the empty set', () => {
    expect(computeMetrics([exc1()]).totals.escalations).toBe(1);
    expect(computeMetrics([])).toEqual({
      totals: { runs: 0, failures: 0, autoRecovered: 0, escalations: 0, rollbacks: 0, skips: 0, aborts: 0, flaky: 0, handedOff: 0 },
      flakeRate: 0, meanTimeToRecoverMs: null, byType: {},
    });
  });

  it('counts a run resting escalated without an ESCALATE event, and types a failure with no history as UNKNOWN', () => {
    const m = computeMetrics([{ status: 'escalated', history: [] }, { status: 'aborted', history: [], classification: null }]);
    expect(m.totals).toMatchObject({ failures: 2, escalations: 1, aborts: 1 });
    expect(m.byType).toEqual({ UNKNOWN: { failures: 2, recovered: 0, escalated: 1 } });
  });

  it('skips unparseable timestamps in the mean time to recover', () => {
    const { rate } = craftedRuns();
    const broken = { ...rate!, history: rate!.history.map((e) => ({ ...e, timestamp: 'not a date' })) };
    expect(computeMetrics([broken]).meanTimeToRecoverMs).toBeNull();
  });
});
