/**
 * The format of a lowdb store's `index.json` (what the index is, and when it is trusted: see
 * run-index.ts). Pure: text in, rows out, and back.
 *
 * Version 2, written now: one JSON document laid out a line per run, the runs in listing order
 * (newest `updatedAt` first, ties by run id) as the summaries `list()` returns, then the identity
 * of each run's head file in the same order:
 *
 *     {"version":2,"dir":"<identity of runs/, or ''>","count":2,"runs":[
 *     {"runId":"r2","status":null,"task":null,"createdAt":null,"updatedAt":1700000002000,"damage":"invalid JSON (…)"},
 *     {"runId":"r1","status":"succeeded","task":"npm test","createdAt":1700000000000,"updatedAt":1700000001000}
 *     ],"ids":[
 *     "<identity of r2's head>",
 *     "<identity of r1's head>"
 *     ]}
 *
 * Why this layout (10,000 runs; version 1 cost ~30 ms of CPU to list, this ~15 ms): version 1
 * (`runs` an object of `runId: [identity, status, …]`) had to be parsed whole, turned into
 * summaries one by one and sorted. Here `JSON.parse` builds the summaries itself, already in
 * order; a quiet listing parses the `runs` part only (the identities are for a listing that
 * checks files); `recover list --limit N` parses the header and N lines. Still JSON, so `jq`
 * reads it. Version 1 is still read, so an existing index keeps its rows (the next write is
 * version 2); another version is a problem, not something to guess at.
 */
import { Buffer } from 'node:buffer';
import { isRunStatus, type RunStatus } from '../taxonomy/run-status.js';
import { isRunId } from './run-id.js';
import { compareSummaries } from './summary.js';

/** The version written. */
export const INDEX_VERSION = 2;

/** One run of the index: its summary, with why its head could not be read (`damage`) for a damaged run. */
export interface IndexRow {
  runId: string;
  status: RunStatus | null;
  task: string | null;
  createdAt: number | null;
  updatedAt: number;
  damage?: string;
}

/**
 * What an index holds: its rows in listing order, the identity of each row's head file (see
 * run-index.ts; null when not decoded), and the identity of `runs/` they are whole for ('' for none).
 */
export interface IndexContent {
  rows: IndexRow[];
  ids: string[] | null;
  dir: string;
}

/** How much of an index to decode. */
export interface DecodeOptions {
  /**
   * The identity of `runs/` now. When the index is whole for it (a quiet store), only what the
   * listing shows is decoded: the first `limit` rows, no identities. Default: none (decode all).
   */
  quietFor?: string;
  /** How many rows a quiet listing shows. Default: all. */
  limit?: number;
}

/** A decoded index: its content, the version it was in and whether only its first rows were decoded; or why it cannot be used. */
export type DecodedIndex = (IndexContent & { version: 1 | 2; partial: boolean; problem?: undefined }) | { problem: string };

const IDS = '\n],"ids":[';
const END = Buffer.from('\n]}\n');
const V1 = Buffer.from('{"version":1,');
const NL = 0x0a;
const COMMA = 0x2c;

/** The text of an index holding `rows` (in listing order; `ids` their identities) for the directory identity `dir`. */
export function encodeIndex({ rows, ids, dir }: IndexContent & { ids: string[] }): string {
  const lines = rows.map((r) => JSON.stringify(r.damage === undefined
    ? { runId: r.runId, status: r.status, task: r.task, createdAt: r.createdAt, updatedAt: r.updatedAt }
    : { runId: r.runId, status: null, task: null, createdAt: null, updatedAt: r.updatedAt, damage: r.damage }));
  const list = (items: string[]): string => (items.length > 0 ? `\n${items.join(',\n')}` : '');
  return `{"version":${INDEX_VERSION},"dir":${JSON.stringify(dir)},"count":${rows.length},"runs":[${list(lines)}${IDS}${list(ids.map((id) => JSON.stringify(id)))}\n]}\n`;
}

/**
 * The index in `bytes` (the file as read), checked row by row (types, run ids, order, no run
 * twice): one bad row voids the whole, so nothing in it is trusted. Parts a quiet listing does not
 * decode (rows past `limit`, the identities) are not checked then, but the document's frame is.
 * Bytes, not text: only the part decoded is turned into a string (reading 10,000 runs' index as
 * UTF-8 text cost more than parsing its rows).
 */
