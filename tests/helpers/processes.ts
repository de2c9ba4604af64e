/** Processes a test started, found by a marker in their environment (Linux: /proc). */
import { readdirSync, readFileSync } from 'node:fs';

/** Pids of live processes (zombies left out) whose environment holds `name`. */
export function processesWith(name: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0').some((kv) => kv.startsWith(`${name}=`))) found.push(Number(entry));
    } catch {
      // gone already
    }
  }
  return found;
}
