/**
 * An agent's settings read one by one into the typed `AgentOptions` fields, from the config
 * file's `agent` key or from a flag, each refused with a message naming its field. Below both
 * the config loader (which checks the key when it reads the file) and the `--agent*` flags
 * (agent-options.ts), so neither imports the other.
 */
import { resolve as resolvePath } from 'node:path';
import { parseDuration, DURATION_EXAMPLES } from '../policy/duration.js';
import { AGENT_NAMES, isAgentName } from '../runtime/agent/presets.js';
import type { AgentOptions } from '../runtime/agent/options.js';
import { splitCommandLine } from '../runtime/program-hooks.js';

/** The config file's `agent` key, field by field: the flag each overrides. */
const CONFIG_FIELDS = {
  name: 'agent', model: 'agent-model', args: 'agent-args', timeout: 'agent-timeout', maxTurns: 'agent-max-turns', budgetUsd: 'agent-budget-usd', promptFile: 'agent-prompt',
} as const;

/** An agent setting that is not valid: the message names the flag or the config field. */
export class AgentOptionError extends Error {
  override name = 'AgentOptionError';
}

/** The config's `agent` key checked field by field (unknown fields refused, so a typo is not silently ignored). */
export function configAgent(config: unknown, dir: string): Partial<AgentOptions> {
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
  if (timeout !== undefined) out.timeoutMs = typeof timeout === 'number' ? positiveSetting(String(timeout), at('timeout'), false) : durationSetting(text(timeout, at('timeout')), at('timeout'));
  if (maxTurns !== undefined) out.maxTurns = positiveSetting(String(maxTurns), at('maxTurns'), true);
  if (budgetUsd !== undefined) out.budgetUsd = positiveSetting(String(budgetUsd), at('budgetUsd'), false);
  if (promptFile !== undefined) out.promptFile = resolvePath(dir, text(promptFile, at('promptFile')));
  return out;
}

/** A duration setting in ms, greater than zero; `field` names the flag or config field in the error. */
export function durationSetting(value: string, field: string): number {
  const ms = parseDuration(value);
  if (ms === null || ms <= 0) throw new AgentOptionError(`${field}: '${value}' is not a duration greater than zero (e.g. ${DURATION_EXAMPLES})`);
  return ms;
}

/** A number setting greater than zero (`integer`: a whole one); `field` names it in the error. */
export function positiveSetting(value: string, field: string, integer: boolean): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n <= 0 || (integer && !Number.isInteger(n))) {
    throw new AgentOptionError(`${field} must be a ${integer ? 'whole number' : 'number'} greater than zero (got '${value}')`);
  }
  return n;
}

/** Arguments written as one shell-like string, split into words; `field` names it in the error. */
export function wordsSetting(value: string, field: string): string[] {
  try {
    return splitCommandLine(value);
  } catch (error) {
    throw new AgentOptionError(`${field}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** A non-empty string setting; `field` names it in the error. */
function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || !value.trim()) throw new AgentOptionError(`${field} must be a non-empty string`);
  return value;
}
