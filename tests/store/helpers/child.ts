/** A `node` child process running store-child.mjs against the compiled store, driven by JSON lines. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { CHILD_SCRIPT } from './compiled-store.js';

/** One answer from the child. */
export interface Reply { id: number; ok: boolean; pid?: number | null; tookOverFrom?: number | null; name?: string; message?: string; started?: number }

/** A live child process. */
export class StoreChild {
  readonly process: ChildProcessWithoutNullStreams;
  readonly exited: Promise<NodeJS.Signals | number | null>;
  #nextId = 1;
  readonly #waiting = new Map<number, (reply: Reply) => void>();

  constructor(entry: string) {
    this.process = spawn(process.execPath, [CHILD_SCRIPT, entry], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.process.on('exit', (code, signal) => resolve(signal ?? code)));
    let stderr = '';
    this.process.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    void this.exited.then(() => {
      for (const answer of this.#waiting.values()) answer({ id: -1, ok: false, name: 'ChildExited', message: stderr });
    });
    createInterface({ input: this.process.stdout }).on('line', (line) => {
      const reply = JSON.parse(line) as Reply;
      this.#waiting.get(reply.id)?.(reply);
      this.#waiting.delete(reply.id);
    });
  }

  get pid(): number {
    return this.process.pid!;
  }

  /** Sends a command and resolves with its reply. */
  send(command: Record<string, unknown>): Promise<Reply> {
    const id = this.#nextId++;
    return new Promise((resolve) => {
      this.#waiting.set(id, resolve);
      this.process.stdin.write(`${JSON.stringify({ ...command, id })}\n`);
    });
  }

  /** SIGKILL, and wait until the process is gone and reaped. */
  async kill(): Promise<void> {
    this.process.kill('SIGKILL');
    await this.exited;
  }

  /** Asks the child to exit and waits for it. */
  async close(): Promise<void> {
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.stdin.write('{"op":"exit"}\n');
    await this.exited;
  }
}
