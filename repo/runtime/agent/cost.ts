/**
 * What an adapter's plain JSON answer may say it cost: `"cost": {"usd": 0.04, "tokens": 1200}`,
 * both parts optional. An agent CLI reports its cost in its envelope (Claude Code's
 * `total_cost_usd`); a program answering plain JSON (any other agent behind `--adapter`, a script
 * calling a model's API) had no way to, so the approval threshold `costUsd` could not see it.
 * Strict where confidence is tolerant: a cost is a measurement, not a model's guess, so only JSON
 * numbers are read; anything else makes the answer unreadable, naming the field.
 */
import { isRecord } from './json-scan.js';
import { show } from './confidence.js';

/** What one call of the program says it cost. Each part absent when not reported. */
export interface AnswerCost {
  /** US dollars, 0 or more. */
  usd?: number;
  /** Tokens used (input and output together, as the program counts them), a whole number, 0 or more. */
  tokens?: number;
}

/** A cost read from an answer: the cost (undefined when absent or null), or why it is unreadable. */
export type CostReading = { ok: true; value: AnswerCost | undefined } | { ok: false; reason: string };

const SHAPE = 'expected {"usd": 0.04, "tokens": 1200} (each optional)';

/** Reads the answer's `"cost"` field `raw` (see the module comment); the reason names the field and the value. */
export function readCost(raw: unknown): CostReading {
  if (raw === undefined || raw === null) return { ok: true, value: undefined };
  if (!isRecord(raw)) return { ok: false, reason: `"cost" is ${show(raw)}; ${SHAPE}` };
  const cost: AnswerCost = {};
  const { usd, tokens } = raw;
  if (usd !== undefined && usd !== null) {
    if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) return { ok: false, reason: `"cost.usd" is ${show(usd)}; expected a number of US dollars, 0 or more` };
    cost.usd = usd;
  }
  if (tokens !== undefined && tokens !== null) {
    if (typeof tokens !== 'number' || !Number.isSafeInteger(tokens) || tokens < 0) return { ok: false, reason: `"cost.tokens" is ${show(tokens)}; expected a whole number of tokens, 0 or more` };
    cost.tokens = tokens;
  }
  return { ok: true, value: cost.usd === undefined && cost.tokens === undefined ? undefined : cost };
}
