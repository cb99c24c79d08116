import request from 'supertest';
import type { TestApp } from './test-app.js';

export const ORGANISER_KEY = 'e2e-organiser-key-that-is-long-enough';

let counter = 0;
/** A fresh commandId for each command a test sends. */
export function commandId(label = 'cmd'): string {
  counter += 1;
  return `${label}-${counter}`;
}

export interface Reply {
  status: number;
  /** The raw body, whatever its content type (supertest parses only JSON into body). */
  text?: string;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- response bodies are asserted field by field
}

/** One caller holding one key, talking to the real server over HTTP. */
export class Caller {
  constructor(
    private readonly url: string,
    readonly token: string | undefined,
  ) {}

  private auth(test: request.Test): request.Test {
    return this.token ? test.set('Authorization', `Bearer ${this.token}`) : test;
  }

  async post(path: string, body: object = {}): Promise<Reply> {
    const response = await this.auth(request(this.url).post(path)).send(body);
    return { status: response.status, text: response.text, body: response.body };
  }

  /** Sends a command with a fresh commandId and insists it was accepted. */
  async command(path: string, body: object = {}): Promise<Reply> {
    const reply = await this.post(path, { commandId: commandId(), ...body });
    if (reply.status !== 201)
      throw new Error(`POST ${path} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
    return reply;
  }

  async get(path: string): Promise<Reply> {
    const response = await this.auth(request(this.url).get(path));
    return { status: response.status, text: response.text, body: response.body };
  }

  async delete(path: string): Promise<Reply> {
    const response = await this.auth(request(this.url).delete(path));
    return { status: response.status, text: response.text, body: response.body };
  }
}

export interface MatchTable {
  matchId: string;
  organiser: Caller;
  A: Caller;
  B: Caller;
  spectator: Caller;
  judge: Caller;
  /** The match's state as the organiser sees it. */
  state(): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Every event of the match as the organiser sees it. */
  revision(): Promise<number>;
}

export function organiser(t: TestApp): Caller {
  return new Caller(t.url, ORGANISER_KEY);
}

export async function issueKey(t: TestApp, grant: object): Promise<Caller> {
  const reply = await organiser(t).post('/keys', grant);
  if (reply.status !== 201)
    throw new Error(
      `issuing ${JSON.stringify(grant)} answered ${reply.status}: ${JSON.stringify(reply.body)}`,
    );
  return new Caller(t.url, reply.body.token as string);
}

/** Creates a match and hands out a key for each seat at the table. */
export async function openMatch(
  t: TestApp,
  options: {
    matchId: string;
    ruleset: 'hand-to-hand' | 'atomic-africa';
    diceMode?: 'server' | 'table';
    parameters?: object;
  },
): Promise<MatchTable> {
  const org = organiser(t);
  await org.command('/matches', {
    matchId: options.matchId,
    ruleset: options.ruleset,
    sides: { A: 'Side A', B: 'Side B' },
    diceMode: options.diceMode ?? 'table',
    ...(options.parameters ? { parameters: options.parameters } : {}),
  });
  const [A, B, spectator, judge] = await Promise.all([
    issueKey(t, { role: 'player', matchId: options.matchId, side: 'A' }),
    issueKey(t, { role: 'player', matchId: options.matchId, side: 'B' }),
    issueKey(t, { role: 'spectator' }),
    issueKey(t, { role: 'judge' }),
  ]);
  const path = `/matches/${options.matchId}`;
  return {
    matchId: options.matchId,
    organiser: org,
    A,
    B,
    spectator,
    judge,
    state: async () => (await org.get(path)).body.state,
    revision: async () => (await org.get(path)).body.revision as number,
  };
}

/**
 * An Atomic Africa match in its second turn with a1 (side A) and b1 (side B), infantry of movement 6
 * and firepower 2, in contact: where close combat starts (orders next). Set up by commands, as a
 * client would.
 */
export async function atomicAfricaInContact(t: TestApp, matchId: string): Promise<MatchTable> {
  const m = await openMatch(t, { matchId, ruleset: 'atomic-africa' });
  const at = (route: string) => `/matches/${matchId}/${route}`;
  for (const [unitId, side] of [
    ['a1', 'A'],
    ['b1', 'B'],
  ] as const) {
    await m.organiser.command(at('units'), {
      unitId,
      name: unitId,
      side,
      unitType: 'infantry',
      movement: 6,
      firepower: 2,
    });
  }
  await m.A.command(at('contacts'), { unitId: 'a1', enemyId: 'b1' });
  await m.A.command(at('end-turn'));
  return m;
}
