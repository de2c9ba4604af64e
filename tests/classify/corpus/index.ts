import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CorpusEntry } from './entry.js';
import { UPSTREAM } from './upstream.js';

/** Texts produced on this machine by `node scripts/corpus/generate.mjs`. */
export const GENERATED: CorpusEntry[] = JSON.parse(readFileSync(fileURLToPath(new URL('./generated.json', import.meta.url)), 'utf8')) as CorpusEntry[];

/** The whole corpus: generated on this machine, and copied from upstream sources. */
export const CORPUS: CorpusEntry[] = [...GENERATED, ...UPSTREAM];
