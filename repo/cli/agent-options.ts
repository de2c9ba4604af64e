/**
 * `--agent claude|codex|gemini` and its settings: the flags of `recover run` and `recover pipeline
 * run`, read together with the config file's `agent` key (checked field by field in
 * agent-settings.ts) into the one typed value the hooks take (`AgentOptions`). A flag overrides
 * the config's field of the same meaning.
 */
import { dirname, resolve as resolvePath } from 'node:path';
import { AGENT_NAMES, type AgentName } from '../runtime/agent/presets.js';
import { AGENT_TIMEOUT_MS, type AgentOptions } from '../runtime/agent/options.js';
import { AgentOptionError, configAgent, durationSetting, positiveSetting, wordsSetting } from './agent-settings.js';
import { UsageError } from './errors.js';
import type { LoadedConfig } from './config.js';
import type { OptionDecls } from './verb.js';

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

/** The `--agent*` flags as parsed: each a string when given. */
export type AgentFlagValues = { [K in keyof typeof AGENT_OPTIONS]?: string | undefined };

/**
 * The run's agent from the flags and the config's `agent` key (`{ name, model, args, timeout,
 * maxTurns, budgetUsd, promptFile }`), or null when neither names one. Paths are resolved from
 * `cwd` (flags) or the config file's folder. Throws {@link AgentOptionError} naming the field.
 */
export function agentOptionsOf(flags: AgentFlagValues, config: unknown, where: { cwd: string; configDir: string | null }): AgentOptions | null {
  const fromConfig = configAgent(config, where.configDir ?? where.cwd);
  const name = flags.agent ?? fromConfig.name;
  if (name === undefined) {
    const stray = (Object.keys(AGENT_OPTIONS) as Array<keyof AgentFlagValues>).find((flag) => flag !== 'agent' && flags[flag] !== undefined);
    if (stray) throw new AgentOptionError(`--${stray} needs an agent: add --agent ${AGENT_NAMES.join('|')}`);
    return null;
  }
  const timeoutMs = flags['agent-timeout'] !== undefined ? durationSetting(flags['agent-timeout'], '--agent-timeout') : fromConfig.timeoutMs;
  const maxTurns = flags['agent-max-turns'] !== undefined ? positiveSetting(flags['agent-max-turns'], '--agent-max-turns', true) : fromConfig.maxTurns;
  const budgetUsd = flags['agent-budget-usd'] !== undefined ? positiveSetting(flags['agent-budget-usd'], '--agent-budget-usd', false) : fromConfig.budgetUsd;
  const args = flags['agent-args'] !== undefined ? wordsSetting(flags['agent-args'], '--agent-args') : fromConfig.args;
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
export function verbAgentOptions(flags: AgentFlagValues, config: LoadedConfig, cwd: string): AgentOptions | null {
  try {
    return agentOptionsOf(flags, config.agent, { cwd, configDir: config.file ? dirname(config.file) : null });
  } catch (error) {
    if (error instanceof AgentOptionError) throw new UsageError(error.message);
    throw error;
  }
}
