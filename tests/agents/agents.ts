/**
 * The three agent CLIs, one row each: how to start the real program against a fake model server
 * (tests/agents/fake-model) under a throwaway HOME. Programs come from scripts/install-agents.sh
 * (run by install.global.ts); nothing here is a dependency of the package.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type AgentName = 'claude' | 'codex' | 'gemini';
export const AGENT_NAMES: readonly AgentName[] = ['claude', 'codex', 'gemini'];

/** Where an agent's program is, or why it is not there (from `install-agents.sh --bins`). */
export type AgentBin = { name: AgentName; package: string; version: string; bin: string } | { name: AgentName; package: string; version: string; missing: string };
export type AgentBins = Record<AgentName, AgentBin>;

export const INSTALL_SCRIPT = join(import.meta.dirname, '..', '..', 'scripts', 'install-agents.sh');

/** Reads the install state (no install): one entry per agent. */
export function readAgentBins(env: NodeJS.ProcessEnv = process.env): AgentBins {
  const out = execFileSync(INSTALL_SCRIPT, ['--bins'], { encoding: 'utf8', env });
  const bins = {} as AgentBins;
  for (const line of out.trim().split('\n')) {
    const entry = JSON.parse(line) as AgentBin;
    bins[entry.name] = entry;
  }
  return bins;
}

/** The command that starts the agent: the native binary, or node running gemini's bundle. */
export function agentCommand(bin: AgentBin): { file: string; args: string[] } {
  if ('missing' in bin) throw new Error(`${bin.name} is not installed: ${bin.missing}`);
  return bin.name === 'gemini' ? { file: process.execPath, args: ['--no-warnings', bin.bin] } : { file: bin.bin, args: [] };
}

export interface AgentEnvOptions {
  /** A folder the agent should trust (Gemini CLI's trustedFolders.json); none by default. */
  trust?: string;
  /** Model name to ask for (each CLI has a default that the fake server does not care about). */
  model?: string;
}

/** The dummy key every agent gets; the fake server accepts any. */
export const FAKE_API_KEY = 'fake-key-for-tests';

/** A clean environment: only what a program needs to run, none of the caller's API keys or config. */
function baseEnv(home: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: home, TMPDIR: process.env.TMPDIR ?? '/tmp', NO_COLOR: '1', CI: '1' };
}

/**
 * Writes the agent's config under `home` (a fresh temp dir) and returns the environment that
 * points it at the fake model server `url`, with its own retries bounded so failures end fast.
 */
export async function agentEnv(name: AgentName, url: string, home: string, options: AgentEnvOptions = {}): Promise<NodeJS.ProcessEnv> {
  const env = baseEnv(home);
  switch (name) {
    case 'claude':
      return {
        ...env,
        ANTHROPIC_BASE_URL: url,
        ANTHROPIC_API_KEY: FAKE_API_KEY,
        ...(options.model === undefined ? {} : { ANTHROPIC_MODEL: options.model }),
        CLAUDE_CODE_MAX_RETRIES: '0',
        API_TIMEOUT_MS: '15000',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
        DISABLE_AUTOUPDATER: '1',
        DISABLE_TELEMETRY: '1',
        DISABLE_ERROR_REPORTING: '1',
      };
    case 'codex': {
      const codexHome = join(home, '.codex');
      mkdirSync(codexHome, { recursive: true });
      writeFileSync(join(codexHome, 'config.toml'), codexConfig(url, options.model ?? 'fake-model'));
      return { ...env, CODEX_HOME: codexHome, FAKE_MODEL_API_KEY: FAKE_API_KEY };
    }
    case 'gemini': {
      const dir = join(home, '.gemini');
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'settings.json'), JSON.stringify(geminiSettings(options.model), null, 2));
      if (options.trust !== undefined) writeFileSync(join(dir, 'trustedFolders.json'), JSON.stringify({ [options.trust]: 'TRUST_FOLDER' }, null, 2));
      // Its error reports (gemini-client-error-*.json) go to the temp dir: keep them in this HOME.
      const tmp = join(home, 'tmp');
      mkdirSync(tmp, { recursive: true });
      return { ...env, TMPDIR: tmp, GEMINI_API_KEY: FAKE_API_KEY, GOOGLE_GEMINI_BASE_URL: url };
    }
  }
}

/** Codex ignores OPENAI_BASE_URL: a provider of its own, with its retries bounded. */
export function codexConfig(url: string, model: string): string {
  return [
    `model = ${JSON.stringify(model)}`,
    'model_provider = "fake"',
    'check_for_update_on_startup = false',
    '',
    '[model_providers.fake]',
    'name = "fake model"',
    `base_url = ${JSON.stringify(`${url}/v1`)}`,
    'env_key = "FAKE_MODEL_API_KEY"',
    'wire_api = "responses"',
    'request_max_retries = 0',
    'stream_max_retries = 0',
    'stream_idle_timeout_ms = 15000',
    '',
  ].join('\n');
}

export function geminiSettings(model?: string): Record<string, unknown> {
  return {
    security: { auth: { selectedType: 'gemini-api-key' } },
    general: { enableAutoUpdate: false, enableAutoUpdateNotification: false, maxAttempts: 1, retryFetchErrors: false },
    privacy: { usageStatisticsEnabled: false },
    ...(model === undefined ? {} : { model: { name: model } }),
  };
}
