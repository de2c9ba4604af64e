/**
 * The `recover ui` server: Node's `http`, the page and its assets (all in the package), a JSON
 * API over the Store contract, the live channel (SSE) and the one state-changing call, a decision
 * (POST only, same origin only). Every request needs the token (see token.ts): 401 without it.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnyStateMachine } from 'xstate';
import type { RunRecord, Store } from '../store/types.js';
import { UI_CSS } from './page-css.js';
import { UI_JS } from './page-js.js';
import { pageHtml } from './page-html.js';
import { runDetailView, type RunDetailView } from './run-detail.js';
import { sseChannel } from './sse.js';
import { newToken, tokenMatches, tokenOf } from './token.js';
import { watchRuns } from './watch.js';

/** A decision as the page posts it; the `decide` callback validates it. */
export interface DecisionRequest {
  choice: string;
  guidance?: string;
}

/** Options of {@link startUiServer}. */
export interface UiServerOptions {
  store: Store;
  /** The machine runs execute (the recovery machine): its chart is drawn. */
  machine: AnyStateMachine;
  /** The Markdown report of a run (as `recover report` prints it). */
  reportOf: (record: RunRecord) => Promise<string>;
  /**
   * Applies a decision as `recover decide` does. Resolves once the decision is admitted and the
   * run continues (it may still be running); rejects when it is refused (the error's message is
   * shown on the page).
   */
  decide: (runId: string, decision: DecisionRequest) => Promise<void>;
  /** Who decisions made on this page are recorded as (shown on the page). Default: not shown. */
  decider?: string;
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0 (a free port). */
  port?: number;
  /** Default: a fresh random token. */
  token?: string;
  /** Store poll interval, ms. Default 500. */
  intervalMs?: number;
  /** Told what the server does (decisions, store errors), one line each. Default: nothing. */
  log?: (line: string) => void;
}

/** A running server. */
export interface UiServer {
  /** The start-up URL, with the token: `http://127.0.0.1:PORT/?token=…`. */
  readonly url: string;
  /** `http://HOST:PORT` as bound (a POST must come from the origin the page was reached by). */
  readonly origin: string;
  readonly token: string;
  close(): Promise<void>;
}

/** Security headers of every response: nothing but this server's own script and style may load. */
const HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

class HttpError extends Error {
  constructor(readonly status: number, message: string) {
    super(message);
  }
}

function send(response: ServerResponse, status: number, type: string, body: string): void {
  response.writeHead(status, { ...HEADERS, 'content-type': type });
  response.end(body);
}

const json = (response: ServerResponse, status: number, value: unknown) => send(response, status, 'application/json; charset=utf-8', JSON.stringify(value));

/** Reads a JSON body of at most 64 KiB. */
async function readJson(request: IncomingMessage): Promise<unknown> {
  if (!/^application\/json\b/i.test(request.headers['content-type'] ?? '')) throw new HttpError(415, 'the body must be application/json');
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 65_536) throw new HttpError(413, 'the body is larger than 64 KiB');
    chunks.push(chunk as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'the body is not valid JSON');
  }
}

/** The HTTP status a refused decision gets, from the error's code or name. */
export function statusOfError(error: unknown): number {
  const code = (error as { code?: unknown }).code;
  const name = (error as { name?: unknown }).name;
  if (code === 'ERR_RUN_NOT_FOUND' || code === 'ERR_INVALID_RUN_ID') return 404;
  if (code === 'ERR_RUN_LOCKED' || code === 'ERR_RUN_FENCED' || name === 'UsageError' || name === 'CliError') return 409;
  return 500;
}

/** Starts the server; resolves once it listens. */
export async function startUiServer(options: UiServerOptions): Promise<UiServer> {
  const token = options.token ?? newToken();
  const log = options.log ?? (() => undefined);
  const channel = sseChannel();
  const watch = watchRuns(options.store, {
    ...(options.intervalMs !== undefined ? { intervalMs: options.intervalMs } : {}),
    onChange: (rows) => channel.send('runs', rows),
    onError: (error) => log(`recover ui: the store could not be read: ${(error as Error).message}`),
  });
  // A view costs a chart rendering: keep the last one per run while the run has not moved.
  const views = new Map<string, { updatedAt: number; view: Promise<RunDetailView> }>();

  const viewOf = async (runId: string): Promise<RunDetailView> => {
    const record = await options.store.load(runId);
    if (!record) throw new HttpError(404, `no run ${runId} in the store`);
    const cached = views.get(runId);
    if (cached && cached.updatedAt === record.updatedAt) return cached.view;
    const view = options.reportOf(record).then((report) => runDetailView(record, options.machine, report));
    views.set(runId, { updatedAt: record.updatedAt, view });
    view.catch(() => views.delete(runId));
    return view;
  };

  const decide = async (request: IncomingMessage, runId: string): Promise<void> => {
    // A page on another site can make the browser POST here; only this server's own page may
    // (its origin is the Host it was reached by, which also holds behind --host 0.0.0.0).
    const from = request.headers.origin;
    if (from !== undefined && from !== `http://${request.headers.host ?? ''}`) throw new HttpError(403, `origin ${from} may not decide runs`);
    const body = await readJson(request);
    const fields = typeof body === 'object' && body !== null ? body as Record<string, unknown> : {};
    if (typeof fields.choice !== 'string') throw new HttpError(400, 'choice is required');
    if (fields.guidance !== undefined && typeof fields.guidance !== 'string') throw new HttpError(400, 'guidance must be text');
    const guidance = typeof fields.guidance === 'string' && fields.guidance.trim() !== '' ? fields.guidance : undefined;
    await options.decide(runId, { choice: fields.choice, ...(guidance !== undefined ? { guidance } : {}) });
    void watch.poll().catch(() => undefined);
  };

  const route = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const url = new URL(request.url ?? '/', 'http://ui.invalid');
    if (!tokenMatches(token, tokenOf(request, url))) throw new HttpError(401, 'a valid token is required (see the URL recover ui printed)');
    const method = request.method ?? 'GET';
    const decideMatch = /^\/api\/runs\/([^/]+)\/decide$/.exec(url.pathname);
    if (decideMatch) {
      if (method !== 'POST') throw new HttpError(405, 'decide with POST');
      await decide(request, decodeURIComponent(decideMatch[1]!));
      json(response, 202, { ok: true });
      return;
    }
    if (method !== 'GET' && method !== 'HEAD') throw new HttpError(405, `${method} is not allowed here`);
    if (url.pathname === '/') return send(response, 200, 'text/html; charset=utf-8', pageHtml(token, options.decider ?? ''));
    if (url.pathname === '/ui.js') return send(response, 200, 'text/javascript; charset=utf-8', UI_JS);
    if (url.pathname === '/ui.css') return send(response, 200, 'text/css; charset=utf-8', UI_CSS);
    if (url.pathname === '/api/events') return channel.add(response);
    if (url.pathname === '/api/runs') return json(response, 200, await watch.poll());
    const runMatch = /^\/api\/runs\/([^/]+)$/.exec(url.pathname);
    if (runMatch) return json(response, 200, await viewOf(decodeURIComponent(runMatch[1]!)));
    throw new HttpError(404, `no such page: ${url.pathname}`);
  };

  const server = createServer((request, response) => {
    route(request, response).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : statusOfError(error);
      if (status === 500) log(`recover ui: ${request.method} ${request.url?.split('?')[0]}: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent) json(response, status, { error: (error as Error).message ?? String(error) });
      else response.end();
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const shown = host.includes(':') ? `[${host}]` : host;
  const origin = `http://${shown}:${port}`;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    token,
    async close() {
      watch.stop();
      channel.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
