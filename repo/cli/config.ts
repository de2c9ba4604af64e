/**
 * `recovery.config.json` / `.yaml`: found, parsed and validated in full before anything runs, so
 * a bad field is exit 2 naming its path, never a half-started run.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, resolve as resolvePath } from 'node:path';
import { CliError } from './errors.js';
import { findUpward } from './project.js';
import type { PolicyConfig } from '../policy/types.js';

/** The config file names looked for, in order. */
export const CONFIG_NAMES = ['recovery.config.json', 'recovery.config.yaml', 'recovery.config.yml'] as const;

/** A config file problem: exit 2, with the field's path in the message. */
export class ConfigError extends CliError {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** The parts of `recovery.config.*` that the run needs. */
export interface LoadedConfig {
  /** The policy part, already validated by `resolvePolicy`. */
  policy: PolicyConfig | undefined;
  rules: unknown[] | undefined;
  /**
   * `redact`, compiled as it was checked (`compileRedactPatterns`: flags g and d): the run reads
   * these (its context, its work, its test ledger, the sealed command line) without compiling
   * them again. Default: none.
   */
  redact: RegExp[] | undefined;
  /** `quarantine`: test ids whose failures do not fail a run (checked by `quarantineList`). Default none. */
  quarantine?: string[];
  /** The `agent` key as written (checked here; `agentOptionsOf` reads it with the flags). */
  agent?: unknown;
  /** The file read, or null when there was none. */
  file: string | null;
}

/**
 * Reads `--config FILE`, else `recovery.config.json` / `.yaml` / `.yml` found from `cwd` up to the
 * project root (see project.ts), and validates
 * every part now, so a bad field fails before the command ever runs (exit 2 naming its path).
 */
export async function loadConfig(cwd: string, explicit: string | undefined): Promise<LoadedConfig> {
  let file: string | null = null;
  if (explicit !== undefined) {
    file = isAbsolute(explicit) ? explicit : resolvePath(cwd, explicit);
    if (!existsSync(file)) throw new ConfigError(`config file not found: ${file}`);
  } else {
    file = findUpward(cwd, CONFIG_NAMES);
  }
  if (file === null) return { policy: undefined, rules: undefined, redact: undefined, file: null };
  // An editor's byte-order mark is not the user's mistake: YAML skips it, JSON.parse would not.
  const text = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '');
  let data: unknown;
  try {
    if (/\.ya?ml$/i.test(file)) {
      const { parse } = await import('yaml');
      data = parse(text);
    } else {
      // Line, column and the line with a caret, as the YAML parser gives (json-syntax.ts).
      const { parseJsonText } = await import('../policy/json-syntax.js');
      data = parseJsonText(text);
    }
  } catch (error) {
    throw new ConfigError(`${file}: cannot parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (data === null || data === undefined) return { policy: undefined, rules: undefined, redact: undefined, file };
  if (typeof data !== 'object' || Array.isArray(data)) throw new ConfigError(`${file}: the config must be an object`);
  // `$schema` points editors at recovery.config.schema.json; it is not a policy field.
  const { rules, redact, agent, quarantine, $schema: _schema, ...policy } = data as Record<string, unknown>;

  const { resolvePolicy } = await import('../policy/index.js');
  try {
    resolvePolicy(policy);
  } catch (error) {
    throw new ConfigError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
  }

  let checkedRules: unknown[] | undefined;
  if (rules !== undefined) {
    if (!Array.isArray(rules)) throw new ConfigError(`${file}: rules must be an array`);
    const { validateRule } = await import('../classify/index.js');
    rules.forEach((rule, index) => {
      try {
        validateRule(rule, `rules[${index}]`);
      } catch (error) {
        throw new ConfigError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
    checkedRules = rules;
  }

  let checkedRedact: RegExp[] | undefined;
  if (redact !== undefined) {
    if (!Array.isArray(redact)) throw new ConfigError(`${file}: redact must be an array of regular expressions`);
    const { compileRedactPatterns } = await import('../redact/index.js');
    try {
      checkedRedact = compileRedactPatterns(redact);
    } catch (error) {
      // compileRedactPatterns names the index; prefix the key so the path is complete.
      throw new ConfigError(`${file}: redact: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (agent !== undefined) {
    // Checked alone: the flags, which override it, are the verb's (agent-options.ts).
    const { configAgent } = await import('./agent-settings.js');
    try {
      configAgent(agent, dirname(file));
    } catch (error) {
      throw new ConfigError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  let checkedQuarantine: string[] | undefined;
  if (quarantine !== undefined) {
    const { quarantineList } = await import('../policy/quarantine.js');
    try {
      checkedQuarantine = quarantineList(quarantine);
    } catch (error) {
      throw new ConfigError(`${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return {
    policy, rules: checkedRules, redact: checkedRedact,
    ...(agent !== undefined ? { agent } : {}), ...(checkedQuarantine ? { quarantine: checkedQuarantine } : {}), file,
  };
}
