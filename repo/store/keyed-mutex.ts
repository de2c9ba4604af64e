/**
 * Serialises async work per key inside one process. The lowdb store keys it by file path at
 * module level, so two store objects opened on the same directory still take turns: steno's
 * temp file name is fixed per target, and an append is a read-modify-write.
 */

/** Runs tasks one at a time per key; different keys run concurrently. */
export class KeyedMutex {
  readonly #tails = new Map<string, Promise<unknown>>();

  /** True while a task for `key` is queued or running. */
  busy(key: string): boolean {
    return this.#tails.has(key);
  }

  /**
   * Runs `task` after every task queued earlier for `key` has settled. An idle key starts the
   * task synchronously, so its synchronous part sees the caller's arguments as they were passed.
   */
  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key);
    const result = previous === undefined ? start(task) : previous.then(task, task);
    // The tail never rejects, so one failed task does not poison the queue.
    const tail = result.then(() => undefined, () => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      // Forget idle keys so a long-lived process does not keep one entry per run ever touched.
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }
}

function start<T>(task: () => Promise<T>): Promise<T> {
  try {
    return task();
  } catch (error) {
    return Promise.reject(error);
  }
}
