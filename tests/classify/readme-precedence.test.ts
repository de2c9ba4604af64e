import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { precedenceTable } from '../../src/classify/precedence.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const BEGIN = '<!-- precedence:begin -->';
const END = '<!-- precedence:end -->';

describe("the README's precedence table (issue 30)", () => {
  test('is the one the code generates (src/classify/precedence.ts): it cannot go stale', () => {
    const from = readme.indexOf(BEGIN);
    const to = readme.indexOf(END);
    expect(from).toBeGreaterThan(-1);
    expect(to).toBeGreaterThan(from);
    // When this fails, paste precedenceTable()'s output between the two markers.
    expect(readme.slice(from + BEGIN.length, to).trim()).toBe(precedenceTable());
  });
});
