// A child process driving the compiled store: reads one JSON command per stdin line, answers one
// JSON line per command on stdout. Usage: node store-child.mjs <path of compiled store index.js>
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';

const { openStore } = await import(pathToFileURL(process.argv[2]).href);
const locks = new Map();
const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

function event(seq) {
  return {
    seq, phase: 'RETRY', iteration: seq, attempt: seq + 1, timestamp: new Date().toISOString(), result: 'failure',
    type: 'TIMEOUT', category: 'transient', message: `attempt ${seq} timed out`, hypotheses: [], confidence: null,
    fix: null, delayMs: 0, durationMs: 1, level: 'same', reason: null,
  };
}

// Commits to one run as fast as it can until killed: one or two new events per commit, and a
// head whose size changes every time, so a torn write could not pass for a whole one. It owns
// the run first; a previous child killed mid-commit left an uncommitted tail, which the acquire cuts.
async function saveLoop({ id, dir, runId }) {
  const store = openStore(dir);
  const lease = await store.acquire(runId);
  const run = await store.load(runId);
  let committed = run?.history.length ?? 0;
  const head = {
    runId, task: 'loop', status: 'running', createdAt: Date.now(), updatedAt: Date.now(), checkpoint: null,
    report: null, decisionOptions: null, meta: {},
  };
  say({ id, ok: true, started: committed, repairs: lease.repairs });
  for (let n = committed + 1; ; n = committed + 1) {
    const events = n % 3 === 0 ? [event(n), event(n + 1)] : [event(n)];
    await store.commit(runId, lease.fence, {
      events,
      head: {
        ...head, updatedAt: Date.now(),
        checkpoint: { machine: 'loop', version: 1, savedAt: Date.now(), snapshot: { value: 'x', context: { n, total: committed + events.length, pad: 'x'.repeat((n * 37) % 4000) } } },
      },
    });
    committed += events.length;
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  try {
    if (command.op === 'lock') {
      // A start line: both racers call lock() within microseconds of each other.
      while (command.at && Date.now() < command.at) { /* spin */ }
      const lease = await openStore(command.dir).acquire(command.runId);
      locks.set(command.runId, lease);
      say({ id: command.id, ok: true, pid: process.pid, fence: lease.fence, tookOverFrom: lease.tookOverFrom?.pid ?? null });
    } else if (command.op === 'release') {
      await locks.get(command.runId)?.release();
      locks.delete(command.runId);
      say({ id: command.id, ok: true });
    } else if (command.op === 'save-loop') {
      await saveLoop(command);
    } else if (command.op === 'exit') {
      process.exit(0);
    }
  } catch (error) {
    say({ id: command.id, ok: false, name: error.name, pid: error.pid ?? null, message: error.message });
  }
}
