/**
 * The HTTP pack is the HTTP status registry: one table of statuses and their spellings
 * (`../registries/http.ts`), kept here under its old name for the packs that list it.
 */
export { httpPack } from '../registries/http.js';
