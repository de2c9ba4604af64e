/**
 * What profile.ts and allocated.ts run and how they name a place in a V8 profile: bench:engine's
 * scenario (b) (one transient failure, retried at once) on the XState floor, the engine's chart
 * alone (engine/chart-alone.ts: the engine without its runtime) and the engine.
 */
import { recover } from '../../src/runtime/index.js';
import { runOnXStateFloor } from '../xstate-floor.js';
import { ADAPT, POLICY } from '../engine/contenders.js';
import { chartAlone } from '../engine/chart-alone.js';

/** A task that fails once with a refused connection (a fresh Error each run), then passes. */
const once = () => { let runs = 0; return () => { if (++runs === 1) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }); }; };

/** One run of (b) per contender, by the name the tables print. */
export const CONTENDERS: Record<string, () => Promise<unknown>> = {
  'XState floor': () => runOnXStateFloor(once()),
  'chart alone': chartAlone('transient', { adapt: ADAPT, policy: POLICY }),
  engine: () => recover(once(), { adapt: ADAPT, policy: POLICY }),
};

/** A profile node's call frame (the fields read here). */
export interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}

/** Where a frame is: its function and file (paths from `dist/` or `node_modules/`) and line, or (`file`) the file alone. */
export function placeOf(frame: CallFrame, by: 'function' | 'file'): string {
  const file = frame.url.replace(/^.*\/(dist|node_modules)\//, '$1/') || '(native)';
  return by === 'file' ? file : `${frame.functionName || '(anonymous)'} ${file}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
}
