/**
 * Where this process keeps the rule sets `classify` compiles, set once by its entry (the CLI):
 * a module of its own, without the rules, so an entry sets it before it knows whether it will
 * classify at all and pays nothing when it does not.
 */
import type { AutomatonCache } from './automaton-cache.js';

let processCache: AutomatonCache | undefined;

/**
 * Makes the rule sets that `classify` compiles from now on come from `cache` (and be stored
 * there), so a short-lived process's first classification reads the compiled set instead of
 * compiling it. The same classifications either way. `undefined` (the default) compiles in
 * every process.
 */
export function keepCompiledRulesIn(cache: AutomatonCache | undefined): void {
  processCache = cache;
}

/** The cache set by {@link keepCompiledRulesIn}, or undefined. */
export function compiledRulesCache(): AutomatonCache | undefined {
  return processCache;
}
