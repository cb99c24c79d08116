import { fold } from '../../src/rules/common/decider.js';
import {
  type Tournament,
  tournamentDecider,
  type TournamentEvent,
} from '../../src/rules/tournament/index.js';
import { standingsView } from '../../src/tournament/tournament-views.js';

/**
 * The standings' `rounds`: how many rounds the standings stand after, the rounds closed (every table
 * with its result). A round started, its results partly in, is in play: its results already count in
 * the rows, but the standings do not stand "after" it until it closes.
 */
const created: TournamentEvent[] = [
  {
    type: 'TournamentCreated',
    data: { tournamentId: 't', name: 'T', scoring: { win: 3, draw: 1, loss: 0 }, tieBreaks: ['buchholz'] },
  },
  ...['Ann', 'Ben', 'Cai', 'Dee'].map((name, i): TournamentEvent => ({
    type: 'ParticipantRegistered',
    data: { participantId: `p${i + 1}`, name },
  })),
];

function paired(round: number): TournamentEvent[] {
  return [
    { type: 'RoundOpened', data: { round, method: 'imported' } },
    {
      type: 'PairingsPublished',
      data: {
        round,
        pairings: [
          { table: 1, A: 'p1', B: 'p2' },
          { table: 2, A: 'p3', B: 'p4' },
        ],
        byes: [],
        edited: false,
      },
    },
  ];
}

const result = (round: number, table: number): TournamentEvent => ({
  type: 'ResultOverridden',
  data: { round, table, outcome: 'A', reason: 'slip' },
});

function stateOf(events: TournamentEvent[]): Tournament {
  const state = fold(tournamentDecider, [...created, ...events]);
  if (!state.created) throw new Error('not created');
  return state;
}

describe('the standings’ rounds: the rounds closed', () => {
  it('none before any round closes, a round paired or started included', () => {
    expect(standingsView(stateOf(paired(1))).rounds).toBe(0);
    expect(standingsView(stateOf([...paired(1), { type: 'RoundStarted', data: { round: 1 } }])).rounds).toBe(
      0,
    );
  });

  it('a started round with one result in of two is not counted, though its result counts in the rows', () => {
    const view = standingsView(
      stateOf([...paired(1), { type: 'RoundStarted', data: { round: 1 } }, result(1, 1)]),
    );
    expect(view.rounds).toBe(0);
    expect(view.standings.find((r) => r.participantId === 'p1')?.points).toBe(3);
  });

  it('round 1 closed and round 2 in play: after 1 round', () => {
    const view = standingsView(
      stateOf([
        ...paired(1),
        { type: 'RoundStarted', data: { round: 1 } },
        result(1, 1),
        result(1, 2),
        { type: 'RoundClosed', data: { round: 1 } },
        ...paired(2),
        { type: 'RoundStarted', data: { round: 2 } },
        result(2, 1),
      ]),
    );
    expect(view.rounds).toBe(1);
  });
});
