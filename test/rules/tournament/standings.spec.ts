import { fold } from '../../../src/rules/common/decider.js';
import {
  standings,
  type TieBreak,
  type Tournament,
  tournamentDecider,
  type TournamentEvent,
} from '../../../src/rules/tournament/index.js';

/**
 * Each tie-break deciding on its own, on small events worked out by hand. Scoring 3/1/0.
 */
function tournamentOf(
  count: number,
  games: [round: number, a: string, b: string, outcome: 'A' | 'B' | 'draw'][],
  tieBreaks: TieBreak[],
  byes: [round: number, who: string][] = [],
  seeds: Record<string, number> = {},
): Tournament {
  const events: TournamentEvent[] = [
    {
      type: 'TournamentCreated',
      data: { tournamentId: 't', name: 'T', scoring: { win: 3, draw: 1, loss: 0 }, tieBreaks },
    },
  ];
  for (let i = 1; i <= count; i++) {
    const participantId = `p${i}`;
    const seed = seeds[participantId];
    events.push({
      type: 'ParticipantRegistered',
      data: { participantId, name: `Zed ${10 - i}`, ...(seed !== undefined ? { seed } : {}) },
    });
  }
  const rounds = [...new Set([...games.map((g) => g[0]), ...byes.map((b) => b[0])])].sort();
  for (const round of rounds) {
    const mine = games.filter((g) => g[0] === round);
    events.push({ type: 'RoundOpened', data: { round, method: 'imported' } });
    events.push({
      type: 'PairingsPublished',
      data: {
        round,
        pairings: mine.map(([, A, B], i) => ({ table: i + 1, A, B })),
        byes: byes.filter((b) => b[0] === round).map((b) => b[1]),
        edited: false,
      },
    });
    events.push({ type: 'RoundStarted', data: { round } });
    mine.forEach(([, , , outcome], i) =>
      events.push({ type: 'ResultOverridden', data: { round, table: i + 1, outcome, reason: 'slip' } }),
    );
  }
  const state = fold(tournamentDecider, events);
  if (!state.created) throw new Error('not created');
  return state;
}

const order = (state: Tournament) => standings(state).map((r) => r.participantId);

