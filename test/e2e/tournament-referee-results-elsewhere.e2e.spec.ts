import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { endMatch, playE1, seated } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { organiser } from './support/umpire-client.js';
import { scheduleTableOne, smallEvent, startFirstRound } from './tournament-support.js';

/**
 * A referee match's result is recorded by the instance that follows the store for it
 * (UMPIRE_REFEREE_RESULTS, on in the first instance only). One that does not follow records nothing
 * when a match ends; the result is caught up when the tournament is read, and recorded once.
 */
describe.each([
  { following: true, label: 'an instance that follows the store records the result as the match ends' },
  { following: false, label: 'an instance that does not follow records it when the tournament is read' },
])('$label', ({ following }) => {
  let t: TestApp;
  const T = following ? 'live-cup' : 'read-cup';
  const MATCH = `${T}-r1-t1`;

  const recorded = async (): Promise<number> =>
    (await t.app.get<EventStore>(EVENT_STORE).readStream(`tournament-${T}`)).filter(
      (event) => event.type === 'RefereeResultRecorded',
    ).length;

  beforeAll(async () => {
    t = await startTestApp({ refereeResults: following });
    const event = await smallEvent(t, T);
    await startFirstRound(event);
    await scheduleTableOne(event, MATCH);
    const seats = await seated(t, MATCH);
    await playE1(MATCH, seats.A, seats.B);
    await endMatch(t, MATCH, 'A', 'the square broke');
  });
  afterAll(async () => {
    await t.close();
  });

  it('the ended match’s result is in the tournament’s stream once, nobody having read the tournament, only where the store is followed', async () => {
    // A following instance records within milliseconds; a second is ample for one that would.
    for (const started = Date.now(); Date.now() - started < 1000 && (await recorded()) === 0;) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await recorded()).toBe(following ? 1 : 0);
  });

  it('reading the round shows the referee result, recorded once either way', async () => {
    const round = await organiser(t).get(`/tournaments/${T}/rounds/1`);
    const table1 = round.body.pairings.find((p: { table: number }) => p.table === 1);
    expect(table1).toMatchObject({
      matchId: MATCH,
      status: 'final',
      result: { outcome: 'A', source: 'referee' },
    });
    expect(await recorded()).toBe(1);
  });
});
