import { describe, expect, test } from 'vitest';
import { BUILT_IN_PACKS, classify, createClassifier, RuleError, toolchainPack, validateRule, type Rule, type RulePack } from '../../src/classify/index.js';
import { LINE_SHAPES, type LineShape } from '../../src/classify/line-shape.js';
import { phraseForms } from '../../src/classify/word-forms.js';

/** A line of each shape around a phrase that names a file's extension (`.c:`), as the compiler prints it. */
const SHAPED: Record<LineShape, (phrase: string) => string> = {
  'file:line[:col]: error:': (p) => `src/x${p}3:5: error: x`,
  'file(line,col): error': (p) => (p.endsWith('(') ? `src/x${p}3,5): error X1: x` : `src/x${p}(3,5): error X1: x`),
  'file:line:col - error': (p) => `src/x${p}3:5 - error X1: x`,
  'error[CODE]:': (p) => `error[E0001]: ${p}`,
  '--> file:line:col': (p) => ` --> src/x${p}4:13`,
  // A position fragment (`.go:`) makes the file's name; words (an analyser's finding) make the message.
  'message at file line N.': (p) => `Died at app${p} 3.`,
  'file:line:col: message': (p) => (p.includes(' ') ? `./x.c:5:2: ${p}` : `./x${p}5:2: x`),
  'N failed': (p) => `Tests: 2 ${p}`,
  'not ok N': (p) => `${p} 1 - x`,
  'Word!': (p) => p,
  'Usage: …': (p) => `${p} x [options]`,
  'tool: Ecode: message': (p) => `svn: ${p.toUpperCase()}0001: x`,
  'at fn (file:line)': (p) => `    at f (src/a${p}3:5)`,
  'file:line[:col] RULE message': (p) => `src/x${p}3:5: E501 line too long`,
  'line:col severity message rule': (p) => `  2:10  ${p}  trailing spaces  (trailing-spaces)`,
  // The phrase follows the position's colon (`: undefined`), or is the message's own words.
  'file:line[.col]: message': (p) => (p.startsWith(':') ? `grammar.y:10.7${p} x` : `grammar.y:10.7: x ${p}`),
  'tool: Word': (p) => `x: ${p}`,
  'on line N[:col] of file': (p) => `  ${p} 3:3 of scss/main.scss`,
  'address …': (p) => `192.0.2.10 ${p}`,
  'error: file:line message': (p) => `error: app.conf:3 ${p} x`,
  'Error: file:line + code frame': (p) => `Error: views/index.ejs:1 ${p}\n >> 1| x`,
  'N problems': (p) => `3 ${p}`,
  'error: (file) [Line N, Column M]': (p) => `Template render ${p} (templates/page.njk) [Line 1, Column 4]`,
};

/** An observation that triggers `rule` by its first trigger of each kind. */
function triggerOf(rule: Rule): object {
  const first = rule.phrases?.[0];
  // A word-forms phrase is written with its stems: any of its forms is its trigger.
  const bare = (first !== undefined && rule.wordForms === true ? phraseForms(first)[0]! : first)?.replace(/^\*|\*$/g, '');
  // A shaped rule: the shape's own example when the phrase is in it (`error`), else the phrase (`.c:`) put in the shape.
  const example = rule.shape === undefined ? undefined : LINE_SHAPES[rule.shape].example;
  const shaped = bare !== undefined && example !== undefined ? (example.toLowerCase().includes(bare) ? example : SHAPED[rule.shape!](bare)) : undefined;
  const phrase = shaped ?? bare;
  // A required word on a line of its own: a shaped line must stay in its shape — unless the rule wants it on the
  // phrase's line (`[ruleId]` after a finding). A wildcard in it stands for any word.
  const required = rule.requires?.[0]?.replace(/\*/g, 'x');
  const text = [phrase, required].filter(Boolean).join(rule.shape === undefined || rule.sameLine === true ? ' ' : '\n');
  return {
    // A rule that reads only stdout (a failing command's error line there) is triggered there.
    ...(text ? (rule.sources !== undefined && !rule.sources.includes('stderr') && rule.sources.includes('stdout') ? { stdout: text, exitCode: 1 } : { stderr: text }) : {}),
    ...(rule.codes ? { error: { code: rule.codes[0] } } : {}),
    ...(rule.exitCodes ? { exitCode: rule.exitCodes[0] } : {}),
    ...(rule.statuses ? { status: rule.statuses[0] } : {}),
    ...(rule.signals ? { signal: rule.signals[0] } : {}),
    ...(rule.when === 'testsFailed' ? { tests: { passed: 0, failed: 1, failing: ['t'] } } : {}),
    ...(rule.when === 'validationErrors' ? { stdout: 'x', validationErrors: ['bad'] } : {}),
    ...(rule.when === 'emptyStdout' ? { stdout: '' } : {}),
    ...(rule.when === 'falsyAnswer' ? { stdout: 'false\n', exitCode: 1 } : {}),
  };
}

