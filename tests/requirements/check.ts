/**
 * What keeps the requirements table true: every path it names exists, every test it names is
 * declared in its file with that exact title, every ✓ has a test, every ◐ and ✗ names its gap,
 * and no id is used twice. A pure function of the table and the files, so a test can feed it
 * fake rows and see it fail.
 */
import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, join, normalize } from 'node:path';
import { splitTestRef, STATUSES, type SeedDocument } from './types.js';

const QUOTES = ["'", '"', '`'] as const;

/**
 * Whether `source` declares a test (or suite) titled `title`: the title as a string literal in any
 * quote, right after an opening parenthesis (`it(`, `describe(`, `it.each(rows)(`…) and before a
 * comma. A plain substring would also accept the title inside a comment or an assertion message.
 */
export function titleIsDeclared(source: string, title: string): boolean {
  return QUOTES.some((quote) => {
    const literal = quote + title.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`) + quote;
    return new RegExp(`\\(\\s*${escapeRegExp(literal)}\\s*,`).test(source);
  });
}

/** Every problem of the table, one line each naming the row; empty when the table holds. */
export function tableProblems(documents: readonly SeedDocument[], root: string): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const sources = new Map<string, string | null>();
  const sourceOf = (file: string) => {
    if (!sources.has(file)) sources.set(file, existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : null);
    return sources.get(file)!;
  };
  for (const document of documents) {
    for (const row of document.rows) {
      const name = `${document.seed} ${JSON.stringify(row.id)}`;
      const problem = (what: string) => problems.push(`${name}: ${what}`);
      if (!row.id.trim()) problem('empty id');
      if (seen.has(row.id)) problem('duplicate id');
      seen.add(row.id);
      if (!row.requirement.trim()) problem('no requirement text');
      if (!STATUSES.includes(row.status)) problem(`unknown status ${JSON.stringify(row.status)}`);
      if (row.status === '✓' && row.tests.length === 0) problem('✓ without a test');
      if (row.status === '✓' && row.gap !== undefined) problem('✓ with a gap: a row that holds has none');
      if (row.status !== '✓' && !row.gap?.trim()) problem(`${row.status} without its gap`);
      if (row.status !== '✗' && row.where.length === 0) problem(`${row.status} without a source path`);
      for (const path of row.where) {
        if (!isRepoRelative(path)) problem(`where ${path}: not a repo-relative path`);
        else if (path.startsWith('tests/')) problem(`where ${path}: a test, not the implementation`);
        else if (!existsSync(join(root, path))) problem(`where ${path}: no such file`);
      }
      for (const ref of row.tests) {
        const { file, title } = splitTestRef(ref);
        if (!title) problem(`test ${ref}: not "file › title"`);
        else if (!isRepoRelative(file) || !file.startsWith('tests/') || !file.endsWith('.ts')) problem(`test ${file}: not a test module under tests/`);
        else if (sourceOf(file) === null) problem(`test ${file}: no such file`);
        else if (!titleIsDeclared(sourceOf(file)!, title)) problem(`test ${file}: no test titled ${JSON.stringify(title)}`);
      }
    }
  }
  return problems;
}

function isRepoRelative(path: string): boolean {
  return path.trim() === path && path !== '' && !isAbsolute(path) && !normalize(path).startsWith('..') && !path.includes('\\');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
