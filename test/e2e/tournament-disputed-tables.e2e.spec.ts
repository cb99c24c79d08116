import { startTestApp, type TestApp } from './support/test-app.js';
import { issueKey } from './support/umpire-client.js';
import { smallEvent, startFirstRound } from './tournament-support.js';

/**
 * GET /tournaments/:id/rounds/disputed over HTTP on the SQLite store: what a judge reads before
 * deciding a dispute, the report and the dispute in their own words, for judges and organisers only.
 */
describe('the disputed tables of a tournament, with what each side said', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists each disputed table with its report and note and the dispute and reason (a second report with its own note); an override takes it off the list', async () => {
    const event = await smallEvent(t, 'words-cup');
    await startFirstRound(event);
    const player = (id: string) => event.players.get(id)!;
    // Table 1: p1 reports a win with a note, p3 disputes it in words.
    await player('p1').command(event.at(1, 1, 'report'), { outcome: 'A', note: 'routed his left' });
    await player('p3').command(event.at(1, 1, 'dispute'), { reason: 'the left held at the end' });
    // Table 2: both report, differently, the second with a note of its own.
    await player('p2').command(event.at(1, 2, 'report'), { outcome: 'A' });
    await player('p4').command(event.at(1, 2, 'report'), { outcome: 'B', note: 'his general fled' });

    const judge = await issueKey(t, { role: 'judge', tournamentId: 'words-cup' });
    const listed = await judge.get('/tournaments/words-cup/rounds/disputed');
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([
      {
        round: 1,
        table: 1,
        A: { participantId: 'p1', name: 'Player 1' },
        B: { participantId: 'p3', name: 'Player 3' },
        reported: { by: 'p1', outcome: 'A', note: 'routed his left' },
        disputed: { by: 'p3', reason: 'the left held at the end', report: null },
      },
      {
        round: 1,
        table: 2,
        A: { participantId: 'p2', name: 'Player 2' },
        B: { participantId: 'p4', name: 'Player 4' },
        reported: { by: 'p2', outcome: 'A', note: null },
        disputed: {
          by: 'p4',
          reason: 'p2 reported side A won, p4 reported side B won',
          report: { outcome: 'B', note: 'his general fled' },
        },
      },
    ]);

    // Players and spectators do not read it; a key of another tournament is told it does not exist.
    expect((await player('p1').get('/tournaments/words-cup/rounds/disputed')).status).toBe(403);
    const spectator = await issueKey(t, { role: 'spectator', tournamentId: 'words-cup' });
    expect((await spectator.get('/tournaments/words-cup/rounds/disputed')).status).toBe(403);
    await event.org.command('/tournaments', { tournamentId: 'other-cup', name: 'Other cup' });
    const elsewhere = await issueKey(t, { role: 'judge', tournamentId: 'other-cup' });
    expect((await elsewhere.get('/tournaments/words-cup/rounds/disputed')).status).toBe(404);

    await judge.command(event.at(1, 1, 'override'), { outcome: 'draw', reason: 'both flanks held' });
    const left = await judge.get('/tournaments/words-cup/rounds/disputed');
    expect(left.body.map((d: { table: number }) => d.table)).toEqual([2]);
    // The rounds route is not taken for a round called "disputed".
    expect((await judge.get('/tournaments/words-cup/rounds/1')).body.round).toBe(1);
  });
});
