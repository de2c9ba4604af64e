/**
 * A WebSocket transport for @statelyai/inspect that a CLI can live with.
 *
 * The package's own `WebSocketAdapter` (0.7.2) reconnects every 5 s forever after an error, with
 * a referenced timer that `stop()` does not cancel, and its socket is referenced too: with nothing
 * listening, a finished run never exits. This adapter keeps the package's event shapes (it plugs
 * into the package's `createInspector`) but:
 * - its sockets and retry timers are unref'd, so an idle inspector never holds the process;
 * - it makes at most `maxAttempts` consecutive connection attempts, then disables itself with
 *   one warning and drops what it queued;
 * - `close()` flushes what is queued (holding the process at most `flushTimeoutMs`) and closes.
 */
import net from 'node:net';
import tls from 'node:tls';
import WebSocket from 'ws';
import { stringifySafe } from './serialize.js';

/** Connection state. `disabled`: gave up after the attempts; `stopped`: closed by the caller. */
export type AdapterStatus = 'connecting' | 'waiting' | 'open' | 'disabled' | 'stopped';

/** Tuning for {@link BoundedWebSocketAdapter}; every field has a default. */
export interface BoundedAdapterOptions {
  /** Consecutive failed connection attempts before giving up (default 3). */
  maxAttempts?: number;
  /** Pause between attempts, in ms (default 500). */
  retryDelayMs?: number;
  /** Opening handshake timeout per attempt, in ms (default 2000). */
  connectTimeoutMs?: number;
  /**
   * Longest `close()` holds the process to deliver queued events, in ms (default 1000); also the
   * bound on waiting for the peer's answer to our close frame.
   */
  flushTimeoutMs?: number;
  /** Messages kept while not connected; the oldest are dropped beyond this (default 1000). */
  maxQueue?: number;
  /** Receives the one-line warning when the adapter gives up (default: stderr). */
  warn?: (message: string) => void;
}

/** Like ws's own connectors, but the socket is unref'd so a pending connection holds nothing. */
function unrefConnector(secure: boolean): typeof net.createConnection {
  // ws declares the option as `net.createConnection` with its overloads, but always calls it with
  // one options object; accepting the overloads' first parameters keeps the type honest.
  return (target: net.NetConnectOpts | number | string): net.Socket => {
    if (typeof target !== 'object') throw new TypeError(`expected connection options from ws, got ${typeof target}`);
    const options: Record<string, unknown> = { ...target };
    const socket = secure
      ? tls.connect({ ...options, path: undefined, servername: options.servername ?? (net.isIP(String(options.host)) ? '' : options.host) } as tls.ConnectionOptions)
      : net.connect({ ...options, path: options.socketPath } as net.NetConnectOpts);
    socket.unref();
    return socket;
  };
}

/** A Stately inspector `Adapter` (start/stop/send) over one bounded, unref'd WebSocket. */
export class BoundedWebSocketAdapter {
  status: AdapterStatus = 'waiting';
  private ws: WebSocket | undefined;
  private socket: net.Socket | undefined;
  private queue: string[] = [];
  private attempts = 0;
  private lastError = '';
  private retryTimer: NodeJS.Timeout | undefined;
  private pendingWrites = 0;
  private readonly o: Required<BoundedAdapterOptions>;
  private readonly changed = new Set<() => void>();

  constructor(readonly url: string, options: BoundedAdapterOptions = {}) {
    this.o = {
      maxAttempts: options.maxAttempts ?? 3,
      retryDelayMs: options.retryDelayMs ?? 500,
      connectTimeoutMs: options.connectTimeoutMs ?? 2000,
      flushTimeoutMs: options.flushTimeoutMs ?? 1000,
      maxQueue: options.maxQueue ?? 1000,
      warn: options.warn ?? ((m) => process.stderr.write(`${m}\n`)),
    };
  }

  /** Starts connecting (the Stately inspector calls this). */
  start(): void {
    if (this.status === 'waiting') this.connect();
  }

