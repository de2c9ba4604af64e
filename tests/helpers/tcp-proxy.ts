/**
 * A TCP proxy in front of the test cluster, so a test can take "the database" away from the
 * processes it points at (every connection cut, new ones refused, as a restart does to its
 * clients) and bring it back, without stopping the cluster other test files share.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';

/** A proxy to one PostgreSQL URL. */
export interface TcpProxy {
  /** The URL with the proxy's host and port. */
  url: string;
  /** Cuts every open connection and refuses new ones (the port stops listening). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  /** How many connections were accepted so far. */
  accepted(): number;
  close(): Promise<void>;
}

/** Starts a proxy on 127.0.0.1 (a free port) to `url`'s host and port. */
export async function tcpProxy(url: string): Promise<TcpProxy> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  let accepted = 0;
  const serve = (): Server => createServer((client) => {
    accepted++;
    const server = connect(Number(target.port || 5432), target.hostname);
    for (const s of [client, server]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => { sockets.delete(s); client.destroy(); server.destroy(); });
    }
    client.pipe(server).pipe(client);
  });
  const listen = (server: Server, port: number) => new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
  });
  let server: Server | null = serve();
  const port = await listen(server, 0);
  const proxied = new URL(url);
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  const down = async () => {
    const closing = server;
    server = null;
    if (closing) await new Promise<void>((resolve) => { closing.close(() => resolve()); for (const s of sockets) s.destroy(); });
  };
  return {
    url: proxied.toString(),
    down,
    async up() {
      if (server) return;
      server = serve();
      await listen(server, port);
    },
    accepted: () => accepted,
    close: down,
  };
}
