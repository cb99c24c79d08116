import { createPublicKey } from 'node:crypto';
import { verifyTournamentExport } from '../../src/audit/tournament-export-verifier.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId, issueKey, organiser } from './support/umpire-client.js';
import { endMatch, openSse, Receiver } from './organiser-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * A real day: 9 players, 4 Swiss rounds, over HTTP on SQLite. One bye every round, one forfeit, one
 * disputed result decided by a judge's override, one result reported by the referee (MatchEnded).
 * Every pairing and every final figure below was worked out by hand, from the rules as the README
 * states them, before the service was asked.
 *
 * Scoring 3/1/0, a bye scores a win (3). Tie-breaks: Buchholz, median Buchholz, Sonneborn–Berger,
 * head-to-head, then seed. Seeds 1–9 = p1–p9. Swiss: rank order; the top participant left meets,
 * in their score group, the top of its lower half (then down, then up), else the nearest lower
 * group; never a rematch; the bye to the lowest-ranked without one. Side A to whoever played it less
 * (the higher-ranked when even).
 *
 * ROUND 1 — everyone on 0, ranked by seed. Bye: p9 (lowest). Group of 8: 1v5 2v6 3v7 4v8, higher
 * seed on A.
 *   T1 p1–p5  p1 wins (A)  reported by p1, confirmed by p5
 *   T2 p2–p6  draw          reported by p2, confirmed by p6
 *   T3 p3–p7  p7 wins (B)  reported by p7; p3 reports the same: that confirms it
 *   T4 p4–p8  p4 wins (A)  reported, confirmed
 *   points: p1 3, p4 3, p7 3, p9 3 (bye), p2 1, p6 1, p3 0, p5 0, p8 0
 *
 * ROUND 2 — rank: 3 pts: p1 p4 p7 p9 (all Buchholz 0, no games among them → seed);
 *   1 pt: p2 p6 (BH 1 each, SB ½·1 each, head-to-head 1–1 → seed); 0: p3 p5 p8 (BH 3 each → seed).
 *   Order p1 p4 p7 p9 p2 p6 p3 p5 p8. Bye: p8. p1: group {p4,p7,p9}, lower half starts at p7 → p1–p7;
 *   p4: {p9} → p4–p9; p2: {p6} met → float: p2–p3; p6–p5.
 *   Sides (A so far: p1 p2 p3 p4 once): p7–p1, p9–p4, p2–p3 (even: higher), p6–p5.
 *   T1 p7–p1  p1 wins (B)
 *   T2 p9–p4  DISPUTED: p9 reports A; p4 disputes; the judge overrides: B (p4 wins)
 *   T3 p2–p3  p2 wins (A)
 *   T4 p6–p5  p5 FORFEITS: p6 wins (A)
 *   points: p1 6, p4 6, p2 4, p6 4, p7 3, p8 3 (bye), p9 3, p3 0, p5 0
 *
 * ROUND 3 — rank: 6: p4 (BH p8 3 + p9 3 = 6) before p1 (p5 0 + p7 3 = 3);
 *   4: p2, p6 (BH 4 each, MB 4 each, SB 2 each, head-to-head 1–1 → seed);
 *   3: p7 p8 p9 (BH 6 each; MB 6; SB 0; no games among them → seed);
 *   0: p5 (BH p1 6 + p6 4 = 10) before p3 (p7 3 + p2 4 = 7).
 *   Order p4 p1 p2 p6 p7 p8 p9 p5 p3. Bye: p3. p4–p1; p2: p6 met → p2–p7; p6–p8; p9–p5.
 *   Sides (A counts p4 1, p1 1, p2 2, p7 1, p6 1, p8 0, p9 1, p5 0): p4–p1, p7–p2, p8–p6, p5–p9.
 *   T1 p4–p1  REFEREE MATCH: the judge ends it, A wins (p4): it reports itself
 *   T2 p7–p2  draw
 *   T3 p8–p6  p6 wins (B)
 *   T4 p5–p9  p5 wins (A)
 *   points: p4 9, p6 7, p1 6, p2 5, p7 4, p3 3 (bye), p5 3, p8 3, p9 3
 *
 * ROUND 4 — rank: p4 9, p6 7, p1 6, p2 5, p7 4; on 3: BH p8 (p4 9 + p6 7) 16, p5 (p1 6 + p6 7 +
 *   p9 3) 16, p9 (p4 9 + p5 3) 12, p3 (p7 4 + p2 5) 9; p8 and p5 tie on BH, median Buchholz splits
 *   them: p8 has 2 opponents, nothing cut: 16; p5 [3,6,7] cut to 6 → p8 first.
 *   Order p4 p6 p1 p2 p7 p8 p5 p9 p3. Bye: p5 (p3 and p9 have had one). p4–p6, p1–p2, p7–p8, p9–p3.
 *   Sides (A counts p4 2, p6 1, p1 1, p2 2, p7 2, p8 1, p9 1, p3 1): p6–p4, p1–p2, p8–p7, p9–p3.
 *   T1 p6–p4  p6 wins (A)
 *   T2 p1–p2  p1 wins (A)
 *   T3 p8–p7  draw
 *   T4 p9–p3  p3 wins (B)
 *
 * FINAL — games (W/D/L; F = forfeit):
 *   p1: p5 W, p7 W, p4 L, p2 W          = 9     p6: p2 D, p5 W(F), p8 W, p4 W = 10
 *   p2: p6 D, p3 W, p7 D, p1 L          = 5     p7: p3 W, p1 L, p2 D, p8 D    = 5
 *   p3: p7 L, p2 L, bye, p9 W           = 6     p8: p4 L, bye, p6 L, p7 D     = 4
 *   p4: p8 W, p9 W, p1 W, p6 L          = 9     p9: bye, p4 L, p5 L, p3 L     = 3
 *   p5: p1 L, p6 L(F), p9 W, bye        = 6
 *
 *   | rank | who | pts | Buchholz (opponents' points)  | median BH (cut high+low) | Sonneborn–Berger          |
 *   |  1   | p6  | 10  | p2 5 + p5 6 + p8 4 + p4 9 = 24 | [4,5,6,9] → 5+6 = 11     | 2.5 + 6 + 4 + 9 = 21.5    |
 *   |  2   | p4  |  9  | p8 4 + p9 3 + p1 9 + p6 10 = 26 | [3,4,9,10] → 13         | 4 + 3 + 9 + 0 = 16        |
 *   |  3   | p1  |  9  | p5 6 + p7 5 + p4 9 + p2 5 = 25 | [5,5,6,9] → 11           | 6 + 5 + 0 + 5 = 16        |
 *   |  4   | p5  |  6  | p1 9 + p6 10 + p9 3 = 22       | [3,9,10] → 9             | 0 + 0 + 3 = 3             |
 *   |  5   | p3  |  6  | p7 5 + p2 5 + p9 3 = 13        | [3,5,5] → 5              | 0 + 0 + 3 = 3             |
 *   |  6   | p2  |  5  | p6 10 + p3 6 + p7 5 + p1 9 = 30 | [5,6,9,10] → 15         | 5 + 6 + 2.5 + 0 = 13.5    |
 *   |  7   | p7  |  5  | p3 6 + p1 9 + p2 5 + p8 4 = 24 | [4,5,6,9] → 11           | 6 + 0 + 2.5 + 2 = 10.5    |
 *   |  8   | p8  |  4  | p4 9 + p6 10 + p7 5 = 24       | [5,9,10] → 9             | 0 + 0 + 2.5 = 2.5         |
 *   |  9   | p9  |  3  | p4 9 + p5 6 + p3 6 = 21        | [6,6,9] → 6              | 0                         |
 *   p4–p1 and p5–p3 tie on points and Buchholz splits them; no row is tied when head-to-head is
 *   reached, so every row shows it as null.
 */
describe('tournament: a 9-player, 4-round Swiss event', () => {
  let t: TestApp;
  let org: Caller;
  let judge: Caller;
  const players = new Map<string, Caller>();
  const receiver = new Receiver();
  const T = 'swiss-9';

  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
    await org.command('/tournaments', { tournamentId: T, name: 'Swiss Nine' });
    judge = await issueKey(t, { role: 'judge', tournamentId: T });
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await t.close();
  });

  const round = async (n: number): Promise<any> => (await org.get(`/tournaments/${T}/rounds/${n}`)).body;
  const pairs = (r: any) => r.pairings.map((p: any) => [p.table, p.A.participantId, p.B.participantId]);
  const at = (r: number, table: number, action: string) =>
    `/tournaments/${T}/rounds/${r}/tables/${table}/${action}`;
  const open = async (n: number) => {
    const opened = await org.command(`/tournaments/${T}/rounds`, { round: n, method: 'swiss' });
    expect(opened.body.events.map((e: any) => e.type)).toEqual(['RoundOpened', 'PairingsPublished']);
    return opened.body.events[1].data;
  };
  const start = (n: number) => org.command(`/tournaments/${T}/rounds/${n}/start`);
  /** A result both sides agree on: one reports it, the other confirms. */
  const agreed = async (r: number, table: number, reporter: string, confirmer: string, outcome: string) => {
    const reported = await players.get(reporter)!.command(at(r, table, 'report'), { outcome });
    expect(reported.body.events[0]).toMatchObject({ type: 'ResultReported', data: { reportedBy: reporter } });
    return players.get(confirmer)!.command(at(r, table, 'confirm'));
  };

  it('registers nine participants with stable ids, checks them in, and gives each a participant key', async () => {
    const hook = await org.post(`/tournaments/${T}/webhooks`, { url: receiver.url, kinds: ['event'] });
    expect(hook.status).toBe(201);
    for (let i = 1; i <= 9; i++) {
      const registered = await org.command(`/tournaments/${T}/participants`, {
        name: `Player ${i}`,
        club: i % 2 ? 'Odd Club' : 'Even Club',
        seed: i,
      });
      expect(registered.body.events[0].data).toMatchObject({ participantId: `p${i}`, name: `Player ${i}` });
      const key = await org.post(`/tournaments/${T}/participants/p${i}/keys`, { label: `p${i}` });
      expect(key.status).toBe(201);
      expect(key.body).toMatchObject({ role: 'player', tournamentId: T, participantId: `p${i}` });
      players.set(`p${i}`, new Caller(t.url, key.body.token));
      // Each checks themselves in with their own key.
      await players.get(`p${i}`)!.command(`/tournaments/${T}/participants/p${i}/check-in`);
    }
    // The same name again would split a player's standings: refused.
    const twin = await org.post(`/tournaments/${T}/participants`, {
      commandId: commandId(),
      name: 'player 3',
    });
    expect(twin.status).toBe(409);
    expect(twin.body.detail).toContain('p3');
    // A participant key speaks for its own participant only.
    const impostor = await players.get('p1')!.post(`/tournaments/${T}/participants/p2/check-in`, {
      commandId: commandId(),
    });
    expect(impostor.status).toBe(403);

    const page1 = await org.get(`/tournaments/${T}/participants?limit=4`);
    expect(page1.body.items.map((p: any) => p.participantId)).toEqual(['p1', 'p2', 'p3', 'p4']);
    const page3 = await org.get(
      `/tournaments/${T}/participants?limit=4&cursor=${(await org.get(`/tournaments/${T}/participants?limit=4&cursor=${page1.body.nextCursor}`)).body.nextCursor}`,
    );
    expect(page3.body).toMatchObject({ items: [{ participantId: 'p9', checkedIn: true }], nextCursor: null });
  });

  it('round 1: Swiss pairs by seed with a bye for the lowest; results reported and confirmed', async () => {
    const published = await open(1);
    expect(published).toMatchObject({
      pairings: [
        { table: 1, A: 'p1', B: 'p5' },
        { table: 2, A: 'p2', B: 'p6' },
        { table: 3, A: 'p3', B: 'p7' },
        { table: 4, A: 'p4', B: 'p8' },
      ],
      byes: ['p9'],
    });
    // Editable before it starts, but never with a participant in two matches.
    const clash = await org.post(`/tournaments/${T}/rounds/1/pairings`, {
      commandId: commandId(),
      reason: 'typo',
      pairings: [
        { A: 'p1', B: 'p5' },
        { A: 'p2', B: 'p1' },
      ],
      byes: [],
    });
    expect(clash.status).toBe(409);
    expect(clash.body.detail).toContain('participant p1 is in two matches of round 1: table 1 and table 2');
    // A pairing that is not an object is refused as bad input, naming the field, not taken for an empty one.
    for (const pairing of [[], 7, null]) {
      const refused = await org.post(`/tournaments/${T}/rounds/1/pairings`, {
        commandId: commandId(),
        reason: 'typo',
        pairings: [pairing],
        byes: [],
      });
      expect([JSON.stringify(pairing), refused.status]).toEqual([JSON.stringify(pairing), 400]);
      expect(refused.body.detail).toContain('pairings');
    }
    // Reporting before the round starts is refused.
    expect(
      (await players.get('p1')!.post(at(1, 1, 'report'), { commandId: commandId(), outcome: 'A' })).status,
    ).toBe(409);
    const started = await start(1);
    expect(started.body.events.map((e: any) => e.type)).toEqual(['RoundStarted', 'ByeAwarded']);
    expect(started.body.events[1].data).toMatchObject({ participantId: 'p9' });

    await agreed(1, 1, 'p1', 'p5', 'A');
    await agreed(1, 2, 'p2', 'p6', 'draw');
    await players.get('p7')!.command(at(1, 3, 'report'), { outcome: 'B' });
    // p7 cannot confirm their own report; p3 reporting the same result confirms it.
    expect((await players.get('p7')!.post(at(1, 3, 'confirm'), { commandId: commandId() })).status).toBe(409);
    const same = await players.get('p3')!.command(at(1, 3, 'report'), { outcome: 'B' });
    expect(same.body.events[0]).toMatchObject({ type: 'ResultConfirmed', data: { confirmedBy: 'p3' } });
    // Someone else's table is not theirs to report.
    expect(
      (await players.get('p1')!.post(at(1, 4, 'report'), { commandId: commandId(), outcome: 'A' })).status,
    ).toBe(409);
    const last = await agreed(1, 4, 'p4', 'p8', 'A');
    // The last result closes the round.
    expect(last.body.events.map((e: any) => e.type)).toEqual(['ResultConfirmed', 'RoundClosed']);
    expect((await round(1)).status).toBe('closed');
  });

  it('round 2: score groups, a float, a dispute decided by a judge, and a forfeit', async () => {
    const published = await open(2);
    expect(published.byes).toEqual(['p8']);
    expect(pairs(await round(2))).toEqual([
      [1, 'p7', 'p1'],
      [2, 'p9', 'p4'],
      [3, 'p2', 'p3'],
      [4, 'p6', 'p5'],
    ]);
    await start(2);
    await agreed(2, 1, 'p1', 'p7', 'B');
    await players.get('p9')!.command(at(2, 2, 'report'), { outcome: 'A', note: 'held both objectives' });
    const disputed = await players.get('p4')!.command(at(2, 2, 'dispute'), {
      reason: 'p4 held the ridge at the end of turn 6',
    });
    expect(disputed.body.events[0]).toMatchObject({ type: 'ResultDisputed', data: { disputedBy: 'p4' } });
    expect((await round(2)).pairings[1]).toMatchObject({ status: 'disputed' });
    // Players cannot settle it themselves, and only judges and organisers override.
    expect((await players.get('p9')!.post(at(2, 2, 'confirm'), { commandId: commandId() })).status).toBe(409);
    expect(
      (
        await players
          .get('p4')!
          .post(at(2, 2, 'override'), { commandId: commandId(), outcome: 'B', reason: 'mine' })
      ).status,
    ).toBe(403);
    await agreed(2, 3, 'p2', 'p3', 'A');
    const forfeit = await judge.command(at(2, 4, 'forfeit'), {
      participantId: 'p5',
      reason: 'did not arrive',
    });
    expect(forfeit.body.events[0]).toMatchObject({
      type: 'ForfeitRecorded',
      data: { forfeitedBy: 'p5', outcome: 'A', reason: 'did not arrive' },
    });
    const ruled = await judge.command(at(2, 2, 'override'), {
      outcome: 'B',
      reason: 'the scoresheet shows p4 on the ridge at the end of turn 6',
    });
    expect(ruled.body.events.map((e: any) => e.type)).toEqual(['ResultOverridden', 'RoundClosed']);
    expect((await round(2)).pairings[1]).toMatchObject({
      status: 'final',
      result: { outcome: 'B', source: 'overridden' },
    });
  });

  it('round 3: a referee match at table 1 reports its own result when it ends', async () => {
    const published = await open(3);
    expect(published.byes).toEqual(['p3']);
    expect(published.pairings.map((p: any) => [p.table, p.A, p.B])).toEqual([
      [1, 'p4', 'p1'],
      [2, 'p7', 'p2'],
      [3, 'p8', 'p6'],
      [4, 'p5', 'p9'],
    ]);
    await start(3);
    const scheduled = await org.command(`/tournaments/${T}/matches`, {
      matchId: 'swiss9-r3-t1',
      round: 3,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    expect(scheduled.body).toMatchObject({
      participants: { A: 'p4', B: 'p1' },
      players: { A: 'Player 4', B: 'Player 1' },
    });
    // A match for participants who are not paired at that table is refused.
    const wrong = await org.post(`/tournaments/${T}/matches`, {
      commandId: commandId(),
      matchId: 'swiss9-r3-t2',
      round: 3,
      table: 2,
      participants: { A: 'p7', B: 'p1' },
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    expect(wrong.status).toBe(409);
    // p4's key for the match plays side A in it.
    const key = await org.post(`/tournaments/${T}/participants/p4/keys`, { matchId: 'swiss9-r3-t1' });
    expect(key.body).toMatchObject({ participantId: 'p4', matchId: 'swiss9-r3-t1', side: 'A' });

    await agreed(3, 2, 'p7', 'p2', 'draw');
    await agreed(3, 3, 'p6', 'p8', 'B');
    await agreed(3, 4, 'p5', 'p9', 'A');
    expect((await round(3)).status).toBe('started');
    await endMatch(t, 'swiss9-r3-t1', 'A', 'the square broke');
    const closed = await round(3);
    expect(closed.status).toBe('closed');
    expect(closed.pairings[0]).toMatchObject({
      matchId: 'swiss9-r3-t1',
      status: 'final',
      result: { outcome: 'A', source: 'referee' },
    });
  });

  it('round 4: median Buchholz orders the 3-point group, and the final standings are as worked out by hand', async () => {
    const published = await open(4);
    expect(published.byes).toEqual(['p5']);
    expect(published.pairings.map((p: any) => [p.table, p.A, p.B])).toEqual([
      [1, 'p6', 'p4'],
      [2, 'p1', 'p2'],
      [3, 'p8', 'p7'],
      [4, 'p9', 'p3'],
    ]);
    await start(4);
    await agreed(4, 1, 'p6', 'p4', 'A');
    await agreed(4, 2, 'p2', 'p1', 'A');
    await agreed(4, 3, 'p8', 'p7', 'draw');
    await agreed(4, 4, 'p3', 'p9', 'B');
    expect((await round(4)).status).toBe('closed');

    const standings = (await org.get(`/tournaments/${T}/standings`)).body;
    expect(standings.tieBreaks).toEqual(['buchholz', 'median-buchholz', 'sonneborn-berger', 'head-to-head']);
    const table = standings.standings.map((r: any) => [
      r.rank,
      r.participantId,
      r.points,
      r.played,
      r.won,
      r.drawn,
      r.lost,
      r.byes,
      r.tieBreaks.buchholz,
      r.tieBreaks['median-buchholz'],
      r.tieBreaks['sonneborn-berger'],
      r.tieBreaks['head-to-head'],
    ]);
    // rank, who, pts, played, W, D, L, byes, BH, MB, SB, H2H — the table in the comment above.
    expect(table).toEqual([
      [1, 'p6', 10, 4, 3, 1, 0, 0, 24, 11, 21.5, null],
      [2, 'p4', 9, 4, 3, 0, 1, 0, 26, 13, 16, null],
      [3, 'p1', 9, 4, 3, 0, 1, 0, 25, 11, 16, null],
      [4, 'p5', 6, 3, 1, 0, 2, 1, 22, 9, 3, null],
      [5, 'p3', 6, 3, 1, 0, 2, 1, 13, 5, 3, null],
      [6, 'p2', 5, 4, 1, 2, 1, 0, 30, 15, 13.5, null],
      [7, 'p7', 5, 4, 1, 2, 1, 0, 24, 11, 10.5, null],
      [8, 'p8', 4, 3, 0, 1, 2, 1, 24, 9, 2.5, null],
      [9, 'p9', 3, 3, 0, 0, 3, 1, 21, 6, 0, null],
    ]);
    expect(standings.standings[0]).toMatchObject({
      name: 'Player 6',
      club: 'Even Club',
      finalKey: { seed: 6 },
    });

    const csv = await org.get(`/tournaments/${T}/standings.csv`);
    expect(csv.status).toBe(200);
    const lines = (csv.text ?? '').trim().split('\r\n');
    expect(lines[0]).toBe(
      'rank,participantId,name,club,faction,status,played,won,drawn,lost,byes,points,buchholz,median-buchholz,sonneborn-berger,head-to-head,seed,registered',
    );
    expect(lines[1]).toBe('1,p6,Player 6,Even Club,,active,4,3,1,0,0,10,24,11,21.5,,6,6');
    expect(lines).toHaveLength(10);
  });

  it('exports the whole tournament as NDJSON that verifies offline, and fails once a line is changed', async () => {
    const exported = await org.get(`/tournaments/${T}/export`);
    expect(exported.status).toBe(200);
    const text = exported.text ?? '';
    const summary = JSON.parse(text.split('\n')[0]!);
    expect(summary).toMatchObject({
      format: 'umpire-tournament-export/1',
      tournamentId: T,
      matches: ['swiss9-r3-t1'],
    });
    expect(summary.rounds).toHaveLength(4);
    expect(summary.standings[0]).toMatchObject({ participantId: 'p6', points: 10 });
    const publicKey = createPublicKey((await org.get('/audit/public-key')).body.pem);
    const report = verifyTournamentExport(text, publicKey);
    expect(report.problems).toEqual([]);
    expect(report).toMatchObject({
      ok: true,
      tournament: { ok: true, summary: 'matches the events', checkpoint: 'verified' },
      matches: [{ matchId: 'swiss9-r3-t1', ok: true }],
    });
    // The override's outcome changed in the file: the chain breaks.
    const tampered = text.replace(
      '"type":"ResultOverridden","data":{"round":2,"table":2,"outcome":"B"',
      '"type":"ResultOverridden","data":{"round":2,"table":2,"outcome":"A"',
    );
    expect(tampered).not.toBe(text);
    expect(verifyTournamentExport(tampered, publicKey).ok).toBe(false);
    // A name changed in the summary: it no longer adds up to the events.
    const lying = text.replace(
      '"participantId":"p6","name":"Player 6"',
      '"participantId":"p6","name":"Player Six"',
    );
    const lied = verifyTournamentExport(lying, publicKey);
    expect(lied.ok).toBe(false);
  });

  it('webhooks carried the tournament’s own events: round opened, pairings published, result reported, confirmed, overridden', async () => {
    for (const type of [
      'RoundOpened',
      'PairingsPublished',
      'ResultReported',
      'ResultConfirmed',
      'ResultOverridden',
      'RefereeResultRecorded',
    ]) {
      const delivery = await receiver.waitFor((body) => body.event?.type === type);
      expect(JSON.parse(delivery.body)).toMatchObject({ kind: 'event', tournamentId: T, event: { type } });
    }
  });

  it('the tournament’s live feed carries its own events, from its creation on', async () => {
    const feed = await openSse(t, `/tournaments/${T}/stream`, judge.token);
    try {
      const wanted = [
        'RoundOpened',
        'PairingsPublished',
        'ResultReported',
        'ResultConfirmed',
        'ResultOverridden',
      ];
      const seen = (): Set<string> => new Set(feed.messages.map((m) => m.data.event.type as string));
      while (!wanted.every((type) => seen().has(type))) await feed.waitFor(feed.messages.length + 1);
      const overridden = feed.messages.find((m) => m.data.event.type === 'ResultOverridden')!;
      expect(overridden.data).toMatchObject({
        tournamentId: T,
        event: { data: { round: 2, table: 2, outcome: 'B' } },
      });
      expect(overridden.data.matchId).toBeUndefined();
    } finally {
      feed.close();
    }
  });

  it('lists rounds with limit and cursor', async () => {
    const first = await org.get(`/tournaments/${T}/rounds?limit=3`);
    expect(first.body.items.map((r: any) => r.round)).toEqual([1, 2, 3]);
    const rest = await org.get(`/tournaments/${T}/rounds?limit=3&cursor=${first.body.nextCursor}`);
    expect(rest.body).toMatchObject({ items: [{ round: 4, status: 'closed' }], nextCursor: null });
    expect((await org.get(`/tournaments/${T}/rounds?cursor=nonsense`)).status).toBe(400);
  });
});
