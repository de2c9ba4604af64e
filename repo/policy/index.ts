/**
 * The policy layer: budgets, delays (explicit lists, exponential backoff with cap and seeded
 * jitter, Retry-After), timeouts and confidence bands. Pure: no I/O, no clock.
 * @packageDocumentation
 */
export * from './types.js';
export type { PolicyIssue } from './errors.js';
export { PolicyError } from './errors.js';
export {
  DEFAULT_BUDGET, DEFAULT_BACKOFF, DEFAULT_CONFIDENCE, DEFAULT_GLOBALS, CATEGORY_DEFAULTS,
  TYPE_DEFAULTS, MAX_TIMER_MS,
} from './layers.js';
export { DEFAULT_POLICY } from './defaults.js';
export { validatePolicyConfig, type ValidateOptions } from './validate.js';
export { resolvePolicy } from './resolve.js';
export { policyFor, budgetFor, refreshContextAt } from './lookup.js';
export { computeDelay, type DelayOptions } from './delay.js';
export { createRandom, mixSeed } from './random.js';
export { timeoutFor } from './timeout.js';
export {
  approvalProblems, describeChange, matchesPaths, resolveApproval, DEFAULT_APPROVAL,
  type ApprovalConfig, type ResolvedApproval, type FixChange,
} from './approval.js';
export { confidenceBand, CONFIDENCE_BANDS, type ConfidenceBand } from './confidence.js';
