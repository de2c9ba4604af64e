/**
 * OpenAI Responses API, as Codex calls it: `POST /v1/responses` with `stream: true` (SSE:
 * response.created, response.output_item.done, response.completed). A write-file turn becomes an
 * `apply_patch` call in whichever form the request offers the tool: a freeform custom tool, a
 * function tool, or (neither offered) the `shell` function running `apply_patch`.
 */
import type { ServerResponse } from 'node:http';
import type { ModelApi, RecordedRequest, ToolResult } from './server.js';
import { sendEvent, sendJson, startSse } from './sse.js';
import { newId, type Turn } from './turns.js';

interface Tool {
  type?: string;
  name?: string;
}

/** The apply_patch text that adds `path` with `content`. */
export function addFilePatch(path: string, content: string): string {
  const lines = content.replace(/\n$/, '').split('\n').map((line) => `+${line}`);
  return ['*** Begin Patch', `*** Add File: ${path}`, ...lines, '*** End Patch', ''].join('\n');
}

function toolCallItem(patch: string, tools: Tool[]): Record<string, unknown> {
  const call_id = newId('call');
  const applyPatch = tools.find((t) => t.name === 'apply_patch');
  if (applyPatch?.type === 'custom') return { type: 'custom_tool_call', id: newId('ctc'), status: 'completed', call_id, name: 'apply_patch', input: patch };
  if (applyPatch !== undefined) return { type: 'function_call', id: newId('fc'), status: 'completed', call_id, name: 'apply_patch', arguments: JSON.stringify({ input: patch }) };
  if (tools.some((t) => t.name === 'exec_command')) {
    return { type: 'function_call', id: newId('fc'), status: 'completed', call_id, name: 'exec_command', arguments: JSON.stringify({ cmd: `apply_patch <<'PATCH'\n${patch}PATCH\n` }) };
  }
  return { type: 'function_call', id: newId('fc'), status: 'completed', call_id, name: 'shell', arguments: JSON.stringify({ command: ['apply_patch', patch] }) };
}

function outputItem(turn: Turn, body: { tools?: Tool[] }): Record<string, unknown> {
  if ('writeFile' in turn) return toolCallItem(addFilePatch(turn.writeFile.path, turn.writeFile.content), body.tools ?? []);
  if ('text' in turn) {
    return { type: 'message', id: newId('msg'), status: 'completed', role: 'assistant', content: [{ type: 'output_text', text: turn.text, annotations: [] }] };
  }
  if ('bash' in turn || 'edit' in turn) throw new Error('openai: bash and edit turns are Claude Code only');
  throw new Error('openai: an error turn has no output item');
}

export const openaiResponsesApi: ModelApi = {
  name: 'openai',

  route(method, url) {
    if (method === 'POST' && /\/responses$/.test(url.pathname)) return 'model';
    if (method === 'GET' && /\/models$/.test(url.pathname)) return 'aux';
    return undefined;
  },

  answer(req: RecordedRequest, turn: Turn, res: ServerResponse) {
    const body = (req.body ?? {}) as { model?: string; tools?: Tool[] };
    const item = outputItem(turn, body);
    const response = { id: newId('resp'), object: 'response', created_at: Math.floor(Date.now() / 1000), model: body.model ?? 'fake-model' };
    const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
    startSse(res);
    sendEvent(res, { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } }, 'response.created');
    sendEvent(res, { type: 'response.output_item.added', output_index: 0, item }, 'response.output_item.added');
    if (item.type === 'message') {
      const text = (item.content as { text: string }[])[0]?.text ?? '';
      sendEvent(res, { type: 'response.output_text.delta', item_id: item.id, output_index: 0, content_index: 0, delta: text }, 'response.output_text.delta');
    }
    sendEvent(res, { type: 'response.output_item.done', output_index: 0, item }, 'response.output_item.done');
    sendEvent(res, { type: 'response.completed', response: { ...response, status: 'completed', output: [item], usage } }, 'response.completed');
    res.end();
  },

  answerAux(_req, res) {
    sendJson(res, 200, { object: 'list', data: [], models: [] });
  },

  answerError(turn, res) {
    const type = turn.error === 401 ? 'invalid_request_error' : turn.error === 429 ? 'rate_limit_exceeded' : 'server_error';
    sendJson(res, turn.error, { error: { message: turn.message ?? `fake ${type}`, type, code: turn.error === 401 ? 'invalid_api_key' : null, param: null } });
  },

  userTexts(body) {
    const input = (body as { input?: unknown } | undefined)?.input;
    if (typeof input === 'string') return [input];
    const texts: string[] = [];
    for (const item of Array.isArray(input) ? (input as { type?: string; role?: string; content?: unknown }[]) : []) {
      if (item.role !== 'user') continue;
      if (typeof item.content === 'string') texts.push(item.content);
      else if (Array.isArray(item.content)) {
        for (const part of item.content as { type?: string; text?: unknown }[]) {
          if (part.type === 'input_text' && typeof part.text === 'string') texts.push(part.text);
        }
      }
    }
    return texts;
  },

  toolResults(body) {
    const input = (body as { input?: unknown } | undefined)?.input;
    const results: ToolResult[] = [];
    for (const item of Array.isArray(input) ? (input as { type?: string; output?: unknown }[]) : []) {
      if (item.type !== 'function_call_output' && item.type !== 'custom_tool_call_output') continue;
      results.push({ output: typeof item.output === 'string' ? item.output : JSON.stringify(item.output) });
    }
    return results;
  },
};
