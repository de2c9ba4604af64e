/**
 * Gemini API, as Gemini CLI calls it (GOOGLE_GEMINI_BASE_URL + GEMINI_API_KEY):
 * `POST /v1beta/models/<model>:streamGenerateContent?alt=sse` for the conversation and
 * `:generateContent` for the same without streaming; `:countTokens` is answered minimally.
 * A write-file turn is a `write_file` function call. Calls that ask for JSON by schema (the CLI's
 * model router, next-speaker check…) are side calls: answered from the schema, without a turn.
 */
import type { ServerResponse } from 'node:http';
import type { ModelApi, RecordedRequest, ToolResult } from './server.js';
import { sendEvent, sendJson, startSse } from './sse.js';
import type { Turn } from './turns.js';

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
};

const METHOD = /^\/v1(?:beta|alpha)?\/models\/[^/:]+:(streamGenerateContent|generateContent|countTokens)$/;

function partOf(turn: Turn): Record<string, unknown> {
  if ('writeFile' in turn) return { functionCall: { name: 'write_file', args: { file_path: turn.writeFile.path, content: turn.writeFile.content } } };
  if ('text' in turn) return { text: turn.text };
  if ('bash' in turn || 'edit' in turn) throw new Error('gemini: bash and edit turns are Claude Code only');
  throw new Error('gemini: an error turn has no part');
}

function responseOf(turn: Turn, model: string): Record<string, unknown> {
  return {
    candidates: [{ content: { role: 'model', parts: [partOf(turn)] }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 10, candidatesTokenCount: 5, totalTokenCount: 15 },
    modelVersion: model,
  };
}

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
}

/** The smallest value that fits a JSON schema: first enum value, 1, "fake", every property. */
function sample(schema: Schema): unknown {
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  switch ((schema.type ?? 'object').toLowerCase()) {
    case 'string':
      return 'fake';
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'array':
      return [];
    default:
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]));
  }
}

function modelOf(url: string): string {
  return /models\/([^/:]+):/.exec(url)?.[1] ?? 'gemini-fake';
}

export const geminiApi: ModelApi = {
  name: 'gemini',

  route(method, url) {
    const match = METHOD.exec(url.pathname);
    if (method !== 'POST' || match === null) return undefined;
    return match[1] === 'countTokens' ? 'aux' : 'model';
  },

  sideCall(body) {
    const config = (body as { generationConfig?: { responseMimeType?: string } } | undefined)?.generationConfig;
    return config?.responseMimeType === 'application/json';
  },

  answer(req: RecordedRequest, turn: Turn, res: ServerResponse) {
    const response = responseOf(turn, modelOf(req.url));
    if (!req.url.includes(':streamGenerateContent')) {
      sendJson(res, 200, response);
      return;
    }
    startSse(res);
    sendEvent(res, response);
    res.end();
  },

  answerAux(req, res) {
    if (req.url.includes(':countTokens')) {
      sendJson(res, 200, { totalTokens: 10 });
      return;
    }
    const schema = (req.body as { generationConfig?: { responseJsonSchema?: Schema; responseSchema?: Schema } }).generationConfig;
    const text = JSON.stringify(sample(schema?.responseJsonSchema ?? schema?.responseSchema ?? {}));
    sendJson(res, 200, responseOf({ text }, modelOf(req.url)));
  },

  answerError(turn, res) {
    const status = STATUS[turn.error] ?? 'UNKNOWN';
    sendJson(res, turn.error, { error: { code: turn.error, message: turn.message ?? `fake ${status}`, status } });
  },

  userTexts(body) {
    const contents = (body as { contents?: { role?: string; parts?: { text?: unknown }[] }[] } | undefined)?.contents ?? [];
    const texts: string[] = [];
    for (const content of contents) {
      if (content.role !== 'user') continue;
      for (const part of content.parts ?? []) if (typeof part.text === 'string') texts.push(part.text);
    }
    return texts;
  },

  toolResults(body) {
    const results: ToolResult[] = [];
    for (const content of (body as { contents?: { parts?: { functionResponse?: { response?: { output?: unknown; error?: unknown } } }[] }[] } | undefined)?.contents ?? []) {
      for (const part of content.parts ?? []) {
        const response = part.functionResponse?.response;
        if (response === undefined) continue;
        const isError = response.error !== undefined;
        const value = isError ? response.error : response.output;
        results.push({ output: typeof value === 'string' ? value : JSON.stringify(value), isError });
      }
    }
    return results;
  },
};
