/**
 * The escalated hook runs of one project (working tree), whichever session opened them: an
 * escalation stops the tree, not only its session, so a new Claude Code session there is denied
 * until a person decides. One small JSON file per project root next to the session files
 * (`<store>/hooks/claude/escalated-<hash of the root>.json`), read on every hook call (one
 * `readFileSync`, usually ENOENT), written only when a run escalates or is found decided, whole
 * to a temp file and renamed. It is only a pointer: each run's own checkpoint says whether it is
 * still escalated, so a stale entry is dropped when met and a lost one only weakens the block
 * to the session that opened it (its session file still has it).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../store/safe-json-file.js';
import { join } from 'node:path';

/** One escalated run of the project. */
export interface ProjectEscalation {
  runId: string;
  /** The command whose run escalated (for messages). */
  command: string;
  /** The session that opened it. */
  sessionId: string;
}

/** The file of the project at `root` under the store's directory `storeDir`. */
export function escalationsFile(storeDir: string, root: string): string {
  return join(storeDir, 'hooks', 'claude', `escalated-${createHash('sha256').update(root).digest('hex').slice(0, 16)}.json`);
}

/**
 * The escalations recorded for `root`; none when there is no file. A file that cannot be read or
 * parsed must not break the agent: `warn` is told and none are returned (the next escalation
 * writes it whole again).
 */
export function readEscalations(file: string, root: string, warn: (message: string) => void): ProjectEscalation[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') warn(`the project's escalation index ${file} cannot be read (${(error as Error).message}); only this session's runs are enforced`);
    return [];
  }
  try {
    const parsed = JSON.parse(text) as { root?: unknown; runs?: unknown };
    if (parsed.root !== root) return []; // another project whose root hashed alike: not ours
    if (!Array.isArray(parsed.runs)) throw new Error('no runs array');
    return parsed.runs.filter((r): r is ProjectEscalation =>
      typeof r === 'object' && r !== null && typeof r.runId === 'string' && typeof r.command === 'string' && typeof r.sessionId === 'string');
  } catch (error) {
    warn(`the project's escalation index ${file} is damaged (${(error as Error).message}); only this session's runs are enforced`);
    return [];
  }
}

/** Writes the escalations of `root` whole (temp file, rename: a reader sees the old list or the new). */
export function writeEscalations(file: string, root: string, runs: readonly ProjectEscalation[]): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileAtomic(file, JSON.stringify({ root, runs }));
}
