/**
 * LISTEN/NOTIFY on a connection of its own (a pooled connection would drop the LISTEN when it
 * is handed back). A lost connection is reopened after a second; notifications sent meanwhile
 * are lost, which is why every listener also polls (the backstop).
 */
import { loadPg, type PgClient } from './pg-driver.js';

/** A live subscription. */
export interface Listener {
  close(): Promise<void>;
}

/** Calls `onNotify(channel, payload)` for every notification on `channels` until closed. */
export function listen(url: string, channels: readonly string[], onNotify: (channel: string, payload: string) => void): Listener {
  let client: PgClient | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (closed) return;
    const c = new (loadPg().Client)({ connectionString: url });
    c.on('notification', (n) => onNotify(n.channel, n.payload ?? ''));
    c.on('error', () => reconnect(c));
    c.on('end', () => reconnect(c));
    try {
      await c.connect();
      for (const channel of channels) await c.query(`LISTEN ${loadPg().escapeIdentifier(channel)}`);
      client = c;
      if (closed) await c.end().catch(() => undefined);
    } catch {
      reconnect(c);
    }
  };
  const reconnect = (c: PgClient) => {
    if (client === c) client = null;
    c.end().catch(() => undefined);
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 1_000);
    retry.unref();
  };
  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
