/**
 * Which layer each built-in pack belongs to (issue 30): the one table that says which packs are
 * tool-specific. A rule's layer decides between two rules of the same tier of DESIGN's order
 * (see `PRIORITY_TIERS`): the rule written for the tool knows its sentence exactly, a registry
 * knows a standard code, the lexicon knows words. Switching the tool layer off gives the
 * classifier an unseen tool gets (`GENERIC_PACKS`).
 */

/**
 * - `tool`: rules written for one tool's messages (npm, pytest, kubectl, the Anthropic API…)
 * - `design`: DESIGN.md's own vocabulary, no tool's: seed 001's words, seed 002/004's output
 *   checks, how a process ended, security
 * - `registry`: standard code sets (errno, HTTP, SQLSTATE, gRPC, cloud codes, Redis, signals)
 * - `lexicon`: concept words in their word forms, and compiler-diagnostic line shapes
 */
export const LAYERS = ['tool', 'design', 'registry', 'lexicon'] as const;
/** A layer of rule packs. */
export type Layer = (typeof LAYERS)[number];

/** Each built-in pack's layer, by pack id. A pack not listed (a user's) is `tool`: written for what it matches. */
export const PACK_LAYERS: Readonly<Record<string, Layer>> = {
  security: 'design',
  'exit-code': 'design',
  pipeline: 'design',
  seed001: 'design',
  trust: 'tool',
  'llm-api': 'tool',
  agents: 'tool',
  services: 'tool',
  'cloud-auth': 'tool',
  'node-system': 'tool',
  javascript: 'tool',
  python: 'tool',
  'rust-go': 'tool',
  native: 'tool',
  jvm: 'tool',
  databases: 'tool',
  busy: 'tool',
  git: 'tool',
  docker: 'tool',
  toolchain: 'tool',
  integrity: 'tool',
  signals: 'registry',
  errno: 'registry',
  http: 'registry',
  grpc: 'registry',
  sqlstate: 'registry',
  redis: 'registry',
  smtp: 'registry',
  ftp: 'registry',
  tftp: 'registry',
  curl: 'registry',
  ldap: 'registry',
  dns: 'registry',
  cloud: 'registry',
  lexicon: 'lexicon',
};

/**
 * How exact each layer's rules are, most exact first (0): within one tier, the lower rank wins.
 * A tool's rules and DESIGN's share the first rank: both are written for the words they match.
 */
export const LAYER_RANK: Readonly<Record<Layer, number>> = { tool: 0, design: 0, registry: 1, lexicon: 2 };

/** The layer of a pack id; `tool` for one not in {@link PACK_LAYERS}. */
export function layerOfPack(packId: string): Layer {
  return Object.hasOwn(PACK_LAYERS, packId) ? PACK_LAYERS[packId]! : 'tool';
}

/** The rank of the rule with this id (ids are `<pack>.<name>`; a config rule that replaces a built-in one keeps its place). */
export function layerRankOfRule(ruleId: string): number {
  const dot = ruleId.indexOf('.');
  return LAYER_RANK[layerOfPack(dot === -1 ? ruleId : ruleId.slice(0, dot))];
}
