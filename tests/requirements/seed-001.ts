/** Seed 001 (failure type classification): five types, their indicators, actions and order. */
import { F } from './files.js';
import { at, type SeedDocument } from './types.js';

const SEED001_ALONE = at(F.priority, 'the seed-001 pack alone reproduces that system');

export const SEED_001: SeedDocument = {
  seed: '001',
  title: 'Failure type classification',
  rows: [
    {
      id: '001 BROKEN_BUILD', requirement: 'syntax/compilation error, module not found, import error, unexpected token, indentation or parse error → BROKEN_BUILD', status: '✓',
      where: ['src/classify/packs/seed001.ts'],
      tests: [
        SEED001_ALONE,
        at('tests/classify/packs.test.ts', 'pack ${pack.id} alone: every rule fires on its own trigger'),
        at(F.table, 'real-world messages, exactly as printed'),
      ],
    },
    {
      id: '001 BROKEN_BUILD action', requirement: 'a broken build rolls back to the last known good state, then fixes', status: '✓',
      where: ['machines/recovery/routing.ts', 'src/runtime/git-rollback.ts'],
      tests: [at(F.rollback, 'a wrecking fix is rolled back: uncommitted and untracked work survive, the store too')],
    },
    {
      id: '001 VERIFICATION_FAILED', requirement: 'verification failed, assertion, test failed, expected, status code → VERIFICATION_FAILED (words, not substrings)', status: '✓',
      where: ['src/classify/packs/seed001.ts'],
      tests: [SEED001_ALONE, at(F.boundaries, '"unexpected" is not "expected"')],
    },
    {
      id: '001 VERIFICATION_FAILED action', requirement: 'retry with a different approach, up to 3 attempts', status: '✓',
      where: ['machines/recovery/states/diagnose.ts', 'src/policy/layers.ts'],
      tests: [
        at(F.recover, 'adapts a systematic failure with the adapter and gives the fix to the next attempt'),
        at(F.defaults, 'has budget ${row.budget}'),
      ],
    },
    {
      id: '001 CIRCULAR_FIX keywords', requirement: 'keywords: lower-cased words minus the stop words (with, using, the, a, an, and, or, but, in, on, at, to, for, trying)', status: '✓',
      where: ['src/classify/circular.ts'],
      tests: [at(F.circular, 'keywords: lower-cased words minus the stop words')],
    },
    {
      id: '001 CIRCULAR_FIX similarity', requirement: 'Jaccard > 0.3 against each of the last 3 approaches; circular when 2 or more are similar', status: '✓',
      where: ['src/classify/circular.ts'],
      tests: [
        at(F.circular, 'only the last 3 approaches are compared'),
        at(F.circular, 'similar means strictly above 0.3'),
        at(F.circular, 'needs at least 2 previous approaches and 2 similar ones'),
      ],
    },
    {
      id: '001 CIRCULAR_FIX example', requirement: 'the seed’s three async/await attempts are circular', status: '✓',
      where: ['src/classify/circular.ts'],
      tests: [at(F.circular, "seed 001's example is circular"), at(F.priority, 'CIRCULAR_FIX via the history')],
    },
    {
      id: '001 CIRCULAR_FIX action', requirement: 'a circular fix is not tried: skip and escalate', status: '✓',
      where: ['machines/recovery/answers.ts', 'machines/recovery/states/recovery.ts', 'src/report/escalation-sections.ts'],
      tests: [
        at(F.circularRun, 'the third async/await approach is circular: not tried, the run escalates as circular_fix'),
        at(F.escalation, 'circular fix: marks the similar rejected fix'),
      ],
    },
    {
      id: '001 CONTEXT_EXHAUSTED', requirement: 'token limit, maximum (context) length → CONTEXT_EXHAUSTED; a bare “context” is not (DESIGN)', status: '✓',
      where: ['src/classify/packs/seed001.ts'],
      tests: [SEED001_ALONE, at(F.boundaries, '"React context provider" is not context exhaustion')],
    },
    {
      id: '001 CONTEXT_EXHAUSTED action', requirement: 'keep the progress and continue in a new session (hand off)', status: '✓',
      where: ['machines/recovery/escalation-steps.ts', 'src/runtime/recovery.ts'],
      tests: [
        at(F.recover, 'hands off on context exhaustion'),
        at(F.handoff, 'resume continues a handed-off run in a fresh context: next attempt, history carried on'),
      ],
    },
    {
      id: '001 UNKNOWN', requirement: 'nothing matches → UNKNOWN (the seed’s “connection refused” example is NETWORK under DESIGN)', status: '✓',
      where: ['src/classify/classify.ts', 'src/classify/priority.ts'],
      tests: [at(F.boundaries, 'nothing matched: UNKNOWN, confidence exactly 0.5, the last stderr line as evidence (no line looks like an error)')],
    },
    {
      id: '001 UNKNOWN action', requirement: 'retry once, then escalate', status: '✓',
      where: ['src/policy/layers.ts', 'machines/recovery/routing.ts'],
      tests: [at(F.defaults, 'has budget ${row.budget}'), at(F.progress, 'a fatal type has no budget: 1/1; UNKNOWN has 1: 1/2')],
    },
    {
      id: '001 priority', requirement: 'checked in order: broken build, verification failed, context exhausted, circular fix, unknown', status: '✓',
      where: ['src/classify/priority.ts', 'src/classify/packs/seed001.ts'],
      tests: [
        at(F.priority, 'seed 001 order: broken build, then verification failed, then context exhausted'),
        at(F.priority, 'circular fix comes from history, after the seed-001 message types'),
      ],
    },
    {
      id: '001 classify_failure', requirement: 'the seed-001 rules alone reproduce that system’s five types', status: '✓',
      where: ['src/classify/packs/seed001.ts', 'src/classify/classify.ts'],
      tests: [SEED001_ALONE, at(F.priority, 'CIRCULAR_FIX via the history')],
    },
  ],
};
