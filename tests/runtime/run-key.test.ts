import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ensureDecisionOffered, keyedRunId, RUN_KEY_PREFIX, runIdForKey } from '../../src/runtime/run-key.js';
import { runIdProblem } from '../../src/store/run-id.js';
import type { RunRecord } from '../../src/store/types.js';

describe('runIdForKey', () => {
  it('is a valid run id for every non-empty key, and the same for the same key', () => {
    fc.assert(fc.property(fc.string({ minLength: 1, unit: 'binary' }), (key) => {
      const id = runIdForKey(key);
      expect(runIdProblem(id)).toBeNull();
      expect(id.startsWith(RUN_KEY_PREFIX)).toBe(true);
      expect(runIdForKey(key)).toBe(id);
    }));
  });

  it('gives distinct keys distinct ids, keys that differ only in characters a run id may not hold included', () => {
    fc.assert(fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
      fc.pre(a !== b);
      expect(runIdForKey(a)).not.toBe(runIdForKey(b));
    }));
    expect(runIdForKey('thread/1')).not.toBe(runIdForKey('thread:1'));
  });

  it('is pinned: a key found in a store today is found by a later release', () => {
    // `key-` and the first 32 hex digits of SHA-256("thread-42:review").
    expect(runIdForKey('thread-42:review')).toBe('key-b1fcb6468922aa853e1a10218f569e4a');
  });

  it('never collides with a generated (time-ordered) run id', () => {
    expect(runIdForKey('20261121-125406-3f9a1c2b')).not.toBe('20261121-125406-3f9a1c2b');
  });

  it('refuses an empty or non-string key', () => {
    expect(() => runIdForKey('')).toThrow(TypeError);
    expect(() => runIdForKey(undefined as unknown as string)).toThrow(/runKey must be a non-empty string/);
  });
});

describe('keyedRunId', () => {
  it('accepts a runId that is the key’s and refuses one that is not', () => {
    const id = runIdForKey('k');
    expect(keyedRunId('k', undefined)).toBe(id);
    expect(keyedRunId('k', id)).toBe(id);
    expect(() => keyedRunId('k', 'other')).toThrow(/runKey and runId name different runs/);
  });
});

describe('ensureDecisionOffered', () => {
  const record = (decisionOptions: string[] | null) => ({ runId: 'r1', decisionOptions }) as RunRecord;

  it('refuses a choice the run does not offer, naming the run and its choices', () => {
    expect(() => ensureDecisionOffered(record(['retry-fresh', 'skip']), { choice: 'rollback' })).toThrow("run r1 does not offer the decision 'rollback'; its choices: retry-fresh, skip");
  });

  it('accepts an offered choice in the machine spelling (retry-with-modifications is offered as retry-with)', () => {
    expect(() => ensureDecisionOffered(record(['retry-with']), { choice: 'retry-with-modifications' })).not.toThrow();
    expect(() => ensureDecisionOffered(record(null), { choice: 'abort' })).not.toThrow();
  });

  it('accepts the CLI spelling too, and refuses an untyped caller\'s non-decision instead of leaving the run escalated', () => {
    expect(() => ensureDecisionOffered(record(['retry-with']), { choice: 'retry-with' })).not.toThrow();
    expect(() => ensureDecisionOffered(record(['retry-with']), JSON.parse('{"choice":"skp"}') as never)).toThrow("run r1: 'skp' is not a decision; choose one of retry-fresh, retry-with, skip, rollback, abort, manual");
  });
});
