/**
 * Every requirement of the five seed documents (DESIGN.md unifies them): one table, as data,
 * split by document. README's "Requirements of the seed documents" is rendered from it
 * (markdown.ts) and requirements.test.ts keeps both true.
 */
import { SEED_000 } from './seed-000.js';
import { SEED_001 } from './seed-001.js';
import { SEED_002 } from './seed-002.js';
import { SEED_003_CRITERIA } from './seed-003-criteria.js';
import { SEED_003_FLOWS } from './seed-003.js';
import { SEED_004_DETECTION } from './seed-004.js';
import { SEED_004_ESCALATION } from './seed-004-escalation.js';
import type { SeedDocument } from './types.js';

/** The table: the five documents in order, each with its rows. */
export const REQUIREMENTS: readonly SeedDocument[] = [
  SEED_000,
  SEED_001,
  SEED_002,
  { seed: '003', title: 'UC-AP-004 Enforce recovery protocol', rows: [...SEED_003_FLOWS, ...SEED_003_CRITERIA] },
  { seed: '004', title: 'Error recovery skill (supervisor)', rows: [...SEED_004_DETECTION, ...SEED_004_ESCALATION] },
];
