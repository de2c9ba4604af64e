/**
 * Markdown building blocks that stay safe whatever the recorded text contains: messages come from
 * failing programs and may hold backticks, pipes, newlines or Markdown of their own.
 */

/** Length of the longest run of `char` in `text`. */
function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    run = text[i] === char ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/**
 * A fenced code block around `text`. The fence is one backtick longer than the longest backtick
 * run inside (at least three), so a message containing ``` cannot close the block early.
 */
export function fence(text: string, lang = ''): string {
  const ticks = '`'.repeat(Math.max(3, longestRun(text, '`') + 1));
  return `${ticks}${lang}\n${text.replace(/\r?\n$/, '')}\n${ticks}`;
}

/** Text on one line: newlines and runs of white space become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** An inline code span around `text` (one line), with a delimiter longer than any backtick run inside. */
export function code(text: string): string {
  const flat = oneLine(text);
  const ticks = '`'.repeat(longestRun(flat, '`') + 1);
  // CommonMark strips one space on each side, which keeps a leading or trailing backtick apart.
  const pad = flat.startsWith('`') || flat.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/** A table cell: one line, pipes escaped (GFM splits cells on `|` even inside code spans). */
export function cell(text: string): string {
  const flat = oneLine(text).replace(/\|/g, '\\|');
  return flat === '' ? ' ' : flat;
}

/** A GFM table from a header row and body rows (cells are escaped here). */
export function table(header: string[], rows: string[][]): string[] {
  return [
    `| ${header.map(cell).join(' | ')} |`,
    `|${header.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ];
}

/** `value` quoted for a POSIX shell, unchanged when it needs no quoting. */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_./:@%+=,-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A command's words as one line a person could paste into a shell (each word {@link shellQuote}d). */
export const shellLine = (words: readonly string[]): string => words.map(shellQuote).join(' ');
