/** The default policy as one resolved value. The tables it comes from are in layers.ts. */
import { deepFreeze } from './freeze.js';
import { mergePolicy } from './merge.js';
import type { ResolvedPolicy } from './types.js';

/**
 * The policy of DESIGN.md "Policy defaults", resolved and deep-frozen:
 *
 * | types | budget | delays before each retry |
 * |---|---|---|
 * | RATE_LIMIT, RATE_LIMIT_TIMED, SERVER_OVERLOADED, SERVER_ERROR, TIMEOUT, NETWORK | 3 | 5 s, 10 s, 20 s (×2 from 5 s, cap 20 s) |
 * | TIMEOUT also | | next attempt's timeout × 1.5 |
 * | HEARTBEAT_TIMEOUT | 3 | 0 |
 * | PROGRESS_STALL | 2 | 0, fresh context from iteration 1 |
 * | RESOURCE_BUSY | 5 | 1 s, 2 s, 4 s, 8 s, 10 s (×2 from 1 s, cap 10 s) |
 * | DEPENDENCY_FAILURE | 5 | 5 s, 10 s, 20 s, 40 s, 60 s (×2 from 5 s, cap 60 s) |
 * | systematic | 3 (QUALITY_GATE_FAIL 2, EMPTY_OUTPUT 2, UNKNOWN 1) | 0 |
 * | resource | 3 handoffs | 0 |
 * | fatal, circular, nondeterministic | 0 | 0 |
 *
 * Globals: budget 3; confidence proceed 0.85, caution 0.70, escalate 0.50; flakeProbe true;
 * onFlaky `escalate`; maxDelayMs 300000; totalBudgetMs 0 (none); jitterSeed 0;
 * rollbackAfterFailures 0 (never); diagnoseRounds 2; heartbeatTimeoutMs 30000;
 * stallTimeoutMs 300000; decisionTimeoutMs 0 (wait forever); defaultDecision `abort`;
 * criticalGate false; approval null (no fix asks approval).
 */
export const DEFAULT_POLICY: ResolvedPolicy = deepFreeze(mergePolicy());
