import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { Invitations } from '../../src/invitations/invitations.service.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId, organiser } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

interface Pairing {
  table: number;
  A: string;
  B: string;
  matchId?: string;
}

/** A round's pairing as GET /tournaments/:id/rounds/:round shows it, with its participants by id. */
function pairingOf(shown: any): Pairing {
  return { table: shown.table, A: shown.A.participantId, B: shown.B.participantId, matchId: shown.matchId };
}

/**
 * A participant's own seat, over HTTP on the real SQLite store: the participant key gets the
 * invitation to its own side of its own refereed match, and nothing else, and the seat it joins plays
 * as that side. Every refusal names why and appends nothing.
 */
describe('a participant key takes its own seat of its refereed match', () => {
  let t: TestApp;
  let store: EventStore;
  let org: Caller;
  const keys = new Map<string, Caller>();
  const keyIds = new Map<string, string>();
  let pairings: Pairing[];
  const T = 'seat-cup';

  const seatAt = (caller: Caller, table: number, body: object, tournament = T, round = 1) =>
    caller.post(`/tournaments/${tournament}/rounds/${round}/tables/${table}/seat-invitation`, body);

  async function head(): Promise<number> {
    let position = 0;
    for (;;) {
      const page = await store.readAll({ fromPosition: position, maxCount: 1000 });
      if (page.length === 0) return position;
      position = page[page.length - 1]!.position;
    }
  }

  /** A tournament of `size` checked-in participants with their keys, round 1 opened and started. */
  async function dayUnderWay(id: string, size: number, tables: 'refereed' | 'report-only') {
    await org.command('/tournaments', {
      tournamentId: id,
      name: `Cup ${id}`,
      tables,
      ...(tables === 'refereed' ? { ruleset: 'hand-to-hand' } : {}),
    });
    const callers = new Map<string, Caller>();
    const ids = new Map<string, string>();
    for (let i = 1; i <= size; i++) {
      await org.command(`/tournaments/${id}/participants`, { name: `Player ${i}`, seed: i });
      const key = await org.post(`/tournaments/${id}/participants/p${i}/keys`, { label: `p${i}` });
      callers.set(`p${i}`, new Caller(t.url, key.body.token as string));
      ids.set(`p${i}`, key.body.keyId as string);
      await org.command(`/tournaments/${id}/participants/p${i}/check-in`);
    }
    await org.command(`/tournaments/${id}/rounds`, { round: 1, method: 'swiss' });
    await org.command(`/tournaments/${id}/rounds/1/start`);
    const round = (await org.get(`/tournaments/${id}/rounds/1`)).body;
    return { callers, ids, pairings: (round.pairings as any[]).map(pairingOf) };
  }

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get<EventStore>(EVENT_STORE);
    org = organiser(t);
    const day = await dayUnderWay(T, 6, 'refereed');
    pairings = day.pairings;
    for (const [id, caller] of day.callers) keys.set(id, caller);
    for (const [id, keyId] of day.ids) keyIds.set(id, keyId);
    expect(pairings).toHaveLength(3);
    for (const p of pairings) expect(p.matchId).toEqual(expect.any(String));
  });
  afterAll(async () => {
    await t.close();
  });

  it('its own seat: the invitation joins the match the tournament scheduled, on its side, and that seat plays as that side', async () => {
    const [table1] = pairings;
    const { A, B, matchId } = table1!;
    const asked = await seatAt(keys.get(A)!, 1, { commandId: commandId(), side: 'A' });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ matchId, side: 'A', tournamentId: T, redeemed: false });
    expect(asked.body.link).toBe(`/table/#invite=${asked.body.code}`);

    const redeemed = await new Caller(t.url, undefined).post(`/invitations/${asked.body.code}/redeem`);
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toMatchObject({ matchId, side: 'A', tournamentId: T });
    const seatA = new Caller(t.url, redeemed.body.token as string);

    const opponent = await seatAt(keys.get(B)!, 1, { side: 'B' });
    expect(opponent.status).toBe(201);
    const seatB = new Caller(
      t.url,
      (await new Caller(t.url, undefined).post(`/invitations/${opponent.body.code}/redeem`)).body.token,
    );

    await seatA.command(`/matches/${matchId}/units`, {
      unitId: 'impi',
      name: 'Impi',
      side: 'A',
      morale: 8,
      move: 6,
    });
    await seatB.command(`/matches/${matchId}/units`, {
      unitId: 'nnc',
      name: 'NNC',
      side: 'B',
      morale: 7,
      move: 6,
    });
    // The seat acts for side A only.
    const wrongSide = await seatA.post(`/matches/${matchId}/units`, {
      commandId: commandId(),
      unitId: 'redcoats',
      name: 'Redcoats',
      side: 'B',
      morale: 8,
      move: 4,
    });
    expect(wrongSide.status).toBe(403);
    const charge = await seatA.command(`/matches/${matchId}/charges`, {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
    });
    expect(charge.body.events[0]).toMatchObject({
      type: 'ChargeDeclared',
      actor: { role: 'player', side: 'A' },
    });
  });

  it('asked again, by the same commandId or another, it is the same invitation: nothing appended, and it says it was redeemed', async () => {
    const { A } = pairings[0]!;
    const id = commandId();
    const before = await head();
    const first = await seatAt(keys.get(A)!, 1, { commandId: id, side: 'A' });
    const again = await seatAt(keys.get(A)!, 1, { commandId: id, side: 'A' });
    const other = await seatAt(keys.get(A)!, 1, { commandId: commandId(), side: 'A' });
    expect(await head()).toBe(before);
    for (const reply of [first, again, other]) {
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({ redeemed: true });
    }
    expect(new Set([first, again, other].map((r) => r.body.code)).size).toBe(1);
    const used = await new Caller(t.url, undefined).post(`/invitations/${first.body.code}/redeem`);
    expect(used.status).toBe(410);
  });

  it('the other side, another table, another tournament, a table with no round: refused naming why, nothing appended', async () => {
    const [table1, table2] = pairings as [Pairing, Pairing];
    await org.command('/tournaments', {
      tournamentId: 'other-cup',
      name: 'Other',
      tables: 'refereed',
      ruleset: 'hand-to-hand',
    });
    const before = await head();
    const mine = keys.get(table1.A)!;
    const cases: [Promise<any>, number, RegExp][] = [
      [
        seatAt(mine, 1, { side: 'B' }),
        403,
        /^side: participant \S+ plays side A at table 1 of round 1, not side B$/,
      ],
      [seatAt(mine, 2, { side: 'A' }), 403, /does not play at table 2 of round 1/],
      [seatAt(keys.get(table2.B)!, 1, { side: 'B' }), 403, /does not play at table 1 of round 1/],
      [seatAt(mine, 1, { side: 'A' }, 'other-cup'), 404, /^tournament other-cup does not exist$/],
      [seatAt(mine, 9, { side: 'A' }), 404, /round 1 has no table 9/],
      [seatAt(mine, 1, { side: 'A' }, T, 2), 404, /has no round 2/],
      [seatAt(mine, 1, { side: 'C' }), 400, /side must be A or B/],
      // The organiser invites seats by POST /matches/:id/invitations; this route is the participant's.
      [seatAt(org, 1, { side: 'A' }), 403, /./],
    ];
    for (const [reply, status, detail] of cases) {
      const answered = await reply;
      expect([answered.status, answered.body.detail]).toEqual([status, expect.stringMatching(detail)]);
    }
    // A seat's own key (a match's player key) speaks for no participant.
    const seatKey = await org.post('/keys', { role: 'player', matchId: table1.matchId, side: 'A' });
    const bySeat = await seatAt(new Caller(t.url, seatKey.body.token), 1, { side: 'A' });
    expect(bySeat.status).toBe(403);
    expect(await head()).toBe(before + 1); // the seat key's issue only
  });

  it('an invitation that expired unused gives way to a new one, which is then the answer', async () => {
    const { A, table } = pairings[1]!;
    const first = await seatAt(keys.get(A)!, table, { side: 'A' });
    expect(first.status).toBe(201);
    const invitations = t.app.get(Invitations);
    const principal = { keyId: keyIds.get(A)!, role: 'player' as const, tournamentId: T, participantId: A };
    const later = Date.parse(first.body.expiresAt) + 60_000;
    const renewed = await invitations.createForOwnSeat(
      principal,
      { tournamentId: T, round: 1, table, side: 'A' },
      later,
    );
    expect(renewed.code).not.toBe(first.body.code);
    expect(Date.parse(renewed.expiresAt)).toBeGreaterThan(later);
    expect(renewed).toMatchObject({ matchId: first.body.matchId, side: 'A', redeemed: false });
    const before = await head();
    const again = await invitations.createForOwnSeat(
      principal,
      { tournamentId: T, round: 1, table, side: 'A' },
      later,
    );
    expect(again.code).toBe(renewed.code);
    expect(await head()).toBe(before);
  });

  it('a dropped participant, a finished pairing and a voided one: refused, nothing appended', async () => {
    const [, table2, table3] = pairings as [Pairing, Pairing, Pairing];
    await org.command(`/tournaments/${T}/rounds/1/tables/2/forfeit`, {
      participantId: table2.B,
      reason: 'went home',
    });
    await org.command(`/tournaments/${T}/participants/${table2.B}/drop`, { reason: 'went home' });
    await org.command(`/tournaments/${T}/rounds/1/tables/3/void`, { reason: 'wrong armies' });
    const before = await head();
    const dropped = await seatAt(keys.get(table2.B)!, 2, { side: 'B' });
    expect([dropped.status, dropped.body.detail]).toEqual([
      403,
      `participant ${table2.B} has dropped out of the tournament: they take no seat`,
    ]);
    const finished = await seatAt(keys.get(table2.A)!, 2, { side: 'A' });
    expect([finished.status, finished.body.detail]).toEqual([
      409,
      'table 2 of round 1 has its result: its match is over',
    ]);
    const voided = await seatAt(keys.get(table3.A)!, 3, { side: 'A' });
    expect([voided.status, voided.body.detail]).toEqual([
      409,
      'table 3 of round 1 was voided: its match is not played',
    ]);
    expect(await head()).toBe(before);
  });

  it('a report-only table has no seat to join: 404 naming why, nothing appended', async () => {
    const plain = await dayUnderWay('plain-cup', 2, 'report-only');
    const [table] = plain.pairings as [Pairing];
    const before = await head();
    const refused = await seatAt(plain.callers.get(table.A)!, table.table, { side: 'A' }, 'plain-cup');
    expect([refused.status, refused.body.detail]).toEqual([
      404,
      `table ${table.table} of round 1 is not refereed: it has no match to join; report its result instead`,
    ]);
    expect(await head()).toBe(before);
  });
});
