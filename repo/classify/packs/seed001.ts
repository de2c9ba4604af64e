import { RULE_PRIORITY } from '../priority.js';
import type { RulePack } from '../rule.js';

/**
 * Seed 001's failure classification, alone enough to reproduce that system: BROKEN_BUILD,
 * VERIFICATION_FAILED and CONTEXT_EXHAUSTED from its indicators, in its order (the type
 * priorities), CIRCULAR_FIX from the approach history (`classify(…, { history })`), UNKNOWN
 * when nothing matches. Two deliberate differences, because DESIGN.md wins over the seeds:
 * - its bare `context` indicator is dropped ("React context provider" is not exhaustion);
 *   the phrases that mean a context window are kept;
 * - its bare `expected` and `status code` are weak evidence, below every specific rule, so
 *   "Expected a string with maximum length …" is about length, not a failed assertion.
 *
 * @example
 * ```ts
 * classify({ message: 'ModuleNotFoundError: No module named foo' }, { packs: [seed001Pack] }).type; // 'BROKEN_BUILD'
 * classify({ message: 'socket hang up' }, { packs: [seed001Pack] }).type; // 'UNKNOWN': seed 001 knows no network
 * ```
 */
export const seed001Pack: RulePack = {
  id: 'seed001',
  description: 'Seed 001: broken build, verification failed, context exhausted (with history: circular fix)',
  rules: [
    {
      id: 'seed001.broken-build',
      type: 'BROKEN_BUILD',
      phrases: [
        'syntax error', 'syntaxerror', 'compilation error', 'compile error', 'module not found', 'modulenotfounderror',
        'import error', 'importerror', 'cannot find module', 'unexpected token', 'indentation error', 'indentationerror',
        'parse error',
      ],
    },
    {
      id: 'seed001.verification-failed',
      type: 'VERIFICATION_FAILED',
      // "certificate verification failed" is a trust failure (the trust pack), not a failed check of the code.
      unless: ['certificate verification failed', 'server certificate verification failed'],
      phrases: ['verification failed', 'assertion', 'assertionerror', 'assertion failed', 'assertion error', 'test failed', 'tests failed'],
    },
    { id: 'seed001.tests-failed', type: 'VERIFICATION_FAILED', when: 'testsFailed' },
    {
      id: 'seed001.verification-weak',
      type: 'VERIFICATION_FAILED',
      priority: RULE_PRIORITY.weak,
      confidence: 0.7,
      phrases: ['expected', 'status code'],
    },
    {
      id: 'seed001.context-exhausted',
      type: 'CONTEXT_EXHAUSTED',
      phrases: [
        'token limit', 'maximum length', 'context length', 'maximum context length', 'context window', 'context limit',
        'context exhausted', 'out of context', 'context overflow',
      ],
    },
  ],
};
