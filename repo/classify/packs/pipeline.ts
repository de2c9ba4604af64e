import { RULE_PRIORITY } from '../priority.js';
import { NOT_A_TEMPLATE_KEY } from './markers.js';
import { FAILURE_SOURCES, type RulePack, type TextSource } from '../rule.js';

const OWN_WORDS_AND_CHECKS: readonly TextSource[] = [...FAILURE_SOURCES, 'validationErrors'];

/**
 * Agent pipelines (seeds 002 and 004): output checks, prompt templates, heartbeats, stalls,
 * dependencies, quality gates. The output checks rank below any failure the step's own words
 * explain: a failing command with an empty stdout and a clear stderr is classified by its
 * stderr; empty output ranks above the validation errors it causes.
 */
export const pipelinePack: RulePack = {
  id: 'pipeline',
  description: 'Seed 002/004: empty output, validation, missing sections, diffs, templates, heartbeats, stalls, dependencies, gates',
  rules: [
    {
      id: 'pipeline.empty-output',
      type: 'EMPTY_OUTPUT',
      priority: RULE_PRIORITY.emptyOutput,
      when: 'emptyStdout',
      sources: FAILURE_SOURCES,
      phrases: ['(no output)', 'empty output', 'produced no output', 'returned no output', 'no output was produced', 'returned an empty response', 'output was empty'],
    },
    {
      id: 'pipeline.missing-sections',
      type: 'MISSING_SECTIONS',
      priority: RULE_PRIORITY.missingSections,
      sources: OWN_WORDS_AND_CHECKS,
      phrases: ['missing section', 'missing sections', 'missing required section', 'section missing', 'sections missing'],
    },
    {
      id: 'pipeline.format-validation',
      type: 'FORMAT_VALIDATION',
      priority: RULE_PRIORITY.formatValidation,
      when: 'validationErrors',
      sources: FAILURE_SOURCES,
      phrases: ['validation failed', 'format validation', 'invalid format', 'does not match the expected format', 'schema validation failed'],
    },
    {
      id: 'pipeline.diff',
      type: 'DIFF_PARSE_ERROR',
      phrases: ['could not parse diff', 'failed to parse diff', 'invalid diff', 'not a valid diff', 'no diff found', 'diff parse error'],
    },
    {
      id: 'pipeline.template',
      type: 'CONTEXT_ERROR',
      sources: FAILURE_SOURCES,
      unless: NOT_A_TEMPLATE_KEY,
      phrases: ['missing placeholder', 'missing template variable', 'unresolved placeholder', 'keyerror'],
    },
    { id: 'pipeline.heartbeat', type: 'HEARTBEAT_TIMEOUT', phrases: ['no heartbeat', 'heartbeat timeout', 'heartbeat timed out', 'missed heartbeat', 'heartbeat_timeout'] },
    { id: 'pipeline.stall', type: 'PROGRESS_STALL', phrases: ['no progress', 'progress stall', 'progress_stall', 'made no progress', 'stalled'] },
    {
      id: 'pipeline.dependency',
      type: 'DEPENDENCY_FAILURE',
      phrases: ['required input missing', 'dependency not ready', 'dependency failure', 'dependency_failure', 'waiting for dependency'],
    },
    { id: 'pipeline.dependency-not-ready', type: 'DEPENDENCY_FAILURE', phrases: ['not ready'], requires: ['dependency'] },
    {
      id: 'pipeline.quality-gate',
      type: 'QUALITY_GATE_FAIL',
      phrases: ['quality gate failed', 'quality_gate_fail', 'quality gate failure', 'gate failed', 'lint failed', 'linting failed', 'lint errors'],
    },
    { id: 'pipeline.error-response', type: 'ERROR_RESPONSE', phrases: ['agent returned an error', 'error_response', 'agent reported failed'] },
  ],
};
