/**
 * JUnit XML, the report nearly every runner can write: vitest (`--reporter=junit`), jest
 * (jest-junit), pytest (`--junitxml`), go (gotestsum/go-junit-report), Maven Surefire, Gradle,
 * Playwright, cargo-nextest, PHPUnit, RSpec. Read as a stream of SAX events (htmlparser2 in XML
 * mode), never as a tree: a report of 10,000 cases costs the parse and the failures kept, and
 * each failure's text is bounded, so memory does not grow with the passing tests' output.
 *
 *   <testsuite name=… file=…>
 *     <testcase classname="test/math.test.js" name="math &gt; adds" file=… line=…>
 *       <failure message="expected 2 to be 3" type="AssertionError">stack…</failure>  (or <error>)
 *       <skipped/>
 *
 * A case's id is `classname > name` (vitest's classname is the file, so the id is the one its
 * terminal output prints: `test/math.test.js > math > adds`); where the classname says nothing
 * (node's reporter writes `test` for every case and nests `<testsuite>` per `describe`), the
 * enclosing suites' names take its place: `math > adds`. Surefire's `flakyFailure` (a case
 * that failed, then passed on a rerun) counts as passed: the report's own verdict.
 */
import { Parser } from 'htmlparser2';
import { failedTest, frameLocation } from '../lines.js';
import type { CaseStatus, FailedTest, TestCase, TestRun } from '../types.js';

/** Most characters kept of one failure's text: its message and first frames are at the start. */
export const MAX_FAILURE_TEXT = 4096;

/** Classnames that name no class: node's reporter writes `test` for every case. */
const GENERIC_CLASSNAMES = new Set(['test']);

/**
 * One `<testcase>` while it is read. Its id and location are built only if it fails: most of a
 * report's cases pass, and building 10,000 ids nobody reads was a third of the reader's cost.
 */
interface OpenCase {
  /** The element's attributes, as the parser gave them. */
  attributes: Record<string, string>;
  outcome: 'passed' | 'failed' | 'skipped';
  message: string | undefined;
  /** Where the failure's text points, when it names a project frame. */
  frame: string | undefined;
  /** The failure element's text, bounded; null outside a failure. */
  text: string | null;
}

/** A JUnit reader fed chunk by chunk; `end()` answers the run, or throws when the XML is malformed. */
export class JunitReader {
  readonly #failures: FailedTest[] = [];
  /** Every case, when asked for (`cases`); null: only the failures are named. */
  readonly #cases: TestCase[] | null;
  #passed = 0;
  #failed = 0;
  #skipped = 0;
  #count = 0;
  #open: OpenCase | null = null;
  #problem: string | null = null;
  #ending = false;
  /** The names of the `<testsuite>` elements the parser is inside, outermost first. */
  readonly #suites: string[] = [];
  readonly #parser: Parser;

  /** @param cases - also list every case with its status (`TestRun.cases`). Default false. */
  constructor(cases = false) {
    this.#cases = cases ? [] : null;
    this.#parser = new Parser({
      onopentag: (name, attributes) => this.#opened(name, attributes),
      ontext: (text) => this.#text(text),
      onclosetag: (name, isImplied) => {
        // htmlparser2 forgives: at the end it closes what a cut-off file left open. A report
        // written by a runner killed mid-write is refused, not read as fewer tests.
        if (isImplied && this.#ending) this.#problem ??= `<${name}> is never closed (the file is cut short)`;
        this.#closed(name);
      },
      onerror: (error) => { this.#problem ??= error.message; },
    }, { xmlMode: true, decodeEntities: true });
  }

  /** Feeds the next piece of the file. */
  write(chunk: string): void {
    this.#parser.write(chunk);
  }

