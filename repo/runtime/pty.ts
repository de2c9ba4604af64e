/**
 * A pseudo-terminal for a command whose output we capture: run it under util-linux `script(1)`,
 * which gives it a pty and copies everything the command writes to its own stdout. The command
 * then sees a terminal (`node --test` uses its spec reporter, tools keep their colours) while we
 * still keep every byte for classification and the live view. Nothing to install or build: no
 * native module (node-pty); only Linux's `script`, and without it the command runs as before.
 *
 * What changes under a pty: stdout and stderr arrive merged on stdout (a terminal has one
 * stream), and a missing program is found before wrapping so "command not found" still names it.
 */
import { accessSync, constants, existsSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** The terminal size the command's pty gets. */
export interface PtySize {
  columns: number;
  rows: number;
}

/** Where util-linux `script` is looked for (it is in `util-linux` on Debian, Fedora, Alpine). */
const SCRIPT_PATHS = ['/usr/bin/script', '/bin/script'];

let scriptPath: string | null | undefined;

/** util-linux `script`, or null (not Linux, not installed: BSD's `script` takes other options). */
export function scriptBinary(): string | null {
  if (scriptPath !== undefined) return scriptPath;
  scriptPath = process.platform === 'linux' ? SCRIPT_PATHS.find((path) => existsSync(path)) ?? null : null;
  return scriptPath;
}

/** A word for `sh -c`, single-quoted. */
export function shellQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Whether `cmd` names an executable file (a path, or a name on `PATH`), as `spawn` would find it. */
export function findsProgram(cmd: string, cwd: string, path = process.env.PATH ?? ''): boolean {
  const executable = (file: string) => {
    try {
      accessSync(file, constants.X_OK);
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
  if (cmd.includes('/')) return executable(isAbsolute(cmd) ? cmd : resolve(cwd, cmd));
  return path.split(delimiter).filter(Boolean).some((dir) => executable(join(dir, cmd)));
}

/**
 * The program and arguments that run `cmd args` on a pty of `size` through `script`, or null when
 * there is no util-linux `script`. The shell `script` starts is `/bin/sh` whatever the user's
 * `$SHELL` (whose quoting may differ: fish); the command gets the user's `SHELL` back. `stty
 * -onlcr` keeps line ends as the program wrote them (a pty would turn `\n` into `\r\n`).
 */
export function ptyArgv(cmd: string, args: readonly string[], size: PtySize, shell: string | undefined): { file: string; args: string[]; env: Record<string, string> } | null {
  const script = scriptBinary();
  if (script === null) return null;
  const columns = Math.max(20, Math.floor(size.columns));
  const rows = Math.max(5, Math.floor(size.rows));
  const restoreShell = shell === undefined ? '' : `SHELL=${shellQuote(shell)} `;
  const line = `stty -onlcr cols ${columns} rows ${rows} 2>/dev/null; ${restoreShell}exec ${[cmd, ...args].map(shellQuote).join(' ')}`;
  // -q: no "Script started" lines; -e: script exits with the command's code; -f: flush as written.
  return { file: script, args: ['-qefc', line, '/dev/null'], env: { SHELL: '/bin/sh' } };
}
