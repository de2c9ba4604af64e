/**
 * `--inspect [URL]` and `--trace FILE` end to end: the BUILT CLI as real child processes (spawned
 * asynchronously, so the in-process ws server can accept while the CLI runs), a real flaky
 * command, a real `ws` WebSocketServer on 127.0.0.1, and traces parsed line by line.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { freePort, listen } from '../inspect/helpers.js';
import { recoverAsync as recover, scriptsCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => { for (const c of cleanups.splice(0)) await c(); });

const workdir = () => scriptsCwd({ maxDelayMs: 20 }, 'recover-inspect-');

type Line = { type: string; rootId: string; sessionId: string; snapshot?: { status: string; value?: unknown } };

/** Parses every line of an NDJSON trace (a line that does not parse fails the test). */
function trace(file: string): Line[] {
  const text = readFileSync(file, 'utf8');
  expect(text.endsWith('\n')).toBe(true);
  return text.trimEnd().split('\n').map((line) => JSON.parse(line) as Line);
}

/** The root actor's snapshot values, in order (top-level state names only). */
const rootStates = (lines: readonly Line[]): string[] => lines
  .filter((l) => l.type === '@xstate.snapshot' && l.sessionId === l.rootId && l.snapshot?.value !== undefined)
  .map((l) => { const v = l.snapshot!.value; return typeof v === 'string' ? v : Object.keys(v as object).join(','); });

/** Counts messages per type, for the report and for assertions. */
const countByType = (messages: readonly Record<string, unknown>[]): Record<string, number> =>
  messages.reduce<Record<string, number>>((acc, m) => ({ ...acc, [String(m.type)]: (acc[String(m.type)] ?? 0) + 1 }), {});

describe('recover run --inspect (real ws server, built CLI)', () => {
  test('the server receives actor, event and snapshot messages through executing → recovery → recovered; exit 0', async () => {
    const server = await listen();
    cleanups.push(server.close);
    const dir = workdir();
    const ran = await recover(dir, ['run', '--inspect', server.url, '--', 'node', 'flaky.js']);
    expect(ran.stderr).toContain('recovered');
    expect(ran.status).toBe(0);
    // The CLI flushes before exiting, but the server may still be reading the last frames.
    await expect.poll(() => server.messages.some((m) => m.type === '@xstate.snapshot' && (m.snapshot as { status?: string }).status === 'done' && m.sessionId === m.rootId)).toBe(true);
    const counts = countByType(server.messages);
    console.info(`ws server received ${server.messages.length} messages: ${JSON.stringify(counts)}`);
    expect(server.connections()).toBe(1);
    expect(Object.keys(counts).sort()).toEqual(['@xstate.actor', '@xstate.event', '@xstate.snapshot']);

    const root = server.messages.find((m) => m.type === '@xstate.actor' && m.name === 'recovery');
    expect(root).toMatchObject({ sessionId: expect.any(String), _version: expect.any(String), definition: expect.stringContaining('"id":"recovery"') });
    const ofRoot = server.messages.filter((m) => m.sessionId === root!.sessionId);
    expect(server.messages.filter((m) => m.type === '@xstate.actor' && m.parentId === root!.sessionId).length).toBeGreaterThan(0);
    expect(ofRoot).toContainEqual(expect.objectContaining({ type: '@xstate.event', event: expect.objectContaining({ type: expect.stringMatching(/^xstate\.done\.actor\./) }) }));
    const states = ofRoot.filter((m) => m.type === '@xstate.snapshot').map((m) => (m.snapshot as { value: unknown }).value);
    const top = states.map((v) => (typeof v === 'string' ? v : Object.keys(v as object)[0]));
    expect(top[0]).toBe('executing');
    expect(top).toContain('recovery');
    expect(top.at(-1)).toBe('recovered');
    expect(top.indexOf('recovery')).toBeLessThan(top.lastIndexOf('recovered'));
  });

  test('nothing listening: the run finishes with its normal exit code and the process exits', async () => {
    const dir = workdir();
    const url = `ws://127.0.0.1:${await freePort()}`;
    const ok = await recover(dir, ['run', '--inspect', url, '--', 'node', 'flaky.js']);
    expect(ok.status).toBe(0);
    expect(ok.stderr).toContain('recovered');
    const fatal = await recover(dir, ['run', `--inspect=${url}`, '--json', '--', 'node', 'fatal.js']);
    expect(fatal.status).toBe(3);
    expect((JSON.parse(fatal.stdout) as { status: string }).status).toBe('escalated');
  });
});

describe('--trace FILE', () => {
  test('run: NDJSON, every line parses, events and snapshots, the root ends in the outcome status', async () => {
    const dir = workdir();
    const ran = await recover(dir, ['run', '--json', '--trace', 'out/trace.ndjson', '--', 'node', 'flaky.js']);
    expect(ran.status).toBe(0);
    const outcome = JSON.parse(ran.stdout) as { status: string };
    const lines = trace(join(dir, 'out/trace.ndjson'));
    const types = new Set(lines.map((l) => l.type));
    for (const type of ['@xstate.actor', '@xstate.event', '@xstate.snapshot']) expect(types).toContain(type);
    const states = rootStates(lines);
    expect(states).toContain('recovery');
    expect(states.at(-1)).toBe(outcome.status);
    expect(outcome.status).toBe('recovered');
  });

  test('resume of a SIGINT-interrupted run writes a trace ending in the resumed outcome', async () => {
    const dir = workdir();
    const running = recover(dir, ['run', '--', 'node', 'slow.js']);
    await expect.poll(() => existsSync(join(dir, 'pid')), { timeout: 10_000 }).toBe(true);
    running.child.kill('SIGINT');
    expect((await running).status).toBe(130);
    const listed = await recover(dir, ['list', '--json']);
    expect(listed.stderr).toBe('');
    const runId = (JSON.parse(listed.stdout) as Array<{ runId: string }>)[0]!.runId;
    writeFileSync(join(dir, 'fast'), '');
    const resumed = await recover(dir, ['resume', runId, '--json', '--trace', 'resume.ndjson']);
    expect(resumed.status).toBe(0);
    const lines = trace(join(dir, 'resume.ndjson'));
    expect(lines.some((l) => l.type === '@xstate.event')).toBe(true);
    expect(rootStates(lines).at(-1)).toBe('succeeded');
  });

  test('decide on an escalated run: --trace and --inspect both receive the continued run', async () => {
    const server = await listen();
    cleanups.push(server.close);
    const dir = workdir();
    const run = await recover(dir, ['run', '--json', '--', 'node', 'fatal.js']);
    expect(run.status).toBe(3);
    const { runId } = JSON.parse(run.stdout) as { runId: string };
    const decided = await recover(dir, ['decide', runId, '--choice', 'skip', '--inspect', server.url, '--trace', 'decide.ndjson']);
    expect(decided.status).toBe(4);
    expect(rootStates(trace(join(dir, 'decide.ndjson'))).at(-1)).toBe('skipped');
    await expect.poll(() => server.messages.some((m) => m.type === '@xstate.snapshot' && (m.snapshot as { value?: unknown }).value === 'skipped')).toBe(true);
    expect(server.messages).toContainEqual(expect.objectContaining({ type: '@xstate.event', event: expect.objectContaining({ type: 'DECIDE' }) }));
  });
});
