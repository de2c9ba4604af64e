/** A lowdb store filled with finished-looking runs for the store and list benches, written directly (no commits). */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { logText } from '../src/store/event-log.js';
import type { RunStatus } from '../src/taxonomy/run-status.js';
import { benchEvent, benchHead } from './store-fixtures.js';

/**
 * A temp store directory with `count` runs `run-00000…` (head + 20-event log each), last
 * written a day ago. `statusOf(i)` gives run i's status; default `running` (the fixture's head).
 */
export function populateStore(count: number, statusOf: (i: number) => RunStatus = () => 'running', prefix = 'store-bench-'): string {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}${count}-`));
  mkdirSync(join(dir, 'runs'));
  const old = new Date(Date.now() - 86_400_000);
  const log = logText(Array.from({ length: 20 }, (_, i) => benchEvent(i + 1)));
  for (let i = 0; i < count; i++) {
    const runId = `run-${String(i).padStart(5, '0')}`;
    const file = join(dir, 'runs', `${runId}.json`);
    writeFileSync(join(dir, 'runs', `${runId}.events.ndjson`), log);
    writeFileSync(file, JSON.stringify({ format: 2, ...benchHead(runId, 20), status: statusOf(i), fence: 1, events: 20, logBytes: Buffer.byteLength(log) }));
    utimesSync(file, old, old); // finished runs: last written long ago
  }
  return dir;
}
