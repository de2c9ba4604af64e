/**
 * The requirements table stays true: what it names exists, the tests it cites are declared with
 * those titles, the statuses are consistent, and README's section is exactly the table rendered.
 * `UPDATE_REQUIREMENTS=1 npx vitest run tests/requirements` rewrites that section instead.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { tableProblems, titleIsDeclared } from './check.js';
import { requirementsMarkdown, sectionOf, SECTION_HEADING, withSection } from './markdown.js';
import { REQUIREMENTS } from './requirements.js';
import { at, type Requirement, type SeedDocument } from './types.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const README = fileURLToPath(new URL('../../README.md', import.meta.url));

/** A one-row document around `row`, for the cases that show the check fails. */
const fake = (row: Partial<Requirement>): SeedDocument[] => [{
  seed: '999', title: 'fake',
  rows: [{ id: 'fake-1', requirement: 'a promise', status: '✓', where: ['src/index.ts'], tests: [at('tests/readme.test.ts', 'shows exactly the test command that .ci/run runs')], ...row }],
}];

describe('the requirements table', () => {
  it('covers the five seed documents, 000 to 004, each with rows', () => {
    expect(REQUIREMENTS.map((d) => d.seed)).toEqual(['000', '001', '002', '003', '004']);
    for (const document of REQUIREMENTS) expect(document.rows.length, document.seed).toBeGreaterThan(10);
  });

  it('names only paths that exist and tests declared with exactly those titles; ids unique, every ✓ tested, every gap named', () => {
    expect(tableProblems(REQUIREMENTS, ROOT)).toEqual([]);
  });

  it('fails on a fake row whose test title is gone, or whose file, path, test, gap or id is wrong', () => {
    // The fake row as given holds: the cases below fail only for what each changes.
    expect(tableProblems(fake({}), ROOT)).toEqual([]);
    expect(tableProblems(fake({ tests: [at('tests/readme.test.ts', 'a title that no test has')] }), ROOT))
      .toEqual(['999 "fake-1": test tests/readme.test.ts: no test titled "a title that no test has"']);
    expect(tableProblems(fake({ tests: [at('tests/no-such.test.ts', 'x')] }), ROOT)).toEqual(['999 "fake-1": test tests/no-such.test.ts: no such file']);
    expect(tableProblems(fake({ where: ['src/no-such.ts'] }), ROOT)).toEqual(['999 "fake-1": where src/no-such.ts: no such file']);
    expect(tableProblems(fake({ where: ['/etc/hosts'] }), ROOT)).toEqual(['999 "fake-1": where /etc/hosts: not a repo-relative path']);
    expect(tableProblems(fake({ tests: [] }), ROOT)).toEqual(['999 "fake-1": ✓ without a test']);
    expect(tableProblems(fake({ status: '◐' }), ROOT)).toEqual(['999 "fake-1": ◐ without its gap']);
    expect(tableProblems(fake({ status: '✗', where: [], tests: [], gap: 'not built' }), ROOT)).toEqual([]);
    const twice = fake({});
    expect(tableProblems([...twice, ...twice], ROOT)).toEqual(['999 "fake-1": duplicate id']);
  });

  it('reads a title only as the argument of a test or suite, in any quote, escapes included', () => {
    expect(titleIsDeclared("it('adds', () => {})", 'adds')).toBe(true);
    expect(titleIsDeclared('it.each(rows)(\n  "a %s b",\n  () => {})', 'a %s b')).toBe(true);
    expect(titleIsDeclared("test('keeps the person\\'s edits', () => {})", "keeps the person's edits")).toBe(true);
    expect(titleIsDeclared('it(`has budget ${row.budget}`, () => {})', 'has budget ${row.budget}')).toBe(true);
    // Named in a comment or an assertion message, it is not a test.
    expect(titleIsDeclared("// 'adds'\nexpect(x, 'adds').toBe(1)", 'adds')).toBe(false);
    expect(titleIsDeclared("it('adds more', () => {})", 'adds')).toBe(false);
  });
});

describe('README', () => {
  const expected = requirementsMarkdown(REQUIREMENTS);

  it(`"${SECTION_HEADING.slice(3)}" is the table rendered (UPDATE_REQUIREMENTS=1 rewrites it)`, () => {
    const readme = readFileSync(README, 'utf8');
    if (process.env.UPDATE_REQUIREMENTS === '1' && sectionOf(readme) !== expected) writeFileSync(README, withSection(readme, expected));
    expect(sectionOf(readFileSync(README, 'utf8'))).toBe(expected);
  });

  it('puts a new section before a licence section, or at the end, and replaces an old one in place', () => {
    const section = `${SECTION_HEADING}\n\nnew\n`;
    expect(withSection('# R\n\n## A\n\na\n', section)).toBe(`# R\n\n## A\n\na\n\n${section}`);
    expect(withSection('# R\n\n## License\n\nMIT\n', section)).toBe(`# R\n\n${section}\n## License\n\nMIT\n`);
    expect(withSection(`# R\n\n${SECTION_HEADING}\n\nold\n\n## Layout\n\nl\n`, section)).toBe(`# R\n\n${section}\n## Layout\n\nl\n`);
    expect(sectionOf(`# R\n\n${section}\n## Layout\n`)).toBe(section);
    expect(sectionOf('# R\n')).toBeNull();
  });
});
