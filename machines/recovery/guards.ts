/**
 * Every guard of the recovery machine in XState's shape, by the name the chart uses, passed to
 * `setup({ guards })` as it is: each wraps a pure function of routing.ts (the diagnosis's
 * routing) or answers.ts (what the actors answered), where tests table-test them.
 */
import { decisionChoiceOf, type DecisionChoice } from '../../src/policy/types.js';
import { outputOf } from '../shared.js';
import {
  attemptPassed, haltsAfterRollback, hasDecisionTimeout, isAgentBudgetError, isCircularFix, isFirstAttempt, isFixWithoutBackoff, isFlakyPass,
  isMalformedFix, isNoAlternative, isRepeatedFix, needsApproval,
} from './answers.js';
import {
  hasAdapter, hasStrategyHint, isBrokenBuildWithGoodState, isBudgetSpent, isConfidenceTooLow, isCriticalGateWithGoodState, isCriticalWithGoodState,
  isDataCorruption, isFatal, isResource, isRollbackDue, isSecurity, isStrategyRetryWithoutBackoff, isTimeBudgetSpent, isTransient,
  isTransientWithoutBackoff, isUserAbort, needsDiagnoser, retriesAtOnce, shouldGatherEvidence, shouldProbeFlake, strategyHintRepeats,
} from './routing.js';
import type { AdaptOutput, AttemptOutcome, DecideEvent, RecoveryContext, RecoveryEvent, RollbackOutput } from './types.js';

/** A guard's arguments: the context and the event (done events arrive as `RecoveryEvent` too). */
interface Args { context: RecoveryContext; event: RecoveryEvent }

const onContext = (test: (c: RecoveryContext) => boolean) => ({ context }: Args) => test(context);

const passed = (event: RecoveryEvent) => attemptPassed(outputOf<AttemptOutcome>(event));

// Either spelling (`retry-with` is `retry-with-modifications`): decisionChoiceOf is the one translation.
const chose = (event: RecoveryEvent, choice: DecisionChoice) => decisionChoiceOf((event as DecideEvent).choice) === choice;

/** Every guard of the recovery machine, in XState's shape, by the name the chart uses. */
export const recoveryGuards = {
  passedFirstTime: ({ context, event }: Args) => passed(event) && isFirstAttempt(context),
  attemptPassed: ({ event }: Args) => passed(event),
  retriesAtOnce: ({ context, event }: Args) => retriesAtOnce(context, outputOf<AttemptOutcome>(event)),
  flakyPasses: ({ context, event }: Args) => passed(event) && isFlakyPass(context),
  isSecurity: onContext(isSecurity),
  isUserAbort: onContext(isUserAbort),
  isDataCorruption: onContext(isDataCorruption),
  isCriticalWithGoodState: onContext(isCriticalWithGoodState),
  isCriticalGateWithGoodState: onContext(isCriticalGateWithGoodState),
  haltsAfterRollback: onContext(haltsAfterRollback),
  /** The halt's rollback was for data corruption (the escalation keeps that reason). */
  haltsForDataCorruption: ({ context }: Args) => haltsAfterRollback(context) && isDataCorruption(context),
  needsApproval: ({ context, event }: Args) => needsApproval(context, outputOf<AdaptOutput>(event)),
  isFatal: onContext(isFatal),
  isBudgetSpent: onContext(isBudgetSpent),
  isTimeBudgetSpent: onContext(isTimeBudgetSpent),
  isResource: onContext(isResource),
  isTransient: onContext(isTransient),
  needsDiagnoser: onContext(needsDiagnoser),
  isConfidenceTooLow: onContext(isConfidenceTooLow),
  shouldGatherEvidence: onContext(shouldGatherEvidence),
  isBrokenBuildWithGoodState: onContext(isBrokenBuildWithGoodState),
  isRollbackDue: onContext(isRollbackDue),
  shouldProbeFlake: onContext(shouldProbeFlake),
  hasAdapter: onContext(hasAdapter),
  hasStrategyHint: onContext(hasStrategyHint),
  strategyHintRepeats: onContext(strategyHintRepeats),
  isStrategyRetryWithoutBackoff: onContext(isStrategyRetryWithoutBackoff),
  isTransientWithoutBackoff: onContext(isTransientWithoutBackoff),
  isFixWithoutBackoff: onContext(isFixWithoutBackoff),
  hasDecisionTimeout: onContext(hasDecisionTimeout),
  isNoAlternative: ({ event }: Args) => isNoAlternative(outputOf<unknown>(event)),
  isMalformedFix: ({ event }: Args) => isMalformedFix(outputOf<unknown>(event)),
  isRepeatedFix: ({ context, event }: Args) => isRepeatedFix(context, outputOf<AdaptOutput>(event)),
  isCircularFix: ({ context, event }: Args) => isCircularFix(context, outputOf<AdaptOutput>(event)),
  /** The adapter failed because the run's agent spent over its limit (the runtime's `AgentBudgetError`). */
  isAgentBudgetSpent: ({ event }: Args) => isAgentBudgetError((event as { error?: unknown }).error),
  isRollbackFailed: ({ event }: Args) => outputOf<RollbackOutput | undefined>(event)?.restored !== true,
  retriesAfterRollback: ({ context }: Args) => context.pass.afterRollback === 'retry',
  choseRetryFresh: ({ event }: Args) => chose(event, 'retry-fresh'),
  choseRetryWithAdapter: ({ context, event }: Args) => chose(event, 'retry-with-modifications') && context.fixed.hasAdapter,
  choseRetryWith: ({ event }: Args) => chose(event, 'retry-with-modifications'),
  choseSkip: ({ event }: Args) => chose(event, 'skip'),
  choseAbort: ({ event }: Args) => chose(event, 'abort'),
  choseManual: ({ event }: Args) => chose(event, 'manual'),
  choseRollback: ({ context, event }: Args) => chose(event, 'rollback') && context.fixed.hasRollback,
};
