/**
 * A duration given on the command line (`--timeout`, `--lease`, `--poll`, `--older-than`): one
 * rule for every verb, so `2` is two seconds everywhere and a bad value names its option.
 */
import { DURATION_EXAMPLES, parseDuration } from '../policy/duration.js';
import { UsageError } from './errors.js';

/** A duration option (`--timeout 2` is 2 s; `500ms`, `30s`, `2m`, `1h`, `90d`) in ms, greater than zero. */
export function durationOption(text: string, option: string): number {
  const ms = parseDuration(text);
  if (ms === null) throw new UsageError(`${option}: '${text}' is not a duration (e.g. ${DURATION_EXAMPLES})`);
  if (ms <= 0) throw new UsageError(`${option}: must be greater than zero`);
  return ms;
}
