/**
 * Seed 004's partial-output policies: what happens to an agent's files when it restarts from a
 * checkpoint or rolls back. Pure: validity comes from the caller (the runtime parses the file,
 * runs the test compiler, checks the schema); this decides keep, discard or restore.
 */
import type { AgentCheckpoint } from './types.js';

/** The file kinds of seed 004's `partial_output_policies`. */
export type FileKind = 'source_code' | 'test_files' | 'documentation' | 'configuration';
/** The three strategies of seed 004. */
export type PartialOutputStrategy = 'validate_and_keep' | 'keep_all' | 'atomic_replace';
/** What to do with one file. */
export type FileDecision = 'keep' | 'discard' | 'restore';

/** Seed 004's table: code and tests are kept when valid, docs always, config replaced atomically. */
export const PARTIAL_OUTPUT_POLICIES: Readonly<Record<FileKind, PartialOutputStrategy>> = Object.freeze({
  source_code: 'validate_and_keep',
  test_files: 'validate_and_keep',
  documentation: 'keep_all',
  configuration: 'atomic_replace',
});

const TEST = /(^|\/)(tests?|__tests__|spec)\/|\.(test|spec)\.[a-z0-9]+$|(^|\/)test_[^/]+\.py$|_test\.(go|py)$/i;
const DOCS = /\.(md|mdx|rst|txt|adoc)$|(^|\/)docs?\//i;
const CONFIG = /\.(json|ya?ml|toml|ini|cfg|conf|env)$|(^|\/)\.[a-z0-9_-]+rc$/i;

/** The kind of a file, by its path (tests before docs before config; anything else is source). */
export function fileKindOf(path: string): FileKind {
  const p = path.replaceAll('\\', '/');
  if (TEST.test(p)) return 'test_files';
  if (DOCS.test(p)) return 'documentation';
  if (CONFIG.test(p)) return 'configuration';
  return 'source_code';
}

/** One file to decide on. */
export interface PartialFile {
  path: string;
  /** Default: from the path. */
  kind?: FileKind;
  /** The caller's validation verdict; `undefined` = not validated (treated as invalid, as in the seed). */
  valid?: boolean;
}

/** A decision with its reason, for the audit trail. */
export interface PartialFileDecision {
  path: string;
  kind: FileKind;
  strategy: PartialOutputStrategy;
  decision: FileDecision;
  reason: string;
}

/**
 * Decide one in-progress file:
 * - `validate_and_keep`: keep when valid, else discard (it is regenerated);
 * - `keep_all`: keep (documentation needs no validation);
 * - `atomic_replace`: keep only a valid, complete file, else restore the last known good one —
 *   a configuration is never left half-written.
 * @param policies the strategy per file kind. Default {@link PARTIAL_OUTPUT_POLICIES}.
 *
 * @example
 * ```ts
 * decidePartialOutput({ path: 'config/app.yaml', valid: false }).decision; // 'restore'
 * decidePartialOutput({ path: 'src/app.ts', valid: true }).decision;       // 'keep'
 * decidePartialOutput({ path: 'src/app.ts' }).decision;                    // 'discard': not validated
 * ```
 */
export function decidePartialOutput(file: PartialFile, policies: Readonly<Record<FileKind, PartialOutputStrategy>> = PARTIAL_OUTPUT_POLICIES): PartialFileDecision {
  const kind = file.kind ?? fileKindOf(file.path);
  const strategy = policies[kind];
  const base = { path: file.path, kind, strategy };
  switch (strategy) {
    case 'keep_all':
      return { ...base, decision: 'keep', reason: 'kept: no validation required' };
    case 'atomic_replace':
      return file.valid === true
        ? { ...base, decision: 'keep', reason: 'kept: validates, replaced atomically' }
        : { ...base, decision: 'restore', reason: file.valid === false ? 'restored: fails validation' : 'restored: not validated' };
    case 'validate_and_keep':
      return file.valid === true
        ? { ...base, decision: 'keep', reason: 'kept: validates' }
        : { ...base, decision: 'discard', reason: file.valid === false ? 'discarded: fails validation, regenerate' : 'discarded: not validated, regenerate' };
  }
}

/**
 * The plan for restarting from `checkpoint`: committed files are kept (the runtime verifies they
 * exist), in-progress files follow their kind's policy with the verdicts in `valid`.
 */
export function checkpointFilePlan(
  checkpoint: AgentCheckpoint,
  valid: Readonly<Record<string, boolean>> = {},
  policies?: Readonly<Record<FileKind, PartialOutputStrategy>>,
): PartialFileDecision[] {
  const committed = checkpoint.files_committed.map((path): PartialFileDecision => {
    const kind = fileKindOf(path);
    return { path, kind, strategy: (policies ?? PARTIAL_OUTPUT_POLICIES)[kind], decision: 'keep', reason: 'kept: committed at the checkpoint' };
  });
  const inProgress = checkpoint.files_in_progress
    .filter((path) => !checkpoint.files_committed.includes(path))
    .map((path) => decidePartialOutput(has(valid, path) ? { path, valid: valid[path]! } : { path }, policies));
  return [...committed, ...inProgress];
}

const has = (record: Readonly<Record<string, boolean>>, key: string) => Object.prototype.hasOwnProperty.call(record, key);
