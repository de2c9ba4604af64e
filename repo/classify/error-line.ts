/**
 * What makes a line "look like an error" when no rule explains a failure (issue 14, item 1):
 * the fallback shows that line, never a placeholder. Found by the same automaton scan as the
 * rule phrases, so finding it anywhere in a 5 MB output costs nothing extra.
 */

/**
 * Markers of an error line, strongest first. Rank 1: a tool naming an error (`Error:`,
 * `TypeError:`, `error[E0308]`, `FATAL`, `panic:`, `…Exception`, `npm ERR!`, `E   ` lines of
 * pytest are covered by `*error`). Rank 2: words of a test report or a refusal (`FAIL`, `✗`,
 * `failed`, `denied`, `cannot`). The first rank-1 line wins; else the first rank-2 line.
 */
export const ERROR_LINE_MARKERS: Readonly<Record<string, 1 | 2>> = {
  '*error:': 1,
  '*error': 1,
  'error[*': 1,
  'err!': 1,
  'fatal': 1,
  'fatal:': 1,
  'panic:': 1,
  '*exception': 1,
  'traceback': 1,
  'failure:': 1,
  '✗': 2,
  '✖': 2,
  '×': 2,
  'fail': 2,
  'failed': 2,
  'failure': 2,
  'denied': 2,
  'cannot': 2,
  "can't": 2,
  'unable to': 2,
  'not found': 2,
  'refused': 2,
  'killed': 2,
  'aborted': 2,
};
