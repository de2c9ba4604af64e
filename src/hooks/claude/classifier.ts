/**
 * The hook's classifier: the built-in rules, as `classify` uses them, with the phrase automaton
 * kept in the store's directory (`<store>/hooks/claude/automaton-<key>.bin`). Claude Code starts
 * one process per hook event, so each failure would otherwise build the automaton again, the
 * largest part of a failing command's hook call (see bench:hook). A missing, stale or damaged
 * file is only rebuilt; one that cannot be written is left out.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AutomatonCache } from '../../classify/automaton-cache.js';
import { createClassifier, type Classifier } from '../../classify/classify.js';

/** The automaton cache in `dir` (files written whole to a temp name and renamed). */
export function fileAutomatonCache(dir: string): AutomatonCache {
  const file = (key: string) => join(dir, `automaton-${key}.bin`);
  return {
    read(key) {
      try {
        return readFileSync(file(key));
      } catch {
        return null;
      }
    },
    write(key, bytes) {
      const temp = `${file(key)}.${process.pid}.tmp`;
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(temp, bytes);
        renameSync(temp, file(key));
      } catch {
        // A read-only store: the next process builds it again.
      }
    },
  };
}

/** The classifier a hook call uses for a store at `storeDir`. */
export function hookClassifier(storeDir: string): Classifier {
  return createClassifier({ automatonCache: fileAutomatonCache(join(storeDir, 'hooks', 'claude')) });
}
