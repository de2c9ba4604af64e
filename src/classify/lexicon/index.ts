import type { RulePack } from '../rule.js';
import { ACCESS_RULES } from './access.js';
import { BUILD_FILE_RULES } from './build-file.js';
import { BUILD_RULES } from './builds.js';
import { CHECK_RULES } from './checks.js';
import { CODE_RULES } from './code.js';
import { COMPARISON_RULES } from './comparison.js';
import { COMPILE_FRAME_RULES } from './compile-frame.js';
import { COMMAND_RULES } from './commands.js';
import { CONFIGURATION_RULES } from './configuration.js';
import { CONFIG_LOAD_RULES } from './config-load.js';
import { ADDRESS_RULES, CONNECTION_RULES, PEER_WAIT_RULES } from './connection.js';
import { CREDENTIAL_SENTENCE_RULES } from './credential-sentence.js';
import { DATA_CHECK_RULES } from './data-check.js';
import { DIGEST_MISMATCH_RULES } from './digest-mismatch.js';
import { ENVIRONMENT_RULES } from './environment.js';
import { NOT_IN_PATH_RULES } from './not-in-path.js';
import { SIGNER_KEY_RULES } from './signer-key.js';
import { ERROR_TUPLE_RULES } from './error-tuple.js';
import { EXCEPTION_REFUSAL_RULES } from './exception-refusal.js';
import { RUNTIME_CRASH_RULES, RUNTIME_REFUSAL_RULES } from './runtime-crash.js';
import { DIAGNOSTIC_HEAD_RULES } from './diagnostic-head.js';
import { FINDING_SEVERITY_RULES } from './finding-severity.js';
import { LINT_COUNT_RULES } from './lint-count.js';
import { INCLUDE_MISSING_RULES } from './include-missing.js';
import { DIED_RULES } from './died.js';
import { FILE_DIAGNOSTIC_RULES } from './file-diagnostic.js';
import { GREETING_LOST_RULES } from './greeting-lost.js';
import { INPUT_FORMAT_RULES } from './input-format.js';
import { INPUT_REFUSED_RULES } from './input-refused.js';
import { INPUT_RULES } from './inputs.js';
import { INTEGRITY_RULES } from './integrity.js';
import { KEY_UNDECODABLE_RULES } from './key-undecodable.js';
import { LIMIT_RULES } from './limits.js';
import { OUTCOME_RULES } from './outcomes.js';
import { OUTPUT_WRITE_RULES } from './output-write.js';
import { PEER_ANSWER_RULES } from './peer-answer.js';
import { POSITION_WARNING_RULES } from './position-warning.js';
import { REACH_RULES } from './reach.js';
import { REFUSAL_RULES } from './refusal.js';
import { RESOLVER_RULES } from './resolver.js';
import { RUNTIME_RULES } from './runtime.js';
import { STORE_FULL_RULES } from './store-full.js';
import { HOST_UNREACHED_RULES } from './host-unreached.js';
import { USAGE_RULES } from './usage.js';
import { VALUE_REFUSED_RULES } from './value-refused.js';
import { OPEN_FAILED_RULES } from './open-failed.js';
import { WAIT_ENDED_RULES } from './wait-ended.js';

/**
 * The generic lexicon (issue 30): DESIGN's failure types in the words any tool uses, in their
 * word forms, and compiler diagnostics and test reports by their line shapes. Written per
 * concept, never per tool: it is what classifies a tool no rule was written for, beside the
 * registries. Within a tier it yields to a tool's rule and to a registry's code (layers.ts).
 */
export const lexiconPack: RulePack = {
  id: 'lexicon',
  description: 'Concept words in their word forms (network, time, resources, locks, credentials, limits, code, tests, crashes, lint findings, validation) and diagnostic line shapes',
  rules: [...ENVIRONMENT_RULES, ...ACCESS_RULES, ...LIMIT_RULES, ...CODE_RULES, ...INPUT_RULES, ...COMMAND_RULES, ...REFUSAL_RULES, ...RUNTIME_RULES, ...CHECK_RULES, ...INTEGRITY_RULES,
    ...INPUT_FORMAT_RULES, ...PEER_ANSWER_RULES, ...CONFIGURATION_RULES, ...USAGE_RULES, ...BUILD_RULES, ...OUTCOME_RULES, ...REACH_RULES, ...RESOLVER_RULES, ...FILE_DIAGNOSTIC_RULES, ...COMPARISON_RULES, ...DIED_RULES, ...OUTPUT_WRITE_RULES,
    ...CONNECTION_RULES, ...ADDRESS_RULES, ...PEER_WAIT_RULES, ...CREDENTIAL_SENTENCE_RULES, ...CONFIG_LOAD_RULES,
    ...INPUT_REFUSED_RULES, ...DATA_CHECK_RULES, ...WAIT_ENDED_RULES, ...BUILD_FILE_RULES, ...POSITION_WARNING_RULES,
    ...GREETING_LOST_RULES, ...KEY_UNDECODABLE_RULES, ...COMPILE_FRAME_RULES, ...EXCEPTION_REFUSAL_RULES, ...RUNTIME_REFUSAL_RULES, ...RUNTIME_CRASH_RULES, ...DIAGNOSTIC_HEAD_RULES, ...FINDING_SEVERITY_RULES, ...LINT_COUNT_RULES, ...INCLUDE_MISSING_RULES, ...STORE_FULL_RULES, ...HOST_UNREACHED_RULES,
    ...ERROR_TUPLE_RULES, ...DIGEST_MISMATCH_RULES, ...NOT_IN_PATH_RULES, ...SIGNER_KEY_RULES, ...VALUE_REFUSED_RULES, ...OPEN_FAILED_RULES],
};
