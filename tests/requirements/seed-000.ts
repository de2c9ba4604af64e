/** Seed 000 (Chief of Staff phase 8, hierarchical recovery): its four levels and their mapping. */
import { F } from './files.js';
import { at, type SeedDocument } from './types.js';

export const SEED_000: SeedDocument = {
  seed: '000',
  title: 'Hierarchical recovery (four levels)',
  rows: [
    {
      id: '000-2.3 levels', requirement: 'four strategies: same · alternative · clarify · escalate, recorded as the level', status: '✓',
      where: ['src/taxonomy/categories.ts', 'machines/recovery/pass-steps.ts', 'machines/recovery/escalation-steps.ts'],
      tests: [
        at(F.recover, 'adapts a systematic failure with the adapter and gives the fix to the next attempt'),
        at(F.recover, 'lets an orchestrator decide: retry-with-modifications passes guidance to the task at level clarify'),
      ],
    },
    {
      id: '000-2.3 categories', requirement: 'error categories transient · systematic · fatal route the failure', status: '✓',
      where: ['src/taxonomy/types.ts', 'machines/recovery/routing.ts'],
      tests: [at(F.taxonomy, 'exactly the types of the table, each in its category')],
    },
    {
      id: '000-3.2 transient', requirement: 'RATE_LIMIT, RATE_LIMIT_TIMED, SERVER_OVERLOADED, SERVER_ERROR, TIMEOUT are transient', status: '✓',
      where: ['src/taxonomy/types.ts', 'src/classify/packs/llm-api.ts', 'src/classify/registries/http.ts'],
      tests: [at(F.taxonomy, 'exactly the types of the table, each in its category'), at(F.table, 'the taxonomy examples classify as their own type')],
    },
    {
      id: '000-3.2 systematic', requirement: 'CLI_CRASH, JSON_PARSE_ERROR are systematic', status: '✓',
      where: ['src/taxonomy/types.ts', 'src/classify/packs/exit-code.ts', 'src/classify/packs/javascript.ts'],
      tests: [at(F.taxonomy, 'exactly the types of the table, each in its category'), at(F.table, 'the taxonomy examples classify as their own type')],
    },
    {
      id: '000-3.2 fatal', requirement: 'AUTH_REQUIRED, AUTH_EXPIRED, CLI_NOT_FOUND are fatal', status: '✓',
      where: ['src/taxonomy/types.ts', 'src/classify/packs/exit-code.ts', 'src/classify/packs/llm-api.ts'],
      tests: [
        at(F.table, 'the taxonomy examples classify as their own type'),
        at(F.examples, 'a command that does not exist → 3 (CLI_NOT_FOUND is fatal), usage and config errors → 2'),
      ],
    },
    {
      id: '000-L1', requirement: 'level 1 (same): a transient error is retried up to 3 times, then escalated', status: '✓',
      where: ['machines/recovery/routing.ts', 'src/policy/layers.ts'],
      tests: [at(F.recover, 'escalates a transient failure once the budget is spent: 3 iterations, no 4th')],
    },
    {
      id: '000-L1 backoff', requirement: 'exponential backoff before the retries: 5 s, 10 s, 20 s', status: '✓',
      where: ['src/policy/delay.ts', 'src/policy/layers.ts', 'machines/recovery/backoff.ts'],
      tests: [
        at(F.recover, 'retries a transient failure after the policy delays (5 s, 10 s) and recovers'),
        at(F.defaults, 'uses exponential backoff ×2 from 5 s capped at 20 s for the plain transient types'),
      ],
    },
    {
      id: '000-3.2 RATE_LIMIT_TIMED', requirement: 'a rate limit that says when to retry waits that long (up to the cap)', status: '✓',
      where: ['src/classify/retry-after.ts', 'src/policy/delay.ts'],
      tests: [
        at(F.retryAfter, 'a rate limit with a hint is RATE_LIMIT_TIMED, without one RATE_LIMIT'),
        at(F.examples, 'rate-limited.mjs: the "try again in 8s" hint sets the wait when larger than the backoff, capped by maxDelayMs'),
      ],
    },
    {
      id: '000-L2', requirement: 'level 2 (alternative): a systematic error tries a different approach (the extension point: an adapter or agent)', status: '✓',
      where: ['machines/recovery/states/diagnose.ts', 'machines/recovery/states/recovery.ts', 'src/runtime/program-hooks.ts'],
      tests: [
        at(F.recover, 'adapts a systematic failure with the adapter and gives the fix to the next attempt'),
        at(F.examples, 'broken-build.mjs with adapter-create-module.mjs: the adapter writes the module, exit 0'),
      ],
    },
    {
      id: '000-L2 fall-through', requirement: 'with no alternative, level 2 falls through to escalate, logged explicitly (task 4)', status: '✓',
      where: ['machines/recovery/states/diagnose.ts', 'machines/recovery/actions.ts', 'machines/recovery/pass-steps.ts'],
      tests: [
        at(F.recover, 'without an adapter, a systematic failure that fails the probe escalates as the level-2 fall-through'),
        at(F.examples, 'always-fails-test.mjs without an adapter: flake probe, then escalated with no alternative (exit 3)'),
      ],
    },
    {
      id: '000-L2 fall-through level', requirement: 'the fall-through is recorded at its own level', status: '✓',
      where: ['machines/recovery/actions.ts'],
      tests: [at(F.recover, 'without an adapter, a systematic failure that fails the probe escalates as the level-2 fall-through')],
    },
    {
      id: '000-L3', requirement: 'level 3 (clarify): a person’s “retry with modifications” resumes the task with the guidance', status: '✓',
      where: ['machines/recovery/escalation-steps.ts', 'src/cli/verbs/decide.ts'],
      tests: [
        at(F.recover, 'lets an orchestrator decide: retry-with-modifications passes guidance to the task at level clarify'),
        at(F.examples, 'decide retry-with after the cause is gone → 0, the guidance is recorded'),
      ],
    },
    {
      id: '000-L4', requirement: 'level 4 (escalate): a fatal error escalates at once, one execution, no retry', status: '✓',
      where: ['machines/recovery/routing.ts', 'machines/recovery/states/diagnose.ts'],
      tests: [at(F.recover, 'escalates fatal and security failures without a single retry')],
    },
    {
      id: '000-L4 HICCUP', requirement: 'an escalation leaves a checkpoint (the seed’s HICCUP) with its report, awaiting a person', status: '✓',
      where: ['src/runtime/persisted.ts', 'src/runtime/checkpoint.ts', 'src/report/escalation.ts'],
      tests: [
        at(F.persisted, 'stores an escalation with its report and options, and a decision continues the run'),
        at(F.run, 'a fatal command (401) escalates: exit 3, report written, list shows escalated, summary appended'),
      ],
    },
    {
      id: '000-3.3 decisions', requirement: 'the person reviewing the checkpoint chooses skip, retry with modifications or manual', status: '✓',
      where: ['machines/recovery/states/escalated.ts', 'src/cli/verbs/decide.ts'],
      tests: [at(F.examples, 'decide abort → 5 (aborted), manual → 7 (manual), skip → 4 (skipped)')],
    },
    {
      id: '000-2.3 retry_count', requirement: 'each run records how many retries it made', status: '✓',
      where: ['machines/recovery/output.ts', 'src/runtime/outcome.ts'],
      tests: [at(F.recover, 'escalates a transient failure once the budget is spent: 3 iterations, no 4th')],
    },
    {
      id: '000-2.3 recovery_level', requirement: 'each run records the recovery level it reached', status: '✓',
      where: ['machines/recovery/output.ts', 'machines/recovery/history.ts'],
      tests: [
        at(F.recover, 'adapts a systematic failure with the adapter and gives the fix to the next attempt'),
        at(F.recover, 'lets an orchestrator decide: retry-with-modifications passes guidance to the task at level clarify'),
      ],
    },
    {
      id: '000-4 task 6', requirement: 'every retry attempt is logged (the episode log: the run’s history)', status: '✓',
      where: ['machines/recovery/history.ts', 'src/store/event-log.ts'],
      tests: [
        at(F.recover, 'retries a transient failure after the policy delays (5 s, 10 s) and recovers'),
        at(F.history, 'writes a top-level list of events with the contract fields, oldest first'),
      ],
    },
    {
      id: '000-4 task 7', requirement: 'the goal runner wraps each goal’s execution with recovery (a function, a machine step or a command)', status: '✓',
      where: ['src/runtime/recovery.ts', 'src/cli/verbs/run.ts', 'examples/embedding/orchestrator.ts'],
      tests: [
        at('tests/examples/embedding.test.ts', 'passes, recovers and skips steps through child recovery machines'),
        at(F.run, 'a flaky command (socket hang up once) is recovered: exit 0'),
      ],
    },
  ],
};