  /** The run the report describes. Throws when the XML was malformed or holds no `<testcase>`. */
  end(): TestRun & { skipped: number; cases?: TestCase[] } {
    this.#ending = true;
    this.#parser.end();
    if (this.#problem) throw new Error(this.#problem);
    if (this.#count === 0) throw new Error('no <testcase> element: not a JUnit report');
    return { runner: 'junit', passed: this.#passed, failed: this.#failed, skipped: this.#skipped, failures: this.#failures, ...(this.#cases ? { cases: this.#cases } : {}) };
  }

  #opened(name: string, attributes: Record<string, string>): void {
    if (name === 'testsuite') {
      this.#suites.push(attributes.name?.trim() ?? '');
      return;
    }
    if (name === 'testcase') {
      this.#open = { attributes, outcome: 'passed', message: undefined, frame: undefined, text: null };
      return;
    }
    const open = this.#open;
    if (!open) return;
    if (name === 'failure' || name === 'error') {
      open.outcome = 'failed';
      open.message ??= attributes.message?.trim() || undefined;
      open.text = '';
    } else if (name === 'skipped' && open.outcome === 'passed') {
      open.outcome = 'skipped';
    }
  }

  #text(text: string): void {
    const open = this.#open;
    if (open?.text == null || open.text.length >= MAX_FAILURE_TEXT) return;
    open.text += text.slice(0, MAX_FAILURE_TEXT - open.text.length);
  }

  #closed(name: string): void {
    if (name === 'testsuite') this.#suites.pop();
    const open = this.#open;
    if (!open) return;
    if (name === 'failure' || name === 'error') {
      this.#failureRead(open, open.text ?? '');
      open.text = null;
      return;
    }
    if (name !== 'testcase') return;
    this.#count += 1;
    if (open.outcome === 'passed') this.#passed += 1;
    else if (open.outcome === 'skipped') this.#skipped += 1;
    else {
      this.#failed += 1;
      this.#failures.push(this.#failedTest(open));
    }
    if (this.#cases) this.#listed(open.attributes, open.outcome);
    this.#open = null;
  }

  /** A case in the list of every case: its id, and for a failure its titles (what a name filter matches). */
  #listed(attributes: Record<string, string>, status: CaseStatus): void {
    // Most cases pass: their id only, without a list of titles.
    this.#cases!.push(status === 'failed' ? { id: this.#idOf(attributes), status, titles: this.#titlesOf(attributes) } : { id: this.#idOf(attributes), status });
  }

  /** Whether the case's classname names it (vitest's file, pytest's module), rather than the enclosing suites (node's `test`). */
  #classnameNames(attributes: Record<string, string>): string | null {
    const classname = attributes.classname?.trim();
    return classname && !GENERIC_CLASSNAMES.has(classname) ? classname : null;
  }

  /** A case's id: `classname > name`, or the suites' names, then the name. */
  #idOf(attributes: Record<string, string>): string {
    const own = attributes.name?.trim() || '(unnamed)';
    const classname = this.#classnameNames(attributes);
    return classname !== null ? `${classname} > ${own}` : [...this.#suites.filter(Boolean), own].join(' > ');
  }

  /**
   * A case's titles below its file: the name split where the classname names it (vitest writes
   * `describe > test`), else the suites and the name (node writes a `<testsuite>` per `describe`).
   */
  #titlesOf(attributes: Record<string, string>): string[] {
    const own = attributes.name?.trim() || '(unnamed)';
    return this.#classnameNames(attributes) !== null ? own.split(' > ') : [...this.#suites.filter(Boolean), own];
  }

  /** A failed case as the project names it: `classname > name` (or the suites' names), its file and line first. */
  #failedTest({ attributes, message, frame }: OpenCase): FailedTest {
    const file = attributes.file?.trim();
    const location = file ? (attributes.line ? `${file}:${attributes.line}` : file) : frame;
    return failedTest(this.#idOf(attributes), message, location);
  }

  /**
   * The message (the attribute, else the text's first line) and the first project frame (a
   * stack's `at …`, vitest's `❯ file:line:col`, or pytest's `file.py:line: ErrorName`).
   */
  #failureRead(open: OpenCase, text: string): void {
    const lines = text.split(/\r?\n/);
    open.message ??= lines.find((line) => line.trim() !== '')?.trim();
    if (open.frame) return;
    for (const line of lines) {
      // pytest ends its traceback with `test_m.py:3: AssertionError` (its report has no line attribute).
      const where = frameLocation(line) ?? /^\s*❯\s+(\S+:\d+(?::\d+)?)\s*$/.exec(line)?.[1] ?? /^([^\s:]+\.py:\d+): \w+$/.exec(line)?.[1];
      if (where) {
        open.frame = where;
        return;
      }
    }
  }
}

/** The run a whole JUnit XML text describes (see {@link JunitReader}); `cases`: list every case too. */
export function readJunit(xml: string, cases = false): TestRun & { skipped: number; cases?: TestCase[] } {
  const reader = new JunitReader(cases);
  reader.write(xml);
  return reader.end();
}
