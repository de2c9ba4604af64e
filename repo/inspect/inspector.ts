/**
 * `--inspect [URL]`: stream a run's inspection events to the Stately inspector over a WebSocket
 * (usually through our relay, see server.ts). Built on @statelyai/inspect's `createInspector`, so
 * the messages are exactly the package's (`@xstate.actor`, `@xstate.event`, `@xstate.snapshot`
 * with `sessionId`, `rootId`, `_version`…), over a transport that never keeps the process alive
 * and never retries forever (ws-adapter.ts says why the package's own transport does not fit).
 */
import { createInspector as createStatelyInspector } from '@statelyai/inspect';
import type { AnyEventObject, InspectionEvent, Observer } from 'xstate';
import { BoundedWebSocketAdapter, type AdapterStatus, type BoundedAdapterOptions } from './ws-adapter.js';

/** Where `--inspect` connects when no URL is given: the relay's default address. */
export const DEFAULT_INSPECT_URL = 'ws://127.0.0.1:8080';

/** Options for {@link createInspector}: the transport's bounds (all defaulted) plus event hygiene. */
export interface InspectorOptions extends BoundedAdapterOptions {
  /** Rewrites each actor's context before it is sent, e.g. to redact secrets (default: as is). */
  sanitizeContext?: (context: Record<string, unknown>) => Record<string, unknown>;
  /** Rewrites each event before it is sent (default: as is). XState's own event type, as the package declares it. */
  sanitizeEvent?: (event: AnyEventObject) => AnyEventObject;
}

/** A connected (or connecting) inspector. */
export interface Inspector {
  /** The WebSocket URL used. */
  readonly url: string;
  /** Pass to `createActor(machine, { inspect })`. */
  readonly inspect: Observer<InspectionEvent>;
  /** `connecting`, `waiting` (between attempts), `open`, `disabled` (gave up), `stopped`. */
  readonly status: AdapterStatus;
  /**
   * Sends what is still queued and closes the connection. Holds the process at most
   * `flushTimeoutMs` (default 1000 ms) to deliver, then at most as long again for the close
   * handshake if the other end never answers it. Safe to call twice; resolves, never rejects.
   */
  stop(): Promise<void>;
}

/** Lets the package's deferred conversions (one `setTimeout(0)` per event) run before we flush. */
const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Creates an inspector streaming to `url` (default {@link DEFAULT_INSPECT_URL}) and starts
 * connecting at once. With nothing listening it makes `maxAttempts` (default 3) attempts
 * `retryDelayMs` (default 500 ms) apart, then prints one warning and goes quiet; at no point does
 * it keep a finished process alive.
 */
export function createInspector(url: string | undefined, options: InspectorOptions = {}): Inspector {
  const target = url ?? DEFAULT_INSPECT_URL;
  const adapter = new BoundedWebSocketAdapter(target, options);
  const stately = createStatelyInspector(adapter, {
    ...(options.sanitizeContext ? { sanitizeContext: options.sanitizeContext } : {}),
    ...(options.sanitizeEvent ? { sanitizeEvent: options.sanitizeEvent } : {}),
  });
  stately.start();
  return {
    url: target,
    inspect: stately.inspect,
    get status() { return adapter.status; },
    async stop() {
      await settle();
      await adapter.close();
    },
  };
}
