/** Test helpers: a real ws listener that records messages, a free port, and the compiled dist. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { WebSocketServer } from 'ws';

export const ROOT = join(import.meta.dirname, '../..');

/** A WebSocket server on 127.0.0.1 (random port) that keeps every text message it receives, parsed. */
export async function listen(): Promise<{ url: string; messages: Record<string, unknown>[]; connections: () => number; close: () => Promise<void> }> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const messages: Record<string, unknown>[] = [];
  let connections = 0;
  wss.on('connection', (socket) => {
    connections += 1;
    socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as Record<string, unknown>));
  });
  const { port } = wss.address() as { port: number };
  return {
    url: `ws://127.0.0.1:${port}`,
    messages,
    connections: () => connections,
    close: () => new Promise((resolve) => { for (const c of wss.clients) c.terminate(); wss.close(() => resolve()); }),
  };
}

/** A port nothing listens on (bound, then released). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const newest = (dir: string): number => Math.max(0, ...readdirSync(dir).filter((f) => f.endsWith('.ts')).map((f) => statSync(join(dir, f)).mtimeMs));

/**
 * Makes sure dist/src/inspect is compiled from the current sources; builds with
 * tsconfig.build.json when it is missing or older. tsc's exit code is not trusted alone: other
 * modules may be mid-edit, and tsc still emits ours, so the check is that our files exist after.
 */
export function ensureDist(): string {
  const out = join(ROOT, 'dist/src/inspect/index.js');
  const stale = !existsSync(out) || statSync(out).mtimeMs < newest(join(ROOT, 'src/inspect'));
  if (stale) {
    try {
      execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'pipe' });
    } catch { /* errors elsewhere in the project still emit our files; checked below */ }
  }
  if (!existsSync(out) || statSync(out).mtimeMs < newest(join(ROOT, 'src/inspect'))) {
    throw new Error(`${out} is missing or older than src/inspect after \`tsc -p tsconfig.build.json\`; run npm run build and read its errors`);
  }
  return out;
}
