import { CATCH_ALL_RULE, catchAllEnds, errorMark } from './catch-all.js';
import { betterCandidate } from './decide.js';
import { subjectFile } from './file-roles/subject.js';
import { fileRole } from './file-roles/roles.js';
import { LAYER_RANK } from './layers.js';
import { EVIDENCE_CONFIDENCE, RULE_PRIORITY, tierOf, TYPE_PRIORITY } from './priority.js';
import type { Candidate } from './rule.js';
import type { EvidenceSource } from './types.js';

/**
 * A project file that does not parse or load (issue 30, file roles; README's label decision
 * *what an uncaught exception carries*): when a failure's best reading is a generic refusal — the
 * catch-all's error-marked line or a rule's ERROR_RESPONSE of the error-response tier or below —
 * or nothing at all, and the line the tool marked as its error, or a location-led diagnostic it
 * printed (`FILE:LINE:`, `"FILE" line N`, `in FILE on line N`, `FILE: message`; see
 * file-roles/subject.ts), names as its subject a file whose role (file-roles/roles.ts) is the
 * project's source or configuration, the failure is BROKEN_BUILD: the project's file was refused,
 * not the request. A data file (`*.csv`, `*.json`, an archive) keeps ERROR_RESPONSE: that is input
 * not in its format. No tool is named: the file's name says its role.
 *
 * Its place in the precedence: its own tier just above the error responses (`projectFile`), so it
 * decides the catch-all's and the error-marked line rules' type and never outranks a specific
 * cause (the network, a disk, credentials, a certificate, security, a checksum, a lock), a lint
 * finding, a crash's reading, or a rule that placed an ERROR_RESPONSE higher (an HTTP answer, a
 * document that does not open).
 */

/** The evidence's rule id. */
export const PROJECT_FILE_RULE = 'file-roles.project-file';

/** The text fields a failure's own diagnostics are read from, in this order. */
type Fields = Readonly<Record<'error' | 'stderr' | 'message' | 'stdout', readonly string[]>>;

/** Evidence sources whose match is a line of the failure's text (not an exit code or a status). */
const TEXT_FIELDS: ReadonlySet<EvidenceSource> = new Set(['error', 'stderr', 'message', 'stdout']);

/**
 * Adds the project-file candidate to `candidates` when the failure's reading is a generic refusal
 * or nothing, and a subject line names a project file (see the file's comment).
 * @param failed the process failed (a non-zero exit code or a thrown error's text): without that,
 *   nothing (no rule, no candidate) stays UNKNOWN.
 */
export function projectFileRefused(text: Fields, candidates: Candidate[], failed: boolean): void {
  let best: Candidate | undefined;
  for (const c of candidates) if (best === undefined || betterCandidate(c, best) < 0) best = c;
  if (best === undefined ? !failed : best.type !== 'ERROR_RESPONSE' || best.priority > TYPE_PRIORITY.ERROR_RESPONSE) return;
  if (best !== undefined && TEXT_FIELDS.has(best.source)) {
    if (projectRole(best.match, true)) {
      if (!speaksOfInput(text)) candidates.push(candidate(best.source, best.match));
      return;
    }
    // A line the program marked as its error is the refusal: another line's file is not its subject
    // (`configure.ac:2: installing './missing'` beside `tool: error: cannot reach …`); nor when the
    // refusal is about a file that is not there to parse (see UNREACHABLE): the request's.
    if (best.rule === CATCH_ALL_RULE || errorMark(best.match) !== 0 || UNREACHABLE_RE.test(best.match)) return;
  }
  for (const source of ['error', 'stderr'] as const) {
    for (const segment of text[source]) {
      const line = locationLed(segment);
      if (line !== null) {
        if (!speaksOfInput(text)) candidates.push(candidate(source, line));
        return;
      }
    }
  }
}

/**
 * Words by which a failure says its input was what failed (`Skipping data file with no valid
 * points`, `No data in plot`, `Cannot open input file`): then the project file at whose line the
 * tool stopped is where the input was read, not what was refused.
 */
const INPUT_WORDS = ['data file', 'input file', 'no data'];

