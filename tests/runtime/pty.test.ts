/**
 * The command on a pseudo-terminal (util-linux `script`), with real processes: it sees a terminal
 * of the given size, its output is still captured, its exit code comes through, and a missing
 * program is still reported as not found by name.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { runCommandOnce } from '../../src/runtime/command.js';
import { findsProgram, scriptBinary, shellQuote } from '../../src/runtime/pty.js';

const TTY_PROBE = 'console.log(JSON.stringify([process.stdout.isTTY === true, process.stdout.columns ?? null])); console.error("to stderr"); process.exit(3)';

describe('shellQuote', () => {
  test('sh reads back any word exactly', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }).filter((s) => !s.includes('\0')), (word) => {
      const out = spawnSync('/bin/sh', ['-c', `printf %s ${shellQuote(word)}`], { encoding: 'utf8' });
      expect(out.stdout).toBe(word);
    }), { numRuns: 60 });
  });
});

describe('findsProgram', () => {
  const dir = mkdtempSync(join(tmpdir(), 'pty-'));
  writeFileSync(join(dir, 'tool'), '#!/bin/sh\n', { mode: 0o755 });
  writeFileSync(join(dir, 'data'), 'x', { mode: 0o644 });
  test.each([
    ['a name on PATH', 'tool', true],
    ['a relative path', './tool', true],
    ['a file that is not executable', './data', false],
    ['a name nowhere', 'no-such-tool-xyz', false],
    ['a directory', '.', false],
  ])('%s', (_what, cmd, found) => {
    expect(findsProgram(cmd, dir, dir)).toBe(found);
  });
});

describe.runIf(scriptBinary() !== null)('runCommandOnce with a pty', () => {
  test('the command sees a terminal of that size; output (stderr merged) and exit code are kept', async () => {
    const result = await runCommandOnce(process.execPath, ['-e', TTY_PROBE], { pty: { columns: 101, rows: 30 }, tailBytes: 4096 });
    expect(result.exitCode).toBe(3);
    expect(result.stdout).toContain('[true,101]\n');
    expect(result.stdout).not.toContain('\r\n');
    expect(result.stdout).toContain('to stderr');
  });

  test('without a pty nothing changes: pipes, separate streams', async () => {
    const result = await runCommandOnce(process.execPath, ['-e', TTY_PROBE], { pty: null });
    expect(result).toMatchObject({ exitCode: 3, stdout: '[false,null]\n', stderr: 'to stderr\n' });
  });

  test('a missing program is not wrapped: reported as not found, by name', async () => {
    const result = await runCommandOnce('no-such-program-xyz', [], { pty: { columns: 80, rows: 24 } });
    expect(result).toMatchObject({ exitCode: 127, notFound: true });
    expect(result.stderr).toBe('no-such-program-xyz: command not found\n');
  });

  test('arguments reach the program exactly, quotes and all', async () => {
    const args = ["it's", 'a "b" $HOME `x`', ''];
    const result = await runCommandOnce(process.execPath, ['-e', 'console.log(JSON.stringify(process.argv.slice(1)))', ...args], { pty: { columns: 80, rows: 24 } });
    expect(JSON.parse(result.stdout.trim())).toEqual(args);
  });
});
