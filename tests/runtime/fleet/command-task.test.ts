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

  it('refuses a bad meta naming the run and the field', () => {
    expect(() => commandInputOf('r2', { command: ['npm'], cwd: 7 })).toThrow(new RunMetaError('r2', 'meta.cwd', 'is 7, not text'));
  });
});
