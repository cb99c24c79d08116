import { Webhook } from 'standardwebhooks';
import { SseConnections } from '../../src/live/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, issueKey, organiser, ORGANISER_KEY } from './support/umpire-client.js';
import {
  endMatch,
  openSse,
  playE1,
  Receiver,
  seated,
  sleep,
  type SseMessage,
  tournamentWithMatches,
} from './organiser-support.js';

/** Polls until the condition holds (fails after the timeout). */
async function eventually(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await sleep(25);
  }
}

/** The impi charges the NNC from the front on level ground, and makes contact (willpower 1 + 2). */
const charge = (matchId: string, A: Caller) =>
  A.command(`/matches/${matchId}/charges`, {
    chargeId: 'c1',
    attackerId: 'impi',
    defenderId: 'nnc',
    aspect: 'front',
    slope: 'level',
    dice: [1, 2],
  });

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Live play over real HTTP: Server-Sent Events that resume without gap or duplicate, and webhooks. */
describe('organiser: live feeds (SSE)', () => {
  let t: TestApp;
  let org: Caller;
  beforeAll(async () => {
    t = await startTestApp({ sseHeartbeatMs: 200 });
    org = organiser(t);
  });
  afterAll(async () => t.close());

  async function newMatch(matchId: string) {
    await org.command('/matches', {
      matchId,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    return seated(t, matchId);
  }

  it('GET /matches/:id/stream sends every event, id = revision, then live ones; a resume with Last-Event-ID misses none and repeats none', async () => {
    const { A, B } = await newMatch('live-1');
    const first = await openSse(t, '/matches/live-1/stream', ORGANISER_KEY);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/event-stream/);
    expect(first.headers['x-request-id']).toEqual(expect.any(String));
    await first.waitFor(3);
    expect(first.ids()).toEqual([1, 2, 3]);
    expect(first.messages[0]!.data).toMatchObject({ matchId: 'live-1', revision: 1, type: 'MatchCreated' });

    // Live: the charge arrives as it is recorded.
    await A.command('/matches/live-1/charges', {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'left-flank',
      slope: 'downhill',
      dice: [2, 3],
    });
    await first.waitFor(6);
    first.close();
    const seen = first.ids();

    // While nobody listens, the match goes on.
    await A.command('/matches/live-1/impact-rolls', { chargeId: 'c1', dice: [4] });
    await B.command('/matches/live-1/morale-tests', { unitId: 'nnc', cause: 'melee', dice: [2, 4] });

    const resumed = await openSse(t, '/matches/live-1/stream', ORGANISER_KEY, seen.at(-1));
    await resumed.waitFor(3);
    await B.command('/matches/live-1/give-ground-reports', {
      unitId: 'nnc',
      couldMove: true,
      leftTable: false,
    });
    await resumed.waitFor(4);
    await resumed.quiet(250);
    resumed.close();
    expect([...seen, ...resumed.ids()]).toEqual(range(1, 10));
    expect(resumed.messages.map((m) => m.data.type)).toEqual([
      'ImpactRolled',
      'MoraleTested',
      'AttackerVictorious',
      'GroundGiven',
    ]);
  });

  it('a resume given as ?lastEventId= works too, and a resume past the end waits for the next event', async () => {
    const { A, B } = await newMatch('live-2');
    await playE1('live-2', A, B);
    const middle = await openSse(t, '/matches/live-2/stream?lastEventId=7', ORGANISER_KEY);
    await middle.waitFor(3);
    expect(middle.ids()).toEqual([8, 9, 10]);
    middle.close();
    const atEnd = await openSse(t, '/matches/live-2/stream', ORGANISER_KEY, 10);
    await atEnd.quiet(200);
    await endMatch(t, 'live-2', 'A');
    await atEnd.waitFor(1);
    expect(atEnd.messages[0]).toMatchObject({ id: 11, data: { type: 'MatchEnded' } });
    atEnd.close();
    const bad = await openSse(t, '/matches/live-2/stream', ORGANISER_KEY, 'yesterday');
    expect(bad.status).toBe(400);
  });

  it('a stream answers 401 without a key, 403 for another match’s player, 404 for no match, before it opens', async () => {
    const { A } = await newMatch('live-3');
    await newMatch('live-4');
    expect((await openSse(t, '/matches/live-3/stream', undefined)).status).toBe(401);
    expect(
      (await openSse(t, '/matches/live-3/stream', 'umpire_000000000000_notakeynotakeynotakeynotakey00'))
        .status,
    ).toBe(401);
    expect((await openSse(t, '/matches/live-4/stream', A.token)).status).toBe(403);
    expect((await openSse(t, '/matches/nowhere/stream', ORGANISER_KEY)).status).toBe(404);
    const own = await openSse(t, '/matches/live-3/stream', A.token);
    expect(own.status).toBe(200);
    // The heartbeat comment (every 200 ms here) keeps the line open.
    await eventually(async () => own.body.includes(': keep-alive'));
    const open = t.app.get(SseConnections);
    expect(open.count).toBeGreaterThan(0);
    own.close();
    // A reader that goes away ends its feed: no subscription is left behind.
    await eventually(async () => open.count === 0);
    expect((await openSse(t, '/tournaments/nowhere/stream', ORGANISER_KEY)).status).toBe(404);
    expect((await openSse(t, '/tournaments/nowhere/stream', A.token)).status).toBe(403);
  });

  it('AA-2 a stream shows a sealed card to its own side only', async () => {
    await org.command('/matches', {
      matchId: 'live-aa',
      ruleset: 'atomic-africa',
      sides: { A: 'Legion', B: 'Askari' },
      diceMode: 'table',
    });
    for (const [unitId, side] of [
      ['a1', 'A'],
      ['b1', 'B'],
    ] as const) {
      await org.command('/matches/live-aa/units', {
        unitId,
        name: unitId,
        side,
        unitType: 'infantry',
        movement: 6,
        firepower: 2,
      });
    }
    const A = await issueKey(t, { role: 'player', matchId: 'live-aa', side: 'A' });
    const B = await issueKey(t, { role: 'player', matchId: 'live-aa', side: 'B' });
    const spectator = await issueKey(t, { role: 'spectator' });
    await A.command('/matches/live-aa/orders', {
      unitId: 'a1',
      turn: 1,
      card: { rank: '7', suit: 'spades' },
    });
    const streams = await Promise.all(
      [A, B, spectator, org].map((caller) => openSse(t, '/matches/live-aa/stream', caller.token)),
    );
    await Promise.all(streams.map((s) => s.waitFor(4)));
    const sealed = streams.map((s) => s.messages.find((m) => m.data.type === 'OrderSealed')!.data.data);
    // atomic-africa 2.0.0 writes the card as its code (the object sent is normalised).
    expect(sealed[0]).toMatchObject({ card: '7S' });
    for (const other of sealed.slice(1)) {
      expect(other).toMatchObject({ card: null, hidden: true });
      // The escrow is ciphertext, random base64 that holds '7S' about once in fifty runs by chance:
      // every readable field is searched for the card, and the escrow is held to be ciphertext.
      const { escrow, ...readable } = other as { escrow?: string };
      expect(JSON.stringify(readable)).not.toMatch(/spades|7S|7♠/);
      if (escrow !== undefined) expect(escrow).toMatch(/^[A-Za-z0-9+/_=-]{40,}$/);
    }
    streams.forEach((s) => s.close());
  });

  it('GET /tournaments/:id/stream: the tournament’s events and its matches’, id = global position, resumable without gap or duplicate', async () => {
    await tournamentWithMatches(t, 'live-cup', [{ matchId: 'cup-1', table: 1 }]);
    const whole = await openSse(t, '/tournaments/live-cup/stream', ORGANISER_KEY);
    await whole.waitFor(2);
    expect(whole.messages[0]!.data).toMatchObject({
      tournamentId: 'live-cup',
      event: { type: 'TournamentCreated' },
    });
    expect(whole.messages[1]!.data).toMatchObject({
      matchId: 'cup-1',
      event: { type: 'MatchScheduled', data: { matchId: 'cup-1', round: 1, table: 1 } },
      preceding: [expect.objectContaining({ type: 'MatchCreated', revision: 1 })],
    });
    // A match outside the tournament stays out of its feed.
    await newMatch('outside');
    const { A, B } = await seated(t, 'cup-1');
    await charge('cup-1', A);
    await whole.waitFor(7);
    const cut = whole.ids()[4]!;
    await A.command('/matches/cup-1/impact-rolls', { chargeId: 'c1', dice: [1] });
    await B.command('/matches/cup-1/morale-tests', { unitId: 'nnc', cause: 'melee', dice: [1, 2] });
    await whole.waitFor(9);
    await whole.quiet(200);
    whole.close();
    const ids = whole.ids();
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(whole.messages.every((m) => m.data.matchId === undefined || m.data.matchId === 'cup-1')).toBe(
      true,
    );
    expect(whole.messages.slice(2).map((m) => m.data.event.type)).toEqual([
      'UnitRegistered',
      'UnitRegistered',
      'ChargeDeclared',
      'WillpowerTested',
      'ContactMade',
      'ImpactRolled',
      'MoraleTested',
    ]);

    const resumed = await openSse(t, '/tournaments/live-cup/stream', ORGANISER_KEY, cut);
    await resumed.waitFor(ids.length - 5);
    await resumed.quiet(200);
    resumed.close();
    expect([...ids.slice(0, 5), ...resumed.ids()]).toEqual(ids);
  });

  it('GET /tournaments/:id/stream?from=now sends only what is recorded after it opens, not the day so far; Last-Event-ID still wins', async () => {
    await tournamentWithMatches(t, 'now-cup', [{ matchId: 'now-1', table: 1 }]);
    const { A } = await seated(t, 'now-1');
    const whole = await openSse(t, '/tournaments/now-cup/stream', ORGANISER_KEY);
    await whole.waitFor(4);
    await whole.quiet(100);
    const sofar = whole.ids();

    const fromNow = await openSse(t, '/tournaments/now-cup/stream?from=now', ORGANISER_KEY);
    expect(fromNow.status).toBe(200);
    await fromNow.quiet(200);
    expect(fromNow.messages).toHaveLength(0);
    await charge('now-1', A);
    await fromNow.waitFor(3);
    await whole.waitFor(sofar.length + 3);
    expect(fromNow.ids()).toEqual(whole.ids().slice(sofar.length));
    expect(fromNow.messages[0]!.data).toMatchObject({ matchId: 'now-1', event: { type: 'ChargeDeclared' } });

    const resumed = await openSse(t, '/tournaments/now-cup/stream?from=now', ORGANISER_KEY, sofar[1]);
    await resumed.waitFor(whole.ids().length - 2);
    expect(resumed.ids()).toEqual(whole.ids().slice(2));
    const wrong = await openSse(t, '/tournaments/now-cup/stream?from=later', ORGANISER_KEY);
    expect(wrong.status).toBe(400);
    [whole, fromNow, resumed, wrong].forEach((feed) => feed.close());
  });

  it('a key bound to another tournament may not follow this one: 404, as for a tournament that does not exist', async () => {
    await tournamentWithMatches(t, 'other-cup', []);
    const bound = await issueKey(t, { role: 'spectator', tournamentId: 'other-cup' });
    expect((await openSse(t, '/tournaments/live-cup/stream', bound.token)).status).toBe(404);
    expect((await openSse(t, '/matches/cup-1/stream', bound.token)).status).toBe(404);
    const own = await openSse(t, '/tournaments/other-cup/stream', bound.token);
    expect(own.status).toBe(200);
    own.close();
  });
});

describe('organiser: spectator feeds held behind live play', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ spectatorDelayEvents: 2 });
  });
  afterAll(async () => t.close());

  it('a spectator’s match stream runs 2 events behind, a player’s is live; the end releases everything', async () => {
    await tournamentWithMatches(t, 'delay-cup', [{ matchId: 'slow', table: 1 }]);
    const { A, B } = await seated(t, 'slow');
    const spectator = await issueKey(t, { role: 'spectator' });
    const watching = await openSse(t, '/matches/slow/stream', spectator.token);
    const playing = await openSse(t, '/matches/slow/stream', A.token);
    const following = await openSse(t, '/tournaments/delay-cup/stream', spectator.token);
    await playing.waitFor(3);
    await watching.waitFor(1);
    await watching.quiet(200);
    expect(watching.ids()).toEqual([1]);
    await playE1('slow', A, B);
    await playing.waitFor(10);
    await watching.waitFor(8);
    await watching.quiet(200);
    expect(watching.ids()).toEqual(range(1, 8));
    await endMatch(t, 'slow', 'A');
    await watching.waitFor(11);
    expect(watching.ids()).toEqual(range(1, 11));
    // The tournament feed holds the same two events back until the end.
    // 2 of the tournament's own, and the match's 10 after its scheduling.
    await following.waitFor(12);
    expect(following.messages.at(-1)!.data.event.type).toBe('MatchEnded');
    [watching, playing, following].forEach((s) => s.close());
  });

  it('a spectator’s tournament feed from now is held back too: nothing newer than 2 events behind', async () => {
    await tournamentWithMatches(t, 'delay-now', [{ matchId: 'slow-now', table: 1 }]);
    const { A, B } = await seated(t, 'slow-now');
    const spectator = await issueKey(t, { role: 'spectator' });
    const following = await openSse(t, '/tournaments/delay-now/stream?from=now', spectator.token);
    const playing = await openSse(t, '/matches/slow-now/stream', A.token);
    await playing.waitFor(3);
    await playE1('slow-now', A, B);
    await playing.waitFor(10);
    await playing.quiet(100);
    // The 7 events of the play, the last 2 held back.
    await following.waitFor(5);
    await following.quiet(200);
    expect(following.messages.map((m) => m.data.event.revision)).toEqual(range(4, 8));
    [following, playing].forEach((feed) => feed.close());
  });
});

