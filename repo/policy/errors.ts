/** Errors of the policy layer. */

/** One problem found in a policy config. */
export interface PolicyIssue {
  /** Where, as a property path from the config's root: `categories.transient.delaysMs[1]`. */
  path: string;
  /** The whole sentence, path included, so it reads on its own: `… must be a number ≥ 0`. */
  message: string;
}

/** How many issues the error message spells out; `issues` always holds all of them. */
const MESSAGE_ISSUE_LIMIT = 20;

/**
 * Thrown by `resolvePolicy` when a config is invalid. `issues` lists every problem found (not
 * just the first), so a user fixes a config file in one pass; `message` joins them.
 */
export class PolicyError extends Error {
  /** Every problem, in the order found. */
  readonly issues: readonly PolicyIssue[];

  constructor(issues: readonly PolicyIssue[]) {
    const shown = issues.slice(0, MESSAGE_ISSUE_LIMIT).map((issue) => issue.message);
    const more = issues.length > MESSAGE_ISSUE_LIMIT ? `; and ${issues.length - MESSAGE_ISSUE_LIMIT} more` : '';
    const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
    super(`Invalid policy config (${count}): ${shown.join('; ')}${more}`);
    this.name = 'PolicyError';
    this.issues = Object.freeze(issues.map((issue) => Object.freeze({ ...issue })));
  }
}
