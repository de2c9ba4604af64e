/**
 * Reports: the escalation report (Markdown), the history (YAML/JSON), metrics (JSON), the session
 * report and its audit rows. Redaction is `src/redact/`. Pure functions of a run's data.
 */
export * from './types.js';
export { escalationReport, type EscalationReportOptions } from './escalation.js';
export { historyRecords, historyToJson, historyToYaml, isoTimestamp, type HistoryFormatOptions } from './history.js';
export { computeMetrics } from './metrics.js';
export { sessionReport, type SessionReportOptions } from './session.js';
export { recoveryEventRows, toJsonLines, type EventRowOptions } from './events.js';
export { DECISION_DESCRIPTIONS, DECISION_OPTIONS, decisionCommand, offeredOptions, type DecisionOption } from './options.js';
export { REASON_RECOMMENDATIONS, TYPE_RECOMMENDATIONS, recommendationsFor } from './recommendations.js';
export { decisionChoice, summarizeAttempts, type AttemptSummary } from './attempts.js';
