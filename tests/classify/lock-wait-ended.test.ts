import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { classify, createClassifier, GENERIC_PACKS, type Observation } from '../../src/classify/index.js';
import { lockWaitEnded, LOCK_WAIT_ENDED_RULE } from '../../src/classify/lock-wait-ended.js';
import type { Candidate } from '../../src/classify/rule.js';

/**
 * A wait for a held lock that a deadline ended (lock-wait-ended.ts): RESOURCE_BUSY, not the bare
 * TIMEOUT of the exit code. The whole classifier and the generic one agree.
 */
const generic = createClassifier({ packs: GENERIC_PACKS });
const killed = (stderr: string, stdout = ''): Observation => ({ stdout, stderr, exitCode: 124 });

describe('a deadline that ended a wait for a lock: RESOURCE_BUSY', () => {
  test.each([
    ['a repository tool waiting for a lock file, then killed', killed('TERM\n', 'Waiting for lock /work/case/repo/_darcs/lock\nWaiting for lock /work/case/repo/_darcs/lock\n')],
    ["a checkout waiting for another user's lock", killed("vc checkout: [17:42:56] waiting for root's lock in /srv/repo/app\nvc [checkout aborted]: received termination signal\n")],
    ['a package manager waiting to acquire the lock', killed('Waiting to acquire the dpkg frontend lock (held by process 4121)...\n')],
  ])('%s', (_, observation) => {
    expect(classify(observation).type).toBe('RESOURCE_BUSY');
    expect(generic(observation).type).toBe('RESOURCE_BUSY');
  });
});

describe('look-alikes', () => {
  test.each([
    ['a lock waited for, then a build error (no deadline ended it)', { stdout: '', stderr: 'Waiting for lock /repo/.lock\nlock acquired\nsrc/app.c:3:1: error: expected ";"\n', exitCode: 1 }, 'BROKEN_BUILD'],
    ['a deadline that ended a wait for something else', killed('waiting for the server to answer\n'), 'TIMEOUT'],
    ['a deadline; the word lock far from any wait', killed('waiting for replies\nunlocked the door\n'), 'TIMEOUT'],
  ])('%s', (_, observation, type) => {
    expect(classify(observation as Observation).type).toBe(type);
  });
});

const timeoutEnd: Candidate = { order: 0, rule: 'exit-code.timeout', type: 'TIMEOUT', tier: 8, layer: 0, priority: 850, confidence: 0.95, source: 'exitCode', match: 'exit code 124' };
const fields = fc.record({ error: fc.array(fc.string()), stderr: fc.array(fc.string()), message: fc.array(fc.string()), stdout: fc.array(fc.string()) });

describe('lockWaitEnded (properties)', () => {
  test('adds nothing without the deadline exit code; with it, adds at most one RESOURCE_BUSY whose line says lock', () => {
    fc.assert(fc.property(fields, fc.boolean(), fc.constantFrom('', 'Waiting for lock /x/lock\n', 'waiting on the LOCK of y\n'), (text, withEnd, extra) => {
      const t = { ...text, stderr: [...text.stderr, extra] };
      const cs: Candidate[] = withEnd ? [{ ...timeoutEnd }] : [];
      const found = lockWaitEnded(t, cs);
      if (!withEnd) {
        expect([found, cs.length]).toEqual([null, 0]);
        return;
      }
      expect(cs.length).toBe(found === null ? 1 : 2);
      if (found !== null) {
        expect(cs[1]!).toMatchObject({ rule: LOCK_WAIT_ENDED_RULE, type: 'RESOURCE_BUSY' });
        expect(found.toLowerCase()).toContain('lock');
      }
      if (extra !== '') expect(found).not.toBeNull();
    }));
  });
});
