/**
 * The JSON Schema of `recovery.config.json`, built from the same vocabularies the validator uses
 * (categories, failure types, decision choices), so editors complete and check a config with
 * `"$schema": "./node_modules/recovery-protocol/recovery.config.schema.json"`. The validator
 * (validate.ts) stays the authority: it also checks what a schema cannot say (threshold order).
 * `npm run schema` writes it; a test keeps the published file equal to this.
 */
import { CATEGORIES, FAILURE_TYPE_NAMES } from '../taxonomy/index.js';
import { DECISION_CHOICES, JITTERS } from './types.js';

const count = { type: 'integer', minimum: 0 } as const;
const ms = { type: 'number', minimum: 0 } as const;
const timerMs = { type: 'integer', minimum: 0, maximum: 2 ** 31 - 1 } as const;

const typePolicy = {
  type: 'object',
  additionalProperties: false,
  properties: {
    budget: { ...count, description: 'recovery iterations allowed for this category or type' },
    delaysMs: { description: 'explicit delays between attempts, in ms (null: use backoff)', oneOf: [{ type: 'array', items: ms }, { type: 'null' }] },
    backoff: {
      type: 'object',
      additionalProperties: false,
      properties: {
        initialMs: { ...ms, description: 'first delay, ms' },
        factor: { type: 'number', description: 'growth per attempt' },
        maxMs: { ...ms, description: 'largest delay, ms' },
        jitter: { enum: [...JITTERS] },
      },
    },
    timeoutFactor: { type: 'number', exclusiveMinimum: 0, description: "multiply the next attempt's timeout by this after such a failure" },
    contextRefreshFrom: { ...count, description: 'from this iteration on, retries get a fresh context (0: never)' },
  },
} as const;

/** The schema object (draft 2020-12). */
export function configSchema(): Record<string, unknown> {
  const byName = (names: readonly string[]) => ({ type: 'object', propertyNames: { enum: [...names] }, additionalProperties: typePolicy });
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://unpkg.com/recovery-protocol/recovery.config.schema.json',
    title: 'recovery.config.json',
    description: 'Policy, classification rules and redaction for recover (recovery-protocol).',
    type: 'object',
    additionalProperties: false,
    properties: {
      $schema: { type: 'string' },
      budget: { ...count, description: 'recovery iterations before escalating (default 3)' },
      categories: { ...byName(CATEGORIES), description: 'settings per failure category' },
      types: { ...byName(FAILURE_TYPE_NAMES), description: 'settings per failure type (beat categories)' },
      confidence: {
        type: 'object',
        additionalProperties: false,
        description: 'diagnosis confidence thresholds; escalate ≤ caution ≤ proceed',
        properties: { proceed: { type: 'number', minimum: 0, maximum: 1 }, caution: { type: 'number', minimum: 0, maximum: 1 }, escalate: { type: 'number', minimum: 0, maximum: 1 } },
      },
      flakeProbe: { type: 'boolean', description: 're-run once unchanged to detect a flaky failure' },
      onFlaky: { enum: ['escalate', 'pass'], description: 'what a passing flake probe means (default escalate)' },
      maxDelayMs: { ...timerMs, description: 'cap on any backoff delay, ms' },
      totalBudgetMs: { ...ms, description: 'wall-time budget for the whole run, ms' },
      jitterSeed: { type: 'integer', description: 'seed for reproducible jitter' },
      rollbackAfterFailures: { ...count, description: 'roll back after this many consecutive failures (0: never)' },
      diagnoseRounds: { ...count, description: 'extra diagnosis rounds when confidence is low' },
      heartbeatTimeoutMs: { ...timerMs, description: 'fail an attempt silent for this long, ms (0: off)' },
      stallTimeoutMs: { ...timerMs, description: 'fail an attempt making no progress for this long, ms (0: off)' },
      decisionTimeoutMs: { ...timerMs, description: 'take defaultDecision after this long, ms (0: wait forever)' },
      defaultDecision: { enum: [...DECISION_CHOICES], description: 'the decision taken when the decision timeout passes' },
      criticalGate: { type: 'boolean', description: 'the task is a critical quality gate: with a rollback, each failure restores the last known good state first (default false)' },
      approval: {
        description: 'seed 004 ASK_APPROVE: a fix beyond these escalates with approval_required before its retry (default null: none)',
        oneOf: [
          { type: 'null' },
          {
            type: 'object',
            additionalProperties: false,
            properties: {
              maxChangedFiles: { ...count, description: 'most files a fix may leave changed (0: no limit; default 0)' },
              maxChangedFraction: { type: 'number', minimum: 0, maximum: 1, description: 'largest share of the files a fix may leave changed (default 0.10)' },
              paths: { type: 'array', items: { type: 'string', minLength: 1 }, description: 'the public API: paths or globs (api/**, *.d.ts)' },
              breaking: { type: 'boolean', description: 'a fix touching paths asks approval (default true)' },
              costUsd: { ...ms, description: "most a fix may cost, from the agent's report, USD (0: no limit; default 100)" },
            },
          },
        ],
      },
      rules: { type: 'array', description: 'extra classification rules (see the README)', items: { type: 'object' } },
      redact: { type: 'array', description: 'regular expressions whose matches are redacted from reports and history', items: { type: 'string' } },
      quarantine: { type: 'array', description: "test ids whose failures do not fail a run (the run passes and says so); see 'recover flaky'", items: { type: 'string', minLength: 1 } },
      agent: {
        description: 'an AI coding agent for DIAGNOSE and ADAPT (as --agent and its flags; a flag wins)',
        oneOf: [
          { type: 'string', enum: ['claude', 'codex', 'gemini'] },
          {
            type: 'object',
            additionalProperties: false,
            required: ['name'],
            properties: {
              name: { enum: ['claude', 'codex', 'gemini'] },
              model: { type: 'string' },
              args: { type: 'array', items: { type: 'string' } },
              timeout: { type: ['string', 'number'], description: 'a duration (5m) or ms' },
              maxTurns: { type: 'integer', minimum: 1 },
              budgetUsd: { type: 'number', exclusiveMinimum: 0 },
              promptFile: { type: 'string', description: 'a prompt template, relative to this file' },
            },
          },
        ],
      },
    },
  };
}
