/**
 * A fake model server on 127.0.0.1 (port 0) that speaks the three APIs the agent CLIs call:
 * Anthropic Messages (Claude Code), OpenAI Responses (Codex) and Gemini generateContent (Gemini
 * CLI). Tests script it with a queue of turns (turns.ts) and read back every request it received.
 * Nothing about the agents is mocked: only the model behind them.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { anthropicApi } from './anthropic.js';
import { geminiApi } from './gemini.js';
import { openaiResponsesApi } from './openai-responses.js';
import { sendJson } from './sse.js';
import { TurnQueue, type Turn } from './turns.js';

/** One API the server speaks: which requests are its own, how to answer, where the prompts are. */
export interface ModelApi {
  readonly name: 'anthropic' | 'openai' | 'gemini';
  /** 'model' for a call that takes a scripted turn, 'aux' for one answered without a turn. */
  route(method: string, url: URL): 'model' | 'aux' | undefined;
  /** A model call that is the agent's own bookkeeping (e.g. a router), answered by answerAux. */
  sideCall?(body: unknown): boolean;
  /** Answers a model call with the turn (rendered in this API's wire format). */
  answer(req: RecordedRequest, turn: Turn, res: ServerResponse): void;
  /** Answers the other calls an agent makes (token counts, model lists…) minimally. */
  answerAux(req: RecordedRequest, res: ServerResponse): void;
  /** Answers a sticky error turn with this API's error body. */
  answerError(turn: Extract<Turn, { error: number }>, res: ServerResponse): void;
  /** The user-message texts of a model call's body (the whole conversation it carries). */
  userTexts(body: unknown): string[];
  /** What the agent's tools answered, as carried back in a model call's body. */
  toolResults(body: unknown): ToolResult[];
}

/** A tool's answer as the agent reported it to the model (text, and the error flag if the API has one). */
export interface ToolResult {
  output: string;
  isError?: boolean;
}

export interface RecordedRequest {
  api: ModelApi['name'] | 'unknown';
  kind: 'model' | 'aux' | 'unknown';
  method: string;
  /** Path and query, as received. */
  url: string;
  headers: IncomingMessage['headers'];
  /** The parsed JSON body (or the raw text when it is not JSON, undefined when empty). */
  body: unknown;
  /** The turn that answered a model call. */
  turn?: Turn;
}

const APIS: readonly ModelApi[] = [anthropicApi, openaiResponsesApi, geminiApi];

export class FakeModelServer {
  readonly requests: RecordedRequest[] = [];
  private readonly queue = new TurnQueue();
  private readonly waiters = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    /** `http://127.0.0.1:<port>` (no trailing slash, no /v1). */
    readonly url: string,
  ) {}

  static async start(): Promise<FakeModelServer> {
    let self: FakeModelServer | undefined;
    const server = createServer((req, res) => {
      self?.handle(req, res).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
        else res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    self = new FakeModelServer(server, `http://127.0.0.1:${port}`);
    return self;
  }

  /** Appends turns to the script; each model call takes the next one. */
  script(...turns: Turn[]): this {
    this.queue.push(...turns);
    return this;
  }

  get turnsLeft(): number {
    return this.queue.remaining;
  }

  /** Model calls only (not token counts, model lists, …). */
  modelCalls(): RecordedRequest[] {
    return this.requests.filter((r) => r.kind === 'model');
  }

  /** The user-message texts the agent sent in its model calls, each once, in order. */
  promptsReceived(): string[] {
    const seen = new Set<string>();
    for (const request of this.modelCalls()) {
      const api = APIS.find((a) => a.name === request.api);
      for (const text of api?.userTexts(request.body) ?? []) seen.add(text);
    }
    return [...seen];
  }

  /** The tool results the agent sent back in its model calls, each once, in order. */
  toolResults(): ToolResult[] {
    const seen = new Map<string, ToolResult>();
    for (const request of this.modelCalls()) {
      const api = APIS.find((a) => a.name === request.api);
      for (const result of api?.toolResults(request.body) ?? []) seen.set(JSON.stringify(result), result);
    }
    return [...seen.values()];
  }

  /** Resolves once `predicate` holds over the recorded requests (checked on every new request). */
  async waitFor(predicate: (requests: RecordedRequest[]) => boolean, timeoutMs = 30_000): Promise<void> {
    if (predicate(this.requests)) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`fake model: condition not met within ${timeoutMs} ms (${this.requests.length} requests)`));
      }, timeoutMs);
      const check = (): void => {
        if (!predicate(this.requests)) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve();
      };
      this.waiters.add(check);
    });
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', this.url);
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    let body: unknown = raw === '' ? undefined : raw;
    try {
      if (raw !== '') body = JSON.parse(raw);
    } catch {
      // not JSON: keep the text
    }
    let api: ModelApi | undefined;
    let kind: 'model' | 'aux' | undefined;
    for (const candidate of APIS) {
      kind = candidate.route(method, url);
      if (kind !== undefined) {
        api = candidate;
        break;
      }
    }
    if (kind === 'model' && api?.sideCall?.(body) === true) kind = 'aux';
    const recorded: RecordedRequest = { api: api?.name ?? 'unknown', kind: kind ?? 'unknown', method, url: req.url ?? '/', headers: req.headers, body };
    if (kind === 'model') recorded.turn = this.queue.next();
    this.requests.push(recorded);
    for (const waiter of [...this.waiters]) waiter();
    if (api === undefined || kind === undefined) {
      sendJson(res, 404, { error: { message: `fake model: no route for ${method} ${url.pathname}` } });
    } else if (kind === 'aux') {
      api.answerAux(recorded, res);
    } else if (recorded.turn !== undefined && 'error' in recorded.turn) {
      api.answerError(recorded.turn, res);
    } else if (recorded.turn !== undefined) {
      api.answer(recorded, recorded.turn, res);
    }
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A URL on 127.0.0.1 where nothing listens (a port bound, then closed): "API unreachable". */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}
