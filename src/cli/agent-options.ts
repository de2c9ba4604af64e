/**
 * `--agent claude|codex|gemini` and its settings: declared once here, for `recover run`'s flags and
 * the config file's `agent` key alike, and read into the one typed value the hooks take
 * (`AgentOptions`). A flag overrides the config's field of the same meaning.
 */
import { dirname, resolve as resolvePath } from 'node:path';
import { parseDuration, DURATION_EXAMPLES } from '../policy/duration.js';
import { AGENT_NAMES, isAgentName, type AgentName } from '../runtime/agent/presets.js';
import { AGENT_TIMEOUT_MS, type AgentOptions } from '../runtime/agent/options.js';
import { splitCommandLine } from '../runtime/program-hooks.js';
import { UsageError } from './errors.js';
import type { LoadedConfig } from './config.js';
import type { OptionDecls } from './options.js';

/** The `--agent*` flags. */
export const AGENT_OPTIONS = {
  agent: { type: 'string', choices: AGENT_NAMES, description: 'an AI coding agent for DIAGNOSE (read-only) and ADAPT (may edit files here);\nthe CLI must be installed (see the README: "With an AI coding agent")' },
  'agent-model': { type: 'string', value: 'NAME', description: "the agent's model (passed to its own --model)" },
  'agent-args': { type: 'string', value: 'ARGS', description: 'extra arguments for every agent call, split like a shell\n(e.g. "--allowedTools \'Bash(npm run build)\'")' },
  'agent-timeout': { type: 'string', value: 'DURATION', description: 'most time one agent call may take; then its process group is killed\nand the phase fails (default: 5m)' },
  'agent-max-turns': { type: 'string', value: 'N', description: "most turns per agent call, where the agent has such a limit (claude)" },
  'agent-budget-usd': { type: 'string', value: 'USD', description: "most the run may spend on the agent, from the agent's own cost report\n(claude); over it the run escalates (agent_budget)" },
  'agent-prompt': { type: 'string', value: 'FILE', description: 'a prompt template instead of the built-in prompt ({{command}}, {{output}}, …)' },
} as const satisfies OptionDecls;

/** The config file's `agent` key, field by field: the flag each overrides. */
const CONFIG_FIELDS = {
  name: 'agent', model: 'agent-model', args: 'agent-args', timeout: 'agent-timeout', maxTurns: 'agent-max-turns', budgetUsd: 'agent-budget-usd', promptFile: 'agent-prompt',
} as const;

/** An agent setting that is not valid: the message names the flag or the config field. */
export class AgentOptionError extends Error {
  override name = 'AgentOptionError';
}

type FlagValues = { [K in keyof typeof AGENT_OPTIONS]?: string | undefined };

/**
 * The run's agent from the flags and the config's `agent` key (`{ name, model, args, timeout,
 * maxTurns, budgetUsd, promptFile }`), or null when neither names one. Paths are resolved from
 * `cwd` (flags) or the config file's folder. Throws {@link AgentOptionError} naming the field.
 */
export function agentOptionsOf(flags: FlagValues, config: unknown, where: { cwd: string; configDir: string | null }): AgentOptions | null {
  const fromConfig = configAgent(config, where.configDir ?? where.cwd);
  const name = flags.agent ?? fromConfig.name;
  if (name === undefined) {
    const stray = (Object.keys(AGENT_OPTIONS) as Array<keyof FlagValues>).find((flag) => flag !== 'agent' && flags[flag] !== undefined);
    if (stray) throw new AgentOptionError(`--${stray} needs an agent: add --agent ${AGENT_NAMES.join('|')}`);
    return null;
  }
  const timeoutMs = flags['agent-timeout'] !== undefined ? duration(flags['agent-timeout'], '--agent-timeout') : fromConfig.timeoutMs;
  const maxTurns = flags['agent-max-turns'] !== undefined ? positive(flags['agent-max-turns'], '--agent-max-turns', true) : fromConfig.maxTurns;
  const budgetUsd = flags['agent-budget-usd'] !== undefined ? positive(flags['agent-budget-usd'], '--agent-budget-usd', false) : fromConfig.budgetUsd;
  const args = flags['agent-args'] !== undefined ? words(flags['agent-args'], '--agent-args') : fromConfig.args;
  const promptFile = flags['agent-prompt'] !== undefined ? resolvePath(where.cwd, flags['agent-prompt']) : fromConfig.promptFile;
  const model = flags['agent-model'] ?? fromConfig.model;
  return {
    name: name as AgentName,
    ...(model !== undefined ? { model } : {}),
    ...(args !== undefined ? { args } : {}),
    timeoutMs: timeoutMs ?? AGENT_TIMEOUT_MS,
    ...(maxTurns !== undefined ? { maxTurns } : {}),
    ...(budgetUsd !== undefined ? { budgetUsd } : {}),
    ...(promptFile !== undefined ? { promptFile } : {}),
  };
}

