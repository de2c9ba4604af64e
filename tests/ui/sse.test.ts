/** The live channel's wire format and replay. */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { sseChannel, sseMessage } from '../../src/ui/sse.js';

describe('sse', () => {
  test('a message is one event line and one data line of JSON, whatever the data (property)', () => {
    fc.assert(fc.property(fc.jsonValue(), (data) => {
      const lines = sseMessage('runs', data).split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toBe('event: runs');
      expect(JSON.parse(lines[1]!.slice('data: '.length))).toEqual(JSON.parse(JSON.stringify(data)));
      expect(lines.slice(2)).toEqual(['', '']);
    }));
  });

  test('a client gets the latest event on connect, then each new one', async () => {
    const channel = sseChannel();
    channel.send('runs', [1]);
    channel.send('runs', [2]);
    const server = createServer((_req, res) => channel.add(res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    expect(response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = response.body!.getReader();
    let text = '';
    const read = async (until: string) => {
      while (!text.includes(until)) text += new TextDecoder().decode((await reader.read()).value);
    };
    await read('[2]');
    expect(text).toBe(sseMessage('runs', [2]));
    channel.send('runs', [3]);
    await read('[3]');
    expect(text).toBe(sseMessage('runs', [2]) + sseMessage('runs', [3]));
    channel.close();
    server.close();
  });
});