describe('organiser: a tournament feed held behind live play, match by match', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ spectatorDelayEvents: 2 });
  });
  afterAll(async () => t.close());

  const typesOf = (messages: SseMessage[], matchId: string) =>
    messages.filter((m) => m.data.matchId === matchId && !m.data.preceding).map((m) => m.data.event.type);

  it('the end of one match releases its own held events, never another match’s; a resume after it misses nothing', async () => {
    await tournamentWithMatches(t, 'two-tables', [
      { matchId: 'table-1', table: 1 },
      { matchId: 'table-2', table: 2 },
    ]);
    const one = await seated(t, 'table-1');
    const two = await seated(t, 'table-2');
    const spectator = await issueKey(t, { role: 'spectator' });
    const following = await openSse(t, '/tournaments/two-tables/stream', spectator.token);
    // Table 2 plays on: ChargeDeclared, WillpowerTested, ContactMade. Two events stay held.
    await charge('table-2', two.A);
    await charge('table-1', one.A);
    // The tournament's 3 own events, and 3 of each match's 5.
    await following.waitFor(9);
    await following.quiet(200);
    expect(typesOf(following.messages, 'table-2')).toEqual([
      'UnitRegistered',
      'UnitRegistered',
      'ChargeDeclared',
    ]);
    // Table 1 ends: its held events and its end go out; table 2's last two stay held.
    await endMatch(t, 'table-1', 'A');
    await following.waitFor(12);
    await following.quiet(300);
    expect(typesOf(following.messages, 'table-1')).toEqual([
      'UnitRegistered',
      'UnitRegistered',
      'ChargeDeclared',
      'WillpowerTested',
      'ContactMade',
      'MatchEnded',
    ]);
    expect(typesOf(following.messages, 'table-2')).toEqual([
      'UnitRegistered',
      'UnitRegistered',
      'ChargeDeclared',
    ]);
    following.close();

    // The reader comes back with the last id it saw (table 1's end, recorded after table 2's held
    // events): it gets table 2's held events when they are due, once, and nothing twice.
    const seen = following.ids();
    const resumed = await openSse(t, '/tournaments/two-tables/stream', spectator.token, seen.at(-1));
    await resumed.quiet(300);
    expect(resumed.messages).toEqual([]);
    await endMatch(t, 'table-2', 'B');
    await resumed.waitFor(3);
    await resumed.quiet(300);
    resumed.close();
    expect(resumed.messages.map((m) => [m.data.matchId, m.data.event.type])).toEqual([
      ['table-2', 'WillpowerTested'],
      ['table-2', 'ContactMade'],
      ['table-2', 'MatchEnded'],
    ]);
    const all = [...seen, ...resumed.ids()];
    expect(new Set(all).size).toBe(all.length);
    // Everything the tournament recorded from the first event on, each once.
    const whole = await openSse(t, '/tournaments/two-tables/stream', ORGANISER_KEY);
    await whole.waitFor(all.length);
    await whole.quiet(200);
    whole.close();
    expect([...all].sort((a, b) => a - b)).toEqual(whole.ids());
  });
});