describe('standings and tie-breaks', () => {
  it('Buchholz: the sum of the opponents’ points', () => {
    // p1 beat p3 (0 pts), p2 beat p4 (3 pts: p4 beat p5). p1 and p2 on 3; BH p1 0, p2 3.
    const state = tournamentOf(
      5,
      [
        [1, 'p1', 'p3', 'A'],
        [1, 'p4', 'p5', 'A'],
        [2, 'p2', 'p4', 'A'],
      ],
      ['buchholz'],
    );
    const rows = standings(state);
    expect(rows.slice(0, 3).map((r) => [r.participantId, r.points, r.tieBreaks.buchholz])).toEqual([
      ['p2', 3, 3],
      ['p4', 3, 3],
      ['p1', 3, 0],
    ]);
  });

  it('median Buchholz cuts the highest and lowest opponent with 3 or more, nothing with fewer', () => {
    // p1: beat p2 (ends 0), lost p3 (ends 6), beat p4 (ends 3) → 6 pts, BH 9, MB 3.
    // p5: beat p6 (ends 3), beat p7 (ends 3) → 6 pts, BH 6, MB 6 (two opponents: nothing cut).
    const state = tournamentOf(
      7,
      [
        [1, 'p1', 'p2', 'A'],
        [1, 'p5', 'p6', 'A'],
        [1, 'p3', 'p7', 'A'],
        [2, 'p3', 'p1', 'A'],
        [2, 'p5', 'p7', 'A'],
        [2, 'p6', 'p2', 'A'],
        [3, 'p1', 'p4', 'A'],
        [3, 'p7', 'p2', 'A'],
        [4, 'p4', 'p2', 'A'],
      ],
      ['median-buchholz', 'buchholz'],
    );
    const rows = Object.fromEntries(standings(state).map((r) => [r.participantId, r]));
    expect(rows.p1!.tieBreaks).toEqual({ 'median-buchholz': 3, buchholz: 9 });
    expect(rows.p5!.tieBreaks).toEqual({ 'median-buchholz': 6, buchholz: 6 });
    expect(order(state).indexOf('p5')).toBeLessThan(order(state).indexOf('p1'));
  });

  it('Sonneborn–Berger: opponents beaten count whole, drawn ones half', () => {
    // p1 beat p3 (ends 3), drew p2. p2 drew p1, beat p4 (ends 0). p1 4 pts, p2 4 pts.
    // SB p1 = 3 + ½·4 = 5; SB p2 = ½·4 + 0 = 2.
    const state = tournamentOf(
      5,
      [
        [1, 'p1', 'p2', 'draw'],
        [1, 'p3', 'p5', 'A'],
        [2, 'p1', 'p3', 'A'],
        [2, 'p2', 'p4', 'A'],
      ],
      ['sonneborn-berger'],
    );
    const rows = standings(state);
    expect(rows.slice(0, 2).map((r) => [r.participantId, r.tieBreaks['sonneborn-berger']])).toEqual([
      ['p1', 5],
      ['p2', 2],
    ]);
  });

  it('head-to-head decides among those still tied, and shows null on rows that were not', () => {
    const state = tournamentOf(
      4,
      [
        [1, 'p2', 'p1', 'A'],
        [1, 'p3', 'p4', 'A'],
        [2, 'p1', 'p3', 'A'],
        [2, 'p4', 'p2', 'A'],
      ],
      ['head-to-head'],
    );
    // Points: p1 3, p2 3, p3 3, p4 3 — all tied; among all four, head-to-head is every game: 3 each.
    // Still tied: the final key, seed then registration.
    expect(order(state)).toEqual(['p1', 'p2', 'p3', 'p4']);
    const twoTied = tournamentOf(
      3,
      [
        [1, 'p2', 'p3', 'A'],
        [2, 'p3', 'p1', 'A'],
      ],
      ['head-to-head'],
      [
        [1, 'p1'],
        [2, 'p2'],
      ],
    );
    // p1 3 (bye), p2 6 (beat p3, bye), p3 3 (beat p1). p1 and p3 tied on 3: p3 beat p1, 3 to 0,
    // so p3 goes first although p1 registered first.
    const rows = standings(twoTied);
    expect(rows.map((r) => [r.participantId, r.points, r.tieBreaks['head-to-head']])).toEqual([
      ['p2', 6, null],
      ['p3', 3, 3],
      ['p1', 3, 0],
    ]);
  });

  it('the final key is the seed, then registration order, never the name', () => {
    // Names sort the other way round (Zed 9, Zed 8, …): they change nothing.
    const state = tournamentOf(3, [], ['buchholz'], [], { p3: 1, p2: 2 });
    expect(order(state)).toEqual(['p3', 'p2', 'p1']);
    expect(standings(state)[2]!.finalKey).toEqual({ seed: null, registered: 1 });
  });

  it('a voided pairing counts for nobody; a forfeit counts as a game won and lost', () => {
    let state = tournamentOf(2, [[1, 'p1', 'p2', 'A']], ['buchholz']);
    state = fold(
      tournamentDecider,
      [{ type: 'PairingVoided', data: { round: 1, table: 1, reason: 'wrong lists' } }],
      state,
    ) as Tournament;
    expect(standings(state).map((r) => [r.participantId, r.played, r.points])).toEqual([
      ['p1', 0, 0],
      ['p2', 0, 0],
    ]);
    state = fold(
      tournamentDecider,
      [
        {
          type: 'ForfeitRecorded',
          data: { round: 1, table: 1, forfeitedBy: 'p1', outcome: 'B', reason: 'late' },
        },
      ],
      tournamentOf(2, [[1, 'p1', 'p2', 'A']], ['buchholz']),
    ) as Tournament;
    expect(standings(state).map((r) => [r.participantId, r.played, r.won, r.lost, r.points])).toEqual([
      ['p2', 1, 1, 0, 3],
      ['p1', 1, 0, 1, 0],
    ]);
  });
});
