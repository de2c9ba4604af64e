/**
 * The live channel: Server-Sent Events. Each client gets the latest value of every event name
 * on connect, then each new one; a comment every 15 s keeps proxies from closing an idle stream.
 */
import type { ServerResponse } from 'node:http';

/** A broadcast channel to any number of SSE clients. */
export interface SseChannel {
  /** Adds a client: writes the stream's headers and the latest events, and forgets it when it closes. */
  add(response: ServerResponse): void;
  /** Sends `data` (as JSON) under `event` to every client, and keeps it for those who connect later. */
  send(event: string, data: unknown): void;
  /** Ends every stream. */
  close(): void;
  /** Clients connected now. */
  readonly size: number;
}

/** One SSE message; `data` is JSON, which has no raw newline, so one `data:` line suffices. */
export function sseMessage(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A new channel. `keepAliveMs`: default 15,000. */
export function sseChannel(keepAliveMs = 15_000): SseChannel {
  const clients = new Set<ServerResponse>();
  const latest = new Map<string, string>();
  const timer = setInterval(() => { for (const client of clients) client.write(': keep-alive\n\n'); }, keepAliveMs);
  timer.unref();
  return {
    add(response) {
      response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive' });
      for (const message of latest.values()) response.write(message);
      clients.add(response);
      response.on('close', () => clients.delete(response));
    },
    send(event, data) {
      const message = sseMessage(event, data);
      latest.set(event, message);
      for (const client of clients) client.write(message);
    },
    close() {
      clearInterval(timer);
      for (const client of clients) client.end();
      clients.clear();
    },
    get size() {
      return clients.size;
    },
  };
}
