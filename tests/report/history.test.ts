import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { historyToJson, historyToYaml } from '../../src/report/history.js';
import { REDACTED } from '../../src/redact/index.js';
import type { HistoryEvent } from '../../src/taxonomy/index.js';
import { eventArb, exc1 } from './fixtures.js';

describe('historyToYaml / historyToJson', () => {
  const history = exc1().history;

  it('writes a top-level list of events with the contract fields, oldest first', () => {
    const shuffled = [...history].reverse();
    const parsed = JSON.parse(historyToJson(shuffled)) as HistoryEvent[];
    expect(parsed.map((e) => e.seq)).toEqual(history.map((e) => e.seq));
    expect(Object.keys(parsed[0] ?? {})).toEqual([
      'seq', 'phase', 'iteration', 'attempt', 'timestamp', 'result', 'type', 'category', 'message',
      'hypotheses', 'confidence', 'fix', 'delayMs', 'durationMs', 'level', 'reason',
    ]);
    expect(parsed).toEqual(history);
  });

  it('writes contextRefreshed where a RETRY recorded it, after the contract fields, and not where it was never recorded', () => {
    const retry = history.find((e) => e.phase === 'RETRY')!;
    const recorded = { ...retry, contextRefreshed: true };
    const [written, older] = JSON.parse(historyToJson([recorded, { ...retry, seq: recorded.seq + 1 }])) as HistoryEvent[];
    expect(Object.keys(written!).slice(-2)).toEqual(['reason', 'contextRefreshed']);
    expect(written!.contextRefreshed).toBe(true);
    // A history written before it was recorded says nothing, rather than a false "not refreshed".
    expect(older).not.toHaveProperty('contextRefreshed');
    expect(parse(historyToYaml([recorded]))[0].contextRefreshed).toBe(true);
  });

  it('YAML round-trips through yaml.parse to the same value as the JSON', () => {
    const yaml = historyToYaml(history, { runId: 'run-jwt-1' });
    expect(yaml.startsWith('# run: run-jwt-1\n- seq: 1\n  phase: PAUSE\n  iteration: 1\n')).toBe(true);
    expect(yaml).toContain('  timestamp: 2026-02-02T10:30:00.000Z\n');
    expect(parse(yaml)).toEqual(JSON.parse(historyToJson(history)));
  });

  it('normalises timestamps to ISO-8601 and an empty history to an empty list', () => {
    const [first] = history;
    const odd = { ...first!, timestamp: 'Mon, 02 Feb 2026 10:30:00 GMT' };
    expect((JSON.parse(historyToJson([odd])) as HistoryEvent[])[0]?.timestamp).toBe('2026-02-02T10:30:00.000Z');
    expect(parse(historyToYaml([]))).toEqual([]);
    expect(historyToJson([])).toBe('[]\n');
  });

  it('redacts secrets unless told not to', () => {
    const [first] = history;
    const leaky = { ...first!, message: 'login failed: password=hunter2', fix: 'use sk-ant-api03-abcdefghijklmnop' };
    const json = historyToJson([leaky]);
    expect(json).toContain(`password=${REDACTED}`);
    expect(json).toContain(`sk-ant-${REDACTED}`);
    expect(historyToYaml([leaky])).not.toContain('hunter2');
    expect(historyToJson([leaky], { redact: false })).toContain('hunter2');
  });
});

describe('history properties', () => {
  it('YAML and JSON always carry the same value', () => {
    fc.assert(fc.property(fc.array(eventArb, { maxLength: 6 }), (events) => {
      expect(parse(historyToYaml(events))).toEqual(JSON.parse(historyToJson(events)));
    }), { numRuns: 500 });
  });
});
