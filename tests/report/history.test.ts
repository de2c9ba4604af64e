import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { historyToJson, historyToYaml } from '../../src/report/history.js';
import { REDACTED } from '../../src/report/redact.js';
import { LEVELS, PHASES, REASONS, RESULTS, type HistoryEvent } from '../../src/taxonomy/index.js';
import { exc1 } from './fixtures.js';

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

const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.constantFrom('null', 'true', '~', '- x', '#', ': y', '0x1F', '1e3', '"q"', "'", '\n', '```', 'a: b\nc'));
const eventArb: fc.Arbitrary<HistoryEvent> = fc.record({
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

describe('history properties', () => {
  it('YAML and JSON always carry the same value', () => {
    fc.assert(fc.property(fc.array(eventArb, { maxLength: 6 }), (events) => {
      expect(parse(historyToYaml(events))).toEqual(JSON.parse(historyToJson(events)));
    }), { numRuns: 500 });
  });
});