export function decodeIndex(bytes: Buffer, options: DecodeOptions = {}): DecodedIndex {
  const { limit = Infinity, quietFor } = options;
  if (bytes.subarray(0, V1.length).equals(V1)) return decodeV1(bytes.toString('utf8'));
  const headerEnd = bytes.indexOf(NL);
  let header: { version?: unknown; dir?: unknown; count?: unknown };
  try {
    header = JSON.parse(`${bytes.toString('utf8', 0, headerEnd)}]}`) as typeof header;
  } catch {
    return { problem: 'no header line (not an index, or not written by recover)' };
  }
  if (header.version !== INDEX_VERSION) return { problem: `version ${JSON.stringify(header.version)} is not one this recover reads (1 or 2)` };
  const count = header.count;
  if (typeof header.dir !== 'string' || !Number.isSafeInteger(count) || (count as number) < 0) return { problem: 'header: dir or count missing' };
  const idsAt = bytes.lastIndexOf(IDS);
  if (idsAt < headerEnd - 1 || !bytes.subarray(-END.length).equals(END)) return { problem: 'cut short (no end)' };
  const quiet = quietFor !== undefined && header.dir === quietFor;
  const partial = quiet && limit < (count as number);
  let rows: unknown;
  let ids: unknown = null;
  try {
    rows = partial ? prefixRows(bytes, headerEnd + 1, limit) : JSON.parse(bytes.toString('utf8', headerEnd - 1, idsAt + 2));
    if (!quiet) ids = JSON.parse(bytes.toString('utf8', idsAt + IDS.length - 1, bytes.length - 2));
  } catch (error) {
    return { problem: `not JSON (${String((error as Error).message).replace(/[^\x20-\x7e]/g, '?').slice(0, 120)})` };
  }
  if (!Array.isArray(rows) || (!partial && rows.length !== count)) return { problem: `count says ${String(count)} runs, the list has ${Array.isArray(rows) ? rows.length : 'none'}` };
  if (ids !== null && !(Array.isArray(ids) && ids.length === rows.length && ids.every((id) => typeof id === 'string' && id !== ''))) return { problem: 'ids: not one identity per run' };
  const problem = rowsProblem(rows);
  return problem === null ? { version: 2, rows, ids: ids as string[] | null, dir: header.dir, partial } : { problem };
}

/** The first `limit` rows, a line each (`{…},`), from byte `start`. */
function prefixRows(bytes: Buffer, start: number, limit: number): unknown[] {
  const rows: unknown[] = [];
  for (let at = start; rows.length < limit; ) {
    const end = bytes.indexOf(NL, at);
    if (end < 0) throw new SyntaxError(`row ${rows.length + 1} has no end`);
    rows.push(JSON.parse(bytes.toString('utf8', at, bytes[end - 1] === COMMA ? end - 1 : end)));
    at = end + 1;
  }
  return rows;
}

/** Version 1: `{version: 1, dir, runs: {runId: [identity, status, task, createdAt, updatedAt, damage]}}`, unordered. */
function decodeV1(text: string): DecodedIndex {
  let parsed: { dir?: unknown; runs?: unknown };
  try {
    parsed = JSON.parse(text) as typeof parsed;
  } catch (error) {
    return { problem: `not JSON (${String((error as Error).message).replace(/[^\x20-\x7e]/g, '?').slice(0, 120)})` };
  }
  const { dir, runs } = parsed;
  if (typeof dir !== 'string' || runs === null || typeof runs !== 'object' || Array.isArray(runs)) return { problem: 'version 1: dir or runs missing' };
  const pairs: [IndexRow, string][] = [];
  for (const [runId, v] of Object.entries(runs)) {
    const [identity, status, task, createdAt, updatedAt, damage] = Array.isArray(v) ? v as unknown[] : [];
    const row = damage === null ? { runId, status, task, createdAt, updatedAt } : { runId, status, task, createdAt, updatedAt, damage };
    if (!isRow(row) || typeof identity !== 'string' || identity === '') return { problem: `version 1: not a run's row (${JSON.stringify(row).slice(0, 80)})` };
    pairs.push([row, identity]);
  }
  pairs.sort(([a], [b]) => compareSummaries(a, b));
  const problem = rowsProblem(pairs.map(([row]) => row));
  if (problem !== null) return { problem: `version 1: ${problem}` };
  return { version: 1, rows: pairs.map(([row]) => row), ids: pairs.map(([, id]) => id), dir, partial: false };
}

/** Why `rows` is not a list of index rows in listing order with no run twice, or null. */
function rowsProblem(rows: unknown[]): string | null {
  const seen = new Set<string>();
  let previous: IndexRow | undefined;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!isRow(row)) return `row ${i + 1}: not a run's row (${JSON.stringify(row)?.slice(0, 80)})`;
    if (seen.has(row.runId)) return `row ${i + 1}: run ${row.runId} twice`;
    seen.add(row.runId);
    if (previous !== undefined && compareSummaries(previous, row) >= 0) return `row ${i + 1}: out of order (after ${previous.runId})`;
    previous = row;
  }
  return null;
}

/**
 * A row is trusted only if every field has its type, its run id is one a store would write, and
 * it has no other field (a healthy row is handed out as the run's summary as it is).
 */
function isRow(v: unknown): v is IndexRow {
  if (v === null || typeof v !== 'object') return false;
  const r = v as Record<string, unknown>;
  const healthy = r.damage === undefined && typeof r.task === 'string' && typeof r.createdAt === 'number' && isRunStatus(r.status);
  const damaged = !healthy && r.status === null && r.task === null && r.createdAt === null && typeof r.damage === 'string';
  let fields = 0;
  for (const _ in r) fields++; // counts without allocating, once per run of a listing
  return (healthy || damaged) && fields === (healthy ? 5 : 6) && typeof r.updatedAt === 'number' && isRunId(r.runId);
}
