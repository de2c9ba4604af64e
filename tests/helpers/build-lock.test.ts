/**
 * tests/helpers/build-lock.ts with real processes: the helper compiled (esbuild) and run by
 * `node` children that race for one lock file, one of them killed with SIGKILL mid-build. The
 * build the children run journals its pid and waits for a gate file the test creates, so the
 * test sees who built, and when the others are waiting, instead of guessing from times.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildCallLimitMs, buildOnce } from './build-lock.js';
import { waitFor } from './wait-for.js';

const dir = mkdtempSync(join(tmpdir(), 'recovery-build-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

buildSync({ entryPoints: [join(import.meta.dirname, 'build-lock.ts')], outfile: join(dir, 'build-lock.mjs'), bundle: true, format: 'esm', platform: 'node', logLevel: 'error' });
/**
 * A caller of buildOnce: the output is `out`, stale while it is missing; the build journals
 * "PID whole|part", waits for `gate`, then writes `out`. Waiting for a holder is journalled in
 * `waits` as "PID HOLDER".
 */
writeFileSync(join(dir, 'caller.mjs'), `
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import { buildOnce } from './build-lock.mjs';
const [lock, out, journal, gate, waits] = process.argv.slice(2);
const nap = () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
buildOnce({
  lock,
  stale: () => !existsSync(out),
  build: (whole) => {
    appendFileSync(journal, process.pid + ' ' + (whole ? 'whole' : 'part') + '\\n');
    while (!existsSync(gate)) nap();
    writeFileSync(out, 'built');
  },
  onWait: (holder) => appendFileSync(waits, process.pid + ' ' + holder + '\\n'),
});
`);

/** A case's own folder: the lock, the output, the journals and the gate. */
function files(name: string) {
  const base = join(dir, name);
  mkdirSync(base);
  const at = (file: string) => join(base, file);
  return { base, lock: at('.build.lock'), out: at('out'), journal: at('journal'), gate: at('gate'), waits: at('waits') };
}
type Files = ReturnType<typeof files>;

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

/** Starts a caller of buildOnce; resolves with its exit code (its stderr in the error otherwise). */
function caller(f: Files): { child: ChildProcess; exited: Promise<number | null> } {
  const child = spawn(process.execPath, [join(dir, 'caller.mjs'), f.lock, f.out, f.journal, f.gate, f.waits], { stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => {
    if (code !== 0 && child.signalCode === null) console.error(stderr);
    resolve(code);
  }));
  return { child, exited };
}

const lines = (path: string) => (existsSync(path) ? readFileSync(path, 'utf8').trim().split('\n').filter(Boolean) : []);
/** What the lock mechanics left in the folder besides the output and the journals: nothing, when all went well. */
const leftovers = (f: Files) => readdirSync(f.base).filter((name) => !['out', 'journal', 'gate', 'waits'].includes(name));

describe('buildOnce across processes', () => {
  it('two callers at once over a stale output: one builds, the other waits for it and then builds nothing', async () => {
    const f = files('race');
    const [a, b] = [caller(f), caller(f)];
    await waitFor('one caller to build and the other to wait for it', () => {
      const built = lines(f.journal);
      return built.length === 1 && lines(f.waits).some((line) => line.split(' ')[1] === built[0]!.split(' ')[0]);
    });
    writeFileSync(f.gate, '');
    expect(await Promise.all([a.exited, b.exited])).toEqual([0, 0]);
    expect(lines(f.journal)).toHaveLength(1);
    expect([a.child.pid, b.child.pid].map(String)).toContain(lines(f.journal)[0]!.split(' ')[0]);
    expect(readFileSync(f.out, 'utf8')).toBe('built');
    expect(leftovers(f)).toEqual([]);
  });

  it("a holder killed mid-build: its lock is taken over by one of three waiters, who builds everything again though the output looks fresh", async () => {
    const f = files('takeover');
    const holder = caller(f);
    await waitFor('the holder to start building', () => lines(f.journal).length === 1);
    expect(readFileSync(f.lock, 'utf8').split(' ')[0]).toBe(String(holder.child.pid));
    holder.child.kill('SIGKILL');
    await holder.exited;
    // What a killed build can leave: output newer than its sources, but not whole.
    writeFileSync(f.out, 'half');
    writeFileSync(f.gate, '');
    const waiters = [caller(f), caller(f), caller(f)];
    expect(await Promise.all(waiters.map((w) => w.exited))).toEqual([0, 0, 0]);
    const builds = lines(f.journal);
    expect(builds).toHaveLength(2);
    expect(builds[0]).toBe(`${holder.child.pid} part`);
    expect(waiters.map((w) => `${w.child.pid} whole`)).toContain(builds[1]);
    expect(readFileSync(f.out, 'utf8')).toBe('built');
    expect(leftovers(f)).toEqual([]);
  });
});

describe('buildOnce in one process', () => {
  it('builds nothing and takes no lock when the output is fresh', () => {
    const f = files('fresh');
    let builds = 0;
    expect(buildOnce({ lock: f.lock, stale: () => false, build: () => { builds++; } })).toBe(false);
    expect(builds).toBe(0);
    expect(leftovers(f)).toEqual([]);
  });

  it('a build that throws leaves the output marked unfinished: the next call builds it whole, though it looks fresh', () => {
    const f = files('throws');
    expect(() => buildOnce({ lock: f.lock, stale: () => true, build: () => { throw new Error('tsc killed'); } })).toThrow('tsc killed');
    expect(leftovers(f)).toEqual(['.build.lock.incomplete']);
    const wholes: boolean[] = [];
    expect(buildOnce({ lock: f.lock, stale: () => false, build: (whole) => { wholes.push(whole); } })).toBe(true);
    expect(wholes).toEqual([true]);
    expect(leftovers(f)).toEqual([]);
  });

  it('a lock held by a live process that never lets go: the waiter fails naming the pid and the lock file, and leaves the lock alone', () => {
    const f = files('held');
    const holding = `${process.pid} 0123456789abcdef`;
    writeFileSync(f.lock, holding);
    const waitedFor: number[] = [];
    expect(() => buildOnce({ lock: f.lock, stale: () => true, build: () => undefined, waitLimitMs: 200, onWait: (pid) => waitedFor.push(pid) }))
      .toThrow(`${f.lock}: held by pid ${process.pid}`);
    expect(waitedFor).toEqual([process.pid]);
    expect(readFileSync(f.lock, 'utf8')).toBe(holding);
    expect(leftovers(f)).toEqual(['.build.lock']);
  });

  it("gives the build the waiters' wait limit, counted from when it took the lock, as its deadline", () => {
    const f = files('deadline');
    const before = Date.now();
    const deadlines: number[] = [];
    buildOnce({ lock: f.lock, stale: () => true, build: (_, deadline) => { deadlines.push(deadline); }, waitLimitMs: 5_000 });
    expect(deadlines).toHaveLength(1);
    expect(deadlines[0]).toBeGreaterThanOrEqual(before + 5_000);
    expect(deadlines[0]).toBeLessThanOrEqual(Date.now() + 5_000);
    // A call may wait for others' builds for the wait limit, then build its own within it.
    expect(buildCallLimitMs(5_000)).toBeGreaterThanOrEqual(2 * 5_000);
  });

  it('a lock naming no process is nobody\'s: taken over at once', () => {
    const f = files('garbage');
    writeFileSync(f.lock, 'not a pid');
    expect(buildOnce({ lock: f.lock, stale: () => true, build: () => undefined })).toBe(true);
    expect(leftovers(f)).toEqual([]);
  });
});
