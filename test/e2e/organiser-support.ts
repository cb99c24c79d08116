import { createServer, get, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './support/test-app.js';
import { Caller, commandId, issueKey, organiser } from './support/umpire-client.js';

/** A parsed JSON body, asserted field by field. */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One Server-Sent Events message as received. */
export interface SseMessage {
  id: number;
  data: Json;
}

/**
 * A Server-Sent Events client over plain HTTP, as a browser's EventSource would be: it sends the
 * bearer key and, to resume, Last-Event-ID.
 */
export class SseClient {
  readonly messages: SseMessage[] = [];
  status = 0;
  headers: IncomingHttpHeaders = {};
  body = '';
  private buffer = '';
  private response?: IncomingMessage;
  private readonly waiters: (() => void)[] = [];
  readonly opened: Promise<void>;
  /** Settles when the service ends the response (or the connection goes). */
  readonly ended: Promise<void>;
  private markEnded!: () => void;

  constructor(url: string, path: string, token: string | undefined, lastEventId?: number | string) {
    this.ended = new Promise((resolve) => (this.markEnded = resolve));
    this.opened = new Promise((resolve, reject) => {
      const request = get(
        `${url}${path}`,
        {
          headers: {
            accept: 'text/event-stream',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(lastEventId !== undefined ? { 'last-event-id': String(lastEventId) } : {}),
          },
        },
        (response) => {
          this.response = response;
          this.status = response.statusCode ?? 0;
          this.headers = response.headers;
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => this.read(chunk));
          response.on('error', () => undefined);
          response.on('close', () => this.markEnded());
          resolve();
        },
      );
      request.on('error', reject);
    });
  }

  private read(chunk: string): void {
    this.body += chunk;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const frame = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      let id: number | undefined;
      let data: string | undefined;
      for (const line of frame.split('\n')) {
        if (line.startsWith('id: ')) id = Number(line.slice(4));
        else if (line.startsWith('data: ')) data = line.slice(6);
      }
      if (id !== undefined && data !== undefined) this.messages.push({ id, data: JSON.parse(data) });
    }
    for (const wake of this.waiters.splice(0)) wake();
  }

  /** Waits until at least `count` messages have arrived (fails after the timeout). */
  async waitFor(count: number, timeoutMs = 5000): Promise<SseMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `expected ${count} SSE messages, got ${this.messages.length}: ${this.ids().join(',')}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 100));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.messages;
  }

  /** Waits a little and checks nothing more arrives. */
  async quiet(ms = 300): Promise<void> {
    const count = this.messages.length;
    await new Promise((resolve) => setTimeout(resolve, ms));
    if (this.messages.length !== count) throw new Error(`unexpected messages: ${this.ids().join(',')}`);
  }

  ids(): number[] {
    return this.messages.map((m) => m.id);
  }

  close(): void {
    this.response?.destroy();
  }
}

export async function openSse(
  t: TestApp,
  path: string,
  token: string | undefined,
  lastEventId?: number | string,
): Promise<SseClient> {
  const client = new SseClient(t.url, path, token, lastEventId);
  await client.opened;
  return client;
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1, answering each request with the status the plan gives for that
 * request's number (1, 2, …).
 */
export class Receiver {
  readonly received: Received[] = [];
  private server!: Server;
  url = '';

  constructor(private readonly plan: (n: number) => number = () => 200) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        this.received.push({ headers: request.headers, body });
        response.statusCode = this.plan(this.received.length);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
    return this;
  }

  /** Waits until a received body satisfies the test (fails after the timeout). */
  async waitFor(test: (body: Json) => boolean, timeoutMs = 8000): Promise<Received> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.received.find((r) => test(JSON.parse(r.body)));
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(
          `no such delivery; received ${this.received.map((r) => r.body.slice(0, 120)).join(' | ')}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** A tournament created by the organiser, with one hand-to-hand match per table of round 1. */
export async function tournamentWithMatches(
  t: TestApp,
  tournamentId: string,
  matches: { matchId: string; table: number; players?: { A: string; B: string } }[],
): Promise<Caller> {
  const org = organiser(t);
  await org.command('/tournaments', { tournamentId, name: `Tournament ${tournamentId}` });
  for (const m of matches) {
    await org.command(`/tournaments/${tournamentId}/matches`, {
      matchId: m.matchId,
      round: 1,
      table: m.table,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
      ...(m.players ? { players: m.players } : {}),
    });
  }
  return org;
}

/** The player keys of a match and two units each side can fight with. */
export async function seated(t: TestApp, matchId: string): Promise<{ A: Caller; B: Caller }> {
  const org = organiser(t);
  for (const [unitId, name, side, morale] of [
    ['impi', 'Impi', 'A', 8],
    ['nnc', 'NNC', 'B', 7],
  ] as const) {
    await org.command(`/matches/${matchId}/units`, { unitId, name, side, morale, move: 6 });
  }
  const [A, B] = await Promise.all([
    issueKey(t, { role: 'player', matchId, side: 'A' }),
    issueKey(t, { role: 'player', matchId, side: 'B' }),
  ]);
  return { A, B };
}

/** E-1 at a table: the Impi charge the NNC downhill in the flank; impact 5; the NNC fail by 4 and reform. */
export async function playE1(matchId: string, A: Caller, B: Caller): Promise<void> {
  const at = (route: string) => `/matches/${matchId}/${route}`;
  await A.command(at('charges'), {
    chargeId: 'c1',
    attackerId: 'impi',
    defenderId: 'nnc',
    aspect: 'left-flank',
    slope: 'downhill',
    dice: [2, 3],
  });
  await A.command(at('impact-rolls'), { chargeId: 'c1', dice: [4] });
  await B.command(at('morale-tests'), { unitId: 'nnc', cause: 'melee', dice: [2, 4] });
  await B.command(at('give-ground-reports'), { unitId: 'nnc', couldMove: true, leftTable: false });
}

export async function endMatch(
  t: TestApp,
  matchId: string,
  winner: 'A' | 'B' | 'draw',
  note = '',
): Promise<void> {
  await organiser(t).command(`/matches/${matchId}/end`, { winner, note, commandId: commandId('end') });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
