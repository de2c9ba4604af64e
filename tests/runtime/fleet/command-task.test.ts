import { describe, expect, it } from 'vitest';
import { commandInputOf } from '../../../src/runtime/fleet/command-task.js';
import { RunMetaError } from '../../../src/runtime/run-meta.js';

describe('the command input of a run offered to the fleet', () => {
  it('is the command line and directory `recover run` kept in the meta', () => {
    expect(commandInputOf('r1', { command: ['npm', 'test', '--', '-x'], cwd: '/repo', options: {} })).toEqual({ cmd: 'npm', args: ['test', '--', '-x'], cwd: '/repo' });
    expect(commandInputOf('r1', { command: ['make'] })).toEqual({ cmd: 'make', args: [] });
  });

  it('carries the output checks, so a worker that takes the run over checks its output as the owner did', () => {
    const expectations = { sections: ['# Review'], maxChars: 4000 };
    expect(commandInputOf('r1', { command: ['./review.sh'], options: { expect: expectations } })).toEqual({ cmd: './review.sh', args: [], expect: expectations });
    expect(() => commandInputOf('r3', { command: ['x'], options: { expect: { sections: [] } } })).toThrow(new RunMetaError('r3', 'meta.options.expect.sections', 'is an empty list'));
  });

  it('is null for a run that keeps no command line (another kind of run)', () => {
    expect(commandInputOf('r1', { fleet: { task: 'command' } })).toBeNull();
    expect(commandInputOf('r1', { hook: 'claude', sessionId: 's', cwd: '/w', command: 'npm test' })).toBeNull();
  });

  it('carries the tests, the re-run mode and the stored ledger, so a worker that takes the run over continues them', () => {
    const testLedger = { version: 1, ids: ['a'], executions: [{ attempt: 1, probe: false, scope: 'all', statuses: 'f', failures: [{ i: 0 }] }], flaky: [] };
    expect.soft(commandInputOf('r1', { command: ['node', '--test'], options: { tests: ['auto'], rerun: 'whole' }, testLedger }))
      .toEqual({ cmd: 'node', args: ['--test'], tests: ['auto'], rerun: 'whole', testLedger });
    // No ledger yet (the first attempt did not end), no re-run mode (the default stands).
    expect.soft(commandInputOf('r1', { command: ['pytest'], options: { tests: ['report.xml'] } })).toEqual({ cmd: 'pytest', args: [], tests: ['report.xml'] });
    // A ledger without tests is not carried: a run without --tests reads no reports.
    expect.soft(commandInputOf('r1', { command: ['make'], options: {}, testLedger })).toEqual({ cmd: 'make', args: [] });
    // A ledger that is not one (a damaged meta) is not continued: a new one starts.
    expect.soft(commandInputOf('r1', { command: ['pytest'], options: { tests: ['r.xml'] }, testLedger: { version: 2 } })).toEqual({ cmd: 'pytest', args: [], tests: ['r.xml'] });
  });

  it('refuses a bad meta naming the run and the field', () => {
    expect(() => commandInputOf('r2', { command: ['npm'], cwd: 7 })).toThrow(new RunMetaError('r2', 'meta.cwd', 'is 7, not text'));
  });
});
