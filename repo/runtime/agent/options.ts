/**
 * A run's agent: which preset, and the few settings a user changes. One typed value, built once
 * from `--agent*` options or the config's `agent` key, and carried whole to the hooks.
 */
import type { AgentName } from './presets.js';

/** Default time one agent call may take: 5 minutes (then its process group is killed; the phase fails). */
export const AGENT_TIMEOUT_MS = 5 * 60_000;

/** The agent of a run. Only `name` is required. */
export interface AgentOptions {
  /** Which preset: `claude`, `codex` or `gemini`. */
  name: AgentName;
  /** The model, passed to the agent's own `--model`. Default: the agent's default. */
  model?: string;
  /** Extra arguments for every call, after the preset's (e.g. `--allowedTools "Bash(npm test)"`). Default none. */
  args?: string[];
  /** Most ms one call may take. Default {@link AGENT_TIMEOUT_MS}. */
  timeoutMs?: number;
  /** Most turns per call, where the agent has such a limit (Claude Code's `--max-turns`). Default: the agent's. */
  maxTurns?: number;
  /** Most USD the run may spend on the agent, read from its own cost report where it gives one; over it, the run escalates (`agent_budget`). Default: no limit. */
  budgetUsd?: number;
  /** A prompt template file (placeholders as in `PROMPT_PLACEHOLDERS`), read at each call. Default: the built-in prompt. */
  promptFile?: string;
}
