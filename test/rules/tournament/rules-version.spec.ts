import {
  TOURNAMENT_RULES_VERSION,
  tournamentDecider,
  type TournamentEvent,
} from '../../../src/rules/tournament/index.js';
import { spec } from '../../support/decider-spec.js';

/**
 * The tournament rules' version: recorded when a tournament is created, so that it is decided and
 * counted under the rules it was created under on any build. Given / when / then on its stream.
 */
const tournament = spec(tournamentDecider);
const scoring = { win: 3, draw: 1, loss: 0 };
const createdUnder = (rulesVersion?: string): TournamentEvent => ({
  type: 'TournamentCreated',
  data: { tournamentId: 'cup', name: 'Cup', scoring, ...(rulesVersion ? { rulesVersion } : {}) },
});
const register: Parameters<typeof tournamentDecider.decide>[1] = {
  type: 'RegisterParticipant',
  participantId: 'p1',
  name: 'Ann',
};

describe('the tournament rules’ version', () => {
  it('C-3 given no tournament, when one is created, then it records the version of the rules that created it', () => {
    tournament
      .given([])
      .when({ type: 'CreateTournament', tournamentId: 'cup', name: 'Cup', scoring })
      .then([createdUnder(TOURNAMENT_RULES_VERSION)]);
    expect(tournament.given([createdUnder(TOURNAMENT_RULES_VERSION)]).state).toMatchObject({
      rulesVersion: '1.0.0',
    });
  });

  it('C-3 given a tournament created before versions were recorded, when a participant registers, then it is played on under the first rules', () => {
    tournament
      .given([createdUnder()])
      .when(register)
      .then([{ type: 'ParticipantRegistered', data: { participantId: 'p1', name: 'Ann' } }]);
  });

  it('C-3 given a tournament created under rules this build does not decide, when anything is sent, then it is refused naming both versions, and nothing changes', () => {
    const refusal = tournament
      .given([createdUnder('9.0.0')])
      .when(register)
      .thenRefuses('C-3', 'conflict');
    expect(refusal.message).toBe(
      'C-3: tournament cup is played under tournament rules 9.0.0; this service decides 1.0.0, so it changes nothing there',
    );
  });
});