/** {@link agentOptionsOf} for a verb: flags over the loaded config, a bad setting a usage error (exit 2). */
export function verbAgentOptions(flags: FlagValues, config: LoadedConfig, cwd: string): AgentOptions | null {
  try {
    return agentOptionsOf(flags, config.agent, { cwd, configDir: config.file ? dirname(config.file) : null });
  } catch (error) {
    if (error instanceof AgentOptionError) throw new UsageError(error.message);
    throw error;
  }
}

/** The config's `agent` key checked field by field (unknown fields refused, so a typo is not silently ignored). */
function configAgent(config: unknown, dir: string): Partial<AgentOptions> {
  if (config === undefined || config === null) return {};
  const at = (field: string) => `agent.${field}`;
  if (typeof config === 'string') config = { name: config };
  if (typeof config !== 'object' || Array.isArray(config)) throw new AgentOptionError(`agent must be an agent's name (${AGENT_NAMES.join(', ')}) or an object { name, model, args, timeout, maxTurns, budgetUsd, promptFile }`);
  const record = config as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!(key in CONFIG_FIELDS)) throw new AgentOptionError(`${at(key)} is not a setting: use ${Object.keys(CONFIG_FIELDS).join(', ')}`);
  }
  const out: Partial<AgentOptions> = {};
  const { name, model, args, timeout, maxTurns, budgetUsd, promptFile } = record;
  if (name !== undefined) {
    if (typeof name !== 'string' || !isAgentName(name)) throw new AgentOptionError(`${at('name')} must be one of ${AGENT_NAMES.join(', ')} (got ${JSON.stringify(name)})`);
    out.name = name;
  }
  if (model !== undefined) out.model = text(model, at('model'));
  if (args !== undefined) {
    if (!Array.isArray(args) || !args.every((a) => typeof a === 'string')) throw new AgentOptionError(`${at('args')} must be an array of strings`);
    out.args = args as string[];
  }
  if (timeout !== undefined) out.timeoutMs = typeof timeout === 'number' ? positive(String(timeout), at('timeout'), false) : duration(text(timeout, at('timeout')), at('timeout'));
  if (maxTurns !== undefined) out.maxTurns = positive(String(maxTurns), at('maxTurns'), true);
  if (budgetUsd !== undefined) out.budgetUsd = positive(String(budgetUsd), at('budgetUsd'), false);
  if (promptFile !== undefined) out.promptFile = resolvePath(dir, text(promptFile, at('promptFile')));
  return out;
}

function duration(value: string, field: string): number {
  const ms = parseDuration(value);
  if (ms === null || ms <= 0) throw new AgentOptionError(`${field}: '${value}' is not a duration greater than zero (e.g. ${DURATION_EXAMPLES})`);
  return ms;
}

function positive(value: string, field: string, integer: boolean): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new AgentOptionError(`${field} must be a ${integer ? 'whole number' : 'number'} greater than zero (got '${value}')`);
  }
  return n;
}

function words(value: string, field: string): string[] {
  try {
    return splitCommandLine(value);
  } catch (error) {
    throw new AgentOptionError(`${field}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new AgentOptionError(`${field} must be a non-empty string`);
  return value;
}
