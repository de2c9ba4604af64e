/**
 * The progress output of the run verbs: the renderer against a fake terminal and a simulated
 * clock (never wall time), the mapping from snapshots to "attempt n/N", and the built CLI under a
 * real pseudo-terminal (util-linux `script`) and under a plain pipe.
 */
import { spawnSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { SimulatedClock } from 'xstate';
import { describe, expect, test } from 'vitest';
import { progressLine } from '../../src/cli/progress/format.js';
import { HOLD_PARTIAL_LINE_MS } from '../../src/cli/progress/redacting-output.js';
import {
  CLEAR_LINE, ProgressReporter, SPINNER, createRunProgress, progressViewOf, type ProgressView, type SnapshotLike, type WatchedActor,
} from '../../src/cli/progress.js';
import { resolvePolicy } from '../../src/policy/index.js';
import type { Outcome } from '../../src/runtime/outcome.js';
import type { HistoryEvent } from '../../src/taxonomy/index.js';
import { BIN, cliEnv, scriptsCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

/** A terminal as far as the reporter can tell: `isTTY`, `columns`, and everything written. */
function fakeTerminal(isTTY = true, columns = 100) {
  const writes: string[] = [];
  return { isTTY, columns, writes, write: (text: string) => void writes.push(text), text: () => writes.join('') };
}

const COLOUR = /\x1b\[3\dm/;
const policy = resolvePolicy({});

function view(fields: Partial<ProgressView> = {}): ProgressView {
  return { attempt: 1, maxAttempts: 4, base: 1, phase: null, activity: 'running', type: null, category: null, waitUntil: null, status: 'running', ...fields };
}

function event(seq: number, fields: Partial<HistoryEvent> = {}): HistoryEvent {
  return {
    seq, phase: 'PAUSE', iteration: 0, attempt: 1, timestamp: new Date(0).toISOString(), result: 'failure', type: 'NETWORK',
    category: 'transient', message: 'Error: socket hang up', hypotheses: [], confidence: null, fix: null, delayMs: null,
    durationMs: null, level: 'same', reason: null, ...fields,
  };
}

function snapshot(value: unknown, context: Partial<SnapshotLike['context']> = {}): SnapshotLike {
  return { value, context: { attempt: 1, iteration: 0, policy, failure: null, nextAttemptAt: null, history: [], ...context } };
}

const network = { classification: { type: 'NETWORK' as const, category: 'transient' as const } };

/** A recovery actor stand-in: `push` a snapshot to whoever subscribed. */
function fakeActor(first: SnapshotLike) {
  let current = first;
  let observer: ((s: SnapshotLike) => void) | undefined;
  const actor: WatchedActor & { push(s: SnapshotLike): void } = {
    getSnapshot: () => current,
    subscribe: (o) => {
      observer = o.next;
      return { unsubscribe: () => void (observer = undefined) };
    },
    push: (s) => {
      current = s;
      observer?.(s);
    },
  };
  return actor;
}

function outcome(fields: Partial<Outcome> = {}): Outcome {
  return {
    runId: '20261121-125406-3f9a1c2b', status: 'recovered', attempts: 2, iterations: 1, level: 'same', reason: null,
    classification: { type: 'NETWORK', category: 'transient' } as Outcome['classification'], stack: null, history: [], ...fields,
  };
}

describe('the live line (fake terminal, simulated clock)', () => {
  test('the spinner advances one frame per tick, each redraw clearing the line first', () => {
    const term = fakeTerminal();
    const clock = new SimulatedClock();
    const reporter = new ProgressReporter({ stream: term, live: true, color: true, clock, frameMs: 80 });
    reporter.update(view());
    for (let i = 0; i < 4; i++) clock.increment(80);
    const draws = term.writes.filter((w) => w.includes('attempt 1/4'));
    expect(draws).toHaveLength(5);
    for (const draw of draws) expect(draw.startsWith(CLEAR_LINE)).toBe(true);
    expect(draws.map((d) => SPINNER.find((frame) => d.includes(frame)))).toEqual(SPINNER.slice(0, 5));
    expect(draws.at(-1)).toContain('running');
    expect(draws.at(-1)).toContain('0.3s');
    reporter.stop();
  });

  test('the backoff countdown decreases and reaches 0.0s', () => {
    const term = fakeTerminal();
    const clock = new SimulatedClock();
    clock.set(10_000);
    const reporter = new ProgressReporter({ stream: term, live: true, color: false, clock, frameMs: 100 });
    reporter.update(view({ attempt: 2, phase: 'RETRY', activity: 'waiting', type: 'NETWORK', category: 'transient', waitUntil: 13_200 }));
    for (let t = 0; t < 3_400; t += 100) clock.increment(100);
    const shown = term.writes.flatMap((w) => /retry in (\d+\.\d)s…/.exec(w)?.[1] ?? []).map(Number);
    expect(shown[0]).toBe(3.2);
    expect(shown.at(-1)).toBe(0);
    for (let i = 1; i < shown.length; i++) expect(shown[i]!).toBeLessThanOrEqual(shown[i - 1]!);
    expect(new Set(shown).size).toBeGreaterThan(30);
    expect(term.text()).toContain('attempt 2/4 · RETRY · NETWORK · retry in 3.2s…');
    reporter.stop();
  });

  test('a finished event is printed above the live line: the line is erased, the event written, the line redrawn', () => {
    const term = fakeTerminal();
    const clock = new SimulatedClock();
    const reporter = new ProgressReporter({ stream: term, live: true, color: true, clock });
    reporter.update(view());
    const before = term.writes.length;
    reporter.update(view({ attempt: 2, phase: 'RETRY', activity: 'waiting', type: 'NETWORK', category: 'transient', waitUntil: 5_000 }), [event(1)]);
    const after = term.writes.slice(before);
    expect(after[0]).toBe(CLEAR_LINE);
    expect(after[1]).toMatch(/✗.*attempt 1\/4.*PAUSE.*failure.*NETWORK.*socket hang up(\x1b\[0m)?\n$/);
    expect(after[2]!.startsWith(CLEAR_LINE)).toBe(true);
    expect(after[2]).toContain('retry in 5.0s');
    expect(COLOUR.test(term.text())).toBe(true);
    reporter.stop();
  });

  test('the line never wraps: it is cut to the terminal width', () => {
    const term = fakeTerminal(true, 30);
    const reporter = new ProgressReporter({ stream: term, live: true, color: false, clock: new SimulatedClock() });
    reporter.update(view({ phase: 'ADAPT', activity: 'adapting', type: 'VERIFICATION_FAILED', category: 'systematic' }));
    const line = term.writes.at(-1)!.slice(CLEAR_LINE.length);
    expect([...line]).toHaveLength(29);
    expect(line.endsWith('…')).toBe(true);
    reporter.stop();
  });

  test('after stop and after the run rests, no timer is left and nothing is drawn', () => {
    const term = fakeTerminal();
    const clock = new SimulatedClock();
    const reporter = new ProgressReporter({ stream: term, live: true, color: true, clock });
    reporter.update(view());
    reporter.update(view({ status: 'escalated', phase: 'ESCALATE', activity: 'resting' }), [event(1, { phase: 'ESCALATE', result: 'escalated' })]);
    expect(term.writes.at(-1)).toMatch(/ESCALATE.*escalated.*\n$/);
    const count = term.writes.length;
    clock.increment(5_000);
    expect(term.writes).toHaveLength(count);
  });

  test('decide: an escalated run that is retried brings the live line back', () => {
    const term = fakeTerminal();
    const clock = new SimulatedClock();
    const reporter = new ProgressReporter({ stream: term, live: true, color: false, clock });
    reporter.update(view({ status: 'escalated', phase: 'ESCALATE', activity: 'resting' }));
    reporter.update(view({ attempt: 2, maxAttempts: 5, base: 2 }), [event(4, { phase: 'DECISION', result: 'decided', message: 'retry-fresh' })]);
    clock.increment(80);
    expect(term.writes.at(-1)).toBe(`${CLEAR_LINE}${SPINNER[1]} attempt 2/5 · running 0.0s`);
    reporter.stop();
  });

  test('the frame timer is unref\'d: a spinner never keeps the process alive', () => {
    let unrefs = 0;
    const handles: Array<() => void> = [];
    const clock = {
      now: () => 0,
      setTimeout: (fn: () => void) => { handles.push(fn); return { unref: () => void (unrefs += 1) }; },
      clearTimeout: () => undefined,
    };
    const reporter = new ProgressReporter({ stream: fakeTerminal(), live: true, clock });
    reporter.update(view());
    handles.shift()!();
    expect(unrefs).toBe(2);
    reporter.stop();
  });
});

describe('createRunProgress: modes, colour, resume, SIGINT, the command\'s output', () => {
  const first = snapshot({ executing: 'unwatched' });
  const waiting = snapshot({ recovery: { retry: 'waiting' } }, {
    attempt: 1, iteration: 1, failure: network, nextAttemptAt: 5_000, history: [event(1), event(2, { phase: 'DIAGNOSE', result: 'diagnosed' })],
  });
  const retrying = snapshot({ executing: 'unwatched' }, { ...waiting.context, attempt: 2, nextAttemptAt: null });
  const done = snapshot('recovered', {
    ...retrying.context, history: [...waiting.context.history, event(3, { phase: 'RETRY', result: 'success', attempt: 2, iteration: 1, delayMs: 5_000, message: null })],
  });

  test('NO_COLOR: still live (redrawn in place) but without a colour code', () => {
    const term = fakeTerminal();
    const clock = new SimulatedClock();
    const progress = createRunProgress({ stderr: term, env: { NO_COLOR: '1', TERM: 'xterm' } }, { json: false, clock, signals: new EventEmitter() });
    expect(progress.mode).toBe('live');
    const actor = fakeActor(first);
    progress.watch(actor);
    clock.increment(200);
    actor.push(waiting);
    clock.increment(200);
    progress.finish(outcome());
    expect(term.text()).toContain(CLEAR_LINE);
    expect(term.text()).toContain('retry in');
    expect(term.text()).not.toMatch(/\x1b\[\d+m/);
  });

  test('an empty NO_COLOR does not count (no-color.org: present and not empty); TERM=dumb gets plain lines', () => {
    const colourful = fakeTerminal();
    createRunProgress({ stderr: colourful, env: { NO_COLOR: '', TERM: 'xterm' } }, { json: false, clock: new SimulatedClock() }).note('x');
    expect(colourful.text()).toMatch(/\x1b\[1m/);
    expect(createRunProgress({ stderr: fakeTerminal(), env: { TERM: 'dumb' } }, { json: false }).mode).toBe('plain');
    expect(createRunProgress({ stderr: fakeTerminal(), env: {} }, { json: true }).mode).toBe('off');
  });

  test('not a terminal: exactly the plain lines, one per history event, then the summary, no escape code', () => {
    const term = fakeTerminal(false);
    const clock = new SimulatedClock();
    const progress = createRunProgress({ stderr: term, env: { TERM: 'xterm' } }, { json: false, clock });
    expect(progress.mode).toBe('plain');
    progress.note('recover: run r1: node flaky.js');
    const actor = fakeActor(first);
    progress.watch(actor);
    actor.push(waiting);
    clock.increment(5_000);
    actor.push(retrying);
    clock.increment(200);
    actor.push(done);
    progress.finish(outcome());
    const lines = done.context.history.map(progressLine).join('');
    expect(term.text()).toBe(
      `recover: run r1: node flaky.js\n${lines}recover: run 20261121-125406-3f9a1c2b recovered (NETWORK) after 2 attempt(s) in 5.2s\n`,
    );
    expect(term.text()).not.toMatch(/[\x1b\r]/);
  });

  test('not a terminal: the command\'s output and our own lines are redacted, clean bytes pass as they are', async () => {
    const term = fakeTerminal(false);
    const progress = createRunProgress({ stderr: term, env: {} }, { json: false, clock: new SimulatedClock() });
    const received: Buffer[] = [];
    const target = Object.assign(new EventEmitter(), { write: (chunk: Buffer) => { received.push(Buffer.from(chunk)); return true; } });
    const streams = progress.output({ stdout: target as never, stderr: target as never });
    const key = 'sk-ant-api03-Zq7Lm2Xv9Rt4Yp8Wn3Kb6Hj1Gf5Ds0Aa';
    const clean = Buffer.concat([Buffer.from('caf\u00e9 \u2713 '), Buffer.from([0xff, 0xfe]), Buffer.from(' ok\n')]); // invalid UTF-8 too
    const bytes = Buffer.concat([clean, Buffer.from('key='), Buffer.from(key.slice(0, 20))]);
    await new Promise<void>((resolve) => streams.stdout.write(bytes, () => resolve()));
    await new Promise<void>((resolve) => streams.stdout.write(`${key.slice(20)}\n`, () => resolve()));
    progress.note(`recover: run r1: curl -H "x-api-key: ${key}"`);
    progress.stop();
    const out = Buffer.concat(received);
    expect(out.subarray(0, clean.length)).toEqual(clean);
    expect(out.toString('latin1')).not.toContain(key.slice(8));
    expect(out.toString('latin1')).toContain('key=sk-ant-[REDACTED]\n');
    expect(term.text()).toBe('recover: run r1: curl -H "x-api-key: [REDACTED]"\n');
  });

  test('resume: restored events are not printed again; one line says where the run picks up', () => {
    const term = fakeTerminal(false);
    const progress = createRunProgress({ stderr: term, env: {} }, { json: false, clock: new SimulatedClock() });
    const resumed = snapshot({ executing: 'unwatched' }, {
      ...retrying.context, history: [...waiting.context.history, event(3, { phase: 'RESUME', result: 'interrupted', attempt: 2, iteration: 1, message: 'attempt 2 was interrupted; running it again' })],
    });
    progress.watch(fakeActor(resumed), { shownThrough: 2, resuming: 'r1' });
    progress.stop();
    expect(term.text()).toBe(`recover: resuming run r1 at attempt 2 (RETRY)\n${progressLine(resumed.context.history[2]!)}`);
  });

  test('SIGINT stops the spinner at once and erases the line; the listener goes with stop()', () => {
    const term = fakeTerminal();
    const clock = new SimulatedClock();
    const signals = new EventEmitter();
    const progress = createRunProgress({ stderr: term, env: { TERM: 'xterm' } }, { json: false, clock, signals });
    expect(signals.listenerCount('SIGINT')).toBe(0); // not before the run starts: Ctrl-C must still end the process
    progress.watch(fakeActor(first));
    expect(signals.listenerCount('SIGINT')).toBe(1);
    signals.emit('SIGINT');
    expect(term.writes.at(-1)).toBe(CLEAR_LINE);
    const count = term.writes.length;
    clock.increment(1_000);
    expect(term.writes).toHaveLength(count);
    progress.stop();
    expect(signals.listenerCount('SIGINT')).toBe(0);
  });

  test('the command\'s output: the live line is erased before each chunk; an unfinished line is never overwritten', async () => {
    const term = fakeTerminal();
    const clock = new SimulatedClock();
    const progress = createRunProgress({ stderr: term, env: { TERM: 'xterm' } }, { json: false, clock, signals: new EventEmitter() });
    const child = Object.assign(new EventEmitter(), { isTTY: true, write: (chunk: Buffer) => { term.writes.push(`<${chunk.toString()}>`); return true; } });
    const streams = progress.output({ stdout: child as never, stderr: child as never })!;
    const actor = fakeActor(first);
    progress.watch(actor);
    await new Promise<void>((resolve) => streams.stdout.write('hello\n', () => resolve()));
    const at = term.writes.indexOf('<hello\n>');
    expect(term.writes[at - 1]).toBe(CLEAR_LINE);
    clock.increment(80);
    expect(term.writes.at(-1)!.startsWith(CLEAR_LINE)).toBe(true); // redrawn below the output
    await new Promise<void>((resolve) => streams.stdout.write('Downloading…', () => resolve()));
    // An unfinished line is held a moment for the rest of a secret it may be cut in.
    await new Promise((resolve) => setTimeout(resolve, HOLD_PARTIAL_LINE_MS + 20));
    expect(term.writes.at(-1)).toBe('<Downloading…>');
    const count = term.writes.length;
    clock.increment(400);
    expect(term.writes).toHaveLength(count); // no redraw over "Downloading…"
    actor.push(waiting);
    expect(term.writes[count]).toBe('\n'); // our next line starts on a line of its own
    expect(term.writes[count + 1]).toContain('PAUSE');
    progress.stop();
  });

  test('the summary: status, type, attempts, duration, run id; escalated adds how to decide', () => {
    const term = fakeTerminal();
    const clock = new SimulatedClock();
    const progress = createRunProgress({ stderr: term, env: { TERM: 'xterm' } }, { json: false, clock, signals: new EventEmitter() });
    clock.increment(5_230);
    progress.finish(outcome());
    expect(term.text()).toMatch(/✓.*recovered.*\(NETWORK\) after 2 attempt\(s\) in 5\.2s.*run 20261121-125406-3f9a1c2b/);
    const escalated = fakeTerminal();
    createRunProgress({ stderr: escalated, env: { TERM: 'xterm' } }, { json: false, clock }).finish(outcome({ status: 'escalated', reason: 'fatal_error', attempts: 1 }));
    expect(escalated.text()).toMatch(/✗.*escalated.*reason fatal_error/);
    expect(escalated.text()).toContain('recover decide 20261121-125406-3f9a1c2b --choice retry-fresh|retry-with|skip|rollback|abort|manual');
  });

  test('the summary repeats where each rollback kept the state it replaced, and the command to get it back', () => {
    const kept = 'replaced state kept as refs/recovery/r/replaced-1 (get it back: recover restore refs/recovery/r/replaced-1)';
    const rolledBack = { seq: 3, phase: 'ROLLBACK', result: 'rolled_back', message: kept } as unknown as HistoryEvent;
    const silent = { seq: 4, phase: 'ROLLBACK', result: 'rolled_back', message: null } as unknown as HistoryEvent;
    const term = fakeTerminal();
    createRunProgress({ stderr: term, env: { TERM: 'xterm' } }, { json: false, clock: new SimulatedClock() }).finish(outcome({ history: [rolledBack, silent] }));
    expect(term.text()).toContain(`rollback 1: ${kept}`);
    expect(term.text()).not.toContain('rollback 2');
  });
});

describe('progressViewOf: attempt n/N from the policy\'s budget', () => {
  test('the original attempt counts against the default budget of 3 iterations: 1/4', () => {
    expect(progressViewOf(snapshot({ executing: {} }))).toMatchObject({ attempt: 1, maxAttempts: 4, phase: null, activity: 'running' });
  });

  test('a RETRY\'s backoff shows the attempt about to run and its deadline', () => {
    expect(progressViewOf(snapshot({ recovery: { retry: 'waiting' } }, { iteration: 1, failure: network, nextAttemptAt: 9_000 })))
      .toMatchObject({ attempt: 2, maxAttempts: 4, phase: 'RETRY', activity: 'waiting', type: 'NETWORK', waitUntil: 9_000 });
  });

  test('a fatal type has no budget: 1/1; UNKNOWN has 1: 1/2', () => {
    const fatal = { classification: { type: 'AUTH_REQUIRED' as const, category: 'fatal' as const } };
    expect(progressViewOf(snapshot({ escalated: 'awaiting' }, { failure: fatal }))).toMatchObject({ attempt: 1, maxAttempts: 1, status: 'escalated' });
    const unknown = { classification: { type: 'UNKNOWN' as const, category: 'systematic' as const } };
    expect(progressViewOf(snapshot({ recovery: 'consult' }, { failure: unknown }))).toMatchObject({ maxAttempts: 2, phase: 'DIAGNOSE' });
  });

  test('the flake probe is an execution outside the budget; the base it sets carries into ADAPT', () => {
    const failing = { classification: { type: 'VERIFICATION_FAILED' as const, category: 'systematic' as const } };
    const probe = progressViewOf(snapshot({ recovery: 'probeFlake' }, { attempt: 2, failure: failing }));
    expect(probe).toMatchObject({ attempt: 2, maxAttempts: 2 + policy.types.VERIFICATION_FAILED.budget, activity: 'probing' });
    const adapt = progressViewOf(snapshot({ recovery: 'adapt' }, { attempt: 2, iteration: 1, failure: failing }), probe);
    expect(adapt).toMatchObject({ attempt: 3, maxAttempts: probe.maxAttempts, phase: 'ADAPT' });
  });
});

describe('the built CLI on a real pseudo-terminal and on a pipe', () => {
  const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;

  beforeAllBuilt();

  /** A temp dir with a command that fails once (socket hang up) and a backoff long enough to watch. */
  const flakyDir = () => scriptsCwd({ maxDelayMs: 800 }, 'recover-progress-');
  const env = (extra: Record<string, string>) => cliEnv({ TERM: 'xterm-256color', ...extra });

  /** `recover run -- node flaky.js` under `script`: stdout and stderr are a real terminal. */
  function underPty(extra: Record<string, string> = {}) {
    const cmd = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} run -- node flaky.js`;
    return spawnSync('script', ['-qfec', cmd, '/dev/null'], { cwd: flakyDir(), encoding: 'utf8', env: env(extra), stdio: ['ignore', 'pipe', 'pipe'], timeout: 20_000 });
  }

  test.skipIf(!hasScript)('on a terminal: spinner and countdown redrawn in place, in colour; the command\'s output intact', () => {
    const { status, stdout } = underPty();
    expect(status).toBe(0);
    expect(stdout).toContain(CLEAR_LINE);
    expect(COLOUR.test(stdout)).toBe(true);
    expect(stdout).toMatch(/retry in 0\.\ds…/);
    expect(SPINNER.filter((frame) => stdout.includes(frame)).length).toBeGreaterThan(3);
    // The command's lines arrive whole, at the start of a line (the live line was erased first).
    expect(stdout).toMatch(/\r\x1b\[KError: socket hang up\r?\n/);
    expect(stdout).toMatch(/\r\x1b\[Kok\r?\n/);
    expect(stdout).toMatch(/recovered.*\(NETWORK\) after 2 attempt\(s\) in [\d.]+m?s/);
  });

  test.skipIf(!hasScript)('on a terminal with NO_COLOR=1: still redrawn in place, no colour code', () => {
    const { status, stdout } = underPty({ NO_COLOR: '1' });
    expect(status).toBe(0);
    expect(stdout).toContain(CLEAR_LINE);
    expect(stdout).toContain('retry in');
    expect(stdout).not.toMatch(/\x1b\[\d+m/);
  });

  test('on a pipe: plain lines only, no escape code and no carriage return', () => {
    const result = spawnSync(process.execPath, [BIN, 'run', '--', 'node', 'flaky.js'], { cwd: flakyDir(), encoding: 'utf8', env: env({}), input: '' });
    expect(result.status).toBe(0);
    expect(result.stderr).toContain('recover: attempt 1 · PAUSE · failure · NETWORK · — Error: socket hang up\n');
    expect(result.stderr).toMatch(/recovered \(NETWORK\) after 2 attempt\(s\) in /);
    expect(result.stderr + result.stdout).not.toMatch(/[\x1b\r]/);
  });
});
