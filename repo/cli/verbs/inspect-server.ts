/** `recover inspect-server`: a local relay for `recover run --inspect`, with a page to watch it. */
import { defineVerb } from '../define-verb.js';
import { UsageError } from '../errors.js';
import type { VerbSpec } from '../verb.js';

/** `recover inspect-server`'s options and help. */
const INSPECT_SERVER_SPEC = {
  name: 'inspect-server',
  synopsis: '[--port N]',
  description: `Starts a local WebSocket relay and a page that shows runs started with --inspect live. Stop with Ctrl-C.

The page embeds the Stately inspector from https://stately.ai/inspect: it needs network access
to stately.ai (offline, the browser shows an error page). 'recover ui' needs no network.`,
  options: { port: { type: 'string', value: 'N', default: '8080', description: 'port to listen on (0: any free port)' } },
  examples: ['recover inspect-server --port 8080', 'recover run --inspect ws://127.0.0.1:8080 -- npm test'],
} as const satisfies VerbSpec;

/** `recover inspect-server`. */
export const inspectServerVerb = defineVerb(INSPECT_SERVER_SPEC, async ({ values }, io) => {
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) throw new UsageError(`--port must be 0–65535 (got '${String(values.port)}')`);
  const { startInspectServer } = await import('../../inspect/index.js');
  const server = await startInspectServer(port === undefined ? {} : { port });
  io.stderr.write(`recover: inspect server on ${server.httpUrl} (runs: recover run --inspect ${server.url} -- CMD)\n`);
  // Serve until interrupted; then close cleanly so clients see the disconnect.
  await new Promise<void>((resolve) => process.once('SIGINT', () => resolve()));
  await server.close();
  return 0;
});
