/**
 * A LangGraph.js node that runs its step under the recovery protocol, and a human decides the
 * escalation through LangGraph's own `interrupt()` / `new Command({ resume })`.
 *
 * LangGraph re-executes an interrupted node from its first line when the graph is resumed. So the
 * node calls `recoverPersisted` with a `runKey` made from the thread id: the re-executed call
 * finds the escalated run instead of starting another (which would run the failing step again
 * and orphan the escalated run), and the call that carries the human's decision continues that
 * same run to its end. One thread, one node, one run in the store.
 *
 * Run: npm run build && node dist/examples/langgraph-node.js [STORE_DIR]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Annotation, Command, END, INTERRUPT, interrupt, isInterrupted, MemorySaver, START, StateGraph, type LangGraphRunnableConfig } from '@langchain/langgraph';
import { openStore, recoverPersisted, type RunDecision, type Store, type TaskContext } from '../src/index.js';

/** What the human is shown when the step escalates: the graph's interrupt payload (JSON). */
export interface Escalation {
  runId: string;
  reason: string | null;
  /** The run's history so far, as phase:result (the full report is in the store: `recover report RUN_ID`). */
  history: string[];
}

/** The graph's state: what the deploy step left. */
const DeployState = Annotation.Root({
  release: Annotation<string | null>({ reducer: (_, next) => next, default: () => null }),
  status: Annotation<string | null>({ reducer: (_, next) => next, default: () => null }),
  runId: Annotation<string | null>({ reducer: (_, next) => next, default: () => null }),
});

/**
 * The step being recovered: a deploy whose credentials were rotated. It fails as unauthorized
 * (a fatal failure: the protocol escalates at once, retrying would not help) until a person
 * passes guidance with `retry-with-modifications`; `attempts` counts its calls.
 */
export function deployStep(attempts: { count: number }) {
  return async ({ guidance }: TaskContext): Promise<{ release: string }> => {
    attempts.count += 1;
    if (!guidance) throw Object.assign(new Error('401 Unauthorized: the deploy token was rotated'), { status: 401 });
    return { release: `v2 (${guidance})` };
  };
}

/** The graph: START → deploy → END, the deploy node recovering its step in `store`. */
export function deployGraph(store: Store, step: (context: TaskContext) => Promise<{ release: string }>) {
  async function deploy(_state: typeof DeployState.State, config: LangGraphRunnableConfig) {
    // One run per thread and node: the key survives the node's re-execution.
    const runKey = `${String(config.configurable?.thread_id)}:deploy`;
    let decision: RunDecision | undefined;
    for (;;) {
      const outcome = await recoverPersisted(step, { store, runKey, name: 'deploy', ...(decision ? { decision } : {}) });
      if (outcome.status !== 'escalated') {
        // `value` is absent when the run had already ended before this call (values are never stored).
        return { status: outcome.status, release: outcome.value?.release ?? null, runId: outcome.runId };
      }
      // Pauses the graph on the first pass; once resumed, returns the human's answer.
      decision = interrupt<Escalation, RunDecision>({
        runId: outcome.runId,
        reason: outcome.reason,
        history: outcome.history.map((event) => `${event.phase}:${event.result}`),
      });
    }
  }
  return new StateGraph(DeployState)
    .addNode('deploy', deploy)
    .addEdge(START, 'deploy')
    .addEdge('deploy', END)
    .compile({ checkpointer: new MemorySaver() });
}

/**
 * The demo: invoke the graph (the step escalates and the graph interrupts with the escalation),
 * then resume the thread with a person's decision; returns what each invocation gave back.
 */
export async function runDemo(storeDir: string, decision: RunDecision = { choice: 'retry-with-modifications', guidance: 'use the new deploy token' }) {
  const store = openStore(storeDir);
  const attempts = { count: 0 };
  const graph = deployGraph(store, deployStep(attempts));
  const config = { configurable: { thread_id: 'release-42' } };
  const paused = await graph.invoke({}, config);
  const escalation = isInterrupted<Escalation>(paused) ? paused[INTERRUPT][0]?.value ?? null : null;
  const resumed = await graph.invoke(new Command({ resume: decision }), config);
  return { escalation, final: { status: resumed.status, release: resumed.release, runId: resumed.runId }, attempts: attempts.count, store };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'recovery-langgraph-'));
  const { escalation, final, attempts } = await runDemo(dir);
  console.log('interrupted with:', escalation);
  console.log('after the decision:', final, `(${attempts} attempts; store: ${dir})`);
}