  /** Queues or sends one Stately inspection event. Never throws. */
  send(event: unknown): void {
    if (this.status === 'disabled' || this.status === 'stopped') return;
    const data = stringifySafe(event);
    if (this.status === 'open' && this.ws) return this.write(data);
    this.queue.push(data);
    if (this.queue.length > this.o.maxQueue) this.queue.shift();
  }

  /** Synchronous stop for the Adapter contract: closes at once, without flushing. */
  stop(): void {
    this.shutdown();
  }

  /**
   * Delivers queued events (waiting for a connection attempt in progress), then closes.
   * Holds the process for at most `flushTimeoutMs`; resolves, never rejects.
   */
  async close(): Promise<void> {
    if (this.status === 'stopped' || this.status === 'disabled') return this.shutdown();
    clearTimeout(this.retryTimer);
    // Hold the process while flushing: a referenced timer bounds the wait, a referenced socket
    // lets the bytes out.
    this.socket?.ref();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => { timer = setTimeout(resolve, this.o.flushTimeoutMs); });
    const flushed = new Promise<void>((resolve) => {
      const check = (): void => {
        const idle = this.status === 'open' ? this.queue.length === 0 && this.pendingWrites === 0 : this.status !== 'connecting';
        if (idle) { this.changed.delete(check); resolve(); }
      };
      this.changed.add(check);
      check();
    });
    await Promise.race([flushed, deadline]);
    clearTimeout(timer);
    this.shutdown();
  }

  private notify(): void {
    for (const fn of [...this.changed]) fn();
  }

  private write(data: string): void {
    this.pendingWrites += 1;
    this.ws?.send(data, () => { this.pendingWrites -= 1; this.notify(); });
  }

  private connect(): void {
    this.attempts += 1;
    this.status = 'connecting';
    const secure = this.url.startsWith('wss:');
    let ws: WebSocket;
    // `closeTimeout` (ws ≥ 8.18) bounds the referenced timer ws arms while closing; @types/ws
    // does not declare it yet.
    const wsOptions: WebSocket.ClientOptions & { closeTimeout: number } = {
      createConnection: unrefConnector(secure),
      handshakeTimeout: this.o.connectTimeoutMs,
      closeTimeout: this.o.flushTimeoutMs,
    };
    try {
      ws = new WebSocket(this.url, wsOptions);
    } catch (error) {
      // A malformed URL throws synchronously: no point retrying.
      this.lastError = (error as Error).message;
      this.attempts = this.o.maxAttempts;
      return this.failed();
    }
    this.ws = ws;
    ws.on('upgrade', (res) => { this.socket = res.socket as net.Socket; });
    ws.on('open', () => {
      this.status = 'open';
      this.attempts = 0;
      const queued = this.queue;
      this.queue = [];
      for (const data of queued) this.write(data);
      this.notify();
    });
    ws.on('message', () => { /* the relay may echo other clients' events: not ours to read */ });
    ws.on('error', (error) => { this.lastError = (error as NodeJS.ErrnoException).code ?? error.message; });
    ws.on('close', () => {
      if (this.ws !== ws || this.status === 'stopped') return;
      this.ws = undefined;
      this.socket = undefined;
      this.failed();
    });
  }

  /** After a failed attempt or a lost connection: retry (bounded) or give up with one warning. */
  private failed(): void {
    if (this.status === 'stopped') return;
    if (this.attempts < this.o.maxAttempts) {
      this.status = 'waiting';
      this.retryTimer = setTimeout(() => this.connect(), this.o.retryDelayMs);
      this.retryTimer.unref();
    } else {
      this.status = 'disabled';
      this.queue = [];
      this.o.warn(`inspector: nothing is listening at ${this.url} (${this.lastError || 'connection failed'} after ${this.attempts} attempt(s)); inspection disabled`);
    }
    this.notify();
  }

  private shutdown(): void {
    const wasDisabled = this.status === 'disabled';
    this.status = wasDisabled ? 'disabled' : 'stopped';
    clearTimeout(this.retryTimer);
    this.queue = [];
    const ws = this.ws;
    this.ws = undefined;
    if (ws && ws.readyState === WebSocket.OPEN) ws.close(1000, 'inspector stopped');
    else if (ws) ws.terminate();
    this.socket?.unref();
    this.notify();
  }
}
