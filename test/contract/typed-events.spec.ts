import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import {
  expectType,
  hasType,
  isEventOf,
  readTypedStream,
  typedEvents,
  UnknownEventTypeError,
} from '../../src/event-store/typed-events.js';
import { isMatchCreated, isMatchLevel } from '../../src/rules/match/events.js';
import { TOURNAMENT_EVENTS } from '../../src/tournament/tournament-events.js';

/**
 * The store's typed read: a row becomes a member of its stream's event union in one checked place (its
 * type among the union's type names), and readers narrow from there by `type`, with no cast.
 */
describe('typed reads', () => {
  const actor = { role: 'organiser' as const };
  let store: InMemoryEventStore;
  beforeEach(async () => {
    store = new InMemoryEventStore();
    await store.append(
      'tournament-t1',
      [
        {
          type: 'TournamentCreated',
          data: { tournamentId: 't1', name: 'Spring', scoring: { win: 3, draw: 1, loss: 0 } },
        },
        { type: 'MatchScheduled', data: { matchId: 'm1', round: 1, table: 1, players: null } },
      ],
      { expectedRevision: 'no_stream', commandId: 'c1', actor },
    );
  });

  afterEach(() => store.close());

  it('C-3 a tournament stream reads as TournamentEvents, and a check of type narrows the data', async () => {
    const events = await readTypedStream(store, 'tournament-t1', TOURNAMENT_EVENTS);
    expect(events.map((e) => e.type)).toEqual(['TournamentCreated', 'MatchScheduled']);
    const scheduled = events.filter((e) => hasType(e, 'MatchScheduled'));
    // Typed: `data.matchId` compiles without a cast, and the envelope comes with it.
    expect(scheduled.map((e) => [e.data.matchId, e.metadata.revision])).toEqual([['m1', 2]]);
    expect(expectType(events[0], 'TournamentCreated').data.name).toBe('Spring');
  });

  it('C-3 a type the union does not know is refused by name, stream and revision, not cast', async () => {
    await store.append('tournament-t1', [{ type: 'SomethingElse', data: {} }], {
      expectedRevision: 2,
      commandId: 'c2',
      actor,
    });
    const raw = await store.readStream('tournament-t1');
    expect(raw.map((event) => isEventOf(TOURNAMENT_EVENTS, event))).toEqual([true, true, false]);
    await expect(readTypedStream(store, 'tournament-t1', TOURNAMENT_EVENTS)).rejects.toThrow(
      new UnknownEventTypeError('tournament-t1', 3, 'SomethingElse', 'the tournament'),
    );
    expect(() => typedEvents(TOURNAMENT_EVENTS, raw)).toThrow(/event 3 has type SomethingElse/);
  });

  it('C-3 expecting one type and finding another fails loudly, naming both', async () => {
    const [created] = await readTypedStream(store, 'tournament-t1', TOURNAMENT_EVENTS);
    expect(() => expectType(created, 'MatchScheduled')).toThrow(
      'expected a MatchScheduled event, found TournamentCreated (event 1)',
    );
    expect(() => expectType(undefined, 'MatchScheduled')).toThrow('found none');
  });

  it('C-5 match events narrow by type: the match-level ones and the header every MatchCreated shares', async () => {
    await store.append(
      'match-m1',
      [
        {
          type: 'MatchCreated',
          data: { matchId: 'm1', sides: { A: 'Red', B: 'Blue' }, diceMode: 'table', diceCommitment: null },
        },
        { type: 'MatchEnded', data: { result: { winner: 'B', note: 'conceded' }, serverSeed: null } },
      ],
      { expectedRevision: 'no_stream', commandId: 'm1', actor },
    );
    const [created, ended] = await store.readStream('match-m1');
    expect(isMatchCreated(created!) && created.data.sides.B).toBe('Blue');
    expect(isMatchLevel(ended!, 'MatchEnded') && ended.data.result.winner).toBe('B');
    expect(isMatchLevel(created!, 'MatchEnded')).toBe(false);
    expect(isMatchCreated(ended!)).toBe(false);
  });
});
