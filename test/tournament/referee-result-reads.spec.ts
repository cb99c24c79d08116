import { jest } from '@jest/globals';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { RefereeResults } from '../../src/tournament/referee-results.js';
import { endMatch } from '../e2e/organiser-support.js';
import { startTestApp, type TestApp } from '../e2e/support/test-app.js';
import { scheduleTableOne, smallEvent, type SmallEvent, startFirstRound } from '../e2e/tournament-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * Every read of a tournament's rounds or standings looks for referee matches that ended unrecorded
 * (RefereeResults.catchUp). That look must not cost the matches' length (DESIGN.md: cost does not grow
 * with history): a match in play is answered by its cached aggregate, and an ended one is read back
 * from its head only as far as its MatchEnded.
 */
describe('a tournament read and the referee matches in play', () => {
  let t: TestApp;
  let event: SmallEvent;
  let store: EventStore;
  const T = 'reads-cup';
  const MATCH = 'reads-r1-t1';
  const UNITS = 60;

  beforeAll(async () => {
    t = await startTestApp();
    store = t.app.get(EVENT_STORE);
    event = await smallEvent(t, T);
    await startFirstRound(event);
    await scheduleTableOne(event, MATCH);
    // A long match: each unit registered is one more event of its stream.
    for (let i = 1; i <= UNITS; i++) {
      await event.org.command(`/matches/${MATCH}/units`, {
        unitId: `u${i}`,
        name: `Unit ${i}`,
        side: i % 2 ? 'A' : 'B',
        morale: 7,
        move: 6,
      });
    }
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
  });

  /** How many of the match's events the store hands out while `read` runs. */
  async function matchEventsReadDuring(read: () => Promise<unknown>): Promise<number> {
    const readStream = jest.spyOn(store, 'readStream');
    try {
      await read();
      let count = 0;
      for (const [i, call] of readStream.mock.calls.entries()) {
        if (call[0] !== `match-${MATCH}`) continue;
        count += ((await readStream.mock.results[i]!.value) as unknown[]).length;
      }
      return count;
    } finally {
      readStream.mockRestore();
    }
  }

  it('reading the rounds and standings while the match is in play reads none of its events', async () => {
    const read = await matchEventsReadDuring(async () => {
      expect((await event.org.get(`/tournaments/${T}/rounds/1`)).body.pairings[0]).toMatchObject({
        matchId: MATCH,
        status: 'pending',
      });
      await event.org.get(`/tournaments/${T}/standings`);
    });
    expect(read).toBe(0);
  });

  it('a match that ended while nothing listened is recorded by the next read, reading back from its head only', async () => {
    // As after a restart: the live subscription is not there to record the end.
    await t.app.get(RefereeResults).onModuleDestroy();
    await endMatch(t, MATCH, 'B', 'the square held');
    const read = await matchEventsReadDuring(async () => {
      const pairing = (await event.org.get(`/tournaments/${T}/rounds/1`)).body.pairings[0] as any;
      expect(pairing).toMatchObject({ status: 'final', result: { outcome: 'B', source: 'referee' } });
    });
    expect(read).toBeLessThanOrEqual(20);
  });
});
