/**
 * `recover inspect-server`: a local relay between runs and the Stately inspector. Runs connect with
 * `--inspect ws://127.0.0.1:PORT`; a browser opens `http://127.0.0.1:PORT/`, whose bridge page
 * connects to the same socket and shows the inspector. Every message from one client goes to all
 * the others, and the last `replay` messages go to each newcomer, so a browser opened after a
 * run started still sees it from the beginning.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { bridgePage } from './bridge-page.js';

/** Options for {@link startInspectServer}. */
export interface InspectServerOptions {
  /** TCP port; 0 picks a free one (default 8080, the Stately tools' default). */
  port?: number;
  /** Interface to bind (default `127.0.0.1`: inspection data stays on this machine). */
  host?: string;
  /** Messages kept for clients that connect later (default 200; 0 disables replay). */
  replay?: number;
  /** The inspector UI the bridge page embeds (default https://stately.ai/inspect). */
  inspectorUrl?: string;
}

/** A running relay. */
export interface InspectServer {
  /** WebSocket URL for `--inspect`, e.g. `ws://127.0.0.1:8080`. */
  readonly url: string;
  /** Page to open in a browser, e.g. `http://127.0.0.1:8080/`. */
  readonly httpUrl: string;
  readonly port: number;
  /** Disconnects every client and stops listening. */
  close(): Promise<void>;
}

/**
 * Starts the relay and resolves once it listens.
 * @throws (rejects) when the port cannot be bound, e.g. `EADDRINUSE`.
 */
export async function startInspectServer(options: InspectServerOptions = {}): Promise<InspectServer> {
  const host = options.host ?? '127.0.0.1';
  const keep = options.replay ?? 200;
  const page = bridgePage(options.inspectorUrl);
  const http = createServer((req, res) => {
    if (req.method === 'GET' && (req.url === '/' || req.url === '/index.html')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page);
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found\n');
    }
  });
  const wss = new WebSocketServer({ server: http });
  // ws re-emits the HTTP server's errors (e.g. EADDRINUSE); they are handled on `http` below.
  wss.on('error', () => {});
  const history: string[] = [];
  wss.on('connection', (client) => {
    for (const message of history) client.send(message);
    client.on('message', (data, isBinary) => {
      if (isBinary) return; // inspection events are JSON text
      const message = data.toString();
      if (keep > 0) {
        history.push(message);
        if (history.length > keep) history.shift();
      }
      for (const other of wss.clients) {
        if (other !== client && other.readyState === WebSocket.OPEN) other.send(message);
      }
    });
    client.on('error', () => { /* a client vanishing mid-frame is not the relay's problem */ });
  });
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error): void => { wss.close(); reject(error); };
    http.once('error', failed);
    http.listen(options.port ?? 8080, host, () => { http.off('error', failed); resolve(); });
  });
  const { port } = http.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `ws://${shown}:${port}`,
    httpUrl: `http://${shown}:${port}/`,
    port,
    close: () => new Promise<void>((resolve) => {
      for (const client of wss.clients) client.terminate();
      // Browsers keep idle HTTP connections open; without this, close would wait for them.
      http.closeAllConnections();
      wss.close(() => http.close(() => resolve()));
    }),
  };
}
