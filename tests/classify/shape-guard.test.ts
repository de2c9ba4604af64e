import { describe, expect, test } from 'vitest';
import { createClassifier, type Observation } from '../../src/classify/index.js';
import type { Rule } from '../../src/classify/rule.js';

/**
 * A rule's own line shape decides whether its phrase may sit inside an identifier (issue 30, found
 * in the ninth capture's session): a shaped rule's phrase is judged by its line, every other
 * rule's occurrence of the same phrase still by the identifier check. Before, one shaped rule made
 * the phrase open for every rule that shared it.
 */
const fail = (stderr: string): Observation => ({ stdout: '', stderr, exitCode: 1 });
const plain: Rule = { id: 'test.plain', type: 'TIMEOUT', phrases: ['frobnicated'] };
const shaped: Rule = { id: 'test.shaped', type: 'BROKEN_BUILD', phrases: ['frobnicated'], shape: 'file:line[:col]: error:' };
const open: Rule = { id: 'test.open', type: 'NETWORK', phrases: ['frobnicated'], inIdentifiers: true };

describe('a shared phrase: each rule by its own shape', () => {
  const both = createClassifier({ packs: [], rules: [plain, shaped] });
  const alone = createClassifier({ packs: [], rules: [plain] });

  test('inside a path, the plain rule does not count, beside a shaped rule as alone', () => {
    const text = fail('cp ./scripts/frobnicated.sh /tmp/x\n');
    expect(alone(text).type).toBe('UNKNOWN');
    expect(both(text).type).toBe('UNKNOWN');
  });

  test('in its shape, the shaped rule counts', () => {
    expect(both(fail('main.c:3:5: error: frobnicated twice\n')).type).toBe('BROKEN_BUILD');
  });

  test('in prose, the plain rule counts', () => {
    expect(both(fail('the request frobnicated after 30 s\n')).type).toBe('TIMEOUT');
  });

  test('a rule that opts in to identifiers still counts inside one, beside a plain rule', () => {
    const mixed = createClassifier({ packs: [], rules: [plain, open] });
    const result = mixed(fail('cp ./scripts/frobnicated.sh /tmp/x\n'));
    expect(result.type).toBe('NETWORK');
    expect(result.evidence.map((e) => e.rule)).not.toContain('test.plain');
  });
});
