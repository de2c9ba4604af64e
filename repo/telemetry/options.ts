/** What a caller may say about a run's telemetry (`RecoveryOptions.telemetry`). Every field optional. */
export interface TelemetryOptions {
  /** `false`: no spans and no metrics for this run even when a provider is registered. Default: on when one is. */
  enabled?: boolean;
  /**
   * A `traceparent` of an earlier process's span of this run (the one that escalated it): the
   * run span links to it, so a decision made later is tied back to the run. Default: none.
   */
  linkTo?: string | null;
  /**
   * The task is an agent step: attempts carry the GenAI conventions (`gen_ai.operation.name`
   * `invoke_agent`, `gen_ai.agent.name`, `gen_ai.provider.name`). Default: not an agent step.
   */
  agent?: { name?: string; provider?: string };
  /** Extra attributes of the `recover.run` span (string, number or boolean values). Default: none. */
  attributes?: Record<string, string | number | boolean>;
}
