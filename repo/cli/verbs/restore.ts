/**
 * `recover restore REF`: brings back a snapshot that a rollback printed (the state it replaced,
 * `refs/recovery/RUN/replaced-N`) or a run's last known good state (`refs/recovery/RUN/good`).
 * What it replaces is kept first, under the next `replaced-N`, so a restore can be undone too.
 */
import { defineVerb } from '../define-verb.js';
import { asUsageError, BUDGET_OPTIONS, budgetOf } from '../rollback-options.js';
import { STORE_OPTION, cliStoreDir } from '../store-option.js';
import type { VerbSpec } from '../verb.js';

/** `recover restore`'s options and help. */
const RESTORE_SPEC = {
  name: 'restore',
  synopsis: 'REF [--store DIR] [--rollback-budget SIZE] [--rollback-skip NAMES]',
  description: `Makes the git repository around the current directory equal to the snapshot REF, byte for byte:
tracked, staged, untracked and ignored files, empty directories, permission bits, the index,
branches and tags, the stash and submodules. REF is what a rollback printed
(refs/recovery/RUN/replaced-N: the state it replaced) or a run's refs/recovery/RUN/good. The
current state is kept first under refs/recovery/RUN/replaced-N+1, and printed: nothing is lost.
The run store is never touched; neither are ignored entries a snapshot did not keep.`,
  options: { ...STORE_OPTION, ...BUDGET_OPTIONS },
  operands: { count: 1, error: 'expected exactly one REF (e.g. refs/recovery/RUN/replaced-1)' },
  footer: 'Exit codes: 0 restored, 1 internal error, 2 usage error (not a git repository, no such snapshot).\n',
  examples: [
    'recover restore refs/recovery/20261121-125406-3f9a1c2b/replaced-1',
    'git for-each-ref refs/recovery/      # every snapshot, by run',
  ],
} as const satisfies VerbSpec;

/** `recover restore`. */
export const restoreVerb = defineVerb(RESTORE_SPEC, async ({ values, operands: [ref] }, io) => {
  const budget = await budgetOf(values);
  const { describeRestore, restoreGoodState } = await import('../../runtime/git-rollback.js');
  const result = await restoreGoodState(io.cwd, ref, undefined, {
    exclude: [await cliStoreDir(io, values.store)], ...(budget ? { budget } : {}),
  }).catch(asUsageError);
  io.stderr.write(`recover: restored ${ref}; ${describeRestore(result)}\n`);
  return 0;
});
