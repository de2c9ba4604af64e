/**
 * The envelopes agent CLIs wrap their answer in when asked for machine-readable output. The
 * answer contract reads the text inside; the envelope also tells whether the agent itself
 * failed (turn limit, API error), which no answer text can be trusted over.
 *
 * Shapes (checked against each CLI's docs and source; unknown fields are ignored):
 * - Claude Code `-p --output-format json`: one `{"type":"result","subtype":"success"|"error_max_turns"|
 *   "error_during_execution"|…,"is_error":bool,"result":"…","total_cost_usd":n,"num_turns":n}`;
 *   `--output-format stream-json`: JSON lines whose last `type:"result"` line is that object.
 * - Gemini CLI `--output-format json`: `{"session_id"?,"response":"…","stats":{…},"error"?:{"type","message","code"}}`;
 *   `stream-json`: `init`, `message` (`role`, `content`, `delta`), `tool_use`, `tool_result`, `error`,
 *   `result` (`status`: `success`|`error`).
 * - Codex `exec --json`: JSONL `thread.started`, `turn.started`, `item.*` (`item.type` `agent_message`
 *   with `text`), `turn.completed`, `turn.failed` (`error.message`), `error` (`message`).
 */
import { isRecord } from './json-scan.js';

/** What an agent CLI printed, with its envelope taken off. */
export interface Envelope {
  /** The agent's final text (the whole stdout when no envelope was recognised). */
  text: string;
  /** True when the envelope says the agent failed (the text may still hold a partial answer). */
  isError: boolean;
  /** What failed, in the CLI's words, when `isError`. */
  error?: string;
  /** Cost of the run in US dollars, when the CLI reports it (Claude Code). */
  costUsd?: number;
  /** Agent turns taken, when the CLI reports it (Claude Code). */
  turns?: number;
}

type Json = Record<string, unknown>;

/**
 * Recognises the Claude Code, Gemini CLI and Codex envelopes (see the module comment) and returns
 * the text inside; anything else is `{ text: stdout, isError: false }`. Never throws.
 */
export function unwrapEnvelope(stdout: string): Envelope {
  const trimmed = stdout.trim();
  if (!trimmed.startsWith('{')) return { text: stdout, isError: false };
  const whole = parseObject(trimmed);
  if (whole) return claudeResult(whole) ?? geminiJson(whole) ?? codexEvents([whole]) ?? { text: stdout, isError: false };
  // JSON lines: every non-blank line an object (a CLI may print a stray log line; it is skipped).
  const events: Json[] = [];
  for (const line of trimmed.split('\n')) {
    const event = line.trim() ? parseObject(line) : null;
    if (event && typeof event.type === 'string') events.push(event);
  }
  return claudeStream(events) ?? codexEvents(events) ?? geminiStream(events) ?? { text: stdout, isError: false };
}

function claudeResult(o: Json): Envelope | null {
  if (o.type !== 'result' || !(typeof o.subtype === 'string' || typeof o.is_error === 'boolean')) return null;
  const text = typeof o.result === 'string' ? o.result : '';
  const subtype = typeof o.subtype === 'string' ? o.subtype : 'success';
  const isError = o.is_error === true || subtype !== 'success';
  const envelope: Envelope = { text, isError };
  if (isError) {
    const errors = Array.isArray(o.errors) ? o.errors.filter((e): e is string => typeof e === 'string') : [];
    // An API error comes as is_error with subtype success and the message in `result`.
    envelope.error = errors.length > 0 ? errors.join('; ') : subtype !== 'success' ? `Claude Code stopped: ${subtype}` : text || 'Claude Code reported an error';
  }
  if (typeof o.total_cost_usd === 'number') envelope.costUsd = o.total_cost_usd;
  if (typeof o.num_turns === 'number') envelope.turns = o.num_turns;
  return envelope;
}

function claudeStream(events: Json[]): Envelope | null {
  for (let i = events.length - 1; i >= 0; i--) {
    const result = claudeResult(events[i] ?? {});
    if (result) return result;
  }
  // A stream cut off before its result line (killed, crashed): keep what the assistant said.
  if (!events.some((e) => e.type === 'system' && e.subtype === 'init')) return null;
  const texts = events.filter((e) => e.type === 'assistant').flatMap((e) => contentTexts(isRecord(e.message) ? e.message.content : undefined));
  return { text: texts.at(-1) ?? '', isError: true, error: 'Claude Code stopped before its result line' };
}

const contentTexts = (content: unknown): string[] => (Array.isArray(content)
  ? content.filter((c): c is Json => isRecord(c) && c.type === 'text' && typeof c.text === 'string').map((c) => String(c.text))
  : []);

function geminiJson(o: Json): Envelope | null {
  const hasBody = typeof o.response === 'string' || isRecord(o.error);
  if (!hasBody || !(isRecord(o.stats) || typeof o.session_id === 'string')) return null;
  const envelope: Envelope = { text: typeof o.response === 'string' ? o.response : '', isError: isRecord(o.error) };
  if (isRecord(o.error)) envelope.error = typeof o.error.message === 'string' ? o.error.message : 'Gemini CLI reported an error';
  return envelope;
}

function geminiStream(events: Json[]): Envelope | null {
  if (!events.some((e) => e.type === 'init' || (e.type === 'message' && typeof e.role === 'string'))) return null;
  // The final answer is the assistant's last run of messages (deltas concatenate); a tool call
  // or a user message starts a new run.
  let text = '';
  let failure: string | undefined;
  for (const e of events) {
    if (e.type === 'message' && e.role === 'assistant' && typeof e.content === 'string') text += e.content;
    else if (e.type === 'message' || e.type === 'tool_use' || e.type === 'tool_result') text = '';
    else if (e.type === 'result' && e.status === 'error') failure = messageOf(e.error) ?? 'Gemini CLI reported an error';
  }
  return failure === undefined ? { text, isError: false } : { text, isError: true, error: failure };
}

const CODEX_TYPES = /^(thread|turn|item)\./;

function codexEvents(events: Json[]): Envelope | null {
  if (!events.some((e) => typeof e.type === 'string' && CODEX_TYPES.test(e.type))) return null;
  let text = '';
  let failure: string | undefined;
  for (const e of events) {
    const item = isRecord(e.item) ? e.item : null;
    if (e.type === 'item.completed' && item && (item.type === 'agent_message' || item.type === 'assistant_message') && typeof item.text === 'string') {
      text = item.text;
    } else if (e.type === 'turn.failed') failure = messageOf(e.error) ?? 'Codex turn failed';
    else if (e.type === 'error') failure = typeof e.message === 'string' ? e.message : 'Codex reported an error';
    // A turn that completes after an error event shows the error was not fatal (a stream
    // retry, say): the run failed only if nothing completed after it.
    else if (e.type === 'turn.completed') failure = undefined;
  }
  return failure === undefined ? { text, isError: false } : { text, isError: true, error: failure };
}

const messageOf = (error: unknown): string | undefined => (isRecord(error) && typeof error.message === 'string' ? error.message : undefined);

function parseObject(text: string): Json | null {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : null;
  } catch {
    return null;
  }
}
