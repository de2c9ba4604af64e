/**
 * Security failures through the BUILT CLI: every one escalates after exactly one execution (no
 * retry, no flake probe). Where this process is root, the permission errors are real: the
 * command runs as `nobody` (setpriv) and touches /etc; otherwise the exact text those commands
 * print (checked on Debian coreutils and dash) is printed instead.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { recoverJson, tempCwd } from './cli.js';
import { beforeAllBuilt } from '../helpers/build.js';

beforeAllBuilt();

const canDropPrivileges = process.getuid?.() === 0 && spawnSync('setpriv', ['--version']).status === 0;
const AS_NOBODY = 'setpriv --reuid=65534 --regid=65534 --clear-groups';

/** One case: a shell line whose failure is a security failure, and the type it must get. */
interface Case {
  name: string;
  /** Runs after `echo run >> count` (so the count is kept by the caller's user). */
  line: string;
  type: 'SECURITY_VIOLATION' | 'AUTH_REQUIRED';
}

const probe = `/etc/recover-probe-${process.pid}`;
const real: Case[] = [
  { name: 'touch in /etc as nobody', line: `${AS_NOBODY} touch ${probe}`, type: 'SECURITY_VIOLATION' },
  { name: 'mkdir in /etc as nobody', line: `${AS_NOBODY} mkdir ${probe}`, type: 'SECURITY_VIOLATION' },
  { name: 'chmod of /etc/hosts as nobody (EPERM)', line: `${AS_NOBODY} chmod 777 /etc/hosts`, type: 'SECURITY_VIOLATION' },
  { name: 'node writing /etc as nobody (EACCES)', line: `${AS_NOBODY} node -e "require('fs').writeFileSync('${probe}', '')"`, type: 'SECURITY_VIOLATION' },
  { name: 'a shell redirect into /etc as nobody', line: `${AS_NOBODY} sh -c 'echo x > ${probe}'`, type: 'SECURITY_VIOLATION' },
];
const printed: Case[] = [
  // The text that redaction used to turn into EMPTY_OUTPUT ('/etc/passwd': read as a key).
  { name: "'/etc/passwd': Operation not permitted", line: `echo "touch: cannot touch '/etc/passwd': Operation not permitted" >&2; exit 1`, type: 'SECURITY_VIOLATION' },
  { name: 'EPERM on /etc', line: `echo "Error: EPERM: operation not permitted, open '/etc/hosts'" >&2; exit 1`, type: 'SECURITY_VIOLATION' },
  { name: 'touch in /etc (as printed)', line: `echo "touch: cannot touch '${probe}': Permission denied" >&2; exit 1`, type: 'SECURITY_VIOLATION' },
  { name: 'mkdir in /etc (as printed)', line: `echo "mkdir: cannot create directory ‘${probe}’: Permission denied" >&2; exit 1`, type: 'SECURITY_VIOLATION' },
  { name: 'ssh: Permission denied (publickey,password)', line: `echo "deploy@203.0.113.7: Permission denied (publickey,password)." >&2; exit 255`, type: 'AUTH_REQUIRED' },
  { name: '/etc/shadow with a password in the same output', line: `echo "cat: /etc/shadow: Permission denied password=hunter2" >&2; exit 1`, type: 'SECURITY_VIOLATION' },
];

describe('security failures run exactly once (built CLI)', () => {
  test.each([...(canDropPrivileges ? real : []), ...printed])('$name', ({ line, type }) => {
    const dir = tempCwd();
    const { status, outcome } = recoverJson<{ status: string; attempts: number; classification: { type: string } }>(
      dir, ['run', '--', 'sh', '-c', `echo run >> count; ${line}`],
    );
    expect(readFileSync(join(dir, 'count'), 'utf8')).toBe('run\n');
    expect(outcome.attempts).toBe(1);
    expect(outcome.classification.type).toBe(type);
    expect(outcome.status).toBe('escalated');
    expect(status).toBe(3);
  });
});
