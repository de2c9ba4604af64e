/**
 * The hook's classifier: the built-in rules, as `classify` uses them, with the compiled rule set
 * kept in the store's directory (`<store>/hooks/claude/automaton-<key>.bin`). Claude Code starts
 * one process per hook event, so each failure would otherwise compile the rules again, the
 * largest part of a failing command's hook call (see bench:hook).
 */
import { join } from 'node:path';
import { createClassifier, type Classifier } from '../../classify/classify.js';
import { fileAutomatonCache } from '../../classify/file-cache.js';

export { fileAutomatonCache };

/** The classifier a hook call uses for a store at `storeDir`. */
export function hookClassifier(storeDir: string): Classifier {
  return createClassifier({ automatonCache: fileAutomatonCache(join(storeDir, 'hooks', 'claude')) });
}
