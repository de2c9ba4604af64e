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

// Saves (and appends to) one run as fast as it can until killed; the record's size changes on
// every write, so a torn write could not pass for a whole one.
async function saveLoop({ id, dir, runId }) {
  const store = openStore(dir);
  let run = (await store.load(runId)) ?? {
    runId, task: 'loop', status: 'running', createdAt: Date.now(), updatedAt: Date.now(), checkpoint: null,
    history: [], report: null, decisionOptions: null, meta: {},
  };
  say({ id, ok: true, started: run.history.length });
  for (let n = run.history.length + 1; ; n++) {
    if (n % 3 === 0) {
      const appended = event(n);
      await store.append(runId, [appended]);
      run = { ...run, history: [...run.history, appended] };
      continue;
    }
    run = {
      ...run, updatedAt: Date.now(), history: [...run.history, event(n)],
      checkpoint: { machine: 'loop', version: 1, savedAt: Date.now(), snapshot: { value: 'x', context: { n, pad: 'x'.repeat((n * 37) % 4000) } } },
    };
    await store.save(run);
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  const command = JSON.parse(line);
  try {
    if (command.op === 'lock') {
      // A start line: both racers call lock() within microseconds of each other.
      while (command.at && Date.now() < command.at) { /* spin */ }
      const lock = await openStore(command.dir).lock(command.runId);
      locks.set(command.runId, lock);
      say({ id: command.id, ok: true, pid: process.pid, tookOverFrom: lock.tookOverFrom });
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
