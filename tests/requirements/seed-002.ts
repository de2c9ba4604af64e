/** Seed 002 (smart error recovery for a multi-agent pipeline): classifier, strategies, resume. */
import { F } from './files.js';
import { at, type SeedDocument } from './types.js';

const SEED_MESSAGES = at(F.table, 'real-world messages, exactly as printed');
const RESUME_E2E = at(F.pipelineE2e, 'fails at step three, refuses a change to a step that passed, then resumes with the later steps changed');

export const SEED_002: SeedDocument = {
  seed: '002',
  title: 'Smart error recovery (pipeline)',
  rows: [
    {
      id: '002 classify TIMEOUT', requirement: 'exit 124 → TIMEOUT; a step over its time limit is killed with exit 124', status: '✓',
      where: ['src/classify/packs/exit-code.ts', 'src/runtime/command-process.ts'],
      tests: [SEED_MESSAGES, at(F.command, 'kills the whole process group on timeout and reports exit 124')],
    },
    {
      id: '002 classify EMPTY_OUTPUT', requirement: 'nothing on stdout → EMPTY_OUTPUT (DESIGN: only when nothing else explains the failure)', status: '✓',
      where: ['src/classify/priority.ts', 'src/classify/packs/pipeline.ts'],
      tests: [at(F.fallback, 'EMPTY_OUTPUT means nothing was produced'), at(F.priority, 'an empty stdout explains a failure only when nothing else does')],
    },
    {
      id: '002 classify validation', requirement: 'validation errors: a missing section → MISSING_SECTIONS, anything else → FORMAT_VALIDATION', status: '✓',
      where: ['src/classify/priority.ts', 'src/classify/packs/pipeline.ts'],
      tests: [at(F.priority, 'validation errors: a missing section is MISSING_SECTIONS, anything else FORMAT_VALIDATION'), SEED_MESSAGES],
    },
    {
      id: '002 classify DIFF_PARSE_ERROR', requirement: 'output without a diff where a diff was expected → DIFF_PARSE_ERROR', status: '✓',
      where: ['src/runtime/output-check.ts', 'src/classify/packs/git.ts'],
      tests: [at(F.expectOutput, 'prose where a diff was expected is DIFF_PARSE_ERROR, named as such'), at(F.outputCheck, 'hasDiff and missingSections read lines, not substrings'), at(F.table, 'the taxonomy examples classify as their own type')],
    },
    {
      id: '002 classify CONTEXT_ERROR', requirement: 'KeyError or “missing placeholder” on stderr → CONTEXT_ERROR', status: '✓',
      where: ['src/classify/packs/python.ts', 'src/classify/packs/pipeline.ts'],
      tests: [SEED_MESSAGES],
    },
    {
      id: '002 validate output', requirement: 'a step’s output is checked for its required sections, whole headings only', status: '✓',
      where: ['src/runtime/output-check.ts', 'src/runtime/pipeline/step-task.ts'],
      tests: [at(F.pipelineDefinition, 'finds exactly the missing sections, matching whole headings')],
    },
    {
      id: '002 validate output (recover run)', requirement: 'the same validator for a command under `recover run` (sections, diff, output size)', status: '✓',
      where: ['src/runtime/output-check.ts', 'src/runtime/command.ts', 'src/cli/run-options.ts'],
      tests: [
        at(F.expectOutput, 'a command missing two sections is told the ones still missing, adds one per iteration, and passes on the third attempt'),
        at(F.expectOutput, 'an output over the limit is FORMAT_VALIDATION, quoted in the hint, and the retry gets the reduced limit'),
        at(F.expectOutput, 'checks only after exit 0: a failing command is classified as it always was'),
        at(F.outputCheck, 'counts the characters it is told (a tail kept of a longer output) and names the target it was given'),
      ],
    },
    {
      id: '002 strategy TIMEOUT', requirement: 'retry with 1.5 × the timeout and a prompt that says to simplify (budget 3 by DESIGN; the seed’s 2 by config)', status: '✓',
      where: ['machines/recovery/failure.ts', 'src/policy/timeout.ts', 'src/runtime/pipeline/step-task.ts'],
      tests: [
        at(F.strategies, 'TIMEOUT: the retry gets 1.5 × the timeout and a note to simplify'),
        at(F.recover, 'times an attempt out on the clock, classifies TIMEOUT and gives the next attempt 1.5× the time'),
      ],
    },
    {
      id: '002 Example 1', requirement: 'a 1200 s timeout becomes 1800 s on the retry', status: '✓',
      where: ['src/policy/timeout.ts'],
      tests: [at(F.defaults, 'turns a 1200 s timeout into 1800 s after a TIMEOUT (seed 002) and leaves others alone'), at(F.timeout, 'multiplies by 1.5 after a TIMEOUT, rounding (seed 002: 1200 s → 1800 s)')],
    },
    {
      id: '002 timeout when none set',
      requirement: 'a step that timed out without a configured timeout: the seed gives it 1800 s on the retry; decided: it keeps none (that timeout was not ours — its own limit, a server’s ETIMEDOUT — so a limit of ours gives it no more time, only a new way to be killed), and is told to simplify',
      status: '✓',
      where: ['src/policy/timeout.ts', 'machines/recovery/pass-steps.ts'],
      tests: [at(F.timeoutNone, 'is retried with no limit of ours (not the seed\'s 1800 s), told to simplify'), at(F.timeout, 'reads 0, negative and non-finite timeouts as "no timeout" and keeps it so')],
    },
    {
      id: '002 strategy MISSING_SECTIONS', requirement: 'up to 3 retries, each prompt naming the exact missing sections (those still missing; the same ones again are a repeated fix and stop the run)', status: '✓',
      where: ['machines/recovery/strategy.ts', 'machines/recovery/routing.ts', 'machines/recovery/failure.ts', 'src/runtime/pipeline/actors.ts'],
      tests: [
        at(F.strategies, 'MISSING_SECTIONS: up to 3 hinted retries, each naming the sections still missing; the same ones again stop it as a repeated fix'),
        at(F.strategyHints, 'MISSING_SECTIONS: each attempt is told the sections still missing, and adds the first one named'),
        at(F.expectOutput, 'one that never adds the section escalates as a repeated fix, the section named; a decision retries with the same checks'),
      ],
    },
    {
      id: '002 Example 2', requirement: 'a reviewer missing “# Review”, “- Findings:” is retried with them named and succeeds', status: '✓',
      where: ['machines/recovery/failure.ts', 'src/runtime/pipeline/step-task.ts'],
      tests: [at(F.strategies, 'MISSING_SECTIONS: the retry is told exactly which sections are missing'), SEED_MESSAGES],
    },
    {
      id: '002 strategy EMPTY_OUTPUT', requirement: 'up to 2 retries asking explicitly for output, with a reduced max-chars setting (`RECOVERY_MAX_CHARS`: ¾ of the last, the seed gives no factor)', status: '✓',
      where: ['machines/recovery/strategy.ts', 'machines/recovery/failure.ts', 'src/policy/layers.ts', 'src/runtime/command.ts'],
      tests: [
        at(F.expectOutput, 'EMPTY_OUTPUT: the retry is asked explicitly for output with a reduced RECOVERY_MAX_CHARS'),
        at(F.expectOutput, "EMPTY_OUTPUT has the seed's 2 retries, each with a smaller target, then escalates"),
        at(F.strategies, 'EMPTY_OUTPUT: the retry is asked explicitly for output'),
      ],
    },
    {
      id: '002 strategies per type', requirement: 'each error type’s retries, backoff and timeout multiplier are configurable', status: '✓',
      where: ['src/policy/resolve.ts', 'src/policy/merge.ts'],
      tests: [at(F.resolve, 'a type budget beats everything'), at(F.resolve, 'timeoutFactor and contextRefreshFrom follow the same precedence')],
    },
    {
      id: '002 per-role override', requirement: 'a role (step) overrides the recovery settings for itself', status: '✓',
      where: ['src/runtime/pipeline/validate.ts', 'src/runtime/pipeline/actors.ts'],
      tests: [
        at(F.stepPolicy, 'overrides the recovery settings for that step only: budget 0 escalates where the default recovers'),
        at(F.pipelineDefinition, 'names every problem by its field path'),
      ],
    },
    {
      id: '002 checkpoint', requirement: 'on failure a checkpoint keeps the completed steps, the failed step and their outputs', status: '✓',
      where: ['src/runtime/pipeline/checkpoint.ts', 'src/runtime/pipeline/run.ts'],
      tests: [RESUME_E2E],
    },
    {
      id: '002 Example 3', requirement: 'resume from the failed step, reusing the steps that passed and their outputs', status: '✓',
      where: ['src/runtime/pipeline/run.ts', 'src/runtime/pipeline/reuse.ts'],
      tests: [RESUME_E2E, at(F.pipelineResume, 'does not reuse a step whose output changed, nor the steps that need it')],
    },
    {
      id: '002 can_resume', requirement: 'no checkpoint: the resume is refused', status: '✓',
      where: ['src/runtime/pipeline/run.ts', 'src/runtime/pipeline/errors.ts'],
      tests: [at(F.pipelineE2e, 'refuses to resume when there is no earlier run')],
    },
    {
      id: '002 resume config check', requirement: 'a changed step that already passed refuses the resume; the failed step and later ones may change (recorded)', status: '✓',
      where: ['src/runtime/pipeline/run.ts', 'src/runtime/pipeline/hash.ts'],
      tests: [
        RESUME_E2E,
        at(F.failedStepChanged, 'allows the failed step’s own change, runs it as changed, and records the change in the checkpoint'),
        at(F.pipelineE2e, 'compares a checkpoint written before steps had their own hashes as a whole: any change is refused'),
      ],
    },
    {
      id: '002 interrupt', requirement: 'an interrupt saves the checkpoint; the resume re-runs the step that was cut off', status: '✓',
      where: ['src/runtime/pipeline/run.ts', 'src/runtime/pipeline/checkpoint.ts'],
      tests: [at(F.pipelineResume, 'aborts the step in flight, keeps the run resumable, and re-runs that step on resume')],
    },
    {
      id: '002 CLI --resume-from-failure', requirement: '`recover pipeline run FILE --resume-from-failure`', status: '✓',
      where: ['src/cli/verbs/pipeline.ts'],
      tests: [at(F.pipelineResumeCli, 'fails at a step, refuses a changed passed step, then resumes from the failed step: exit 0, passed steps not run again')],
    },
    {
      id: '002 retry feedback', requirement: 'each retry is shown: the step, the failure type, the attempt', status: '✓',
      where: ['src/cli/verbs/pipeline.ts', 'src/cli/progress.ts'],
      tests: [at(F.pipelineRuns, 'pipeline run names each step and shows its attempts, then why it failed')],
    },
  ],
};
