import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { createInspector, DEFAULT_INSPECT_URL } from '../../src/inspect/inspector.js';
import { quick } from '../diagram/fixtures/machines.js';
import { freePort, listen } from './helpers.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => { for (const c of cleanups.splice(0)) await c(); });

describe('createInspector', () => {
  test('a real ws server receives the actor, event and snapshot messages of a real run', async () => {
    const server = await listen();
    cleanups.push(server.close);
    const inspector = createInspector(server.url);
    const actor = createActor(quick, { inspect: inspector.inspect });
    actor.start();
    expect(await toPromise(actor)).toBe(42);
    await inspector.stop();
    await vi.waitFor(() => expect(server.messages.some((m) => m.type === '@xstate.snapshot' && (m.snapshot as { status?: string }).status === 'done')).toBe(true));

    const m = server.messages;
    const root = m.find((x) => x.type === '@xstate.actor' && x.name === 'quick');
    // The package's shapes (@statelyai/inspect 0.7.x), as the Stately inspector expects them.
    expect(root).toMatchObject({ type: '@xstate.actor', name: 'quick', sessionId: expect.any(String), _version: expect.any(String), definition: expect.stringContaining('"id":"quick"') });
    expect(m.find((x) => x.type === '@xstate.actor' && x.name === 'worker')).toMatchObject({ parentId: root?.sessionId });
    expect(m).toContainEqual(expect.objectContaining({ type: '@xstate.event', sessionId: root?.sessionId, event: expect.objectContaining({ type: 'xstate.done.actor.worker', output: 42 }) }));
    expect(m).toContainEqual(expect.objectContaining({ type: '@xstate.snapshot', sessionId: root?.sessionId, snapshot: expect.objectContaining({ value: 'working', status: 'active' }) }));
    expect(m).toContainEqual(expect.objectContaining({ type: '@xstate.snapshot', sessionId: root?.sessionId, snapshot: expect.objectContaining({ value: 'done', status: 'done', context: { result: 42 } }) }));
    expect(inspector.status).toBe('stopped');
  });

  test('gives up after maxAttempts connections with one warning, and stays quiet', async () => {
    // A TCP server that accepts and hangs up counts real connection attempts.
    let attempts = 0;
    const sockets: Socket[] = [];
    const tcp = createServer((s) => { attempts += 1; sockets.push(s); s.destroy(); });
    await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', () => resolve()));
    cleanups.push(() => new Promise((resolve) => tcp.close(() => resolve())));
    const { port } = tcp.address() as { port: number };
    const warn = vi.fn();
    const inspector = createInspector(`ws://127.0.0.1:${port}`, { maxAttempts: 3, retryDelayMs: 10, warn });
    const actor = createActor(quick, { inspect: inspector.inspect });
    actor.start();
    await toPromise(actor);
    await vi.waitFor(() => expect(inspector.status).toBe('disabled'));
    expect(attempts).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(new RegExp(`^inspector: nothing is listening at ws://127\\.0\\.0\\.1:${port} \\(.+ after 3 attempt\\(s\\)\\); inspection disabled$`));
    await new Promise((r) => setTimeout(r, 100));
    expect(attempts).toBe(3);
    await inspector.stop();
    expect(inspector.status).toBe('disabled');
  });

  test('nothing listening (connection refused): disabled after the attempts, stop() resolves', async () => {
    const warn = vi.fn();
    const inspector = createInspector(`ws://127.0.0.1:${await freePort()}`, { maxAttempts: 2, retryDelayMs: 5, warn });
    await vi.waitFor(() => expect(inspector.status).toBe('disabled'));
    expect(warn.mock.calls[0]?.[0]).toContain('ECONNREFUSED after 2 attempt(s)');
    await expect(inspector.stop()).resolves.toBeUndefined();
  });

  test('stop() while nothing answers returns within flushTimeoutMs; a bad URL disables at once', async () => {
    const inspector = createInspector(`ws://127.0.0.1:${await freePort()}`, { maxAttempts: 100, retryDelayMs: 10_000, flushTimeoutMs: 50, warn: () => {} });
    await inspector.stop();
    expect(['stopped', 'disabled']).toContain(inspector.status);
    const warn = vi.fn();
    const bad = createInspector('not a url', { warn });
    expect(bad.status).toBe('disabled');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  test('defaults to the relay address', () => {
    expect(DEFAULT_INSPECT_URL).toBe('ws://127.0.0.1:8080');
  });
});
