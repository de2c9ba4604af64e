import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unwrapEnvelope, type Envelope } from '../../../src/runtime/agent/answer.js';

const jsonl = (...events: unknown[]) => events.map((e) => JSON.stringify(e)).join('\n') + '\n';
const answer = '{"fix": "added the missing import", "confidence": 0.9}';

const claudeSuccess = {
  type: 'result', subtype: 'success', is_error: false, duration_ms: 5123, duration_api_ms: 4800, num_turns: 4,
  result: `Fixed it.\n${answer}`, session_id: 's-1', total_cost_usd: 0.0421, usage: { input_tokens: 10, output_tokens: 20 },
};

describe('unwrapEnvelope', () => {
  it.each<[string, string, Envelope]>([
    ['Claude Code json, success', JSON.stringify(claudeSuccess),
      { text: `Fixed it.\n${answer}`, isError: false, costUsd: 0.0421, turns: 4 }],
    ['Claude Code json, pretty-printed', JSON.stringify(claudeSuccess, null, 2),
      { text: `Fixed it.\n${answer}`, isError: false, costUsd: 0.0421, turns: 4 }],
    ['Claude Code json, turn limit (no result text)',
      JSON.stringify({ type: 'result', subtype: 'error_max_turns', is_error: true, num_turns: 10, total_cost_usd: 0.5, session_id: 's' }),
      { text: '', isError: true, error: 'Claude Code stopped: error_max_turns', costUsd: 0.5, turns: 10 }],
    ['Claude Code json, API error reported as success with is_error',
      JSON.stringify({ type: 'result', subtype: 'success', is_error: true, result: 'API Error: 401 invalid x-api-key', num_turns: 1 }),
      { text: 'API Error: 401 invalid x-api-key', isError: true, error: 'API Error: 401 invalid x-api-key', turns: 1 }],
    ['Claude Code json, errors list',
      JSON.stringify({ type: 'result', subtype: 'error_during_execution', is_error: true, errors: ['tool crashed', 'aborted'] }),
      { text: '', isError: true, error: 'tool crashed; aborted' }],
    ['Claude Code stream-json: the last result line counts', jsonl(
      { type: 'system', subtype: 'init', session_id: 's', tools: [] },
      { type: 'assistant', message: { content: [{ type: 'text', text: 'Looking…' }] } },
      { type: 'user', message: { content: [{ type: 'tool_result', content: '{"fix": "not this"}' }] } },
      { ...claudeSuccess, result: answer },
    ), { text: answer, isError: false, costUsd: 0.0421, turns: 4 }],
    ['Claude Code stream-json cut off before its result', jsonl(
      { type: 'system', subtype: 'init', session_id: 's' },
      { type: 'assistant', message: { content: [{ type: 'text', text: 'first' }] } },
      { type: 'assistant', message: { content: [{ type: 'tool_use', name: 'Edit' }, { type: 'text', text: 'partial' }] } },
    ), { text: 'partial', isError: true, error: 'Claude Code stopped before its result line' }],
    ['Gemini CLI json', JSON.stringify({ session_id: 'g', response: answer, stats: { models: {} } }),
      { text: answer, isError: false }],
    ['Gemini CLI json, error', JSON.stringify({ session_id: 'g', error: { type: 'Error', message: 'Please set an Auth method', code: 41 } }),
      { text: '', isError: true, error: 'Please set an Auth method' }],
    ['Gemini CLI stream-json: the assistant\'s last run of deltas', jsonl(
      { type: 'init', timestamp: 't', session_id: 'g', model: 'gemini-2.5-pro' },
      { type: 'message', role: 'user', content: 'prompt' },
      { type: 'message', role: 'assistant', content: 'I will look', delta: true },
      { type: 'tool_use', tool_name: 'read_file', tool_id: '1', parameters: {} },
      { type: 'tool_result', tool_id: '1', status: 'success', output: '{"fix": "no"}' },
      { type: 'message', role: 'assistant', content: 'Done. {"fix": "x", ', delta: true },
      { type: 'message', role: 'assistant', content: '"confidence": 1}', delta: true },
      { type: 'result', status: 'success', stats: { total_tokens: 9 } },
    ), { text: 'Done. {"fix": "x", "confidence": 1}', isError: false }],
    ['Gemini CLI stream-json, failed', jsonl(
      { type: 'init', session_id: 'g', model: 'm' },
      { type: 'result', status: 'error', error: { type: 'FatalTurnLimitedError', message: 'turn limit' } },
    ), { text: '', isError: true, error: 'turn limit' }],
    ['Codex exec --json', jsonl(
      { type: 'thread.started', thread_id: 't' },
      { type: 'turn.started' },
      { type: 'item.completed', item: { id: 'i0', type: 'reasoning', text: 'thinking {"fix": "no"}' } },
      { type: 'item.completed', item: { id: 'i1', type: 'agent_message', text: 'first message' } },
      { type: 'item.completed', item: { id: 'i2', type: 'command_execution', command: 'ls', aggregated_output: '', status: 'completed' } },
      { type: 'item.completed', item: { id: 'i3', type: 'agent_message', text: answer } },
      { type: 'turn.completed', usage: { input_tokens: 1, cached_input_tokens: 0, output_tokens: 2 } },
    ), { text: answer, isError: false }],
    ['Codex, older assistant_message items', jsonl(
      { type: 'thread.started', thread_id: 't' },
      { type: 'item.completed', item: { id: 'i', type: 'assistant_message', text: answer } },
    ), { text: answer, isError: false }],
    ['Codex, turn failed', jsonl(
      { type: 'thread.started', thread_id: 't' },
      { type: 'turn.started' },
      { type: 'turn.failed', error: { message: 'stream disconnected before completion' } },
    ), { text: '', isError: true, error: 'stream disconnected before completion' }],
    ['Codex, error event', jsonl({ type: 'thread.started', thread_id: 't' }, { type: 'error', message: 'unexpected status 401' }),
      { text: '', isError: true, error: 'unexpected status 401' }],
    ['Codex, an error event followed by a completed turn is not a failure', jsonl(
      { type: 'thread.started', thread_id: 't' },
      { type: 'error', message: 'Reconnecting… 1/5' },
      { type: 'item.completed', item: { id: 'i', type: 'agent_message', text: 'ok' } },
      { type: 'turn.completed', usage: {} },
    ), { text: 'ok', isError: false }],
  ])('%s', (_name, stdout, expected) => {
    expect(unwrapEnvelope(stdout)).toEqual(expected);
  });

  it.each([
    ['plain prose', 'I changed src/a.ts.\n'],
    ['a bare answer object', `${answer}\n`],
    ['an object with "type" but no envelope fields', '{"type": "result", "fix": "x"}'],
    ['a "response" without stats or session', '{"response": "hello"}'],
    ['JSON lines of unknown events', jsonl({ type: 'progress', n: 1 }, { type: 'progress', n: 2 })],
    ['broken JSON', '{"type": "result", '],
    ['empty', ''],
  ])('anything else (%s) is the stdout as is', (_name, stdout) => {
    expect(unwrapEnvelope(stdout)).toEqual({ text: stdout, isError: false });
  });

  it('never throws, and keeps unknown stdout whole', () => {
    fc.assert(fc.property(fc.string(), (stdout) => {
      const envelope = unwrapEnvelope(stdout);
      expect(typeof envelope.text).toBe('string');
      if (!stdout.trim().startsWith('{')) expect(envelope).toEqual({ text: stdout, isError: false });
    }));
  });
});
