/**
 * Seed 004's ASK_APPROVE needs the size of each fix (issue 33): when the policy sets `approval`
 * and the run can measure its work tree (`measureChange`, given by `gitRollback`), every fix the
 * adapter returns carries what the work tree then holds changed against the last known good
 * state; the machine compares it with the thresholds before the retry runs.
 */
import type { AdaptOutput } from '../../machines/recovery/types.js';
import type { RecoveryOptions } from './options.js';
import type { RunPrograms } from './slot-work.js';

/** The run's programs, with the adapter's fixes measured when approval thresholds are set. */
export function measuredFixes(programs: RunPrograms, options: Pick<RecoveryOptions, 'policy' | 'measureChange'>): RunPrograms {
  const { adapt } = programs;
  const measure = options.measureChange;
  if (!adapt || !measure || !options.policy?.approval) return programs;
  return {
    ...programs,
    adapt: async (input, context) => {
      const output = (await adapt(input, context)) as AdaptOutput | undefined | void;
      if (!output || typeof output !== 'object' || typeof output.fix !== 'string') return output;
      // Unmeasured, a fix could not be held to the thresholds: fail the ADAPT phase rather than let it through.
      const change = await measure().catch((error: unknown) => {
        throw new Error(`the fix could not be measured against the last known good state for approval: ${error instanceof Error ? error.message : String(error)}`);
      });
      return { ...output, change };
    },
  };
}
