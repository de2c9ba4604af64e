import { describe, expect, test } from 'vitest';
import { CliError, exitCodeOfError, STORE_ERROR_EXIT, UsageError } from '../../src/cli/errors.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { helpOf, parseFlags, parseOptions } from '../../src/cli/options.js';
import { outputStyle } from '../../src/cli/output-options.js';
import type { OptionDecls } from '../../src/cli/verb.js';
import { CorruptRunError, RunFencedError, RunLockedError, RunNotFoundError, StoreUnavailableError, StoreWriteError } from '../../src/store/errors.js';
import { MissingPackageError } from '../../src/optional-package.js';

const OPTIONS = {
  format: { type: 'string', choices: ['yaml', 'json'], default: 'yaml', description: 'output format' },
  json: { type: 'boolean', description: 'print JSON' },
  store: { type: 'string', value: 'DIR', description: 'run store\nsecond line' },
  secret: { type: 'string', hidden: true, description: 'internal' },
} as const satisfies OptionDecls;

const usageMessage = (fn: () => unknown): string => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('no usage error');
};

describe('parseOptions: one declaration, strict parsing', () => {
  test('defaults fill absent options, values and positionals come through', () => {
    expect(parseOptions(['RUN', '--json'], OPTIONS)).toEqual({ values: { format: 'yaml', json: true }, positionals: ['RUN'] });
    expect(parseOptions(['--format', 'json', '--store', 'x'], OPTIONS).values).toEqual({ format: 'json', store: 'x' });
  });

  test('an unknown option names the near one instead of suggesting it goes to a child', () => {
    expect(usageMessage(() => parseOptions(['--jsn'], OPTIONS))).toBe("unknown option '--jsn' (did you mean --json?)");
    expect(usageMessage(() => parseOptions(['--zzzzzz'], OPTIONS))).toBe("unknown option '--zzzzzz'");
  });

  test('a value outside the choices names them', () => {
    expect(usageMessage(() => parseOptions(['--format', 'jsn'], OPTIONS))).toBe("--format must be one of yaml, json (got 'jsn') (did you mean json?)");
  });

  test('a missing value, a value given to a flag', () => {
    expect(usageMessage(() => parseOptions(['--store'], OPTIONS))).toBe("option '--store' needs a value");
    expect(usageMessage(() => parseOptions(['--json=1'], OPTIONS))).toBe("option '--json' takes no value");
  });

  test('--quiet and --verbose together are refused; colour flags win', () => {
    expect(() => outputStyle({ quiet: true, verbose: true })).toThrow(UsageError);
    expect(outputStyle({ 'no-color': true, color: true })).toEqual({ color: false, verbosity: 'normal' });
    expect(outputStyle({ color: true, quiet: true })).toEqual({ color: true, verbosity: 'quiet' });
  });
});

describe('parseFlags: a verb that takes options only', () => {
  test('gives the values; an argument is refused, named', () => {
    expect(parseFlags(['--json'], OPTIONS)).toMatchObject({ json: true, format: 'yaml' });
    expect(usageMessage(() => parseFlags(['--json', 'extra', 'more'], OPTIONS))).toBe("unexpected argument 'extra'");
  });
});

describe('helpOf: the help comes from the same declaration', () => {
  test('every visible option with its value, description and default; hidden ones left out', () => {
    const help = helpOf({ name: 'history', synopsis: 'RUN_ID', description: 'Prints it.', options: OPTIONS, examples: ['recover history X'] });
    expect(help).toContain('Usage: recover history RUN_ID\n\nPrints it.\n');
    expect(help).toMatch(/^ {2}--format yaml\|json +output format \(default: yaml\)$/m);
    expect(help).toMatch(/^ {2}--store DIR +run store$/m);
    expect(help).toMatch(/^ +second line$/m);
    expect(help).toMatch(/^ {2}-h, --help +show this help$/m);
    expect(help).not.toContain('secret');
    expect(help).toContain('Examples:\n  recover history X\n');
  });
});

describe('errors become exit codes in one place', () => {
  test('a CliError carries its own code; a usage error is 2', () => {
    expect(exitCodeOfError(new CliError('x'))).toBe(EXIT.usage);
    expect(exitCodeOfError(new CliError('x', EXIT.locked))).toBe(75);
    expect(exitCodeOfError(new UsageError('x'))).toBe(2);
  });

  test('store errors by the table; anything else is internal', () => {
    expect(exitCodeOfError(new RunLockedError('r1', 1234))).toBe(EXIT.locked);
    expect(exitCodeOfError(new RunNotFoundError('r1'))).toBe(EXIT.usage);
    expect(exitCodeOfError(new CorruptRunError('/x/r1.json', 'r1', new SyntaxError('bad json')))).toBe(EXIT.usage);
    expect(exitCodeOfError(new TypeError('boom'))).toBe(EXIT.internal);
    expect(exitCodeOfError(Object.assign(new Error('x'), { exitCode: 2 }))).toBe(EXIT.internal);
    expect(exitCodeOfError(new RunFencedError('r1', 1, 2))).toBe(EXIT.locked);
    expect(exitCodeOfError(new StoreWriteError('/x/r1.json', 'r1', 'ENOSPC', null))).toBe(EXIT.storeFailed);
    expect(EXIT.storeFailed).toBe(74);
    // A database that cannot be reached, named by the store or as the driver reports a cut connection.
    expect(exitCodeOfError(new StoreUnavailableError('postgres://u:***@db:5432/x', 'connect ECONNREFUSED 10.0.0.1:5432'))).toBe(EXIT.storeUnavailable);
    expect(exitCodeOfError(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe(69);
    expect(exitCodeOfError(new Error('Connection terminated unexpectedly'))).toBe(69);
    expect(exitCodeOfError(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(EXIT.internal);
    // An optional package a feature needs (pg for a postgres:// store): the user installs it, a setup problem.
    expect(exitCodeOfError(new MissingPackageError('pg', 'A PostgreSQL store'))).toBe(EXIT.usage);
    expect(Object.keys(STORE_ERROR_EXIT).sort()).toEqual([
      'ERR_FIX_MEMORY_FILE', 'ERR_FLAKY_MEMORY_FILE', 'ERR_INVALID_RUN_ID', 'ERR_MISSING_PACKAGE', 'ERR_RUN_CORRUPT', 'ERR_RUN_FENCED', 'ERR_RUN_LOCKED', 'ERR_RUN_NOT_FOUND', 'ERR_SNAPSHOT_MISMATCH',
      'ERR_STORE_UNAVAILABLE', 'ERR_STORE_WRITE',
    ]);
  });
});
