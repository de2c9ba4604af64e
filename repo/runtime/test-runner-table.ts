/**
 * The test runners `--tests auto` knows, one row a runner: the program names that are it, what
 * makes it write a report the run can read (src/classify/tests/reports) beside the output the
 * user sees, and how it runs only the failed tests again. Data, with the small helpers its rows
 * share; test-runners.ts finds the row for a command line and applies it.
 */
import { join } from 'node:path';

/** A failing test as a re-run of the failures needs it: its id and its titles below its file (see `TestCase.titles`). */
export interface FailedForRerun {
  id: string;
  titles: readonly string[] | undefined;
}

/** What is added to a command so that it runs only the failed tests: the arguments, and after which argument (default: at the end). */
export interface Rerun {
  args: string[];
  after?: string;
}

/** How one runner is made to write a report into `dir`: the arguments added and the report's path. */
export interface RunnerRow {
  /** The program names (basenames) or `python -m` module names that are this runner. */
  names: readonly string[];
  /** The first argument that must follow the name, when the name alone is not the runner (`go test`). */
  verb?: string;
  /** What is added for a report in `dir`, given the command's own arguments; a string when it cannot be done. */
  reporter: (dir: string, own: readonly string[]) => { args: string[]; env?: Record<string, string>; reports: string[]; after?: string } | string;
  /**
   * What makes the command run only `failed` (the flake probe and RETRY, issue 29), given the
   * command's own arguments; null when this runner cannot (then the whole command runs). The
   * filter may run more tests than asked (a title shared by two tests), never fewer: the
   * runtime checks the report and runs the whole command when a failed test did not run.
   */
  rerun?: (failed: readonly FailedForRerun[], own: readonly string[]) => Rerun | null;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** `^(?:a|b)$` over each failed test's titles joined by `join` (a regular expression); null when one has no titles. */
const namePattern = (failed: readonly FailedForRerun[], join: string, pick: (titles: readonly string[]) => readonly string[] = (t) => t): string | null => {
  if (failed.some((test) => !test.titles?.length)) return null;
  const names = [...new Set(failed.map((test) => pick(test.titles!).map(escapeRegExp).join(join)))];
  return `^(?:${names.join('|')})$`;
};
/** Go's test function of a `TestX/subtest` title: `-run` matches the top level by it. */
const goTest = (titles: readonly string[]) => [titles.at(-1)!.split('/')[0]!];

const gives = (own: readonly string[], option: string) => own.some((arg) => arg === option || arg.startsWith(`${option}=`));

/**
 * The runners, documented in the README's "Tests by name" table (report and re-run per runner).
 * Each adds its report beside the terminal output the user already sees (a reporter option given
 * by the user is kept, and the report is added to it), and where it can filter by name, says how
 * only the failed tests run again.
 */
export const TEST_RUNNERS: Readonly<Record<string, RunnerRow>> = {
  vitest: {
    names: ['vitest'],
    reporter: (dir, own) => ({
      args: [...(gives(own, '--reporter') ? [] : ['--reporter=default']), '--reporter=junit', `--outputFile.junit=${join(dir, 'junit.xml')}`],
      reports: [join(dir, 'junit.xml')],
    }),
    // -t matches a test's full name, its titles joined by spaces; the JUnit report joins them
    // with ' > ', so a title that holds ' > ' itself is matched either way.
    rerun: (failed) => {
      const pattern = namePattern(failed, '(?: | > )');
      return pattern ? { args: ['-t', pattern] } : null;
    },
  },
  jest: {
    names: ['jest'],
    reporter: (dir) => ({ args: ['--json', `--outputFile=${join(dir, 'jest.json')}`], reports: [join(dir, 'jest.json')] }),
    rerun: (failed) => {
      const pattern = namePattern(failed, ' ');
      return pattern ? { args: ['-t', pattern] } : null;
    },
  },
  pytest: {
    names: ['pytest', 'py.test'],
    reporter: (dir) => ({ args: [`--junitxml=${join(dir, 'junit.xml')}`], reports: [join(dir, 'junit.xml')] }),
    // pytest's own cache knows the last run's failures by node id.
    rerun: () => ({ args: ['--last-failed'] }),
  },
  'node --test': {
    names: ['node'],
    verb: '--test',
    reporter: (dir, own) => ({
      // Node's options go before the files: inserted right after `--test`.
      after: '--test',
      args: [...(gives(own, '--test-reporter') ? [] : ['--test-reporter=spec', '--test-reporter-destination=stdout']),
        '--test-reporter=junit', `--test-reporter-destination=${join(dir, 'junit.xml')}`],
      reports: [join(dir, 'junit.xml')],
    }),
    // Node 20 matches a test's own name (a suite whose name matches runs whole): the last title.
    rerun: (failed) => {
      const pattern = namePattern(failed, ' ', (titles) => titles.slice(-1));
      return pattern ? { after: '--test', args: [`--test-name-pattern=${pattern}`] } : null;
    },
  },
  'playwright test': {
    names: ['playwright'],
    verb: 'test',
    reporter: (dir, own) => (gives(own, '--reporter')
      ? "add json to your own --reporter (e.g. --reporter=list,json) with PLAYWRIGHT_JSON_OUTPUT_NAME=FILE, and pass --tests FILE"
      : { args: ['--reporter=list,json'], env: { PLAYWRIGHT_JSON_OUTPUT_NAME: join(dir, 'playwright.json') }, reports: [join(dir, 'playwright.json')] }),
    // Playwright keeps the last run's failures itself (test-results/.last-run.json).
    rerun: () => ({ args: ['--last-failed'] }),
  },
  gotestsum: {
    names: ['gotestsum'],
    reporter: (dir) => ({ args: [`--junitfile=${join(dir, 'junit.xml')}`], reports: [join(dir, 'junit.xml')] }),
    // go test's flags follow gotestsum's `--`.
    rerun: (failed, own) => {
      const pattern = namePattern(failed, '', goTest);
      return pattern ? { args: own.includes('--') ? ['-run', pattern] : ['--', '-run', pattern], ...(own.includes('--') ? { after: '--' } : {}) } : null;
    },
  },
  'go test': {
    names: ['go'],
    verb: 'test',
    reporter: () => "go test writes no report itself: run it through gotestsum (gotestsum --junitfile FILE -- ./...) or go-junit-report, and pass --tests FILE",
    rerun: (failed) => {
      const pattern = namePattern(failed, '', goTest);
      return pattern ? { after: 'test', args: ['-run', pattern] } : null;
    },
  },
  'cargo nextest': {
    names: ['cargo'],
    verb: 'nextest',
    reporter: () => 'cargo nextest writes JUnit only where its profile says: set [profile.default.junit] path in .config/nextest.toml and pass --tests target/nextest/default/junit.xml',
  },
  'mvn test': {
    names: ['mvn', 'mvnw'],
    reporter: () => ({ args: [], reports: ['target/surefire-reports/TEST-*.xml'] }),
  },
  'gradle test': {
    names: ['gradle', 'gradlew'],
    reporter: () => ({ args: [], reports: ['build/test-results/test/TEST-*.xml'] }),
  },
};
