/**
 * Seed 004's ASK_APPROVE thresholds ("Breaking change: any; Scope deviation: > 10 % spec change;
 * Cost impact: > $100"): a fix beyond them is not retried until a person approves it. Pure: the
 * runtime measures the fix (the work tree against the last known good state, the agent's cost)
 * and the machine asks {@link approvalProblems} whether it may go on.
 */

/** What the policy's `approval` says, as a config (every field optional). */
export interface ApprovalConfig {
  /** A fix that leaves more changed files than this asks approval; 0 = no limit. Default 0. */
  maxChangedFiles?: number;
  /**
   * A fix that leaves more than this share of the last known good state's files changed asks
   * approval (seed 004's scope deviation: more than 10 %); 1 = no limit. Default 0.10.
   */
  maxChangedFraction?: number;
  /**
   * The public API, as paths relative to the repository's top level: `src/index.ts`, `api/**`
   * (any depth), `*.d.ts` (a pattern without `/` matches a file name anywhere). Default none.
   */
  paths?: string[];
  /** A fix that touches `paths` is a breaking change and asks approval (seed 004: any). Default true. */
  breaking?: boolean;
  /** A fix whose agent reported a cost above this many US dollars asks approval; 0 = no limit. Default 100 (seed 004). */
  costUsd?: number;
}

/** The thresholds with every field resolved. */
export type ResolvedApproval = Required<ApprovalConfig>;

/**
 * The defaults of an `approval` that is set (an absent `approval` asks for nothing). Frozen, its
 * `paths` too, and typed so: `readonly string[]`.
 */
export const DEFAULT_APPROVAL: Readonly<Omit<ResolvedApproval, 'paths'> & { paths: readonly string[] }> = Object.freeze({
  maxChangedFiles: 0,
  maxChangedFraction: 0.1,
  paths: Object.freeze([]),
  breaking: true,
  costUsd: 100,
});

/**
 * What a fix changed, measured by the runtime against the last known good state (for git: the
 * work tree's snapshot diffed with the one recorded before the run). JSON only.
 */
export interface FixChange {
  /** Files added, modified or deleted since the last known good state. */
  changedFiles: number;
  /** Files of the last known good state (the fraction's denominator). */
  totalFiles: number;
  /** Lines added. */
  insertions: number;
  /** Lines deleted. */
  deletions: number;
  /** The changed paths, relative to the top level, sorted (the first 200). */
  paths: string[];
}

/** An approval config with the defaults filled in; `null` when none is set. */
export function resolveApproval(config: ApprovalConfig | null | undefined): ResolvedApproval | null {
  if (config === undefined || config === null) return null;
  return {
    maxChangedFiles: config.maxChangedFiles ?? DEFAULT_APPROVAL.maxChangedFiles,
    maxChangedFraction: config.maxChangedFraction ?? DEFAULT_APPROVAL.maxChangedFraction,
    paths: [...(config.paths ?? [])],
    breaking: config.breaking ?? DEFAULT_APPROVAL.breaking,
    costUsd: config.costUsd ?? DEFAULT_APPROVAL.costUsd,
  };
}

/** True when `path` (relative, `/`-separated) is one of the `patterns`. */
export function matchesPaths(path: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => patternRegExp(pattern).test(pattern.includes('/') ? path : path.slice(path.lastIndexOf('/') + 1)));
}

function patternRegExp(pattern: string): RegExp {
  const trimmed = pattern.replace(/^\.?\//, '');
  // A directory (`api/`) means everything under it.
  const body = trimmed.endsWith('/') ? `${trimmed}**` : trimmed;
  let source = '';
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === '*' && body[i + 1] === '*') {
      source += '.*';
      i += body[i + 2] === '/' ? 2 : 1;
    } else if (ch === '*') source += '[^/]*';
    else if (ch === '?') source += '[^/]';
    else source += ch.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const percent = (share: number) => `${Math.round(share * 1000) / 10} %`;

/**
 * Why a fix needs approval, one line per threshold it goes beyond (empty: it may go on).
 * `change` is null when the runtime could not measure the work tree (no git rollback): only the
 * cost is checked then.
 */
export function approvalProblems(approval: ResolvedApproval | null | undefined, change: FixChange | null | undefined, costUsd: number | null | undefined): string[] {
  if (!approval) return [];
  const out: string[] = [];
  if (change) {
    if (approval.maxChangedFiles > 0 && change.changedFiles > approval.maxChangedFiles) {
      out.push(`${change.changedFiles} files changed, more than maxChangedFiles ${approval.maxChangedFiles}`);
    }
    const share = change.changedFiles / Math.max(1, change.totalFiles);
    if (approval.maxChangedFraction < 1 && share > approval.maxChangedFraction) {
      out.push(`${change.changedFiles} of ${change.totalFiles} files changed (${percent(share)}), more than maxChangedFraction ${percent(approval.maxChangedFraction)} (scope deviation)`);
    }
    const api = approval.breaking ? change.paths.filter((path) => matchesPaths(path, approval.paths)) : [];
    if (api.length > 0) out.push(`breaking change: touches the public API (${api.slice(0, 10).join(', ')}${api.length > 10 ? ', …' : ''})`);
  }
  if (approval.costUsd > 0 && typeof costUsd === 'number' && costUsd > approval.costUsd) {
    out.push(`the fix cost $${costUsd.toFixed(2)}, more than costUsd $${approval.costUsd}`);
  }
  return out;
}

/** The diff stat of a change, one line: `3 files changed (+12 −4): a.ts, b.ts, c.ts`. */
export function describeChange(change: FixChange): string {
  const shown = change.paths.slice(0, 20);
  return `${change.changedFiles} of ${change.totalFiles} files changed (+${change.insertions} −${change.deletions}): ${shown.join(', ')}${change.paths.length > shown.length || change.changedFiles > shown.length ? ', …' : ''}`;
}