/** True when the failure's own words (thrown error, stderr; their ends when long) speak of its input. */
function speaksOfInput(text: Fields): boolean {
  for (const source of ['error', 'stderr'] as const) {
    for (const segment of text[source]) {
      for (const [from, to] of catchAllEnds(segment)) if (INPUT_RE.test(from === 0 && to === segment.length ? segment : segment.slice(from, to))) return true;
    }
  }
  return false;
}

/**
 * Words that say a file could not be reached at all — missing, unreadable, unwritable, a
 * directory: then the request named a file that is not there to parse, which the corpus's
 * labellers read as the tool refusing the request (ERROR_RESPONSE) whatever the file's role
 * (`cat: config/production.yml: No such file or directory`, `m4: cannot open 'build/config.m4'`).
 */
const UNREACHABLE = ['no such file', 'not found', 'does not exist', "doesn't exist", 'cannot open', "can't open", "couldn't open", 'could not open', 'unable to open',
  'failed to open', 'could not be opened', 'cannot read', "can't read", 'could not read', 'unable to read', 'cannot stat', 'cannot create', "can't create", 'permission denied',
  'read-only file system', 'not a directory', 'is a directory', "can't find", 'cannot find', 'could not find', "wasn't found", 'no such'];

/** Heads after a location that are not the failure: a warning or a note printed on the way. */
const ASIDE = ['warning:', 'note:', 'info:', 'hint:'];

/** {@link UNREACHABLE} as one case-insensitive search (a line is read once, not once per phrase). */
const UNREACHABLE_RE = new RegExp(UNREACHABLE.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'i');
/** {@link ASIDE} after a `: `, one search. */
const ASIDE_RE = new RegExp(`: (?:${ASIDE.map((h) => h.slice(0, -1)).join('|')}):`, 'i');
/** {@link INPUT_WORDS} as whole words (`no data`, not `no database`), one search. */
const INPUT_RE = new RegExp(`\\b(?:${INPUT_WORDS.join('|')})\\b`, 'i');

/** True when the subject of `line` is the project's source or configuration, and the line is not about reaching it. */
function projectRole(line: string, marked: boolean): boolean {
  // The shape first: most lines name no file, and are left at the first characters.
  const file = subjectFile(line, marked);
  if (file === null) return false;
  if (UNREACHABLE_RE.test(line) || (!marked && ASIDE_RE.test(line))) return false;
  // An unknown option reported at a position of the file is the invocation's (README: the
  // options a command line gave, reported at the build file's first statement); an options
  // file's own `FILE: unknown option` (`.indent.pro`) names no position.
  if (/unknown option/i.test(line) && positioned(line, file)) return false;
  const role = fileRole(file);
  return role === 'source' || role === 'config';
}

/** The first unindented line of `segment` (its ends when long) whose subject is a project file, or null. */
function locationLed(segment: string): string | null {
  for (const [from, to] of catchAllEnds(segment)) {
    let start = from === 0 ? 0 : segment.indexOf('\n', from) + 1;
    while (start < to) {
      let end = segment.indexOf('\n', start);
      if (end === -1 || end > to) end = to;
      const c = segment.charCodeAt(start);
      // An indented line is a frame, a quoted source line or a continuation, not a diagnostic's head.
      if (c !== 32 && c !== 9 && end > start) {
        const line = segment.slice(start, segment.charCodeAt(end - 1) === 13 ? end - 1 : end);
        if (projectRole(line, false)) return line;
      }
      start = end + 1;
    }
  }
  return null;
}

/** True when `file` is followed on `line` by a position: `:12`, ` line 12`, `(12`. */
function positioned(line: string, file: string): boolean {
  const at = line.indexOf(file) + file.length;
  const rest = line.slice(at, at + 8).replace(/^["'`]/, '');
  return /^(?::\d|\(\d| \d|:? line \d)/.test(rest);
}

function candidate(source: EvidenceSource, line: string): Candidate {
  const priority = RULE_PRIORITY.projectFile;
  return { order: -1, rule: PROJECT_FILE_RULE, type: 'BROKEN_BUILD', tier: tierOf(priority), layer: LAYER_RANK.registry, priority, confidence: EVIDENCE_CONFIDENCE.fileRole, source, match: line.trim().slice(0, 200) };
}
