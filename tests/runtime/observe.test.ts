/** Issue 14 item 2: what a run records (and so every report shows) has no terminal escape codes. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recover, TaskFailure } from '../../src/runtime/index.js';
import { boundObservation, ERROR_FIELDS, observationFrom } from '../../src/runtime/observe.js';

const ESC = '\x1b';
const coloured = `${ESC}[31m${ESC}[1mError${ESC}[22m: connect ECONNREFUSED 127.0.0.1:5432${ESC}[39m\r\n`;

describe('observations are recorded as the terminal showed them', () => {
  it('a TaskFailure keeps its text without colour codes or carriage returns', () => {
    const observation = observationFrom(new TaskFailure(`${ESC}[33mstep failed${ESC}[0m`, { exitCode: 1, stdout: '10%\r100%\n', stderr: coloured, validationErrors: [`${ESC}[1mMissing section: # Tests${ESC}[0m`] }));
    expect(observation).toMatchObject({
      stdout: '100%\n',
      stderr: 'Error: connect ECONNREFUSED 127.0.0.1:5432\n',
      validationErrors: ['Missing section: # Tests'],
    });
  });

  it('a thrown error with a coloured message is recorded clean, and the run history holds no escape code', async () => {
    expect(observationFrom(new Error(coloured)).error).toMatchObject({ message: 'Error: connect ECONNREFUSED 127.0.0.1:5432\n' });
    const outcome = await recover(() => { throw new TaskFailure('command failed', { exitCode: 1, stderr: `${ESC}[31mFATAL${ESC}[0m: password authentication failed for user "app"` }); }, { policy: { budget: 0 } as never });
    const recorded = JSON.stringify({ history: outcome.history, classification: outcome.classification });
    expect(recorded).not.toContain(ESC);
    expect(recorded).toContain('password authentication failed');
  });
});

describe('observationFrom bounds a thrown value in one pass', () => {
  const text = fc.oneof(fc.string(), fc.constantFrom(coloured, '10%\r100%', '\x9b', '\x9bA\x1b[mB', 'x'.repeat(10_000)));
  const error = fc.letrec((tie) => ({
    error: fc.record({
      message: text,
      code: fc.option(fc.oneof(fc.string(), fc.integer())),
      cause: fc.option(fc.oneof(tie('error'), fc.anything(), text, fc.constant({ toJSON: () => ({ message: 'from toJSON', extra: 1 }) }))),
      stdout: fc.option(text),
      stackLines: fc.nat(40),
    }).map(({ message, code, cause, stdout, stackLines }) => {
      const e = new Error(message) as Error & Record<string, unknown>;
      if (code !== null) e.code = code;
      if (cause !== null) e.cause = cause;
      if (stdout !== null) e.stdout = stdout;
      e.stack = [`Error: ${message}`, ...Array.from({ length: stackLines }, (_, i) => `    at f${i} (/src/app.js:${i}:1)`)].join('\n');
      return e;
    }),
  }));
  const thrown = fc.oneof(error.error, fc.anything(), text, fc.constant({ toJSON: () => ({ foo: { message: 'x' }, code: 'E_JSON' }) }));

  it('property: bounding its result again changes nothing (what was bounded twice before is bounded once)', () => {
    fc.assert(fc.property(thrown, (value) => {
      const observation = observationFrom(value);
      expect(boundObservation(observation)).toEqual(observation);
      expect(JSON.parse(JSON.stringify(observation))).toEqual(observation);
    }));
  });

  it('non-JSON numbers are kept as JSON says them, so a stored observation equals the one made (fast-check found Infinity)', () => {
    expect(observationFrom(Infinity).error).toBe('Infinity');
    expect(observationFrom(Object.assign(new Error('x'), { code: Number.NaN, status: -0 })).error).toMatchObject({ code: 'NaN', status: 0 });
    const observation = observationFrom({ cause: -Infinity });
    expect(JSON.parse(JSON.stringify(observation))).toEqual(observation);
  });

  it('an error whose field getter throws keeps every other field, in the fields\' order', () => {
    const error = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED', syscall: 'connect' });
    Object.defineProperty(error, 'errno', { get() { throw new Error('no errno here'); } });
    error.stack = 'Error: connect ECONNREFUSED 127.0.0.1:5432\n    at connect (/src/db.js:1:1)';
    const described = observationFrom(error).error as Record<string, unknown>;
    expect(described).toEqual({ name: 'Error', message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED', syscall: 'connect', stack: error.stack });
    expect(Object.keys(described)).toEqual(['name', 'message', 'code', 'syscall', 'stack']);
    // The same error without the throwing getter: described alike (the one-go read and the field-by-field one agree).
    const plainError = Object.assign(new Error(error.message), { code: 'ECONNREFUSED', syscall: 'connect' });
    plainError.stack = error.stack;
    expect(observationFrom(plainError).error).toEqual(described);
  });

  it('an error carrying every kept field keeps each, in ERROR_FIELDS order (the one-go read names them all)', () => {
    const error = Object.assign(new Error('m'), Object.fromEntries(ERROR_FIELDS.filter((key) => key !== 'message').map((key) => [key, `${key}-value`])));
    error.stack = 'Error: m\n    at f (/src/a.js:1:1)';
    const described = observationFrom(error).error as Record<string, unknown>;
    expect(Object.keys(described)).toEqual([...ERROR_FIELDS, 'stack']);
    for (const key of ERROR_FIELDS) expect(described[key]).toBe(key === 'message' ? 'm' : `${key}-value`);
  });

  it('a value seen only through toJSON is described from its JSON: its error fields are kept', () => {
    expect(observationFrom({ toJSON: () => ({ message: 'from toJSON', extra: 1 }) }).error).toEqual({ message: 'from toJSON' });
    expect(observationFrom({ toJSON: () => ({ foo: { message: 'x' } }) }).error).toEqual({ foo: { message: 'x' } });
  });
});
