/** Issue 14 item 2: what a run records (and so every report shows) has no terminal escape codes. */
import { describe, expect, it } from 'vitest';
import { recover, TaskFailure } from '../../src/runtime/index.js';
import { observationFrom } from '../../src/runtime/observe.js';

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
