import { FAILURE_SOURCES, type RulePack } from '../rule.js';
import { RULE_PRIORITY } from '../priority.js';
import { exitCodesOf, signalsOf } from '../registries/signals.js';

/**
 * How a process ended: exit codes (POSIX shells and `timeout(1)`), signals, and what shells
 * print about it. Exit codes and signals outrank what the process printed (they say what
 * stopped it). 126 ("found but cannot execute": not executable, no permission, wrong format)
 * is CLI_NOT_FOUND like 127: the command cannot run as given and retrying cannot change that.
 * 137/SIGKILL is taken as the out-of-memory killer, the usual sender.
 */
export const exitCodePack: RulePack = {
  id: 'exit-code',
  description: 'Exit codes, signals and shell messages: timeout, not found, interrupted, killed, crashed',
  rules: [
    // The codes and signals of each type are the signals registry's (one table: registries/signals.ts).
    { id: 'exit-code.timeout', type: 'TIMEOUT', priority: RULE_PRIORITY.processEnd, exitCodes: exitCodesOf('TIMEOUT'), signals: signalsOf('TIMEOUT') },
    { id: 'exit-code.not-executable', type: 'CLI_NOT_FOUND', confidence: 0.9, exitCodes: [126] },
    { id: 'exit-code.not-found', type: 'CLI_NOT_FOUND', exitCodes: [127] },
    { id: 'exit-code.interrupted', type: 'USER_ABORT', exitCodes: exitCodesOf('USER_ABORT'), signals: signalsOf('USER_ABORT') },
    {
      id: 'exit-code.killed',
      type: 'RESOURCE_EXHAUSTION',
      priority: RULE_PRIORITY.processEnd,
      confidence: 0.9,
      exitCodes: exitCodesOf('RESOURCE_EXHAUSTION'),
      signals: signalsOf('RESOURCE_EXHAUSTION'),
      phrases: ['sigkill'],
    },
    { id: 'exit-code.crashed', type: 'CLI_CRASH', priority: RULE_PRIORITY.processEnd, exitCodes: exitCodesOf('CLI_CRASH'), signals: signalsOf('CLI_CRASH') },
    {
      id: 'exit-code.crash-message',
      type: 'CLI_CRASH',
      priority: RULE_PRIORITY.rest,
      phrases: ['segmentation fault', 'core dumped', 'bus error', 'illegal instruction', 'abort trap', 'floating point exception', 'sigsegv', 'sigabrt'],
    },
    {
      id: 'exit-code.command-not-found',
      type: 'CLI_NOT_FOUND',
      phrases: [
        'command not found', 'is not recognized as an internal or external command', 'executable file not found',
        'cannot execute binary file', 'exec format error',
      ],
    },
    { id: 'exit-code.dash-not-found', type: 'CLI_NOT_FOUND', phrases: ['sh: 1:'], requires: ['not found'] },
    {
      id: 'exit-code.interrupted-message',
      type: 'USER_ABORT',
      sources: FAILURE_SOURCES,
      phrases: ['sigint', 'keyboardinterrupt', 'interrupted by user', 'cancelled by user', 'canceled by user', 'aborted by user', 'user aborted', 'user cancelled'],
    },
  ],
};
