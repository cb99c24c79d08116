import { startTestApp, type TestApp } from './support/test-app.js';
import {
  Caller,
  commandId,
  issueKey,
  type MatchTable,
  openMatch,
  organiser,
} from './support/umpire-client.js';
import { endMatch, openSse, playE1, seated } from './organiser-support.js';

type Card = { rank: string; suit: string };
const card = (rank: string, suit: string): Card => ({ rank, suit });

/** A match's history over real HTTP: the turn log, every event, the state at any point, roster, result. */
describe('organiser: match history', () => {
  let t: TestApp;
  let org: Caller;
  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
  });
  afterAll(async () => t.close());

  async function e1(matchId: string): Promise<{ A: Caller; B: Caller }> {
    await org.command('/matches', {
      matchId,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const players = await seated(t, matchId);
    await playE1(matchId, players.A, players.B);
    return players;
  }

  it('E-1 GET /matches/:id/log tells each step in a sentence, with its dice and rule ids', async () => {
    await e1('log-e1');
    const reply = await org.get('/matches/log-e1/log');
    expect(reply.status).toBe(200);
    expect(reply.body.revision).toBe(10);
    expect(reply.body.entries.map((e: { sentence: string }) => e.sentence)).toEqual([
      'The match began: Zulus (side A) against British (side B), under hand-to-hand 2.1.0, with table dice entered by the players; first to play: Zulus.',
      'The Impi takes the field for Zulus: morale 8, move 6".',
      'The NNC takes the field for British: morale 7, move 6".',
      'Turn 1: the Impi charged the NNC in the left flank from below.',
      "Turn 1: the Impi's willpower test: 2D6 2+3 = 5 ≤ 8, passed.",
      "Turn 1: the Impi made contact with the NNC's left flank.",
      "Turn 1: the Impi's impact on the NNC: 1D6 4 +1 charge +1 flank −1 downhill = 5.",
      "Turn 1: the NNC's morale test: morale 7 − impact 5 = 2; 2D6 2+4 = 6, 4 over: Reform.",
      'Turn 1: victory for the Impi, whose impacts take +1 in turn 3.',
      'Turn 1: the NNC gave ground half a move, breaking contact with the Impi; it may not attack in turn 2; enemies attacking it in turn 3 get +1.',
    ]);
    const impact = reply.body.entries[6];
    expect(impact).toMatchObject({
      revision: 7,
      turn: 1,
      type: 'ImpactRolled',
      ruleIds: ['HH-7', 'Q-14'],
      dice: [{ purpose: expect.any(String), faces: [4], origin: 'table', side: 'A' }],
      actor: { role: 'player', side: 'A' },
      reverted: false,
    });
  });

  it('GET /matches/:id/state?at=N is the state as it stood right after event N', async () => {
    await e1('state-at');
    const at3 = await org.get('/matches/state-at/state?at=3');
    expect(at3.status).toBe(200);
    expect(at3.body).toMatchObject({ matchId: 'state-at', at: 3, revision: 3, visibleRevision: 10 });
    expect(Object.keys(at3.body.state.units)).toEqual(['impi', 'nnc']);
    expect(at3.body.state.charges).toEqual([]);
    const at6 = await org.get('/matches/state-at/state?at=6');
    expect(at6.body.state.awaiting).toEqual([expect.objectContaining({ step: 'impact-roll', side: 'A' })]);
    const now = await org.get('/matches/state-at/state');
    expect(now.body).toMatchObject({ at: 10, revision: 10, visibleRevision: 10 });
    expect(now.body.state.units.nnc.impactBonusAgainst).toMatchObject({ value: 1, inTurn: 3 });
    expect((await org.get('/matches/state-at/state?at=0')).body.state).toEqual({ created: false });
    expect((await org.get('/matches/state-at/state?at=11')).status).toBe(400);
    expect((await org.get('/matches/state-at/state?at=-1')).status).toBe(400);
    expect((await org.get('/matches/state-at/state?at=x')).status).toBe(400);
  });

  it('C-5 after a judge’s backup, state?at shows the state before and after it, and the log marks what it reverted', async () => {
    await e1('backup');
    const judge = await issueKey(t, { role: 'judge' });
    await judge.command('/matches/backup/backups', {
      toRevision: 6,
      reason: 'the charge came from level ground',
    });
    const before = await org.get('/matches/backup/state?at=10');
    const after = await org.get('/matches/backup/state?at=11');
    expect(before.body.state.units.nnc.impactBonusAgainst).toMatchObject({ value: 1 });
    expect(after.body.state.units.nnc.impactBonusAgainst).toBeNull();
    expect(after.body.state.awaiting).toEqual([expect.objectContaining({ step: 'impact-roll' })]);
    const log = await org.get('/matches/backup/log');
    expect(
      log.body.entries
        .filter((e: { reverted: boolean }) => e.reverted)
        .map((e: { revision: number }) => e.revision),
    ).toEqual([7, 8, 9, 10]);
    expect(log.body.entries[10].sentence).toMatch(
      /^Turn 1: events 7 to 10 were undone, .*ordered by the judge/,
    );
  });

  it('GET /matches/:id/events pages through the events: ?from= and ?limit=', async () => {
    await e1('paged');
    const first = await org.get('/matches/paged/events?limit=4');
    expect(first.status).toBe(200);
    expect(first.body.events.map((e: { revision: number }) => e.revision)).toEqual([1, 2, 3, 4]);
    expect(first.body).toMatchObject({ matchId: 'paged', revision: 10, nextCursor: expect.any(String) });
    const rest = await org.get(`/matches/paged/events?cursor=${first.body.nextCursor}&limit=100`);
    expect(rest.body.events.map((e: { revision: number }) => e.revision)).toEqual([5, 6, 7, 8, 9, 10]);
    expect(rest.body.nextCursor).toBeNull();
    expect(rest.body.events[0]).toEqual({
      revision: 5,
      type: 'WillpowerTested',
      data: expect.objectContaining({ total: 5, passed: true }),
      at: expect.any(String),
      actor: { role: 'player', side: 'A' },
      reverted: false,
    });
    expect((await org.get('/matches/paged/events?from=0')).status).toBe(400);
    expect((await org.get('/matches/paged/events?limit=501')).status).toBe(400);
    expect((await org.get('/matches/paged/events?from=50')).body).toMatchObject({
      events: [],
      nextCursor: null,
    });
    expect((await org.get('/matches/paged/events?cursor=nonsense')).status).toBe(400);
  });

  it('GET /matches/:id/roster and /result: the units as they stand, and the result once ended', async () => {
    await e1('roster');
    const roster = await org.get('/matches/roster/roster');
    expect(roster.status).toBe(200);
    expect(roster.body.units).toEqual([
      expect.objectContaining({
        unitId: 'impi',
        name: 'Impi',
        side: 'A',
        sideName: 'Zulus',
        status: 'active',
      }),
      expect.objectContaining({
        unitId: 'nnc',
        name: 'NNC',
        sideName: 'British',
        status: 'active',
        detail: expect.objectContaining({
          baseMorale: 7,
          cannotAttack: expect.objectContaining({ inTurn: 2 }),
        }),
      }),
    ]);
    expect((await org.get('/matches/roster/result')).body).toMatchObject({ status: 'in play', result: null });
    await endMatch(t, 'roster', 'A', 'the NNC fled');
    expect((await org.get('/matches/roster/result')).body).toMatchObject({
      status: 'ended',
      sides: { A: 'Zulus', B: 'British' },
      result: { winner: 'A', winnerName: 'Zulus', note: 'the NNC fled' },
    });
    const log = await org.get('/matches/roster/log');
    expect(log.body.entries.at(-1).sentence).toBe('Turn 1: the match ended: Zulus won (the NNC fled).');
  });

  describe('AA-2 the log and the history hide a sealed card from everyone but its side', () => {
    let m: MatchTable;
    beforeAll(async () => {
      m = await openMatch(t, { matchId: 'sealed', ruleset: 'atomic-africa' });
      for (const [unitId, name, side] of [
        ['a1', 'Rifles', 'A'],
        ['b1', 'Askari', 'B'],
      ] as const) {
        await m.organiser.command('/matches/sealed/units', {
          unitId,
          name,
          side,
          unitType: 'infantry',
          movement: 6,
          firepower: 2,
        });
      }
      await m.A.command('/matches/sealed/contacts', { unitId: 'a1', enemyId: 'b1' });
      await m.A.command('/matches/sealed/end-turn');
      await m.A.command('/matches/sealed/orders', { unitId: 'a1', turn: 2, card: card('7', 'spades') });
      await m.B.command('/matches/sealed/orders', { unitId: 'b1', turn: 2, card: card('5', 'hearts') });
    });

    const mentionsSpades = (body: unknown) => /spades|7♠|\b7S\b/.test(JSON.stringify(body));
    const mentionsHearts = (body: unknown) => /hearts|5♥|\b5H\b/.test(JSON.stringify(body));

    it('the sealing side reads its own card in its log; the opponent, a spectator, a judge and the organiser do not', async () => {
      const own = await m.A.get('/matches/sealed/log');
      expect(own.status).toBe(200);
      const sealed = own.body.entries.filter((e: { type: string }) => e.type === 'OrderSealed');
      expect(sealed.map((e: { sentence: string }) => e.sentence)).toEqual([
        // atomic-africa 2.0.0 writes cards as their code in the log too.
        'Turn 2: Side A sealed 7♠ as the orders of the Rifles.',
        expect.stringMatching(
          /^Turn 2: Side B sealed an orders card for the Askari, hidden until it is revealed in close combat \(commitment [0-9a-f]{12}…\)\.$/,
        ),
      ]);
      expect(mentionsHearts(own.body)).toBe(false);
      const opponent = await m.B.get('/matches/sealed/log');
      expect(mentionsSpades(opponent.body)).toBe(false);
      expect(mentionsHearts(opponent.body)).toBe(true);
      for (const caller of [m.spectator, m.judge, m.organiser]) {
        const reply = await caller.get('/matches/sealed/log');
        expect(reply.status).toBe(200);
        expect(mentionsSpades(reply.body)).toBe(false);
        expect(mentionsHearts(reply.body)).toBe(false);
      }
    });

    /**
     * A side's own templates offer its own deck (its seal lists every card it may give, spades too): for
     * the side that holds them they are left out, and everything else it reads is searched whole.
     */
    const withoutOwnTemplates = (body: unknown, side: 'A' | 'B' | undefined): unknown => {
      if (side === undefined || body === null || typeof body !== 'object' || !('available' in body))
        return body;
      const others = (templates: unknown) =>
        Array.isArray(templates)
          ? templates.filter((template: { side?: string }) => template.side !== side)
          : templates;
      const contract = body as { awaiting?: unknown; available?: unknown };
      return { ...body, awaiting: others(contract.awaiting), available: others(contract.available) };
    };

    it('events, state?at, and roster never show the card to another viewer either', async () => {
      for (const path of ['events', 'state', 'state?at=7', 'roster', 'result']) {
        for (const caller of [m.B, m.spectator, m.judge, m.organiser]) {
          const reply = await caller.get(`/matches/sealed/${path}`);
          expect(reply.status).toBe(200);
          expect(mentionsSpades(withoutOwnTemplates(reply.body, caller === m.B ? 'B' : undefined))).toBe(
            false,
          );
        }
      }
      const own = await m.A.get('/matches/sealed/events?from=7');
      expect(mentionsSpades(own.body)).toBe(true);
    });

    it('once revealed, the card is in everybody’s log', async () => {
      await m.B.command('/matches/sealed/intents', { unitId: 'b1', intent: 'fight' });
      await m.A.command('/matches/sealed/intents', { unitId: 'a1', intent: 'flee' });
      await m.B.command('/matches/sealed/reveals', { unitId: 'b1' });
      await m.A.command('/matches/sealed/reveals', { unitId: 'a1' });
      const log = await m.spectator.get('/matches/sealed/log');
      const sentences = log.body.entries.map((e: { sentence: string }) => e.sentence);
      expect(sentences).toEqual(
        expect.arrayContaining([
          "Turn 2: the Rifles' orders card was revealed: 7♠, matching its commitment.",
          "Turn 2: the Rifles' flee stands: the card allows movement and shows defensive posture.",
        ]),
      );
      // The sealing step itself still shows no card to others: it was sealed blind.
      const sealing = log.body.entries.find((e: { type: string }) => e.type === 'OrderSealed');
      expect(sealing.sentence).not.toMatch(/7♠|\b7S\b/);
    });

    it('match-level events of an atomic-africa match read in the log, the events and the stream like any other', async () => {
      // The end is recorded whatever the command's own answer says.
      await m.organiser.post('/matches/sealed/end', {
        commandId: commandId(),
        winner: 'A',
        note: 'broke off',
      });
      const log = await m.spectator.get('/matches/sealed/log');
      expect(log.status).toBe(200);
      expect(log.body.entries.at(-1).sentence).toBe('Turn 2: the match ended: Side A won (broke off).');
      const events = await m.B.get('/matches/sealed/events');
      expect(events.status).toBe(200);
      expect(events.body.events.at(-1)).toMatchObject({
        type: 'MatchEnded',
        data: { result: { winner: 'A' } },
      });
      const stream = await openSse(t, '/matches/sealed/stream', m.B.token, events.body.revision - 1);
      await stream.waitFor(1);
      expect(stream.messages[0]!.data).toMatchObject({ type: 'MatchEnded' });
      stream.close();
    });
  });

  it('a player reads only its own match (403 elsewhere); no key is 401', async () => {
    const { A } = await e1('own-only');
    await e1('other-match');
    expect((await A.get('/matches/own-only/log')).status).toBe(200);
    for (const path of ['log', 'events', 'state', 'roster', 'result']) {
      expect((await A.get(`/matches/other-match/${path}`)).status).toBe(403);
      expect((await new Caller(t.url, undefined).get(`/matches/own-only/${path}`)).status).toBe(401);
    }
    expect((await org.get('/matches/no-such/log')).status).toBe(404);
  });

  it('POST /projections/:name/rebuild drops a read model and builds it again: the same log, roster and standings', async () => {
    const before = {
      log: (await org.get('/matches/log-e1/log')).body,
      roster: (await org.get('/matches/roster/roster')).body,
      result: (await org.get('/matches/roster/result')).body,
      matches: (await org.get('/matches?limit=100')).body,
    };
    const status = await org.get('/projections');
    expect(status.body.map((s: { name: string }) => s.name)).toEqual([
      'turn-log',
      'roster',
      'results',
      'tournaments',
      'standings',
      'matches',
    ]);
    for (const name of ['turn-log', 'roster', 'results', 'tournaments', 'standings', 'matches']) {
      const rebuilt = await org.post(`/projections/${name}/rebuild`, { commandId: commandId() });
      expect(rebuilt.status).toBe(201);
      expect(rebuilt.body).toMatchObject({ name, errors: 0 });
    }
    expect((await org.get('/matches/log-e1/log')).body).toEqual(before.log);
    expect((await org.get('/matches/roster/roster')).body).toEqual(before.roster);
    expect((await org.get('/matches/roster/result')).body).toEqual(before.result);
    expect((await org.get('/matches?limit=100')).body).toEqual(before.matches);
    expect((await org.post('/projections/nope/rebuild')).status).toBe(404);
  });
});

