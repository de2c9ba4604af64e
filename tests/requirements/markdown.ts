/**
 * The README section "Requirements of the seed documents", rendered from the table, and the two
 * string operations that find it in README.md and put a new one in its place.
 */
import { basename } from 'node:path';
import { splitTestRef, STATUSES, type Requirement, type SeedDocument } from './types.js';

/** The section's heading, exactly as it stands in README.md. */
export const SECTION_HEADING = '## Requirements of the seed documents';

const INTRO = [
  'Each promise of the five seed documents that DESIGN.md unifies, where it is implemented and the',
  'test that shows it: ✓ implemented and shown by that test, ◐ partly (what is missing is said),',
  '✗ not built. The table is data (`tests/requirements/`); `tests/requirements/requirements.test.ts`',
  'fails when a path or a test title it names is gone, or when this section differs from it;',
  '`UPDATE_REQUIREMENTS=1 npx vitest run tests/requirements` rewrites this section.',
].join('\n');

/** The whole section, heading included, ending with a newline. */
export function requirementsMarkdown(documents: readonly SeedDocument[]): string {
  const parts = [SECTION_HEADING, '', INTRO, '', totalsTable(documents)];
  for (const document of documents) {
    parts.push('', `### ${document.seed} · ${document.title} — ${counts(document.rows)}`, '');
    parts.push('| id | requirement | status | where | test |', '|---|---|---|---|---|');
    for (const row of document.rows) parts.push(rowLine(row));
  }
  return `${parts.join('\n')}\n`;
}

/**
 * The section as README.md has it (heading to the next `## ` heading or the end, ending with one
 * newline, as {@link requirementsMarkdown} renders it), or null without one.
 */
export function sectionOf(readme: string): string | null {
  const start = findHeading(readme, SECTION_HEADING);
  if (start < 0) return null;
  const end = nextTopHeading(readme, start + SECTION_HEADING.length);
  return readme.slice(start, end < 0 ? undefined : end).replace(/\n*$/, '\n');
}

/**
 * README.md with `section` in place of the old one; a README without one gets it before a licence
 * section if there is one, else at the end.
 */
export function withSection(readme: string, section: string): string {
  const start = findHeading(readme, SECTION_HEADING);
  if (start >= 0) {
    const end = nextTopHeading(readme, start + SECTION_HEADING.length);
    return readme.slice(0, start) + section + (end < 0 ? '' : `\n${readme.slice(end)}`);
  }
  const licence = /^## Licen[cs]e\b/m.exec(readme);
  if (licence) return `${readme.slice(0, licence.index)}${section}\n${readme.slice(licence.index)}`;
  return `${readme.replace(/\n*$/, '\n\n')}${section}`;
}

function totalsTable(documents: readonly SeedDocument[]): string {
  const lines = ['| document | ✓ | ◐ | ✗ |', '|---|---|---|---|'];
  for (const d of documents) lines.push(`| ${d.seed} · ${cell(d.title)} | ${STATUSES.map((s) => d.rows.filter((r) => r.status === s).length).join(' | ')} |`);
  return lines.join('\n');
}

function counts(rows: readonly Requirement[]): string {
  return STATUSES.map((status) => `${status} ${rows.filter((r) => r.status === status).length}`).join(' · ');
}

function rowLine(row: Requirement): string {
  const status = row.gap ? `${row.status} ${cell(row.gap)}` : row.status;
  const where = row.where.map((path) => `\`${path}\``).join(', ') || '—';
  const tests = row.tests.map(testCell).join('<br>') || '—';
  return `| ${cell(row.id)} | ${cell(row.requirement)} | ${status} | ${where} | ${tests} |`;
}

/**
 * A test as `file.test.ts` › title: the file's name only, the title as plain text (its Markdown
 * characters escaped; `_` is left alone, since GitHub never reads one inside a word as emphasis).
 */
function testCell(ref: string): string {
  const { file, title } = splitTestRef(ref);
  return `\`${basename(file)}\` › ${title.replace(/[\\`*|<>[\]]/g, '\\$&')}`;
}

/** Text the table's author wrote (code spans allowed): only what would break the row is escaped. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

function findHeading(text: string, heading: string): number {
  if (text.startsWith(`${heading}\n`)) return 0;
  const i = text.indexOf(`\n${heading}\n`);
  return i < 0 ? -1 : i + 1;
}

function nextTopHeading(text: string, from: number): number {
  const i = text.indexOf('\n## ', from);
  return i < 0 ? -1 : i + 1;
}
