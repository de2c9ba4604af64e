/**
 * The verb preamble written once (src/cli/define-verb.ts): every operand rule a verb declares,
 * with the usage errors the verbs gave before it existed, and the values the handler is handed.
 */
import { describe, expect, expectTypeOf, test } from 'vitest';
import { defineVerb } from '../../src/cli/define-verb.js';
import { UsageError } from '../../src/cli/errors.js';
import { splitInspect, INSPECTION_OPTIONS } from '../../src/cli/inspection.js';
import type { CliIO, VerbSpec } from '../../src/cli/verb.js';

const io = { stdout: { write: () => true }, stderr: { write: () => true }, stdin: [], env: {}, cwd: '/' } as unknown as CliIO;

const OPTIONS = {
  json: { type: 'boolean', description: 'print JSON' },
  format: { type: 'string', choices: ['md', 'json'], default: 'md', description: 'output format' },
} as const;

/** A verb of `spec` whose handler hands back what it was given. */
function echo<const S extends VerbSpec>(spec: S) {
  let seen: unknown;
  const verb = defineVerb(spec, async (input) => {
    seen = input;
    return 0;
  });
  return async (args: string[]) => {
    seen = undefined;
    await verb.run(args, io);
    return seen;
  };
}

const base = { synopsis: '', description: '', examples: [] } as const;

describe('operands', () => {
  test('none declared: options only, an argument is refused naming it', async () => {
    const run = echo({ ...base, name: 'stats', options: OPTIONS });
    expect(await run(['--json'])).toEqual({ values: { json: true, format: 'md' }, operands: [], command: [] });
    await expect(run(['extra'])).rejects.toThrow(new UsageError("unexpected argument 'extra'"));
  });

  test('count: exactly that many, else the declared error', async () => {
    const run = echo({ ...base, name: 'history', options: OPTIONS, operands: { count: 1, error: 'expected exactly one RUN_ID' } });
    expect(await run(['r1', '--format', 'json'])).toEqual({ values: { format: 'json' }, operands: ['r1'], command: [] });
    await expect(run([])).rejects.toThrow(new UsageError('expected exactly one RUN_ID'));
    await expect(run(['r1', 'r2'])).rejects.toThrow(new UsageError('expected exactly one RUN_ID'));
  });

  test('count with a first word: a sub-command, checked as well as the count', async () => {
    const run = echo({ ...base, name: 'pipeline', options: {}, operands: { count: 2, first: 'run', error: 'usage: recover pipeline run FILE' } });
    expect(await run(['run', 'p.yaml'])).toEqual({ values: {}, operands: ['run', 'p.yaml'], command: [] });
    await expect(run(['go', 'p.yaml'])).rejects.toThrow(new UsageError('usage: recover pipeline run FILE'));
    await expect(run(['run'])).rejects.toThrow(new UsageError('usage: recover pipeline run FILE'));
  });

  test('rest: any number of words', async () => {
    const run = echo({ ...base, name: 'classify', options: OPTIONS, operands: { rest: true } });
    expect(await run([])).toMatchObject({ operands: [] });
    expect(await run(['Error:', 'ECONNREFUSED', '--json'])).toEqual({ values: { json: true, format: 'md' }, operands: ['Error:', 'ECONNREFUSED'], command: [] });
  });

  test('command: what follows -- untouched; a word before it, or no command, refused', async () => {
    const run = echo({ ...base, name: 'run', options: OPTIONS, operands: { command: { missing: 'no command given' } } });
    expect(await run(['--json', '--', 'node', '--json', 'x'])).toEqual({ values: { json: true, format: 'md' }, operands: [], command: ['node', '--json', 'x'] });
    await expect(run(['npm', 'test'])).rejects.toThrow(new UsageError("put the command after '--': recover run [options] -- npm test"));
    await expect(run(['--json'])).rejects.toThrow(new UsageError('no command given'));
    await expect(run(['--json', '--'])).rejects.toThrow(new UsageError('no command given'));
  });
});

describe('options before operands', () => {
  test('a misspelt option is named even when the operands are wrong too', async () => {
    const run = echo({ ...base, name: 'history', options: OPTIONS, operands: { count: 1, error: 'expected exactly one RUN_ID' } });
    await expect(run(['--jsn'])).rejects.toThrow(new UsageError("unknown option '--jsn' (did you mean --json?)"));
  });

  test('rewrite applies to the arguments before -- only (--inspect URL), not to the command', async () => {
    const spec = { ...base, name: 'run', options: INSPECTION_OPTIONS, operands: { command: { missing: 'no command given' } }, rewrite: splitInspect } as const;
    expect(await echo(spec)(['--inspect', 'ws://127.0.0.1:9', '--', 'x', '--inspect', 'ws://a'])).toEqual({
      values: { inspect: true, 'inspect-url': 'ws://127.0.0.1:9' }, operands: [], command: ['x', '--inspect', 'ws://a'],
    });
  });
});

test('the handler is handed values typed from the spec (checked by the type check)', async () => {
  const spec = { ...base, name: 'pipeline', options: OPTIONS, operands: { count: 2, first: 'run', error: 'usage' } } as const;
  const verb = defineVerb(spec, async ({ values, operands, command }) => {
    expectTypeOf(values.json).toEqualTypeOf<boolean | undefined>();
    expectTypeOf(values.format).toEqualTypeOf<string>();
    expectTypeOf(operands).toEqualTypeOf<[string, string]>();
    expectTypeOf(command).toEqualTypeOf<[]>();
    return operands[1].length;
  });
  expect(await verb.run(['run', 'p.yaml'], io)).toBe('p.yaml'.length);
  const run = defineVerb({ ...base, name: 'run', options: {}, operands: { command: { missing: 'none' } } }, async ({ command }) => {
    expectTypeOf(command).toEqualTypeOf<[string, ...string[]]>();
    return command.length;
  });
  expect(await run.run(['--', 'a', 'b'], io)).toBe(2);
});
