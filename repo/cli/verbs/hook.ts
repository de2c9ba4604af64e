/**
 * `recover hook claude`: the recovery protocol enforced on Claude Code through its hooks. As a
 * hook it reads one event on stdin and answers on stdout, always exit 0: whatever goes wrong
 * (malformed input, a store it cannot write, a timeout) the tool call is allowed and one warning
 * line goes to stderr. `--install`, `--uninstall` and `--print` manage the settings entries.
 */
import { realpathSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { defineVerb } from '../define-verb.js';
import { UsageError, CliError } from '../errors.js';
import { EXIT } from '../exit-codes.js';
import { projectRoot } from '../project.js';
import { STORE_OPTION, cliStoreDir, openCliStore } from '../store-option.js';
import type { CliIO, VerbSpec } from '../verb.js';

const HOOK_SPEC = {
  name: 'hook',
  synopsis: 'claude [--install [--project|--user] | --uninstall | --print | --status]',
  description: `As a Claude Code hook (SessionStart, PreToolUse, PostToolUse, PostToolUseFailure, Stop): reads
the event on stdin and answers in Claude Code's hook output. A failing Bash command opens (or
continues) one recovery run per command in the session, in the normal store; the agent is told
the phase and what it requires; a fix already tried is refused; an escalated run (3 failed
iterations, a security or fatal failure) stops edits, commands and Stop until a person decides
('recover decide RUN --choice …' or 'recover ui'). Any internal error allows the call and warns
on stderr. RECOVER_HOOK=off turns enforcement off.`,
  options: {
    install: { type: 'boolean', description: 'merge the hook entries into .claude/settings.json (keeps what is there)' },
    uninstall: { type: 'boolean', description: 'remove exactly the entries --install wrote' },
    print: { type: 'boolean', description: 'print the entries as JSON, change nothing' },
    status: { type: 'boolean', description: 'say whether the hooks are deployed for this project (its .claude/settings.local.json,\n.claude/settings.json, ~/.claude/settings.json): exit 0 when they are, 2 when not' },
    project: { type: 'boolean', description: "the project's .claude/settings.json (default)" },
    user: { type: 'boolean', description: '~/.claude/settings.json' },
    command: { type: 'string', value: 'CMD', description: 'the command the entries run (default: this recover, by absolute path)' },
    ...STORE_OPTION,
  },
  operands: { count: 1, first: 'claude', error: "expected the agent: 'recover hook claude' (the only one with hooks so far)" },
  examples: ['recover hook claude --install', 'recover hook claude --status', 'recover hook claude --print', 'RECOVER_HOOK=off claude   # one session without enforcement'],
} as const satisfies VerbSpec;

/** A hook call that has not answered by then allows the call (Claude Code's own limit is HOOK_TIMEOUT_S). */
const DEADLINE_MS = 8_000;

/** `recover hook claude`. */
export const hookVerb = defineVerb(HOOK_SPEC, async ({ values }, io) => {
  const install = await import('../../hooks/claude/install.js');
  const command = values.command ?? defaultCommand();
  if (values.print === true) {
    io.stdout.write(`${JSON.stringify({ hooks: install.hookEntries(command) }, null, 2)}\n`);
    return EXIT.ok;
  }
  if (values.status === true) return printDeployment(io);
  if (values.install === true || values.uninstall === true) {
    if (values.install === true && values.uninstall === true) throw new UsageError('--install or --uninstall, not both');
    if (values.project === true && values.user === true) throw new UsageError('--project or --user, not both');
    const file = values.user === true ? join(io.env.HOME ?? homedir(), '.claude', 'settings.json') : join(projectRoot(io.cwd), '.claude', 'settings.json');
    try {
      io.stdout.write(`${install.updateSettings(file, values.install === true ? 'install' : 'uninstall', command)}\n`);
    } catch (error) {
      if (error instanceof install.SettingsFileError) throw new CliError(error.message, EXIT.usage);
      throw error;
    }
    return EXIT.ok;
  }
  return answerHook(io, values.store);
});

/** `--status`: one line per settings file, then the verdict; exit 0 when deployed, 2 (a config to fix) when not. */
async function printDeployment(io: CliIO): Promise<number> {
  const { hookDeployment } = await import('../../hooks/claude/deployment.js');
  const found = hookDeployment(projectRoot(io.cwd), io.env.HOME ?? homedir());
  for (const { file, events, unreadable } of found.files) {
    io.stdout.write(`${file}: ${unreadable ? `unreadable (${unreadable})` : events.length > 0 ? events.join(', ') : 'no recover hooks'}\n`);
  }
  if (found.deployed) {
    io.stdout.write('recover hooks: deployed: Claude Code sessions in this project follow the recovery protocol\n');
    return EXIT.ok;
  }
  io.stdout.write(`recover hooks: not deployed (missing: ${found.missing.join(', ')}): run 'recover hook claude --install'\n`);
  return EXIT.usage;
}

/** `node /abs/bin/recover.js hook claude`, so the hook runs whatever PATH Claude Code has. */
function defaultCommand(): string {
  const script = process.argv[1] ? realpathSync(process.argv[1]) : 'recover';
  return `${JSON.stringify(process.execPath)} ${JSON.stringify(script)} hook claude`;
}

/** One hook call: never throws, always exit 0. */
async function answerHook(io: CliIO, store: string | undefined): Promise<number> {
  if ((io.env.RECOVER_HOOK ?? '').toLowerCase() === 'off') return EXIT.ok;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), DEADLINE_MS);
  });
  try {
    const result = await Promise.race([answer(io, store), deadline]);
    if (result === 'late') io.stderr.write(`recover hook: no answer within ${DEADLINE_MS} ms; the call is allowed\n`);
    else if (result !== null) io.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (error) {
    io.stderr.write(`recover hook: ${(error as Error)?.message ?? String(error)}; the call is allowed\n`);
  } finally {
    clearTimeout(timer);
  }
  return EXIT.ok;
}

async function answer(io: CliIO, store: string | undefined): Promise<Record<string, unknown> | null> {
  let text = '';
  for await (const chunk of io.stdin) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  const [{ parseHookInput }, { handleEvent }] = await Promise.all([import('../../hooks/claude/input.js'), import('../../hooks/claude/handle.js')]);
  const event = parseHookInput(text);
  if (event.kind === 'other') return null;
  // The agent's project, not wherever Claude Code started the hook.
  const at: CliIO = { ...io, cwd: event.cwd };
  const location = store ?? io.env.RECOVERY_STORE;
  const storeDir = location !== undefined && /^postgres(ql)?:\/\//.test(location) ? join(projectRoot(event.cwd), '.recovery') : await cliStoreDir(at, store);
  return handleEvent(event, {
    store: await openCliStore(at, store), storeDir, now: Date.now(), root: projectRoot(event.cwd),
    warn: (message) => io.stderr.write(`recover hook: ${message}\n`),
  });
}
