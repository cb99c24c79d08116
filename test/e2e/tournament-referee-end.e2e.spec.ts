import { endMatch, playE1, seated } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, commandId, issueKey } from './support/umpire-client.js';
import { scheduleTableOne, type SmallEvent, smallEvent, startFirstRound } from './tournament-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * The result a referee match reported itself can never be left standing on an end that was
 * taken back, because an end is never taken back: once MatchEnded is recorded, no backup, undo or
 * upheld dispute can revert it (C-4; a revert reaches only events before it, so none covers a
 * MatchEnded). What a judge does instead is override the tournament's result, with a reason, in the
 * tournament's stream, and the standings follow that.
 */
describe('a referee match’s reported result and a judge who wants the end back', () => {
  let t: TestApp;
  let event: SmallEvent;
  let judge: Caller;
  let seats: { A: Caller; B: Caller };
  const T = 'final-cup';
  const MATCH = 'final-r1-t1';

  beforeAll(async () => {
    t = await startTestApp();
    event = await smallEvent(t, T);
    await startFirstRound(event);
    await scheduleTableOne(event, MATCH);
    seats = await seated(t, MATCH);
    await playE1(MATCH, seats.A, seats.B);
    await endMatch(t, MATCH, 'A', 'the square broke');
    judge = await issueKey(t, { role: 'judge', tournamentId: T });
  });
  afterAll(async () => {
    await t.close();
  });

  const table1 = async (): Promise<any> =>
    (await event.org.get(`/tournaments/${T}/rounds/1`)).body.pairings.find((p: any) => p.table === 1);
  const tournamentEvents = async (): Promise<string[]> =>
    (await event.org.get(`/tournaments/${T}/export`))
      .text!.split('\n')
      .filter((line) => line.includes(`"stream":"tournament-${T}"`))
      .map((line) => JSON.parse(line).type);

  it('the ended match reported its result to the tournament', async () => {
    expect(await table1()).toMatchObject({
      matchId: MATCH,
      status: 'final',
      result: { outcome: 'A', source: 'referee' },
    });
    expect((await tournamentEvents()).filter((type) => type === 'RefereeResultRecorded')).toHaveLength(1);
  });

  it('C-4 no backup, undo or upheld dispute reverts a MatchEnded: refused, and the reported result stands with nothing appended', async () => {
    const before = await tournamentEvents();
    const revision = (await judge.get(`/matches/${MATCH}`)).body.revision as number;
    const backup = await judge.post(`/matches/${MATCH}/backups`, {
      commandId: commandId(),
      toRevision: 2,
      reason: 'the end was called at the wrong table',
    });
    expect(backup.status).toBe(409);
    expect(backup.body).toMatchObject({ ruleId: 'C-4' });
    const undo = await seats.B.post(`/matches/${MATCH}/undo-requests`, {
      commandId: commandId(),
      requestId: 'u1',
      toRevision: revision - 1,
      reason: 'we meant to go on',
    });
    expect(undo.status).toBe(409);
    expect(undo.body).toMatchObject({ ruleId: 'C-4' });
    // A dispute may still be raised and ruled, but an upheld one cannot back the match up.
    await seats.B.command(`/matches/${MATCH}/disputes`, {
      disputeId: 'd1',
      revision: revision - 1,
      claim: 'the morale dice were 2 and 4, not 2 and 5',
    });
    const upheld = await judge.post(`/matches/${MATCH}/disputes/d1/ruling`, {
      commandId: commandId(),
      ruling: 'upheld',
      ruleId: 'HH-9',
      note: 'the photo shows 2 and 5',
      backupTo: 2,
    });
    expect(upheld.status).toBe(409);
    expect(upheld.body).toMatchObject({ ruleId: 'C-4' });

    const match = (await judge.get(`/matches/${MATCH}`)).body;
    expect(match).toMatchObject({ ended: true, result: { winner: 'A' } });
    expect(await table1()).toMatchObject({ status: 'final', result: { outcome: 'A', source: 'referee' } });
    expect(await tournamentEvents()).toEqual(before);
  });

  it('the judge corrects the tournament’s result instead: an override with its reason, and the standings follow', async () => {
    const overridden = await judge.command(event.at(1, 1, 'override'), {
      outcome: 'B',
      reason: 'the end was called on the wrong side: the square held',
    });
    expect(overridden.body.events[0]).toMatchObject({
      type: 'ResultOverridden',
      data: { round: 1, table: 1, outcome: 'B' },
    });
    expect(await table1()).toMatchObject({ status: 'final', result: { outcome: 'B', source: 'overridden' } });
    const standings = (await event.org.get(`/tournaments/${T}/standings`)).body.standings as any[];
    const p1 = standings.find((row) => row.participantId === 'p1');
    const p3 = standings.find((row) => row.participantId === 'p3');
    expect([p1.won, p1.lost, p3.won, p3.lost]).toEqual([0, 1, 1, 0]);
  });
});
