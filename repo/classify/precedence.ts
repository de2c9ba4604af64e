import { FAILURE_TYPE_NAMES } from '../taxonomy/index.js';
import { MIN_CAUSE_PRIORITY, ROOT_CAUSE_TYPES, WRAPPER_TYPES } from './cause.js';
import { LAYER_RANK, LAYERS, layerOfPack, type Layer } from './layers.js';
import { BUILT_IN_PACKS } from './packs/index.js';
import { PRIORITY_TIERS, tierOf, TYPE_PRIORITY } from './priority.js';

/**
 * Which layer of the classifier wins over which, as Markdown generated from the code (issue 30):
 * the README shows exactly this, and a test fails when the two differ, so the table cannot go
 * stale. Three parts: DESIGN's tiers (with the types each holds by default and the built-in rules
 * placed in it by an explicit priority), the layers that decide within a tier, and root cause first.
 */
export function precedenceTable(): string {
  return [...tierTable(), '', ...layerTable(), '', rootCauseLine()].join('\n');
}

/** The tiers, highest first: the first that has a candidate decides. */
function tierTable(): string[] {
  const lines = ['| tier (highest first) | priorities | types by default | built-in rules placed here by an explicit priority |', '|---|---|---|---|'];
  PRIORITY_TIERS.forEach((tier, i) => {
    const upper = i === 0 ? '' : `–${PRIORITY_TIERS[i - 1]!.from - 1}`;
    const range = tier.from === -Infinity ? '—' : `${tier.from}${upper}`;
    const types = FAILURE_TYPE_NAMES.filter((type) => TYPE_PRIORITY[type] !== 0 && tierOf(TYPE_PRIORITY[type]) === i).sort((a, b) => TYPE_PRIORITY[b] - TYPE_PRIORITY[a]);
    const placed = BUILT_IN_PACKS.flatMap((pack) => pack.rules).filter((rule) => rule.priority !== undefined && tierOf(rule.priority) === i && rule.priority !== TYPE_PRIORITY[rule.type]);
    lines.push(`| ${tier.name} | ${range} | ${types.join(', ') || '—'} | ${placed.map((rule) => `\`${rule.id}\``).join(', ') || '—'} |`);
  });
  return lines;
}

/** The layers, most exact first: within a tier, the more exact layer wins, then the higher priority. */
function layerTable(): string[] {
  const lines = ['| within a tier (most exact first) | layer | built-in packs |', '|---|---|---|'];
  const ranks = [...new Set(LAYERS.map((layer) => LAYER_RANK[layer]))].sort((a, b) => a - b);
  for (const rank of ranks) {
    const layers = LAYERS.filter((layer) => LAYER_RANK[layer] === rank);
    const packs = BUILT_IN_PACKS.filter((pack) => layers.includes(layerOfPack(pack.id))).map((pack) => `\`${pack.id}\``);
    lines.push(`| ${rank + 1} | ${layers.map(describeLayer).join('; ')} | ${packs.join(', ')} |`);
  }
  return lines;
}

function describeLayer(layer: Layer): string {
  return {
    tool: 'tool: rules written for one tool\'s messages',
    design: 'design: DESIGN.md\'s own words and checks',
    registry: 'registry: standard codes (errno, HTTP, SQLSTATE, gRPC, cloud, Redis, SMTP, FTP, TFTP, LDAP, DNS, libcurl, signals)',
    lexicon: 'lexicon: concept words in their word forms, line shapes',
  }[layer];
}

/** Root cause first, as cause.ts decides it. */
function rootCauseLine(): string {
  return `Then root cause first: when the winner is a wrapper (${[...WRAPPER_TYPES].join(', ')}) that won on its words, not on how the process ended, the best root cause (${[...ROOT_CAUSE_TYPES].join(', ')}) of priority ${MIN_CAUSE_PRIORITY} or more found anywhere takes its place — unless it is a less exact layer's reading of the wrapper's own line. A failed test keeps its place, except a TAP \`not ok\` whose own \`#\` diagnostics print such a cause or a timeout, and a test whose output prints such a cause as a command's own diagnostic (\`curl: (7) Failed to connect …\`, a program's \`name:\` first): the command the test ran failed there.`;
}
