/**
 * The store as the runtime sees it for a run a worker has claimed: the claim already holds the
 * lease, so the runtime's `acquire` of that run gets the claim's lease (once) instead of a second
 * one, and everything else goes to the store. The runtime then commits with the claim's fence
 * and releases it when the run ends.
 */
import type { AcquireOptions, Checkpoint, Lease, Store } from '../../store/types.js';

/**
 * `store` with `lease` handed out by the first `acquire(lease.runId)`. `wrapCommit`, when given,
 * runs each commit of the run, given what it writes (a PostgreSQL commit renews the lease: the
 * worker notes when, and keeps the run's meta as last written).
 */
export function claimedStore(store: Store, lease: Lease, wrapCommit?: (commit: () => Promise<void>, checkpoint: Checkpoint) => Promise<void>): Store {
  let handed = false;
  return {
    load: (runId) => store.load(runId),
    commit: (runId, fence, checkpoint) => {
      const commit = () => store.commit(runId, fence, checkpoint);
      return wrapCommit && runId === lease.runId ? wrapCommit(commit, checkpoint) : commit();
    },
    list: () => store.list(),
    acquire: async (runId: string, options?: AcquireOptions) => {
      if (runId === lease.runId && !handed) {
        handed = true;
        return lease;
      }
      return store.acquire(runId, options);
    },
    prune: (olderThanMs, now) => store.prune(olderThanMs, now),
    repair: () => store.repair(),
  };
}
