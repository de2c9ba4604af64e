/**
 * Claude Code's hook input (JSON on stdin), read tolerantly into the few facts the protocol
 * needs. Verified against Claude Code 2.1.332: every event carries `session_id`, `cwd` and
 * `hook_event_name`; tool events add `tool_name`, `tool_input`, `tool_use_id`; a Bash call that
 * exits non-zero fires `PostToolUseFailure` with `error: "Exit code N\n<output>"` (not
 * PostToolUse); a passing one fires `PostToolUse` with `tool_response: { stdout, stderr, … }`;
 * `Stop` carries `stop_hook_active`.
 */
import { isAbsolute, relative } from 'node:path';
import type { Observation } from '../../classify/types.js';

/** What a hook event is, for the protocol. `other`: anything it does not act on (allowed). */
export type HookEventKind = 'session-start' | 'bash-before' | 'edit-before' | 'bash-failed' | 'bash-passed' | 'stop' | 'other';

export interface HookEvent {
  kind: HookEventKind;
  /** The hook event's own name as received (`PreToolUse`…), for messages. */
  name: string;
  sessionId: string;
  cwd: string;
  /** Bash: the command line as the model wrote it. */
  command?: string;
  /** Edit/Write/MultiEdit: the change, as one fix description (file and new text). */
  fix?: string;
  /** bash-failed: what the command printed and how it ended. */
  observation?: Observation;
  /** Stop: Claude Code is already continuing because a Stop hook blocked once. */
  stopHookActive?: boolean;
}

/** Thrown for input that is not a hook event at all (the shell allows the call and warns). */
export class MalformedHookInput extends Error {}

const EDIT_TOOLS = new Set(['Edit', 'Write', 'MultiEdit', 'NotebookEdit']);

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** The hook event in `text` (stdin). Throws {@link MalformedHookInput} when it is not one. */
export function parseHookInput(text: string): HookEvent {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new MalformedHookInput(`hook input is not JSON (${text.length} characters)`);
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new MalformedHookInput('hook input is not a JSON object');
  const e = raw as Record<string, unknown>;
  const name = str(e.hook_event_name);
  const sessionId = str(e.session_id);
  const cwd = str(e.cwd);
  if (name === undefined || sessionId === undefined || sessionId === '' || cwd === undefined) {
    throw new MalformedHookInput('hook input lacks hook_event_name, session_id or cwd');
  }
  const base = { name, sessionId, cwd };
  const tool = str(e.tool_name);
  const input = (typeof e.tool_input === 'object' && e.tool_input !== null ? e.tool_input : {}) as Record<string, unknown>;
  switch (name) {
    case 'SessionStart':
      return { ...base, kind: 'session-start' };
    case 'Stop':
      return { ...base, kind: 'stop', stopHookActive: e.stop_hook_active === true };
    case 'PreToolUse':
      if (tool === 'Bash' && str(input.command)) return { ...base, kind: 'bash-before', command: str(input.command)! };
      if (tool !== undefined && EDIT_TOOLS.has(tool)) return { ...base, kind: 'edit-before', fix: fixOf(tool, input, cwd) };
      return { ...base, kind: 'other' };
    case 'PostToolUseFailure':
      if (tool === 'Bash' && str(input.command) && e.is_interrupt !== true) {
        return { ...base, kind: 'bash-failed', command: str(input.command)!, observation: observationOfError(str(e.error) ?? '') };
      }
      return { ...base, kind: 'other' };
    case 'PostToolUse':
      if (tool === 'Bash' && str(input.command)) return postBash(base, str(input.command)!, e.tool_response);
      return { ...base, kind: 'other' };
    default:
      return { ...base, kind: 'other' };
  }
}

/**
 * A passing Bash call, unless its response says otherwise (a version that reports a non-zero
 * `exitCode` or `is_error` in PostToolUse instead of firing PostToolUseFailure).
 */
function postBash(base: { name: string; sessionId: string; cwd: string }, command: string, response: unknown): HookEvent {
  const r = (typeof response === 'object' && response !== null ? response : {}) as Record<string, unknown>;
  const exitCode = typeof r.exitCode === 'number' ? r.exitCode : typeof r.exit_code === 'number' ? r.exit_code : 0;
  if (exitCode !== 0 || r.is_error === true) {
    return { ...base, kind: 'bash-failed', command, observation: { exitCode: exitCode === 0 ? 1 : exitCode, stdout: str(r.stdout) ?? '', stderr: str(r.stderr) ?? '' } };
  }
  if (r.interrupted === true) return { ...base, kind: 'other' };
  return { ...base, kind: 'bash-passed', command };
}

/** `Exit code 3\nboom` → exit code 3 and the output (Claude Code merges stdout and stderr there). */
export function observationOfError(error: string): Observation {
  const match = /^Exit code (\d+)\r?\n?/.exec(error);
  if (match) return { exitCode: Number(match[1]), stderr: error.slice(match[0].length) };
  return { exitCode: 1, stderr: error };
}

/**
 * One description of an edit: the tool, the file (relative to the project: the temp dir's name
 * would make every edit look alike to the circular-fix detector) and the text it puts there.
 */
export function fixOf(tool: string, input: Record<string, unknown>, cwd = ''): string {
  const path = str(input.file_path) ?? str(input.notebook_path) ?? '?';
  const inside = cwd !== '' && isAbsolute(path) ? relative(cwd, path) : path;
  const file = inside.startsWith('..') ? path : inside;
  let text: string;
  if (tool === 'Write') text = str(input.content) ?? '';
  else if (tool === 'MultiEdit' && Array.isArray(input.edits)) text = (input.edits as Record<string, unknown>[]).map((edit) => str(edit.new_string) ?? '').join('\n');
  else text = str(input.new_string) ?? str(input.new_source) ?? '';
  return `${tool} ${file}: ${text}`.slice(0, 2000);
}

/** The command's signature: what makes two runs of "the same command" (whitespace collapsed). */
export function commandSignature(command: string): string {
  return command.trim().replace(/\s+/g, ' ');
}
