/**
 * The definition hash a resume compares: sha256 of a canonical JSON of the normalised definition.
 * Canonical: object keys sorted, defaults applied, `needs` sorted (their order means nothing), so
 * comments, formatting, key order and YAML-vs-JSON do not change it; any change to what runs does.
 */
import { createHash } from 'node:crypto';
import type { PipelineDefinition } from './types.js';

/** JSON with object keys sorted at every depth (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** `sha256:<hex>` of a canonical value. */
function sha256Of(value: unknown): string {
  return `sha256:${createHash('sha256').update(canonicalJson(value)).digest('hex')}`;
}

/**
 * Each step's own hash, by id: what a resume compares step by step (seed 002 refuses a resume
 * only when what already ran changed; the failed step and the ones after it may be fixed).
 */
export function stepHashes(definition: PipelineDefinition): Record<string, string> {
  return Object.fromEntries(definition.steps.map((s) => [s.id, sha256Of({ ...s, needs: [...s.needs].sort() })]));
}

/** `sha256:<hex>` of the definition (its `order` is derived, so it is left out). */
export function definitionHash(definition: PipelineDefinition): string {
  const normalised = {
    name: definition.name,
    steps: definition.steps.map((s) => ({ ...s, needs: [...s.needs].sort() })),
  };
  return sha256Of(normalised);
}
