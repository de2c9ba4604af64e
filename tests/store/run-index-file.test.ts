/**
 * index.json's format (run-index-file.ts): what is written reads back the same, whole or the
 * newest N lines of it; every way an index can be wrong is a problem, never rows; version 1
 * (the format before) reads as the same rows.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeIndex, encodeIndex, type IndexRow } from '../../src/store/run-index-file.js';
import { compareSummaries } from '../../src/store/summary.js';
import { RUN_STATUSES } from '../../src/taxonomy/run-status.js';

const bytes = (text: string): Buffer => Buffer.from(text, 'utf8');

const runId = fc.stringMatching(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,20}$/);
const row: fc.Arbitrary<IndexRow> = fc.oneof(
  fc.record({ runId, status: fc.constantFrom(...RUN_STATUSES), task: fc.string({ unit: 'grapheme', maxLength: 30 }), createdAt: fc.integer(), updatedAt: fc.integer() }),
  fc.record({ runId, status: fc.constant(null), task: fc.constant(null), createdAt: fc.constant(null), updatedAt: fc.integer(), damage: fc.string({ minLength: 1, maxLength: 30 }) }),
);
/** Rows as a listing holds them: one per run, in listing order, each with an identity. */
const content = fc.uniqueArray(row, { selector: (r) => r.runId, maxLength: 30 }).chain((rows) => fc.record({
  rows: fc.constant([...rows].sort(compareSummaries)),
  ids: fc.array(fc.stringMatching(/^\d+:\d+:[\d.]+:[\d.]+$/), { minLength: rows.length, maxLength: rows.length }),
  dir: fc.oneof(fc.constant(''), fc.stringMatching(/^\d+:[\d.]+:[\d.]+$/)),
}));

const two = (): { rows: IndexRow[]; ids: string[]; dir: string } => ({
  rows: [
    { runId: 'r2', status: 'running', task: 'npm test', createdAt: 1, updatedAt: 20 },
    { runId: 'r1', status: null, task: null, createdAt: null, updatedAt: 10, damage: 'invalid JSON (x)' },
  ],
  ids: ['2:100:5:5', '1:10:4:4'],
  dir: '9:1:1',
});

describe('version 2', () => {
  it('reads back what it writes, whole and as the newest N rows of a quiet store', () => {
    fc.assert(fc.property(content, fc.nat(40), (c, limit) => {
      const text = encodeIndex(c);
      expect(decodeIndex(bytes(text))).toEqual({ version: 2, ...c, partial: false });
      // A quiet listing (the index whole for this directory) decodes the rows it shows, no identities.
      const quiet = decodeIndex(bytes(text), { quietFor: c.dir, limit });
      expect(quiet).toEqual({ version: 2, rows: c.rows.slice(0, limit), ids: null, dir: c.dir, partial: limit < c.rows.length });
      // One line per run between the header and the identities: the newest N are the first N lines.
      expect(text.split('\n')).toHaveLength(1 + c.rows.length + 1 + c.ids.length + 2);
    }));
  });

  it('an index whole for another directory is decoded whole, whatever the limit', () => {
    const c = two();
    expect(decodeIndex(bytes(encodeIndex(c)), { quietFor: '1:2:3', limit: 1 })).toMatchObject({ rows: c.rows, ids: c.ids, partial: false });
  });

  const valid = encodeIndex(two());
  const lines = valid.split('\n');
  const withLine = (n: number, line: string): string => lines.map((l, i) => (i === n ? line : l)).join('\n');
  it.each([
    ['empty', '', /no header line/],
    ['not JSON', 'garbage\n', /no header line/],
    ['a later version', valid.replace('"version":2', '"version":3'), /version 3 is not one this recover reads/],
    ['cut short', valid.slice(0, valid.length - 40), /cut short/],
    ['no identities', valid.slice(0, valid.indexOf('],"ids"')) + ']}\n', /cut short/],
    ['a count that is not the rows', valid.replace('"count":2', '"count":3'), /count says 3 runs, the list has 2/],
    ['a row that is not JSON', withLine(1, '{"runId":"r2",'), /not JSON/],
    ['an unknown status', valid.replace('"running"', '"bogus"'), /row 1: not a run's row/],
    ['a run id no store writes', valid.replace('"r2"', '"../x"'), /row 1: not a run's row/],
    ['a field too many', valid.replace('"task":"npm test"', '"task":"npm test","extra":1'), /row 1: not a run's row/],
    ['a damaged row with a status', valid.replace('"status":null', '"status":"running"'), /row 2: not a run's row/],
    ['out of order', valid.replace('"updatedAt":10', '"updatedAt":30'), /row 2: out of order \(after r2\)/],
    ['a run twice', valid.replace('"runId":"r1"', '"runId":"r2"').replace('"updatedAt":10', '"updatedAt":10'), /row 2: run r2 twice/],
    ['an identity missing', valid.replace('"1:10:4:4"', '""'), /ids: not one identity per run/],
    ['an identity too many', valid.replace('"1:10:4:4"', '"1:10:4:4",\n"3:3:3:3"'), /ids: not one identity per run/],
  ])('%s: a problem, no rows', (_name, text, problem) => {
    const decoded = decodeIndex(bytes(text));
    expect(decoded.problem).toMatch(problem);
    expect(decoded).not.toHaveProperty('rows');
  });

  it('a quiet listing of the newest N checks those rows and the frame, not the rest', () => {
    const broken = withLine(2, '{"runId":"../x"}');
    expect(decodeIndex(bytes(broken), { quietFor: '9:1:1', limit: 1 })).toMatchObject({ rows: [two().rows[0]], partial: true });
    expect(decodeIndex(bytes(broken), { quietFor: '9:1:1', limit: 2 }).problem).toMatch(/row 2: not a run's row/);
    expect(decodeIndex(bytes(broken.slice(0, -3)), { quietFor: '9:1:1', limit: 1 }).problem).toMatch(/cut short/);
  });
});

describe('version 1 (the format before)', () => {
  const v1 = (runs: Record<string, unknown>, dir = '9:1:1'): Buffer => bytes(JSON.stringify({ version: 1, dir, runs }));

  it('reads as the same rows, in listing order, with their identities', () => {
    const { rows, ids, dir } = two();
    const decoded = decodeIndex(v1({
      r1: [ids[1], null, null, null, 10, 'invalid JSON (x)'],
      r2: [ids[0], 'running', 'npm test', 1, 20, null],
    }));
    expect(decoded).toEqual({ version: 1, rows, ids, dir, partial: false });
  });

  it.each([
    ['a row of the wrong shape', { r1: ['1:1:1:1', 'running'] }, /version 1: not a run's row/],
    ['a row with no identity', { r1: ['', 'running', 't', 1, 2, null] }, /version 1: not a run's row/],
    ['a run id no store writes', { '../x': ['1:1:1:1', 'running', 't', 1, 2, null] }, /version 1: not a run's row/],
  ])('%s: a problem', (_name, runs, problem) => {
    expect(decodeIndex(v1(runs)).problem).toMatch(problem);
  });

  it('cut short: a problem', () => {
    expect(decodeIndex(bytes('{"version":1,"dir":"","runs":{"r1":["x",null,null,null,1,null]')).problem).toMatch(/not JSON/);
  });
});
