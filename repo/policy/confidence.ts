/** Diagnosis confidence → what to do next (UC-AP-004 BR-003). */
import { DEFAULT_CONFIDENCE } from './layers.js';
import type { ResolvedPolicy } from './types.js';

/** The four bands, most confident first. */
export const CONFIDENCE_BANDS = ['proceed', 'caution', 'gather', 'escalate'] as const;
/**
 * - `proceed`: confidence ≥ `proceed` (0.85)
 * - `caution`: in [`caution`, `proceed`) (0.70–0.85): proceed and record the uncertainty
 * - `gather`: in [`escalate`, `caution`) (0.50–0.70): gather more evidence (re-diagnose, bounded)
 * - `escalate`: strictly below `escalate` (< 0.50; 0.5 itself does not escalate)
 */
export type ConfidenceBand = (typeof CONFIDENCE_BANDS)[number];

/** A threshold from the policy, or its default when a hand-built policy lacks a sane one. */
function threshold(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/**
 * The band of a diagnosis confidence (0..1) under the policy's thresholds (defaults 0.85, 0.70,
 * 0.50). Boundaries belong to the upper band: 0.85 proceeds, 0.70 is caution, 0.50 gathers.
 * A NaN or non-number confidence escalates: an unknown confidence is no confidence.
 */
export function confidenceBand(policy: ResolvedPolicy, confidence: number): ConfidenceBand {
  if (typeof confidence !== 'number' || Number.isNaN(confidence)) return 'escalate';
  const c = policy.confidence;
  if (confidence >= threshold(c?.proceed, DEFAULT_CONFIDENCE.proceed)) return 'proceed';
  if (confidence >= threshold(c?.caution, DEFAULT_CONFIDENCE.caution)) return 'caution';
  if (confidence >= threshold(c?.escalate, DEFAULT_CONFIDENCE.escalate)) return 'gather';
  return 'escalate';
}
