import { OWN_WORDS } from './access.js';
import type { Rule } from '../rule.js';

/**
 * A store whose configured space is used up (issue 30, the fifteenth capture's harmful miss
 * `lmdb-utils.map-full`; no tool named): an embedded database's memory map or data file that
 * reached the size it was given (`MDB_MAP_FULL: Environment mapsize limit reached`, "database is
 * full", "store is full"). RESOURCE_EXHAUSTION (DESIGN: resource, hand off): nothing in the
 * approach is wrong, the store needs more room — as a full disk. Codes joined in snake_case or
 * CamelCase (`MDB_MAP_FULL`, `StoreFull`) match through word forms. In the failure's own words,
 * outside test reports: a tool's settings on stdout name a map size without having filled it.
 */
export const STORE_FULL_RULES: readonly Rule[] = [
  {
    id: 'lexicon.store-full',
    type: 'RESOURCE_EXHAUSTION',
    ...OWN_WORDS,
    phrases: [
      'map full', 'map is full', 'mapsize limit reached', 'map size limit reached',
      'database full', 'database is full', 'store full', 'store is full', 'storage full', 'storage is full',
    ],
  },
];
