import { describe, expect, it } from 'vitest';
import { commandRunOf, decisionsOf, runMetaOf, RunMetaError } from '../../src/runtime/run-meta.js';

/** The meta `recover run` writes, as a record keeps it (JSON). */
const commandRun = () => ({
  command: ['npm', 'test'],
  fromEnv: { command: { '1': ['Bearer ', { env: 'TOKEN' }] } },
  fleet: { task: 'command' },
  cwd: '/repo',
  options: { config: null, timeoutMs: 2000, adapter: null, diagnoser: null, rollback: 'none', onFlaky: null, lastKnownGood: null, agent: { name: 'claude', maxTurns: 4 } },
  traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
  attemptProcesses: [{ pid: 41, pgid: 41, startTime: null, bootId: null, host: 'h', attempt: 1 }],
  takeovers: [{ from: { pid: 7, host: 'h', worker: 'w1' }, fence: 3, atSeq: 4, at: 1 }],
  decisions: [{ by: 'ana', choice: 'retry-fresh', at: 2 }],
  mine: { anything: [1, 2] },
});

describe('run meta', () => {
  it('decodes every key a CLI run keeps, and drops nothing (the caller\'s own keys too)', () => {
    const stored = commandRun();
    const meta = runMetaOf('r1', stored);
    expect(meta).toEqual(commandRun());
    expect(meta.options?.agent?.maxTurns).toBe(4);
    expect(meta.mine).toEqual({ anything: [1, 2] });
  });

  it('names the run and the field when a key is bad', () => {
    const refused = (runId: string, stored: Record<string, unknown>) => expect(() => runMetaOf(runId, stored));
    refused('r1', { ...commandRun(), options: { timeoutMs: 'soon' } })
      .toThrow(expect.objectContaining({ name: 'RunMetaError', code: 'ERR_RUN_META', runId: 'r1', field: 'meta.options.timeoutMs', message: 'run r1: meta.options.timeoutMs is "soon", not a number ≥ 0' }));
    refused('r2', { command: ['npm', 7] }).toThrow('run r2: meta.command[1] is 7, not text');
    refused('r3', { command: [] }).toThrow('run r3: meta.command is an empty list');
    refused('r4', { fromEnv: { adapter: [{ var: 'X' }] } }).toThrow('run r4: meta.fromEnv.adapter[0] is {"var":"X"}, not text; meta.fromEnv.adapter[0].env is missing');
    refused('r5', { options: { agent: { model: 'm' } } }).toThrow('run r5: meta.options.agent.name is missing');
    refused('r6', { options: { rollback: 'svn' } }).toThrow('run r6: meta.options.rollback is "svn", not one of "git", "none"');
    refused('r7', { takeovers: [{ from: {}, fence: 1, atSeq: 0, at: 0 }] }).toThrow('run r7: meta.takeovers[0].from.pid is missing');
  });

  it('reads a library run (its caller\'s keys only) and a hook run (its command one string)', () => {
    expect(runMetaOf('lib', { command: 'mine', hook: 'claude', sessionId: 's', cwd: '/w' }).command).toBe('mine');
    expect(runMetaOf('lib', { step: 'fetch', options: { retries: 3 } }).step).toBe('fetch');
    expect(runMetaOf('lib', {})).toEqual({});
  });

  it('a command run: cwd and options default, and a run with no command is refused naming why', () => {
    expect(commandRunOf('r1', { command: ['make'] }, '/here')).toEqual({ command: ['make'], cwd: '/here', options: {} });
    expect(commandRunOf('r1', commandRun()).cwd).toBe('/repo');
    expect(() => commandRunOf('r9', { runKey: 'k' })).toThrow(new RunMetaError('r9', 'meta.command', "is missing: the run was not started by 'recover run'"));
  });
});

describe('decisionsOf', () => {
  it('keeps the well-formed decisions, oldest first, and drops malformed ones rather than trust them', () => {
    expect(decisionsOf({ decisions: [{ by: 'a', choice: 'skip', at: 1 }, { by: 2 }, 'x', null, { by: 'b', choice: 'abort', at: 2 }] }))
      .toEqual([{ by: 'a', choice: 'skip', at: 1 }, { by: 'b', choice: 'abort', at: 2 }]);
    expect(decisionsOf({ decisions: 'no' })).toEqual([]);
    expect(decisionsOf(undefined)).toEqual([]);
  });
});
