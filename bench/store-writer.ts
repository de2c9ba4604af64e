/**
 * A child process of `bench:store`: owns the runs named on its command line and commits to them
 * round-robin (one new event and a new head per commit) until killed. Readers in the parent poll
 * the same runs meanwhile.
 */
import { openStore } from '../src/store/index.js';
import { benchEvent, benchHead } from './store-fixtures.js';

const [dir, ...runIds] = process.argv.slice(2);
const store = openStore(dir!);
const leases = await Promise.all(runIds.map((id) => store.acquire(id)));
process.stdout.write('READY\n');
for (let seq = 1; ; seq++) {
  for (const lease of leases) {
    await store.commit(lease.runId, lease.fence, { events: [benchEvent(seq)], head: benchHead(lease.runId, seq) });
  }
}
