/**
 * The end of a failure's output, made fit for a prompt: what an agent needs is the last error,
 * not ten thousand identical progress lines or colour codes. Deduplicated, then bounded.
 */

/** Bounds of {@link outputTail}. */
export interface TailBounds {
  /** Most lines kept (after deduplication). Default 60. */
  maxLines?: number;
  /** Most characters kept. Default 4096. */
  maxChars?: number;
}

/** Default most lines of {@link outputTail}. */
export const TAIL_MAX_LINES = 60;
/** Default most characters of {@link outputTail}. */
export const TAIL_MAX_CHARS = 4096;

// Only the end of a huge output is read: 16 × the character bound leaves room for many repeats.
const READ_FACTOR = 16;
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]/g;

/**
 * The last lines of `text`: ANSI colour codes removed, `\r` progress rewrites reduced to their
 * final state, consecutive repeated lines collapsed to one marked `(×N)`, then at most
 * `maxLines` lines and `maxChars` characters from the end. When lines were left out, the first
 * line says how many (`(… 120 earlier lines not shown)`). `''` for blank output.
 */
export function outputTail(text: string, bounds: TailBounds = {}): string {
  const maxLines = bounds.maxLines ?? TAIL_MAX_LINES;
  const maxChars = bounds.maxChars ?? TAIL_MAX_CHARS;
  const readFrom = Math.max(0, text.length - maxChars * READ_FACTOR);
  const lines = text.slice(readFrom).replace(ANSI, '').split('\n').map((line) => {
    const rewrite = line.replace(/\r+$/, '');
    return rewrite.slice(rewrite.lastIndexOf('\r') + 1).trimEnd();
  });
  // The first line of a slice taken mid-output is probably cut: drop it, unless it is all there is.
  if (readFrom > 0 && lines.length > 1) lines.shift();
  while (lines.length > 0 && !lines[0]) lines.shift();
  while (lines.length > 0 && !lines.at(-1)) lines.pop();
  const collapsed = collapseRepeats(lines);
  const kept: string[] = [];
  let chars = 0;
  for (let i = collapsed.length - 1; i >= 0 && kept.length < maxLines; i--) {
    const line = collapsed[i] ?? '';
    if (chars + line.length + 1 > maxChars) {
      // A single huge last line still shows its end rather than nothing.
      if (kept.length === 0) kept.push(`…${line.slice(line.length - maxChars + 1)}`);
      break;
    }
    kept.push(line);
    chars += line.length + 1;
  }
  kept.reverse();
  const omitted = collapsed.length - kept.length;
  if (readFrom > 0) kept.unshift('(… more earlier lines not shown)');
  else if (omitted > 0) kept.unshift(`(… ${omitted} earlier line${omitted === 1 ? '' : 's'} not shown)`);
  return kept.join('\n');
}

/** Runs of equal lines become one line ending in `(×N)`; blank runs become one blank line. */
export function collapseRepeats(lines: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < lines.length;) {
    const line = lines[i] ?? '';
    let j = i + 1;
    while (j < lines.length && lines[j] === line) j++;
    out.push(j - i > 1 && line ? `${line} (×${j - i})` : line);
    i = j;
  }
  return out;
}
