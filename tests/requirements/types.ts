/**
 * The shape of the requirements table: one row per promise of a seed document, saying where it
 * is implemented, which test shows it, and how far it holds. Data only, so the README section is
 * generated from it and a test can keep both true.
 */

/** ✓ implemented and shown by a test · ◐ partly (the gap says what is missing) · ✗ not built. */
export type Status = '✓' | '◐' | '✗';

/** Every status, in the order the README counts them. */
export const STATUSES: readonly Status[] = ['✓', '◐', '✗'];

/** One promise of a seed document. */
export interface Requirement {
  /** Unique across all documents: the document, then its section or item (`000-L2`, `UC-AP-004 AC-003`). */
  readonly id: string;
  /** The promise in a few words. */
  readonly requirement: string;
  readonly status: Status;
  /** Repo-relative source paths that implement it (may be empty only for ✗). */
  readonly where: readonly string[];
  /** `tests/…/file.test.ts › exact title`: the tests that show it (at least one for ✓). */
  readonly tests: readonly string[];
  /** What is missing; required for ◐ and ✗, absent for ✓. */
  readonly gap?: string;
}

/** One seed document and its rows. */
export interface SeedDocument {
  /** `000` … `004`. */
  readonly seed: string;
  /** The document's own title, shortened. */
  readonly title: string;
  readonly rows: readonly Requirement[];
}

/** The separator between a test file and a test title in {@link Requirement.tests}. */
export const TITLE_SEPARATOR = ' › ';

/** A test reference in the table's format: `file › title`. */
export function at(file: string, title: string): string {
  return `${file}${TITLE_SEPARATOR}${title}`;
}

/** A test reference split back into its file and its title (the title may itself contain `›`). */
export function splitTestRef(ref: string): { file: string; title: string } {
  const i = ref.indexOf(TITLE_SEPARATOR);
  return i < 0 ? { file: ref, title: '' } : { file: ref.slice(0, i), title: ref.slice(i + TITLE_SEPARATOR.length) };
}
