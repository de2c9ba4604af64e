import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CorpusEntry } from './entry.js';
import { FIRST_SIGHT } from './first-sight.js';
import { UPSTREAM } from './upstream.js';

/** Texts produced on this machine by `node scripts/corpus/generate.mjs`. */
export const GENERATED: CorpusEntry[] = JSON.parse(readFileSync(fileURLToPath(new URL('./generated.json', import.meta.url)), 'utf8')) as CorpusEntry[];

/**
 * The whole corpus: generated on this machine, copied from upstream sources, and the first-sight
 * families (generated on this machine too, kept apart because their part is measured, not
 * required exact: see first-sight.ts).
 */
export const CORPUS: CorpusEntry[] = [...GENERATED, ...UPSTREAM, ...FIRST_SIGHT];
