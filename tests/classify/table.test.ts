import { describe, expect, test } from 'vitest';
import { classify } from '../../src/classify/index.js';
import { FAILURE_TYPES } from '../../src/taxonomy/index.js';
import { JAVASCRIPT_ROWS } from './table/javascript.js';
import { LLM_ROWS } from './table/llm.js';
import { NATIVE_ROWS } from './table/native.js';
import { OPS_ROWS } from './table/ops.js';
import type { Row } from './table/row.js';
import { SEED_ROWS } from './table/seeds.js';
import { SYSTEM_ROWS } from './table/system.js';
import { TRUST_BUSY_ROWS } from './table/trust-busy.js';
import { INTEGRITY_ROWS } from './table/integrity.js';

const TABLES: Record<string, Row[]> = {
  'LLM APIs': LLM_ROWS,
  'Node, security, HTTP, shells': SYSTEM_ROWS,
  'JavaScript toolchain': JAVASCRIPT_ROWS,
  'Python, Rust, Go': NATIVE_ROWS,
  'git and docker': OPS_ROWS,
  seeds: SEED_ROWS,
  'certificates and held locks (issue 30)': TRUST_BUSY_ROWS,
  'data corruption (issue 33)': INTEGRITY_ROWS,
};
const ALL = Object.values(TABLES).flat();
const label = (row: Row): string => `${row.from}: ${JSON.stringify(row.observation).slice(0, 90)}`;

describe('real-world messages, exactly as printed', () => {
  test('the table holds at least 150 distinct observations', () => {
    const distinct = new Set(ALL.map((row) => JSON.stringify(row.observation)));
    expect(distinct.size).toBe(ALL.length);
    expect(ALL.length).toBeGreaterThanOrEqual(150);
  });

  for (const [name, rows] of Object.entries(TABLES)) {
    describe(name, () => {
      test.each(rows.map((row) => [label(row), row] as const))('%s', (_, row) => {
        const result = classify(row.observation, { now: 0 });
        expect(result.type).toBe(row.type);
        const info = FAILURE_TYPES[row.type];
        expect(result).toMatchObject({ category: info.category, severity: info.severity, action: info.action });
        if (row.retryAfterMs !== undefined) expect(result.retryAfterMs).toBe(row.retryAfterMs);
        if (row.type === 'UNKNOWN') expect(result.confidence).toBe(0.5);
        else expect(result.confidence).toBeGreaterThanOrEqual(0.7);
        expect(result.evidence.length).toBeGreaterThan(0);
      });
    });
  }
});

describe('the taxonomy examples classify as their own type', () => {
  // These three come from history (approaches, fixes, a re-run), never from one message.
  const fromHistory = new Set(['CIRCULAR_FIX', 'REPEATED_FIX', 'NON_DETERMINISTIC']);
  const cases = Object.entries(FAILURE_TYPES).filter(([type]) => !fromHistory.has(type));
  test.each(cases)('%s', (type, info) => {
    expect(classify({ message: info.example }).type).toBe(type);
  });
});