describe('rule packs are data, and each can be used alone', () => {
  test('the built-in packs are JSON: they survive a round trip unchanged', () => {
    expect(JSON.parse(JSON.stringify(BUILT_IN_PACKS))).toEqual(BUILT_IN_PACKS);
  });

  test('rule ids are unique and prefixed with their pack id', () => {
    const ids = BUILT_IN_PACKS.flatMap((pack) => pack.rules.map((rule) => rule.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const pack of BUILT_IN_PACKS) for (const rule of pack.rules) expect(rule.id.startsWith(`${pack.id}.`)).toBe(true);
  });

  for (const pack of [...BUILT_IN_PACKS, toolchainPack]) {
    test(`pack ${pack.id} alone: every rule fires on its own trigger`, () => {
      const classifier = createClassifier({ packs: [pack] });
      for (const rule of pack.rules) {
        const result = classifier(triggerOf(rule));
        expect(result.evidence.map((e) => e.rule), rule.id).toContain(rule.id);
      }
    });
  }

  test('no packs at all: everything is UNKNOWN', () => {
    expect(classify({ stderr: 'socket hang up', exitCode: 127 }, { packs: [] }).type).toBe('UNKNOWN');
  });
});

describe('config rules extend and override', () => {
  test('a new rule adds a type for new words', () => {
    const rules: Rule[] = [{ id: 'acme.vault-sealed', type: 'DEPENDENCY_FAILURE', phrases: ['vault is sealed'] }];
    expect(classify({ stderr: 'Error: Vault is sealed' }, { rules }).type).toBe('DEPENDENCY_FAILURE');
    expect(classify({ stderr: 'Error: Vault is sealed' }).type).toBe('UNKNOWN');
  });

  test('a rule with a built-in id replaces it; disabled removes it', () => {
    const retype: Rule[] = [{ id: 'node-system.permission', type: 'AUTH_REQUIRED', phrases: ['permission denied'] }];
    expect(classify({ stderr: 'mkdir: /srv/x: Permission denied' }, { rules: retype }).type).toBe('AUTH_REQUIRED');
    // The lexicon knows "socket hang up" too: both readings off, nothing is left.
    const off: Rule[] = [{ id: 'node-system.network', type: 'NETWORK', disabled: true }, { id: 'lexicon.network', type: 'NETWORK', disabled: true }];
    expect(classify({ stderr: 'socket hang up' }, { rules: off }).type).toBe('UNKNOWN');
  });

  test('priority and confidence can be set per rule', () => {
    const rules: Rule[] = [{ id: 'acme.flaky-db', type: 'NETWORK', phrases: ['assertionerror: db'], priority: 2500, confidence: 0.6 }];
    const result = classify({ stderr: 'AssertionError: db not reachable' }, { rules });
    expect(result).toMatchObject({ type: 'NETWORK' });
    expect(result.confidence).toBeGreaterThanOrEqual(0.6);
  });

  test('rules restored from JSON hit the same compiled rule set', () => {
    const rules: Rule[] = [{ id: 'acme.x', type: 'TIMEOUT', phrases: ['took forever'] }];
    const copy = JSON.parse(JSON.stringify(rules)) as Rule[];
    expect(classify({ message: 'it took forever' }, { rules: copy }).type).toBe('TIMEOUT');
  });

  test.each([
    [{ id: 'a', type: 'NOPE', phrases: ['x'] }, 'rules[0].type'],
    [{ id: '', type: 'TIMEOUT', phrases: ['x'] }, 'rules[0].id'],
    [{ id: 'a', type: 'TIMEOUT', phrases: [''] }, 'rules[0].phrases[0]'],
    [{ id: 'a', type: 'TIMEOUT', phrases: ['x'], sources: ['stdin'] }, 'rules[0].sources'],
    [{ id: 'a', type: 'TIMEOUT', exitCodes: ['1'] }, 'rules[0].exitCodes'],
    [{ id: 'a', type: 'TIMEOUT', phrases: ['x'], confidence: 2 }, 'rules[0].confidence'],
    [{ id: 'a', type: 'TIMEOUT', phrases: ['x'], when: 'always' }, 'rules[0].when'],
    [{ id: 'a', type: 'TIMEOUT', phrases: ['x'], regex: '.*' }, 'rules[0].regex'],
    [{ id: 'a', type: 'TIMEOUT' }, 'rules[0]'],
  ])('a bad rule is refused with its path: %j', (rule, path) => {
    try {
      classify({ message: 'x' }, { rules: [rule as unknown as Rule] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RuleError);
      expect((error as RuleError).path).toBe(path);
    }
  });

  test('validateRule accepts every built-in rule', () => {
    for (const pack of BUILT_IN_PACKS) pack.rules.forEach((rule, i) => expect(validateRule(rule, `${pack.id}[${i}]`)).toBe(rule));
  });

  test('a pack without rules is refused', () => {
    expect(() => createClassifier({ packs: [{ id: 'x', description: 'x' } as unknown as RulePack] })).toThrow(RuleError);
  });
});
