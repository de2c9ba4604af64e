import { isBlank, startsWithWord } from './line-scan.js';

/**
 * A head that names the error and what the program was doing (issue 30, the tenth capture's
 * catch-all misses): `Error setting the x509 trust file: …`, `Error reading config: …`, `ERROR while
 * loading plugins: …` — the word *error* first, then a gerund or `while`/`during`/`when`, the head
 * ended by its colon. A program's own error-marked line, as `error:` is (catch-all.ts). Not the
 * noun phrases a settings listing prints (`Error handling: strict`, `Error reporting: on`, `Error
 * logging: off`): the gerund must not be one of those.
 */
const NOUN_GERUNDS = new Set(['handling', 'reporting', 'logging', 'tracking', 'checking', 'recovering', 'rendering', 'messaging']);

/** Words that say when the error happened, as a gerund would. */
const WHEN = new Set(['while', 'during', 'when']);

/** True when `line[from, end)` is `Error <gerund|while …> …` (see the file's comment). */
export function errorDoingHead(line: string, from: number, end: number): boolean {
  if (end - from < 10 || !startsWithWord(line, from, end, 'error ')) return false;
  let i = from + 6;
  const start = i;
  while (i < end && !isBlank(line.charCodeAt(i))) i++;
  const word = line.slice(start, i).toLowerCase();
  if (WHEN.has(word)) return true;
  if (word.length < 5 || !word.endsWith('ing') || NOUN_GERUNDS.has(word)) return false;
  for (let k = 0; k < word.length; k++) if (word.charCodeAt(k) < 97 || word.charCodeAt(k) > 122) return false;
  return true;
}
