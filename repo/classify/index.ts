/**
 * The classifier: `classify(observation)` → a failure type with its category, severity,
 * default action, confidence, retry-after hint and evidence; rule packs as data; circular-fix
 * and repeated-fix detection.
 * @packageDocumentation
 */
export type * from './types.js';
export { classify, createClassifier, type CallOptions, type Classifier } from './classify.js';
export {
  detectCircularFix, detectRepeatedFix, jaccard, keywords, normaliseFix, STOP_WORDS,
  type CircularFixOptions, type CircularFixResult, type RepeatedFixResult,
} from './circular.js';
export {
  DEFAULT_SOURCES, FAILURE_SOURCES, RULE_CONDITIONS, RuleError, TEXT_SOURCES,
  type ApproachHistory, type ClassifyOptions, type Rule, type RuleCondition, type RulePack, type TextSource,
} from './rule.js';
export { validateRule } from './validate.js';
export { cleanTerminalText } from './terminal-text.js';
export { dataLossRisk } from './data-loss.js';
export { EVIDENCE_CONFIDENCE, RULE_PRIORITY, TYPE_PRIORITY } from './priority.js';
export { scanDuration, parseRetryAfterHeader } from './retry-after.js';
export * from './packs/index.js';
