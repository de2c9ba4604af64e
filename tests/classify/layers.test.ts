import { describe, expect, test } from 'vitest';
import { BUILT_IN_PACKS, classify, GENERIC_PACKS, toolchainPack } from '../../src/classify/index.js';
import { LAYER_RANK, layerOfPack, layerRankOfRule, PACK_LAYERS } from '../../src/classify/layers.js';
import { PRIORITY_TIERS, RULE_PRIORITY, tierOf, TYPE_PRIORITY } from '../../src/classify/priority.js';

describe('layers: one table says which packs are tool-specific', () => {
  test('every built-in pack (and the toolchain bundle) has its layer in the table', () => {
    for (const pack of [...BUILT_IN_PACKS, toolchainPack]) expect(Object.keys(PACK_LAYERS), pack.id).toContain(pack.id);
  });

  test('the generic packs are the built-in ones that are not tool-specific, in the same order', () => {
    expect(GENERIC_PACKS).toEqual(BUILT_IN_PACKS.filter((pack) => PACK_LAYERS[pack.id] !== 'tool'));
    expect(GENERIC_PACKS.map((p) => p.id)).toEqual(expect.arrayContaining(['security', 'exit-code', 'seed001', 'pipeline', 'errno', 'http', 'lexicon']));
  });

  test('a pack or rule not in the table (a user\'s) ranks with the tools: it was written for what it matches', () => {
    expect(layerOfPack('acme')).toBe('tool');
    expect(layerRankOfRule('acme.vault-sealed')).toBe(LAYER_RANK.tool);
    expect(layerRankOfRule('lexicon.network')).toBe(LAYER_RANK.lexicon);
    expect(LAYER_RANK.tool).toBeLessThan(LAYER_RANK.registry);
    expect(LAYER_RANK.registry).toBeLessThan(LAYER_RANK.lexicon);
  });
});

describe('tiers: every named priority is one tier, highest first', () => {
  test('the tiers are in decreasing order and each named level starts one', () => {
    for (let i = 1; i < PRIORITY_TIERS.length; i++) expect(PRIORITY_TIERS[i]!.from).toBeLessThan(PRIORITY_TIERS[i - 1]!.from);
    for (const [name, value] of Object.entries(RULE_PRIORITY)) {
      // Output checks share one tier with each other, and crashes with the generic verdicts below the rest.
      if (['missingSections', 'emptyOutput', 'crash', 'unknown'].includes(name)) continue;
      expect(PRIORITY_TIERS.map((t) => t.from), name).toContain(value);
    }
  });

  test('the rest (resources, limits, the network, servers) is one tier; error responses are below it', () => {
    const rest = tierOf(RULE_PRIORITY.rest);
    for (const type of ['RESOURCE_EXHAUSTION', 'SERVER_OVERLOADED', 'RATE_LIMIT', 'RESOURCE_BUSY', 'TIMEOUT', 'NETWORK', 'SERVER_ERROR'] as const) {
      expect(tierOf(TYPE_PRIORITY[type]), type).toBe(rest);
    }
    expect(tierOf(TYPE_PRIORITY.ERROR_RESPONSE)).toBeGreaterThan(rest);
  });
});

describe('which wins (issue 30): tiers first, then the more exact layer, then priority', () => {
  test('within a tier, a tool\'s rule over a registry\'s code and a lexicon word', () => {
    // Envoy's words say the server behind it failed; "connection failure" alone would be the network.
    expect(classify({ message: 'upstream connect error or disconnect/reset before headers. reset reason: connection failure' }).type).toBe('SERVER_ERROR');
    // grpc-go's client could not connect: the network (a tool rule), not UNAVAILABLE's overload (the registry).
    expect(classify({ stderr: 'rpc error: code = Unavailable desc = connection error: desc = "transport: Error while dialing: dial tcp 127.0.0.1:50051: connect: connection refused"' }).type).toBe('NETWORK');
  });

  test('across tiers, DESIGN\'s order whoever wrote the rule: a refinement, a cause, an explanation', () => {
    // A JSON parse error refines the SyntaxError it is (seed 001's marker), also when only the lexicon knows it.
    const generic = (observation: object) => classify(observation, { packs: GENERIC_PACKS }).type;
    expect(generic({ stderr: 'SyntaxError: Expected double-quoted property name in JSON at position 8' })).toBe('JSON_PARSE_ERROR');
    // Memory running out explains the abort it ends in.
    expect(generic({ stderr: 'fatal: out of memory, malloc failed', signal: 'SIGABRT' })).toBe('RESOURCE_EXHAUSTION');
    // An exceeded rate limit explains the 403 beside it (GitHub answers a rate limit with 403).
    expect(generic({ stderr: 'curl: (22) The requested URL returned error: 403\n{"message":"API rate limit exceeded for 203.0.113.7."}' })).toBe('RATE_LIMIT');
  });

  test('root cause first, but not a vaguer reading of the wrapper\'s own line', () => {
    // The docker rule knows this sentence: a daemon to wait for, not a network cause a word found in it.
    expect(classify({ stderr: 'docker: Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?' }).type).toBe('DEPENDENCY_FAILURE');
    // A cause on its own line inside the wrapper still wins.
    expect(classify({ stderr: 'npm ERR! code ERESOLVE\nnpm ERR! Could not resolve dependencies\nnpm ERR! network request failed, reason: getaddrinfo ENOTFOUND registry.npmjs.org' }).type).toBe('NETWORK');
  });

  test('a registry or lexicon rule repeating a tool\'s reading is not corroboration', () => {
    const alone = classify({ stderr: 'Error: connect ECONNREFUSED 127.0.0.1:5432' });
    const withNumber = classify({ stderr: 'Error: connect ECONNREFUSED 127.0.0.1:5432 (errno: -111)' });
    expect(withNumber.type).toBe('NETWORK');
    expect(withNumber.confidence).toBe(alone.confidence);
    expect(withNumber.evidence.map((e) => e.rule)).not.toContain('errno.network');
  });
});
