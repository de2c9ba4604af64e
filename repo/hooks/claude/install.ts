/**
 * `recover hook claude --install|--uninstall|--print`: the hook entries merged into (or taken out
 * of) a Claude Code settings file. What is there stays; installing twice changes nothing;
 * uninstalling removes exactly the entries whose command runs `recover … hook claude`. A file
 * that is not a JSON object is never overwritten.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** The events registered, with their tool matchers (none: the event has no matcher). */
export const HOOK_EVENTS: readonly { event: string; matcher?: string }[] = [
  { event: 'SessionStart' },
  { event: 'PreToolUse', matcher: 'Bash|Edit|Write|MultiEdit|NotebookEdit' },
  { event: 'PostToolUse', matcher: 'Bash' },
  { event: 'PostToolUseFailure', matcher: 'Bash' },
  { event: 'Stop' },
];

/** Seconds Claude Code gives one hook call (a call takes well under one). */
export const HOOK_TIMEOUT_S = 10;

interface HookEntry { type: string; command?: string; timeout?: number; [key: string]: unknown }
interface HookGroup { matcher?: string; hooks?: HookEntry[]; [key: string]: unknown }
type Settings = Record<string, unknown> & { hooks?: Record<string, HookGroup[]> };

/** A settings file that cannot be read as a JSON object: it is left as it is. */
export class SettingsFileError extends Error {}

/** True for a command this installer wrote (`recover hook claude`, whatever path runs recover). */
export function isOwnCommand(command: unknown): boolean {
  return typeof command === 'string' && /recover(?:\.js)?['"]?\s+hook\s+claude(?:\s|$)/.test(command);
}

/** The entries for `command`, event by event, as they go into `hooks`. */
export function hookEntries(command: string): Record<string, HookGroup[]> {
  const entries: Record<string, HookGroup[]> = {};
  for (const { event, matcher } of HOOK_EVENTS) {
    entries[event] = [{ ...(matcher !== undefined ? { matcher } : {}), hooks: [{ type: 'command', command, timeout: HOOK_TIMEOUT_S }] }];
  }
  return entries;
}

/** `settings` without this installer's entries (groups and events left empty are dropped). */
export function withoutOwn(settings: Settings): Settings {
  if (typeof settings.hooks !== 'object' || settings.hooks === null) return settings;
  const hooks: Record<string, HookGroup[]> = {};
  for (const [event, groups] of Object.entries(settings.hooks)) {
    if (!Array.isArray(groups)) {
      hooks[event] = groups;
      continue;
    }
    const kept = groups.flatMap((group) => {
      if (!Array.isArray(group?.hooks)) return [group];
      const entries = group.hooks.filter((entry) => !isOwnCommand(entry?.command));
      if (entries.length === group.hooks.length) return [group];
      return entries.length === 0 ? [] : [{ ...group, hooks: entries }];
    });
    if (kept.length > 0) hooks[event] = kept;
  }
  const { hooks: _old, ...rest } = settings;
  return Object.keys(hooks).length > 0 ? { ...rest, hooks } : rest;
}

/** `settings` with this installer's entries (once, whatever was installed before). */
export function withOwn(settings: Settings, command: string): Settings {
  const base = withoutOwn(settings);
  const hooks: Record<string, HookGroup[]> = { ...(base.hooks ?? {}) };
  for (const [event, groups] of Object.entries(hookEntries(command))) hooks[event] = [...(hooks[event] ?? []), ...groups];
  return { ...base, hooks };
}

/** The settings in `file` ({} when it does not exist). Throws {@link SettingsFileError} naming the file. */
export function readSettings(file: string): Settings {
  if (!existsSync(file)) return {};
  const text = readFileSync(file, 'utf8');
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new SettingsFileError(`${file} is not valid JSON (${(error as Error).message}); it was left as it is: fix it, then install again`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new SettingsFileError(`${file} is not a JSON object; it was left as it is`);
  const hooks = (parsed as Settings).hooks;
  if (hooks !== undefined && (typeof hooks !== 'object' || hooks === null || Array.isArray(hooks))) throw new SettingsFileError(`${file}: "hooks" is not an object; it was left as it is`);
  return parsed as Settings;
}

/** Writes `settings` to `file` (a temp file renamed over it). */
export function writeSettings(file: string, settings: Settings): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.recover-${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(settings, null, 2)}\n`);
  renameSync(temp, file);
}

/** Installs or uninstalls in `file`; says what changed. */
export function updateSettings(file: string, action: 'install' | 'uninstall', command: string): string {
  const before = readSettings(file);
  const after = action === 'install' ? withOwn(before, command) : withoutOwn(before);
  if (JSON.stringify(after) === JSON.stringify(before)) return `${file}: already ${action === 'install' ? 'installed' : 'without recover hooks'}; nothing changed`;
  writeSettings(file, after);
  return action === 'install'
    ? `${file}: recover hooks installed (${HOOK_EVENTS.map((e) => e.event).join(', ')})`
    : `${file}: recover hooks removed`;
}
