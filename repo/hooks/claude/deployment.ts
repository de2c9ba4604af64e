/**
 * Whether the recovery hooks are deployed for a Claude Code session in a project: UC-AP-004's
 * Exc-3 ("protocol not deployed") made visible. Claude Code merges hooks from the project's local
 * and shared settings and the user's settings (managed policy files are not read here); the
 * protocol holds when, across them, every event this installer registers runs `recover hook claude`.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { HOOK_EVENTS, isOwnCommand, readSettings } from './install.js';

/** One settings file as read for the deployment check. */
export interface SettingsFileState {
  /** The file's path. */
  file: string;
  /** The events whose entries run `recover hook claude` in this file (empty: none, or no file). */
  events: string[];
  /** Why the file could not be read (it is not JSON, or its "hooks" is not an object); absent when it was read. */
  unreadable?: string;
}

/** What {@link hookDeployment} found. */
export interface HookDeployment {
  /** True when every registered event runs the hook in at least one of the files. */
  deployed: boolean;
  /** The registered events that no file runs the hook for (all of them when nothing is installed). */
  missing: string[];
  /** Each settings file Claude Code would read, most specific first. */
  files: SettingsFileState[];
}

/** The settings files Claude Code reads hooks from for `projectRoot`, most specific first. */
export function settingsFilesOf(projectRoot: string, home = homedir()): string[] {
  return [join(projectRoot, '.claude', 'settings.local.json'), join(projectRoot, '.claude', 'settings.json'), join(home, '.claude', 'settings.json')];
}

/** Reads the settings files of `projectRoot` (and `home`) and says whether the hooks are deployed. Never throws. */
export function hookDeployment(projectRoot: string, home = homedir()): HookDeployment {
  const files = settingsFilesOf(projectRoot, home).map((file): SettingsFileState => {
    try {
      const hooks = readSettings(file).hooks ?? {};
      const events = HOOK_EVENTS.map(({ event }) => event).filter((event) => {
        const groups = hooks[event];
        return Array.isArray(groups) && groups.some((group) => Array.isArray(group?.hooks) && group.hooks.some((entry) => isOwnCommand(entry?.command)));
      });
      return { file, events };
    } catch (error) {
      return { file, events: [], unreadable: (error as Error).message };
    }
  });
  const covered = new Set(files.flatMap((f) => f.events));
  const missing = HOOK_EVENTS.map(({ event }) => event).filter((event) => !covered.has(event));
  return { deployed: missing.length === 0, missing, files };
}

/**
 * The one line a command run inside a Claude Code session (`CLAUDECODE=1`, which Claude Code sets
 * for the commands it runs) prints when the hooks are not deployed: the agent's own tool calls are
 * then not held to the protocol. Null when they are, outside Claude Code, or with `RECOVER_HOOK=off`
 * (enforcement turned off on purpose).
 */
export function undeployedNotice(env: NodeJS.ProcessEnv, projectRoot: string): string | null {
  if (env.CLAUDECODE !== '1' || env.RECOVER_HOOK === 'off') return null;
  const found = hookDeployment(projectRoot, env.HOME ?? homedir());
  if (found.deployed) return null;
  const partly = found.missing.length < HOOK_EVENTS.length ? ` (missing: ${found.missing.join(', ')})` : '';
  return `recover: note: running inside Claude Code without the recovery hooks${partly}: the agent's own tool calls are not held to the protocol; 'recover hook claude --install' deploys them`;
}
