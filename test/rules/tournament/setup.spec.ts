import { tournamentDecider, type TournamentEvent } from '../../../src/rules/tournament/index.js';
import { spec } from '../../support/decider-spec.js';

/**
 * What a tournament is created with beside its name: its number of rounds, whether its tables are
 * refereed or report-only, and the ruleset and version its matches are played under. Given / when /
 * then on the tournament's stream.
 */
const tournament = spec(tournamentDecider);
const scoring = { win: 3, draw: 1, loss: 0 };
const HH = { id: 'hand-to-hand', version: '1.0.0' };

const createdWith = (data: Partial<Extract<TournamentEvent, { type: 'TournamentCreated' }>['data']>) =>
  ({
    type: 'TournamentCreated',
    data: { tournamentId: 'cup', name: 'Cup', scoring, ...data },
  }) as TournamentEvent;
const field: TournamentEvent[] = [1, 2].flatMap((n): TournamentEvent[] => [
  { type: 'ParticipantRegistered', data: { participantId: `p${n}`, name: `Player ${n}` } },
  { type: 'ParticipantCheckedIn', data: { participantId: `p${n}` } },
]);
const playedRound = (round: number): TournamentEvent[] => [
  { type: 'RoundOpened', data: { round, method: 'swiss' } },
  {
    type: 'PairingsPublished',
    data: { round, pairings: [{ table: 1, A: 'p1', B: 'p2' }], byes: [], edited: false },
  },
  { type: 'RoundStarted', data: { round } },
  { type: 'ResultOverridden', data: { round, table: 1, outcome: 'draw', reason: 'agreed' } },
  { type: 'RoundClosed', data: { round } },
];

describe('a tournament’s rounds, tables and ruleset', () => {
  it('C-6 created with its number of rounds, refereed tables and their ruleset and version: all three recorded', () => {
    tournament
      .given([])
      .when({
        type: 'CreateTournament',
        tournamentId: 'cup',
        name: 'Cup',
        scoring,
        numberOfRounds: 3,
        tables: 'refereed',
        ruleset: HH,
      })
      .then([createdWith({ numberOfRounds: 3, tables: 'refereed', ruleset: HH, rulesVersion: '1.0.0' })]);
  });

  it('C-6 created without them: the event records none of them, and the tournament reads as report-only with no limit on rounds', () => {
    tournament
      .given([])
      .when({ type: 'CreateTournament', tournamentId: 'cup', name: 'Cup', scoring })
      .then([createdWith({ rulesVersion: '1.0.0' })]);
    const state = tournament.given([createdWith({})]).state;
    expect(state).toMatchObject({ created: true, tables: 'report-only' });
    expect(state).not.toHaveProperty('numberOfRounds');
    expect(state).not.toHaveProperty('ruleset');
  });

  it('C-6 a refereed tournament without a ruleset, or a number of rounds below 1, is refused (invalid) naming the field', () => {
    const refereed = tournament
      .given([])
      .when({ type: 'CreateTournament', tournamentId: 'cup', name: 'Cup', scoring, tables: 'refereed' })
      .thenRefuses('C-6', 'invalid');
    expect(refereed.message).toMatch(/^C-6: ruleset:/);
    const none = tournament
      .given([])
      .when({ type: 'CreateTournament', tournamentId: 'cup', name: 'Cup', scoring, numberOfRounds: 0 })
      .thenRefuses('C-6', 'invalid');
    expect(none.message).toMatch(/^C-6: numberOfRounds:/);
  });

  it('C-6 a round past the tournament’s number of rounds is refused, naming the number', () => {
    const refusal = tournament
      .given([createdWith({ numberOfRounds: 2 }), ...field, ...playedRound(1), ...playedRound(2)])
      .when({ type: 'OpenRound', round: 3, method: 'swiss' })
      .thenRefuses('C-6', 'conflict');
    expect(refusal.message).toBe('C-6: the tournament plays 2 rounds: round 3 is past them');
  });

  it('C-6 the last of its rounds is paired as any round; a tournament without a number of rounds pairs a third as before', () => {
    const opened = (events: TournamentEvent[]) =>
      expect(events.map((e) => e.type)).toEqual(['RoundOpened', 'PairingsPublished']);
    tournament
      .given([createdWith({ numberOfRounds: 2 }), ...field, ...playedRound(1)])
      .when({ type: 'OpenRound', round: 2, method: 'imported', pairings: [{ A: 'p2', B: 'p1' }] })
      .then(opened);
    tournament
      .given([createdWith({}), ...field, ...playedRound(1), ...playedRound(2)])
      .when({ type: 'OpenRound', round: 3, method: 'imported', pairings: [{ A: 'p2', B: 'p1' }] })
      .then(opened);
  });
});
