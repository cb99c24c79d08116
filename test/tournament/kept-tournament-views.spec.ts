import { fold } from '../../src/rules/common/decider.js';
import {
  type Tournament,
  tournamentDecider,
  type TournamentEvent,
} from '../../src/rules/tournament/index.js';
import { KeptTournamentViews } from '../../src/tournament/kept-tournament-views.js';
import { tournamentSummary } from '../../src/tournament/tournament-summary.js';
import { participantView, roundView, standingsView } from '../../src/tournament/tournament-views.js';

/**
 * The tournament's views are computed once per folded state and shared by every read of it: the same
 * figures as computing them afresh, a new state gets new ones, and a round's clock still counts down
 * at each read.
 */
const events: TournamentEvent[] = [
  {
    type: 'TournamentCreated',
    data: { tournamentId: 't', name: 'T', scoring: { win: 3, draw: 1, loss: 0 }, tieBreaks: ['buchholz'] },
  },
  ...['Ann', 'Ben', 'Cai', 'Dee', 'Eve'].map((name, i): TournamentEvent => ({
    type: 'ParticipantRegistered',
    data: { participantId: `p${i + 1}`, name },
  })),
  { type: 'RoundOpened', data: { round: 1, method: 'imported' } },
  {
    type: 'PairingsPublished',
    data: {
      round: 1,
      pairings: [
        { table: 1, A: 'p1', B: 'p2' },
        { table: 2, A: 'p3', B: 'p4' },
      ],
      byes: ['p5'],
      edited: false,
    },
  },
  { type: 'RoundStarted', data: { round: 1 } },
  {
    type: 'RoundClockStarted',
    data: { round: 1, seconds: 3600, policy: 'finish-turn', at: '2026-05-02T10:00:00.000Z' },
  },
];

function stateOf(more: TournamentEvent[] = []): Tournament {
  const state = fold(tournamentDecider, [...events, ...more]);
  if (!state.created) throw new Error('not created');
  return state;
}

describe('the tournament views kept per folded state', () => {
  it('given a state, when its views are read, then they are those computed afresh, seats named', () => {
    const state = stateOf();
    const views = new KeptTournamentViews();
    const asOf = '2026-05-02T10:10:00.000Z';
    expect(views.standings(state)).toEqual(standingsView(state));
    expect(views.participants(state)).toEqual(state.participants.map(participantView));
    expect(views.rounds(state, asOf)).toEqual(state.rounds.map((r) => roundView(state, r, asOf)));
    expect(views.round(state, state.rounds[0]!, asOf).pairings[0]!.B).toEqual({
      participantId: 'p2',
      name: 'Ben',
    });
    expect(views.round(state, state.rounds[0]!, asOf).byes).toEqual([{ participantId: 'p5', name: 'Eve' }]);
  });

  it('given the same state read twice, then the second read is the view already made', () => {
    const state = stateOf();
    const views = new KeptTournamentViews();
    expect(views.standings(state)).toBe(views.standings(state));
    expect(views.participants(state)).toBe(views.participants(state));
  });

  it('given a result folded into a new state, when read, then its views are the new state’s', () => {
    const views = new KeptTournamentViews();
    const before = stateOf();
    const first = views.standings(before);
    const after = stateOf([
      { type: 'ResultOverridden', data: { round: 1, table: 1, outcome: 'A', reason: 'slip' } },
    ]);
    const second = views.standings(after);
    expect(second).not.toBe(first);
    expect(second).toEqual(standingsView(after));
    expect(second.standings.find((r) => r.participantId === 'p1')!.points).toBe(3);
    const asOf = '2026-05-02T10:00:00.000Z';
    expect(views.rounds(after, asOf)[0]!.pairings[0]!.result).toEqual({
      outcome: 'A',
      source: 'overridden',
      forfeitedBy: null,
    });
  });

  it('given a running clock, when the same state is read later, then the clock has counted down', () => {
    const state = stateOf();
    const views = new KeptTournamentViews();
    const early = views.rounds(state, '2026-05-02T10:10:00.000Z')[0]!.clock!;
    const later = views.rounds(state, '2026-05-02T10:40:00.000Z')[0]!.clock!;
    expect(early.remainingSeconds).toBe(3000);
    expect(later.remainingSeconds).toBe(1200);
    expect(later.asOf).toBe('2026-05-02T10:40:00.000Z');
  });

  it('given an export, then its rounds are the same bytes as each round computed with its own name look-up', () => {
    const state = stateOf();
    const at = '2026-05-02T10:20:00.000Z';
    expect(JSON.stringify(tournamentSummary(state, at).rounds)).toBe(
      JSON.stringify(state.rounds.map((r) => roundView(state, r, at))),
    );
  });
});
