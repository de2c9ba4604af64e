/**
 * Which runs a Claude Code session opened, one small JSON file per session next to the store
 * (`<store>/hooks/claude/<session>.json`): the current run of each command signature, and which
 * guidance the agent was told already. Written whole to a temp file and renamed.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../../store/safe-json-file.js';

export interface SessionRun {
  runId: string;
  command: string;
  /** How many runs this signature has had in the session (the next one's number is n + 1). */
  n: number;
  ended: boolean;
}

export interface SessionIndex {
  runs: Record<string, SessionRun>;
  /** `runId:guidance` pairs already told to the agent. */
  told: string[];
}

/** The file of `sessionId` under `dir` (the id reduced to file-name characters). */
export function sessionFile(dir: string, sessionId: string): string {
  return join(dir, 'hooks', 'claude', `${sessionId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)}.json`);
}

export function readSession(file: string): SessionIndex {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<SessionIndex>;
    return { runs: parsed.runs ?? {}, told: parsed.told ?? [] };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { runs: {}, told: [] };
    throw error;
  }
}

export function writeSession(file: string, index: SessionIndex): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileAtomic(file, JSON.stringify(index));
}
