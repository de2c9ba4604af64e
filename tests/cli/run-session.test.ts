/**
 * The run session the run verbs open from their flags (run-session.ts): opening it prints and
 * opens nothing, so a run refused before it drives (a typo'd RUN_ID, a refused decision) leaves
 * no progress line and no trace file; driving opens the sinks, hands the run its watch, and
 * closes everything once the run has ended. Real files in a temp directory, a real recovery run.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openRunSession } from '../../src/cli/run-session.js';
import type { CliIO } from '../../src/cli/verb.js';
import { recover } from '../../src/runtime/recovery.js';

/** A CliIO whose stdout and stderr are kept, in a fresh temp directory. */
function io(): CliIO & { out: string[]; err: string[] } {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out, err, cwd: mkdtempSync(join(tmpdir(), 'run-session-')), env: { TERM: 'dumb' }, stdin: (async function* () {})(),
    stdout: { write: (text: string) => out.push(text) }, stderr: { write: (text: string) => err.push(text) },
  };
}

describe('openRunSession', () => {
  test('opening a session writes nothing and creates no trace file', () => {
    const at = io();
    const session = openRunSession(at, { json: false, inspection: { trace: 'out/trace.ndjson' }, appendTrace: true });
    session.progress.note('said only once the session is used');
    expect(existsSync(join(at.cwd, 'out/trace.ndjson'))).toBe(false);
    expect(at.out).toEqual([]);
    expect(at.err.join('')).toContain('said only once the session is used');
  });

  test('driving opens the trace and gives the run its observer: the trace holds the run, numbered from 1', async () => {
    const at = io();
    const session = openRunSession(at, { json: true, inspection: { trace: 'trace.ndjson' } });
    // --json: the command's stdout is not a terminal's, so it never gets a pseudo-terminal.
    expect(session.output.pty).toBeNull();
    expect(existsSync(join(at.cwd, 'trace.ndjson'))).toBe(false);
    const result = await session.drive((watch) => recover(async () => 'done', watch.inspect ? { inspect: watch.inspect } : {}));
    expect(result).toMatchObject({ status: 'succeeded' });
    const lines = readFileSync(join(at.cwd, 'trace.ndjson'), 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line) as { seq: number });
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.map((line) => line.seq)).toEqual(lines.map((_, i) => i + 1));
  });
});
