import { tournamentDecider, type TournamentEvent } from '../../../src/rules/tournament/index.js';
import { spec } from '../../support/decider-spec.js';

const tournament = spec(tournamentDecider);
const scoring = { win: 3, draw: 1, loss: 0 };
const created: TournamentEvent = {
  type: 'TournamentCreated',
  data: { tournamentId: 'cup', name: 'Cup', scoring },
};
const scheduled = (matchId: string, round: number, table: number): TournamentEvent => ({
  type: 'MatchScheduled',
  data: { matchId, round, table, players: null },
});

describe('tournament rules', () => {
  it('C-6 a tournament is created once', () => {
    tournament
      .given([])
      .when({ type: 'CreateTournament', tournamentId: 'cup', name: 'Cup', scoring })
      .then([
        { type: 'TournamentCreated', data: { ...created.data, rulesVersion: '1.0.0' } } as TournamentEvent,
      ]);
    const refusal = tournament
      .given([created])
      .when({ type: 'CreateTournament', tournamentId: 'cup', name: 'Cup again', scoring })
      .thenRefuses('C-6', 'conflict');
    expect(refusal.message).toBe('C-6: tournament cup exists already');
  });

  it('C-6 a match is scheduled once, one match to a table of a round', () => {
    const given = tournament.given([created, scheduled('m1', 1, 1)]);
    given
      .when({ type: 'ScheduleMatch', matchId: 'm2', round: 1, table: 2, players: { A: 'Ann', B: 'Bo' } })
      .then([
        {
          type: 'MatchScheduled',
          data: { matchId: 'm2', round: 1, table: 2, players: { A: 'Ann', B: 'Bo' } },
        },
      ]);
    given
      .when({ type: 'ScheduleMatch', matchId: 'm2', round: 2, table: 1, players: null })
      .then([scheduled('m2', 2, 1)]);
    expect(
      given
        .when({ type: 'ScheduleMatch', matchId: 'm1', round: 2, table: 2, players: null })
        .thenRefuses('C-6').message,
    ).toBe('C-6: match m1 is already scheduled in tournament cup');
    const taken = given
      .when({ type: 'ScheduleMatch', matchId: 'm3', round: 1, table: 1, players: null, createdMatchId: 'm3' })
      .thenRefuses('C-6', 'conflict');
    expect(taken.message).toContain('table 1 of round 1 already has match m1 in tournament cup');
    expect(taken.message).toContain('match m3 was created for this command but is not scheduled');
  });

  it('C-6 nothing is scheduled in a tournament that was never created', () => {
    tournament
      .given([])
      .when({ type: 'ScheduleMatch', matchId: 'm1', round: 1, table: 1, players: null })
      .thenRefuses('C-6');
  });
});
