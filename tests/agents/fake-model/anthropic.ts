/**
 * Anthropic Messages API, as Claude Code calls it: `POST /v1/messages` with `stream: true` (SSE:
 * message_start, content_block_start/delta/stop, message_delta, message_stop), plus
 * `POST /v1/messages/count_tokens` and `GET /v1/models`, answered minimally.
 */
import type { ServerResponse } from 'node:http';
import type { ModelApi, RecordedRequest, ToolResult } from './server.js';
import { sendEvent, sendJson, startSse } from './sse.js';
import { newId, type Turn } from './turns.js';

type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

function blockOf(turn: Turn): Block {
  if ('writeFile' in turn) {
    const { path, content } = turn.writeFile;
    return { type: 'tool_use', id: newId('toolu'), name: 'Write', input: { file_path: path, content } };
  }
  if ('bash' in turn) return { type: 'tool_use', id: newId('toolu'), name: 'Bash', input: { command: turn.bash.command, description: 'run a command' } };
  if ('edit' in turn) {
    const { path, old, new: replacement } = turn.edit;
    return { type: 'tool_use', id: newId('toolu'), name: 'Edit', input: { file_path: path, old_string: old, new_string: replacement } };
  }
  if ('text' in turn) return { type: 'text', text: turn.text };
  throw new Error('anthropic: an error turn has no content block');
}

function modelOf(body: unknown): string {
  const model = (body as { model?: unknown } | undefined)?.model;
  return typeof model === 'string' ? model : 'claude-fake';
}

export const anthropicApi: ModelApi = {
  name: 'anthropic',

  route(method, url) {
    if (method === 'POST' && url.pathname === '/v1/messages') return 'model';
    if (method === 'POST' && url.pathname === '/v1/messages/count_tokens') return 'aux';
    if (method === 'GET' && url.pathname.startsWith('/v1/models')) return 'aux';
    return undefined;
  },

  answer(req: RecordedRequest, turn: Turn, res: ServerResponse) {
    const block = blockOf(turn);
    const stopReason = block.type === 'tool_use' ? 'tool_use' : 'end_turn';
    const message = { id: newId('msg'), type: 'message', role: 'assistant', model: modelOf(req.body), stop_sequence: null };
    const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
    if ((req.body as { stream?: boolean } | undefined)?.stream !== true) {
      sendJson(res, 200, { ...message, content: [block], stop_reason: stopReason, usage });
      return;
    }
    startSse(res);
    sendEvent(res, { type: 'message_start', message: { ...message, content: [], stop_reason: null, usage: { ...usage, output_tokens: 1 } } }, 'message_start');
    if (block.type === 'text') {
      sendEvent(res, { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }, 'content_block_start');
      sendEvent(res, { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: block.text } }, 'content_block_delta');
    } else {
      sendEvent(res, { type: 'content_block_start', index: 0, content_block: { ...block, input: {} } }, 'content_block_start');
      sendEvent(res, { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(block.input) } }, 'content_block_delta');
    }
    sendEvent(res, { type: 'content_block_stop', index: 0 }, 'content_block_stop');
    sendEvent(res, { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: 5 } }, 'message_delta');
    sendEvent(res, { type: 'message_stop' }, 'message_stop');
    res.end();
  },

  answerAux(req, res) {
    if (req.url.startsWith('/v1/messages/count_tokens')) {
      sendJson(res, 200, { input_tokens: 10 });
      return;
    }
    const model = { type: 'model', id: 'claude-fake', display_name: 'Claude (fake)', created_at: '2025-01-01T00:00:00Z' };
    sendJson(res, 200, { data: [model], has_more: false, first_id: model.id, last_id: model.id });
  },

  answerError(turn, res) {
    const type = ERROR_TYPES[turn.error] ?? 'api_error';
    sendJson(res, turn.error, { type: 'error', error: { type, message: turn.message ?? `fake ${type}` } });
  },

  userTexts(body) {
    const messages = (body as { messages?: { role: string; content: unknown }[] } | undefined)?.messages ?? [];
    const texts: string[] = [];
    for (const message of messages) {
      if (message.role !== 'user') continue;
      if (typeof message.content === 'string') texts.push(message.content);
      else if (Array.isArray(message.content)) {
        for (const block of message.content as { type?: string; text?: unknown }[]) {
          if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
        }
      }
    }
    return texts;
  },

  toolResults(body) {
    const results: ToolResult[] = [];
    for (const message of (body as { messages?: { content: unknown }[] } | undefined)?.messages ?? []) {
      if (!Array.isArray(message.content)) continue;
      for (const block of message.content as { type?: string; content?: unknown; is_error?: boolean }[]) {
        if (block.type !== 'tool_result') continue;
        const output = typeof block.content === 'string' ? block.content : JSON.stringify(block.content);
        results.push({ output, isError: block.is_error === true });
      }
    }
    return results;
  },
};
