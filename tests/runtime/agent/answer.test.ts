import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FIRST_LINE_MAX, firstLine, readDiagnosis, readFix, type FixAnswer } from '../../../src/runtime/agent/answer.js';

describe('readFix', () => {
  it.each<[string, string, FixAnswer]>([
    ['the whole text', '{"fix": "added the import", "confidence": 0.9}', { kind: 'fix', fix: 'added the import', confidence: 0.9 }],
    ['a ```json fence', 'Done.\n```json\n{"fix": "pinned lodash", "confidence": 0.7}\n```\n', { kind: 'fix', fix: 'pinned lodash', confidence: 0.7 }],
    ['a pretty-printed object', 'Summary:\n{\n  "fix": "renamed the export",\n  "confidence": 0.5\n}\n', { kind: 'fix', fix: 'renamed the export', confidence: 0.5 }],
    ['prose then JSON on the last line', 'I read src/a.ts (it\'s 5" wide).\nThen I fixed it.\n{"fix": "x"}', { kind: 'fix', fix: 'x' }],
    ['two objects: the last wins', '{"fix": "first"} later {"fix": "second", "confidence": 0.4}', { kind: 'fix', fix: 'second', confidence: 0.4 }],
    ['an answer containing a nested object', '{"fix": "outer", "details": {"fix": "inner"}}', { kind: 'fix', fix: 'outer' }],
    ['braces and quotes inside strings', '{"fix": "replaced \\"{\\" with \\"}\\" in a.ts", "confidence": 1}', { kind: 'fix', fix: 'replaced "{" with "}" in a.ts', confidence: 1 }],
    ['a stray unclosed brace in prose before', 'the { in foo was odd\n{"fix": "closed the brace"}', { kind: 'fix', fix: 'closed the brace' }],
    ['a stray quote after a stray brace', 'fn() { say "hi\n{"fix": "y"}', { kind: 'fix', fix: 'y' }],
    ['a later invalid object falls back to the valid one', '{"fix": "good"}\n{"fix": oops}', { kind: 'fix', fix: 'good' }],
    ['fix null', 'Nothing to do.\n{"fix": null}', { kind: 'none' }],
    ['fix empty', '{"fix": ""}', { kind: 'none' }],
    ['fix blank', '{"fix": "  \\n "}', { kind: 'none' }],
    ['fix null ignores a bad confidence', '{"fix": null, "confidence": "high"}', { kind: 'none' }],
    ['confidence null is no confidence', '{"fix": "x", "confidence": null}', { kind: 'fix', fix: 'x' }],
    ['confidence 0', '{"fix": "x", "confidence": 0}', { kind: 'fix', fix: 'x', confidence: 0 }],
    ['a percentage', '{"fix": "x", "confidence": 80}', { kind: 'fix', fix: 'x', confidence: 0.8 }],
    ['confidence 100', '{"fix": "x", "confidence": 100}', { kind: 'fix', fix: 'x', confidence: 1 }],
    ['a numeric string', '{"fix": "x", "confidence": "0.8"}', { kind: 'fix', fix: 'x', confidence: 0.8 }],
    ['a percent string', '{"fix": "x", "confidence": "85%"}', { kind: 'fix', fix: 'x', confidence: 0.85 }],
    ['a percent string with a space', '{"fix": "x", "confidence": " 85 %"}', { kind: 'fix', fix: 'x', confidence: 0.85 }],
    ['a string percentage without %', '{"fix": "x", "confidence": "60"}', { kind: 'fix', fix: 'x', confidence: 0.6 }],
    ['its cost in USD and tokens', '{"fix": "x", "confidence": 0.9, "cost": {"usd": 0.042, "tokens": 1200}}', { kind: 'fix', fix: 'x', confidence: 0.9, cost: { usd: 0.042, tokens: 1200 } }],
    ['its cost in USD only', '{"fix": "x", "cost": {"usd": 0}}', { kind: 'fix', fix: 'x', cost: { usd: 0 } }],
    ['its cost in tokens only', '{"fix": "x", "cost": {"tokens": 0}}', { kind: 'fix', fix: 'x', cost: { tokens: 0 } }],
    ['cost null is no cost', '{"fix": "x", "cost": null}', { kind: 'fix', fix: 'x' }],
    ['a cost with neither part is no cost', '{"fix": "x", "cost": {"usd": null, "model": "m"}}', { kind: 'fix', fix: 'x' }],
    ['fix null ignores a bad cost', '{"fix": null, "cost": "cheap"}', { kind: 'none' }],
  ])('reads %s', (_name, text, expected) => {
    expect(readFix(text)).toEqual(expected);
  });

  it.each([
    ['prose only', 'I could not do it.', 'no JSON object with a "fix" key in the answer (18 characters of prose)'],
    ['empty', '  \n', 'the answer is empty'],
    ['other keys only', '{"result": "x"}', 'no JSON object with a "fix" key in the answer (15 characters of prose)'],
    ['a fix inside a string is not an answer', '"{\\"fix\\": \\"x\\"}"', 'no JSON object with a "fix" key in the answer (18 characters of prose)'],
    ['a number fix', '{"fix": 42}', '"fix" is 42; expected one sentence saying what was changed, or null'],
    ['a list fix', '{"fix": ["a"]}', '"fix" is ["a"]; expected one sentence saying what was changed, or null'],
    ['a word confidence', '{"fix": "x", "confidence": "high"}', '"confidence" is "high"; expected a number from 0 to 1 (or a percentage)'],
    ['a negative confidence', '{"fix": "x", "confidence": -0.1}', '"confidence" is -0.1; expected a number from 0 to 1 (or a percentage)'],
    ['a confidence over 100', '{"fix": "x", "confidence": 150}', '"confidence" is 150; expected a number from 0 to 1 (or a percentage)'],
    ['a percent over 100', '{"fix": "x", "confidence": "120%"}', '"confidence" is "120%"; expected a number from 0 to 1 (or a percentage)'],
    ['a boolean confidence', '{"fix": "x", "confidence": true}', '"confidence" is true; expected a number from 0 to 1 (or a percentage)'],
    ['a cost that is a number', '{"fix": "x", "cost": 0.04}', '"cost" is 0.04; expected {"usd": 0.04, "tokens": 1200} (each optional)'],
    ['a cost that is a list', '{"fix": "x", "cost": [0.04]}', '"cost" is [0.04]; expected {"usd": 0.04, "tokens": 1200} (each optional)'],
    ['a USD cost in a string', '{"fix": "x", "cost": {"usd": "$0.04"}}', '"cost.usd" is "$0.04"; expected a number of US dollars, 0 or more'],
    ['a negative USD cost', '{"fix": "x", "cost": {"usd": -1}}', '"cost.usd" is -1; expected a number of US dollars, 0 or more'],
    ['a fractional token count', '{"fix": "x", "cost": {"tokens": 12.5}}', '"cost.tokens" is 12.5; expected a whole number of tokens, 0 or more'],
    ['a token count in a string', '{"fix": "x", "cost": {"usd": 0.1, "tokens": "1200"}}', '"cost.tokens" is "1200"; expected a whole number of tokens, 0 or more'],
    ['a negative token count', '{"fix": "x", "cost": {"tokens": -3}}', '"cost.tokens" is -3; expected a whole number of tokens, 0 or more'],
  ])('is unreadable for %s, saying why', (_name, text, reason) => {
    expect(readFix(text)).toEqual({ kind: 'unreadable', reason });
  });

  it('says when the answer object is not valid JSON', () => {
    const answer = readFix("Done: {'fix': 'x'} and {\"fix\": 'single quoted'}");
    expect(answer.kind).toBe('unreadable');
    expect(answer.kind === 'unreadable' && answer.reason).toMatch(/^the object with a "fix" key is not valid JSON \(.+\): "\{\\"fix\\": 'single quoted'\}"$/);
  });

  const proseWithoutBraces = fc.string({ maxLength: 200 }).filter((s) => !s.includes('{') && !s.includes('}'));
  const fixText = fc.string({ minLength: 1, maxLength: 200 }).filter((s) => s.trim() !== '');
  const confidence = fc.double({ min: 0, max: 1, noNaN: true });

  it('reads back any fix and confidence embedded after prose, bare or in a fence', () => {
    fc.assert(fc.property(proseWithoutBraces, fixText, confidence, fc.boolean(), (prose, fix, c, fenced) => {
      const json = JSON.stringify({ fix, confidence: c });
      const text = fenced ? `${prose}\n\`\`\`json\n${json}\n\`\`\`\n` : `${prose}\n${json}`;
      expect(readFix(text)).toEqual({ kind: 'fix', fix, confidence: c });
    }));
  });

  it('reads back a pretty-printed answer after an earlier answer', () => {
    fc.assert(fc.property(fixText, fixText, (first, second) => {
      const text = `${JSON.stringify({ fix: first })}\nOn second thought:\n${JSON.stringify({ fix: second, confidence: 0.5 }, null, 2)}`;
      expect(readFix(text)).toEqual({ kind: 'fix', fix: second, confidence: 0.5 });
    }));
  });

  it('never throws on any string', () => {
    fc.assert(fc.property(fc.oneof(fc.string(), fc.stringMatching(/^[{}":\\, a-z\n\d[\]]*$/)), (text) => {
      expect(['fix', 'none', 'unreadable']).toContain(readFix(text).kind);
      expect(['hypotheses', 'unreadable']).toContain(readDiagnosis(text).kind);
    }));
  });

  it.each([
    ['1 MB of {', '{'.repeat(1 << 20)],
    ['1 MB of {"fix":', '{"fix":'.repeat((1 << 20) / 7)],
    ['nested answers broken at the core (each one a parse candidate)', `${'{"fix":'.repeat(50_000)}${'}'.repeat(50_000)}`],
    ['answers nested 50,000 deep', `${'{"fix":'.repeat(50_000)}1${'}'.repeat(49_999)}`],
    ['1 MB of quotes and braces', '"{'.repeat(1 << 19)],
  ])('stays fast on %s', (_name, text) => {
    const started = performance.now();
    expect(readFix(text).kind).toBe('unreadable');
    // Linear work takes milliseconds; a quadratic scan of 1 MB would take minutes.
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('readDiagnosis', () => {
  it.each([
    ['a plain answer', '{"hypotheses": [{"text": "missing import", "confidence": 0.8}]}', [{ text: 'missing import', confidence: 0.8 }]],
    ['prose and a fence, percentages', 'Analysis…\n```json\n{"hypotheses": [{"text": "a", "confidence": 70}, {"text": "b", "confidence": "20%"}]}\n```',
      [{ text: 'a', confidence: 0.7 }, { text: 'b', confidence: 0.2 }]],
    ['empty texts dropped', '{"hypotheses": [{"text": " ", "confidence": 0.9}, {"confidence": 0.9}, "loose", {"text": "kept", "confidence": 0.3}]}',
      [{ text: 'kept', confidence: 0.3 }]],
    ['the last object wins', '{"hypotheses": [{"text": "old", "confidence": 0.1}]} {"hypotheses": [{"text": "new", "confidence": 0.2}]}',
      [{ text: 'new', confidence: 0.2 }]],
  ])('reads %s', (_name, text, hypotheses) => {
    expect(readDiagnosis(text)).toEqual({ kind: 'hypotheses', hypotheses });
  });

  it.each([
    ['no object', 'It is probably the cache.', 'no JSON object with a "hypotheses" key in the answer (25 characters of prose)'],
    ['not a list', '{"hypotheses": "cache"}', '"hypotheses" is "cache"; expected a list of {"text": "…", "confidence": 0.8}'],
    ['an empty list', '{"hypotheses": []}', '"hypotheses" has no hypothesis with a text'],
    ['only blank texts', '{"hypotheses": [{"text": "", "confidence": 1}]}', '"hypotheses" has no hypothesis with a text'],
    ['a bad confidence', '{"hypotheses": [{"text": "a", "confidence": 0.5}, {"text": "b", "confidence": "likely"}]}',
      'hypotheses[1].confidence is "likely"; expected a number from 0 to 1 (or a percentage)'],
    ['a missing confidence', '{"hypotheses": [{"text": "a"}]}', 'hypotheses[0] has no confidence; each hypothesis needs one from 0 to 1'],
  ])('is unreadable for %s', (_name, text, reason) => {
    expect(readDiagnosis(text)).toEqual({ kind: 'unreadable', reason });
  });
});

describe('firstLine', () => {
  it.each([
    ['the first non-blank line', '\n\n  Fixed the import in src/a.ts.\nMore.', 'Fixed the import in src/a.ts.'],
    ['markdown markers removed', '## Summary of   changes\n', 'Summary of changes'],
    ['a bullet', '- bumped the version\n', 'bumped the version'],
    ['fences and JSON skipped', '```json\n{"fix": null}\n```\nNo fix found.', 'No fix found.'],
    ['nothing but JSON', '{"fix": "x"}', ''],
    ['empty', '', ''],
  ])('%s', (_name, text, expected) => {
    expect(firstLine(text)).toBe(expected);
  });

  it('is bounded, and cut with an ellipsis', () => {
    fc.assert(fc.property(fc.string({ minLength: FIRST_LINE_MAX + 1, maxLength: 2000 }).map((s) => `x${s.replace(/\s/g, 'y')}`), (line) => {
      const first = firstLine(`${line}\nsecond`);
      expect(first).toHaveLength(FIRST_LINE_MAX);
      expect(first.endsWith('…')).toBe(true);
      expect(line.startsWith(first.slice(0, -1))).toBe(true);
    }));
  });
});
