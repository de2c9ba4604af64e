import { afterEach, describe, expect, test, vi } from 'vitest';
import WebSocket from 'ws';
import { createActor, toPromise } from 'xstate';
import { createInspector } from '../../src/inspect/inspector.js';
import { startInspectServer, type InspectServer } from '../../src/inspect/server.js';
import { quick } from '../diagram/fixtures/machines.js';

let server: InspectServer | undefined;
const clients: WebSocket[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  await server?.close();
  server = undefined;
});

/** A receiving client (what the bridge page does in a browser): collects parsed messages. */
async function receiver(url: string): Promise<Record<string, unknown>[]> {
  const ws = new WebSocket(url);
  clients.push(ws);
  const got: Record<string, unknown>[] = [];
  ws.on('message', (data) => got.push(JSON.parse(data.toString()) as Record<string, unknown>));
  await new Promise<void>((resolve, reject) => { ws.once('open', () => resolve()); ws.once('error', reject); });
  return got;
}

describe('startInspectServer (relay)', () => {
  test('binds 127.0.0.1 on a random port and relays a real run to the other clients', async () => {
    server = await startInspectServer({ port: 0 });
    expect(server.url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(server.httpUrl).toBe(`http://127.0.0.1:${server.port}/`);
    const browser = await receiver(server.url);

    const inspector = createInspector(server.url);
    const actor = createActor(quick, { inspect: inspector.inspect });
    actor.start();
    await toPromise(actor);
    await inspector.stop();

    await vi.waitFor(() => expect(browser.some((m) => m.type === '@xstate.snapshot' && (m.snapshot as { value?: string }).value === 'done')).toBe(true));
    const types = new Set(browser.map((m) => m.type));
    expect([...types].sort()).toEqual(['@xstate.actor', '@xstate.event', '@xstate.snapshot']);
    expect(browser.find((m) => m.type === '@xstate.actor' && m.name === 'quick')).toBeDefined();
  });

  test('replays recent messages to a client that connects later, and never echoes to the sender', async () => {
    server = await startInspectServer({ port: 0, replay: 2 });
    const sender = new WebSocket(server.url);
    clients.push(sender);
    const echoed: string[] = [];
    sender.on('message', (d) => echoed.push(d.toString()));
    await new Promise((resolve) => sender.once('open', resolve));
    for (const n of [1, 2, 3]) sender.send(JSON.stringify({ n }));
    const early = await receiver(server.url);
    await vi.waitFor(() => expect(early).toEqual([{ n: 2 }, { n: 3 }]));
    sender.send(JSON.stringify({ n: 4 }));
    await vi.waitFor(() => expect(early).toEqual([{ n: 2 }, { n: 3 }, { n: 4 }]));
    expect(echoed).toEqual([]);
  });

  test('serves the bridge page that embeds the Stately inspector; other paths are 404', async () => {
    server = await startInspectServer({ port: 0 });
    const page = await fetch(server.httpUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<iframe id="inspector" src="https://stately.ai/inspect"');
    expect(html).toContain("new WebSocket('ws://' + location.host)");
    expect((await fetch(`${server.httpUrl}nope`)).status).toBe(404);
  });

  test('close() disconnects clients and frees the port; a taken port rejects', async () => {
    server = await startInspectServer({ port: 0 });
    const { port } = server;
    const ws = new WebSocket(server.url);
    clients.push(ws);
    await new Promise((resolve) => ws.once('open', resolve));
    const closed = new Promise((resolve) => ws.once('close', resolve));
    await expect(startInspectServer({ port })).rejects.toThrow(/EADDRINUSE/);
    await server.close();
    await closed;
    server = await startInspectServer({ port });
    expect(server.port).toBe(port);
  });
});
