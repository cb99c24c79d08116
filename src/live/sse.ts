import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { KeyRegistry } from '../auth/key-registry.service.js';

/**
 * One Server-Sent Events response, written straight to the Node response under Fastify (the reply is
 * hijacked: Fastify sends nothing more). Each message is `id:`, `event:` (what happened: the event's
 * type, so that a browser's EventSource can listen for `ImpactRolled` alone) and one `data:` line of
 * JSON; a feed that is over says so with a last `event: end` message before it closes. A comment
 * line every heartbeat keeps idle proxies from closing the connection. A slow reader slows the feed
 * down (writes wait for 'drain') rather than filling memory.
 */
export class SseConnection {
  private closed = false;
  private readonly raw: FastifyReply['raw'];
  private readonly heartbeat: NodeJS.Timeout;
  private readonly listeners: (() => void)[] = [];
  readonly done: Promise<void>;
  private markDone!: () => void;

  constructor(request: FastifyRequest, reply: FastifyReply, heartbeatMs: number) {
    this.done = new Promise((resolve) => (this.markDone = resolve));
    reply.hijack();
    const headers: Record<string, string | number | string[]> = {};
    // Headers set earlier on the reply (request id, rate-limit counters) go out too.
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    this.raw = reply.raw;
    this.raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': String(request.id),
    });
    this.raw.write('retry: 2000\n: connected\n\n');
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), heartbeatMs);
    this.heartbeat.unref();
    // The response's 'close' is the reader going away (the request's may fire once it is read).
    this.raw.on('close', () => this.close());
    this.raw.on('error', () => this.close());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends one message; resolves once the socket will take more (or the reader has gone). */
  async send(id: number, event: string, data: unknown): Promise<void> {
    if (this.closed) return;
    if (this.write(`id: ${id}\nevent: ${eventName(event)}\ndata: ${JSON.stringify(data)}\n\n`)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        this.raw.off('drain', done);
        resolve();
      };
      this.raw.once('drain', done);
      this.listeners.push(done);
    });
  }

  /**
   * The feed is over: a last `event: end` message (no id, so a reader's Last-Event-ID stays at the
   * last event it had), then the response ends. An EventSource that reconnects anyway, with that
   * Last-Event-ID, is answered 204 and stops.
   */
  end(data: unknown): void {
    this.write(`event: end\ndata: ${JSON.stringify(data)}\n\n`);
    this.close();
  }

  onClose(listener: () => void): void {
    if (this.closed) listener();
    else this.listeners.push(listener);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    if (!this.raw.writableEnded) this.raw.end();
    for (const listener of this.listeners.splice(0)) listener();
    this.markDone();
  }

  private write(chunk: string): boolean {
    if (this.closed) return true;
    return this.raw.write(chunk);
  }
}

/** An event type as an SSE event name: one line, no field separators (types are names; this is a fence). */
function eventName(type: string): string {
  return type.replace(/[\r\n:]/g, '_') || 'message';
}

/**
 * Every open feed, by the key it was opened with: shutting down ends them all (an open SSE response
 * would hold the server), and a key's revocation, recorded on this instance or another on the same
 * store, ends that key's at once. A feed checks no key after it opens, so without this a leaked key
 * revoked meanwhile would keep its side's live view, sealed cards included (AA-2).
 */
@Injectable()
export class SseConnections implements OnModuleDestroy {
  private readonly open = new Map<SseConnection, string>();
  private readonly stopListening: () => void;

  constructor(private readonly keys: KeyRegistry) {
    this.stopListening = keys.onRevoked((keyId) => this.closeFor(keyId));
  }

  start(request: FastifyRequest, reply: FastifyReply, heartbeatMs: number, keyId: string): SseConnection {
    const connection = new SseConnection(request, reply, heartbeatMs);
    this.open.set(connection, keyId);
    connection.onClose(() => this.open.delete(connection));
    // Revoked between the key's check and now: not a moment of the feed.
    if (this.keys.isRevoked(keyId)) connection.close();
    return connection;
  }

  get count(): number {
    return this.open.size;
  }

  private closeFor(keyId: string): void {
    for (const [connection, owner] of [...this.open]) if (owner === keyId) connection.close();
  }

  onModuleDestroy(): void {
    this.stopListening();
    for (const connection of [...this.open.keys()]) connection.close();
  }
}