describe('organiser: read models survive a restart', () => {
  it('a restart on the same data folder resumes from the checkpoints: the same log, no step twice', async () => {
    const t = await startTestApp();
    const org = organiser(t);
    await org.command('/matches', {
      matchId: 'restart',
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const { A, B } = await seated(t, 'restart');
    await playE1('restart', A, B);
    const before = (await org.get('/matches/restart/log')).body;
    await t.app.close();

    const again = await startTestApp({ dataDir: t.dataDir });
    try {
      const org2 = organiser(again);
      expect((await org2.get('/matches/restart/log')).body).toEqual(before);
      await org2.command('/matches/restart/end', { winner: 'A', note: '' });
      const after = (await org2.get('/matches/restart/log')).body;
      expect(after.entries.map((e: { revision: number }) => e.revision)).toEqual(
        Array.from({ length: 11 }, (_, i) => i + 1),
      );
    } finally {
      await again.close();
    }
  });
});

describe('organiser: spectators held behind live play', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ spectatorDelayEvents: 3 });
  });
  afterAll(async () => t.close());

  it('a spectator sees the log, events and state 3 events behind; players and judges see it live; the end shows all', async () => {
    const org = organiser(t);
    await org.command('/matches', {
      matchId: 'delayed',
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const { A, B } = await seated(t, 'delayed');
    await playE1('delayed', A, B);
    const spectator = await issueKey(t, { role: 'spectator' });
    const judge = await issueKey(t, { role: 'judge' });
    const seen = await spectator.get('/matches/delayed/log');
    expect(seen.body.revision).toBe(7);
    expect(seen.body.entries).toHaveLength(7);
    expect((await spectator.get('/matches/delayed/events')).body.events).toHaveLength(7);
    expect((await spectator.get('/matches/delayed/state')).body).toMatchObject({ at: 7, revision: 7 });
    expect((await spectator.get('/matches/delayed/state?at=8')).status).toBe(400);
    expect((await spectator.get('/matches/delayed/roster')).body.revision).toBe(7);
    expect((await judge.get('/matches/delayed/log')).body.entries).toHaveLength(10);
    expect((await B.get('/matches/delayed/log')).body.entries).toHaveLength(10);
    await endMatch(t, 'delayed', 'B');
    expect((await spectator.get('/matches/delayed/log')).body.entries).toHaveLength(11);
  });
});
