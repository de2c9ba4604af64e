import { FAILURE_SOURCES, type Rule } from '../rule.js';

/**
 * What a CLI prints beside a usage error (click, clap, cobra: "Try 'x --help' for help", "For more information,
 * try '--help'", "Run 'x --help' for usage"): the request was refused as given, whatever word the error uses.
 */
export const USAGE_MARKERS: readonly string[] = ["--help' for", '--help" for', '--help for', "--help' to", 'for more information, try'];

/**
 * A command that is not there (issue 30): the shell's and the OS's words for a program it could
 * not find or spawn, and the shell's status 127 as a wrapper reports it — CLI_NOT_FOUND, fatal: a
 * person must install it. A CLI's own subcommand it does not have is a refused request.
 */
export const COMMAND_RULES: readonly Rule[] = [
  {
    id: 'lexicon.not-found',
    type: 'CLI_NOT_FOUND',
    phrases: [
      'command not found', 'no such command', 'executable not found', 'executable file not found', 'program not found', 'not recognized as an internal or external command',
      "executable doesn't exist", 'executable does not exist', 'no such program', 'command was not found',
    ],
    // A CLI's usage error names a subcommand it does not have ("Error: No such command 'delpoy'" under "Try '… --help'"): a refused request.
    unless: USAGE_MARKERS,
  },
  {
    // The shell's code for a command it could not find (127), as a wrapper reports it: "Command failed with status (127)",
    // "returned non-zero exit status 127", a spawned child's `exitstatus: 127` field. The process's own exit code 127 is the exit-code pack's.
    id: 'lexicon.status-127',
    type: 'CLI_NOT_FOUND',
    sources: FAILURE_SOURCES,
    phrases: [
      'status (127)', 'status 127', 'exit code 127', 'exit code (127)', 'exited with 127', 'exit status 127', 'exit status: 127', 'exitstatus: 127',
      'exit_status: 127', 'exit code: 127',
    ],
  },
  {
    // A process that cannot be spawned because its file is not there: the program is missing ("spawn terraform ENOENT").
    id: 'lexicon.spawn-missing',
    type: 'CLI_NOT_FOUND',
    phrases: ['enoent', 'no such file or directory'],
    requires: ['spawn', 'spawnsync', 'execvp', 'exec format', "can't exec", 'cannot exec', 'failed to exec', 'failed to execute'],
    sameLine: true,
  },
  {
    // A tool or compiler a build names that is not there or does not run (issue 30, the twelfth capture): `the dot tool
    // could not be found as '/opt/graphviz/bin/dot'` (at the path the build's configuration gave), `C compiler cannot
    // create executables`. A person must install it: CLI_NOT_FOUND, as a compiler a build names (meson's, scons's).
    // Not an agent's tool call that names no path (`Tool 'search' could not be found`): the model's request, refused.
    id: 'lexicon.build-tool-missing',
    type: 'CLI_NOT_FOUND',
    sources: FAILURE_SOURCES,
    phrases: ['could not be found as', 'cannot create executables'],
    requires: ['tool', 'compiler'],
    sameLine: true,
  },
];