describe('organiser: webhooks', () => {
  let t: TestApp;
  let org: Caller;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await startTestApp({ webhookBackoffMs: 25, webhookMaxAttempts: 3, webhookTimeoutMs: 2000 });
    org = organiser(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(receivers.map((r) => r.stop()));
  });

  async function receiver(plan?: (n: number) => number): Promise<Receiver> {
    const r = await new Receiver(plan).start();
    receivers.push(r);
    return r;
  }

  /** As a receiver checks a delivery with the standardwebhooks package: id, timestamp and signature. */
  const verify = (secret: string, body: string, headers: Record<string, unknown>) => {
    try {
      new Webhook(secret).verify(body, headers as Record<string, string>);
      return true;
    } catch {
      return false;
    }
  };

  it('a webhook receives each event of the tournament’s matches and each result, signed with its secret', async () => {
    await tournamentWithMatches(t, 'hooked', [
      { matchId: 'hooked-1', table: 1, players: { A: 'Alice', B: 'Bob' } },
    ]);
    const r = await receiver();
    const registered = await org.post('/tournaments/hooked/webhooks', { url: r.url });
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      webhookId: expect.stringMatching(/^wh_/),
      tournamentId: 'hooked',
      url: r.url,
      active: true,
      secret: expect.stringMatching(/^whsec_/),
    });
    const { secret, webhookId } = registered.body;
    const { A, B } = await seated(t, 'hooked-1');
    await playE1('hooked-1', A, B);
    await endMatch(t, 'hooked-1', 'A', 'the NNC fled');

    const result = await r.waitFor((body) => body.kind === 'result');
    expect(JSON.parse(result.body)).toMatchObject({
      webhookId,
      kind: 'result',
      tournamentId: 'hooked',
      matchId: 'hooked-1',
      round: 1,
      table: 1,
      players: { A: 'Alice', B: 'Bob' },
      result: { winner: 'A', winnerName: 'Zulus', note: 'the NNC fled' },
    });
    const events = r.received.map((x) => JSON.parse(x.body)).filter((b) => b.kind === 'event');
    // Only what happened after registration: the units, the E-1 steps, the end.
    expect(events.map((b) => b.event.type)).toEqual([
      'UnitRegistered',
      'UnitRegistered',
      'ChargeDeclared',
      'WillpowerTested',
      'ContactMade',
      'ImpactRolled',
      'MoraleTested',
      'AttackerVictorious',
      'GroundGiven',
      'MatchEnded',
    ]);
    expect(events.map((b) => b.position)).toEqual([...events.map((b) => b.position)].sort((a, b) => a - b));
    for (const delivery of r.received) {
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(verify(secret, delivery.body, delivery.headers)).toBe(true);
      const otherSecret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
      expect(verify(otherSecret, delivery.body, delivery.headers)).toBe(false);
      expect(verify(secret, delivery.body.replace('"kind"', '"kind" '), delivery.headers)).toBe(false);
      // A replay later on carries an old timestamp: changing it breaks the signature, keeping it is refused.
      const stale = { ...delivery.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 600) };
      expect(verify(secret, delivery.body, stale)).toBe(false);
      expect(delivery.headers['webhook-id']).toBe(JSON.parse(delivery.body).deliveryId);
    }
    const listed = await org.get('/tournaments/hooked/webhooks');
    expect(listed.body).toEqual([
      {
        webhookId,
        tournamentId: 'hooked',
        url: r.url,
        createdAt: expect.any(String),
        active: true,
        kinds: ['event', 'result'],
        registeredBy: 'configured',
      },
    ]);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
  });

  it('a receiver that fails first is retried with backoff until it accepts; the attempts are listed', async () => {
    await tournamentWithMatches(t, 'flaky', []);
    const r = await receiver((n) => (n <= 2 ? 503 : 200));
    const { webhookId } = (await org.post('/tournaments/flaky/webhooks', { url: r.url })).body;
    await org.command('/tournaments/flaky/matches', {
      matchId: 'flaky-1',
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    await r.waitFor((body) => body.event?.type === 'MatchScheduled');
    await eventually(async () => {
      const listed = await org.get(`/tournaments/flaky/webhooks/${webhookId}/deliveries`);
      return listed.body.items[0]?.status === 'delivered';
    });
    expect(r.received).toHaveLength(3);
    const bodies = new Set(r.received.map((x) => x.body));
    expect(bodies.size).toBe(1);
    expect(r.received.map((x) => x.headers['x-umpire-attempt'])).toEqual(['1', '2', '3']);
    // One delivery, one webhook-id on every attempt: a receiver drops one it has seen.
    expect(new Set(r.received.map((x) => x.headers['webhook-id'])).size).toBe(1);
    const scheduled = JSON.parse(r.received[0]!.body);
    expect(scheduled).toMatchObject({
      kind: 'event',
      tournamentId: 'flaky',
      matchId: 'flaky-1',
      event: { type: 'MatchScheduled' },
      preceding: [expect.objectContaining({ type: 'MatchCreated' })],
    });

    const deliveries = await org.get(`/tournaments/flaky/webhooks/${webhookId}/deliveries`);
    expect(deliveries.status).toBe(200);
    expect(deliveries.body.items).toHaveLength(1);
    const [delivery] = deliveries.body.items;
    expect(delivery).toMatchObject({
      deliveryId: scheduled.deliveryId,
      kind: 'event',
      eventType: 'MatchScheduled',
      matchId: 'flaky-1',
      status: 'delivered',
      nextAttemptAt: null,
      payload: scheduled,
    });
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 503, 200]);
    const [first, second, third] = delivery.attempts.map((a: { at: string }) => Date.parse(a.at));
    // Exponential backoff: 25 ms, then 50 ms.
    expect(second - first).toBeGreaterThanOrEqual(25);
    expect(third - second).toBeGreaterThanOrEqual(50);
  });

  it('a receiver that never accepts is given up after the bounded attempts; the next delivery still goes', async () => {
    await tournamentWithMatches(t, 'down', []);
    const r = await receiver(() => 500);
    const { webhookId } = (await org.post('/tournaments/down/webhooks', { url: r.url })).body;
    await org.command('/tournaments/down/matches', {
      matchId: 'down-1',
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    await org.command('/matches/down-1/units', { unitId: 'u', name: 'U', side: 'A', morale: 7, move: 6 });
    await r.waitFor((body) => body.event?.type === 'UnitRegistered');
    await eventually(async () => {
      const all = await org.get(`/tournaments/down/webhooks/${webhookId}/deliveries`);
      return (
        all.body.items.length === 2 && all.body.items.every((d: { status: string }) => d.status === 'failed')
      );
    });
    const page = await org.get(`/tournaments/down/webhooks/${webhookId}/deliveries?limit=1`);
    expect(page.body.items[0]).toMatchObject({ eventType: 'MatchScheduled', status: 'failed' });
    expect(page.body.items[0].attempts).toHaveLength(3);
    const next = await org.get(
      `/tournaments/down/webhooks/${webhookId}/deliveries?limit=1&cursor=${page.body.nextCursor}`,
    );
    expect(next.body.items[0]).toMatchObject({ eventType: 'UnitRegistered', status: 'failed' });
    expect(r.received).toHaveLength(6);
  });

  it('AA-2 webhook payloads are viewed as by a spectator: no sealed card', async () => {
    await org.command('/tournaments', { tournamentId: 'secret-cup', name: 'Secret Cup' });
    const r = await receiver();
    await org.post('/tournaments/secret-cup/webhooks', { url: r.url });
    await org.command('/tournaments/secret-cup/matches', {
      matchId: 'secret-1',
      round: 1,
      table: 1,
      ruleset: 'atomic-africa',
      sides: { A: 'Legion', B: 'Askari' },
      diceMode: 'table',
    });
    await org.command('/matches/secret-1/units', {
      unitId: 'a1',
      name: 'a1',
      side: 'A',
      unitType: 'infantry',
      movement: 6,
      firepower: 2,
    });
    const A = await issueKey(t, { role: 'player', matchId: 'secret-1', side: 'A' });
    await A.command('/matches/secret-1/orders', {
      unitId: 'a1',
      turn: 1,
      card: { rank: '7', suit: 'spades' },
    });
    const sealed = await r.waitFor((body) => body.event?.type === 'OrderSealed');
    expect(JSON.parse(sealed.body).event.data).toMatchObject({ card: null, hidden: true });
    expect(r.received.map((x) => x.body).join()).not.toMatch(/spades/);
  });

  it('a deleted webhook gets nothing more; its deliveries stay listed', async () => {
    await tournamentWithMatches(t, 'unhooked', []);
    const r = await receiver();
    const { webhookId } = (await org.post('/tournaments/unhooked/webhooks', { url: r.url })).body;
    expect((await org.delete(`/tournaments/unhooked/webhooks/${webhookId}`)).status).toBe(204);
    expect((await org.delete(`/tournaments/unhooked/webhooks/${webhookId}`)).status).toBe(404);
    expect((await org.delete('/tournaments/unhooked/webhooks/wh_nope')).status).toBe(404);
    expect((await org.delete('/tournaments/hooked/webhooks/' + webhookId)).status).toBe(404);
    await org.command('/tournaments/unhooked/matches', {
      matchId: 'unhooked-1',
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    await sleep(200);
    expect(r.received).toHaveLength(0);
    expect((await org.get('/tournaments/unhooked/webhooks')).body).toEqual([
      expect.objectContaining({ webhookId, active: false }),
    ]);
    expect((await org.get(`/tournaments/unhooked/webhooks/${webhookId}/deliveries`)).body).toEqual({
      items: [],
      nextCursor: null,
    });
  });

  it('a webhook URL must be http or https; webhooks are the organiser’s alone', async () => {
    await tournamentWithMatches(t, 'strict', []);
    expect((await org.post('/tournaments/strict/webhooks', { url: 'ftp://127.0.0.1/x' })).status).toBe(400);
    expect((await org.post('/tournaments/strict/webhooks', { url: 'not a url' })).status).toBe(400);
    expect((await org.post('/tournaments/nowhere/webhooks', { url: 'http://127.0.0.1:9/x' })).status).toBe(
      404,
    );
    const judge = await issueKey(t, { role: 'judge' });
    expect((await judge.post('/tournaments/strict/webhooks', { url: 'http://127.0.0.1:9/x' })).status).toBe(
      403,
    );
    expect((await judge.get('/tournaments/strict/webhooks')).status).toBe(403);
  });
});
