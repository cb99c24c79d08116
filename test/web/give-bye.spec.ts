import { byeFor, seatLateArrival } from '../../web/desk/give-bye.js';
import type { Pairing, Round, Seat } from '../../web/shared/tournament-views.js';

/**
 * The desk's "Give a bye" and late-arrival seating (web/desk/give-bye.ts): the pairing edit each sends.
 * Whatever it does, everyone the round placed stays placed exactly once (the service refuses anything
 * else, C-6), and what the page says matches what is sent.
 */
const seat = (n: number): Seat => ({ participantId: `p${n}`, name: `Player ${n}` });
const table = (n: number, A: number, B: number): Pairing => ({
  table: n,
  A: seat(A),
  B: seat(B),
  matchId: null,
  status: 'pending',
  reported: null,
  result: null,
});
const round = (pairings: Pairing[], byes: number[]): Round => ({
  round: 1,
  method: 'swiss',
  status: 'paired',
  pairings,
  byes: byes.map(seat),
});
const placed = (edit: { pairings: { A: string; B: string }[]; byes: string[] }) =>
  [...edit.pairings.flatMap((p) => [p.A, p.B]), ...edit.byes].sort();

describe('giving a bye at the desk', () => {
  it('C-6 given a round with a bye holder, when a seated player is given the bye, then the two change places on the same side', () => {
    const given = round([table(1, 1, 3), table(2, 2, 4)], [5]);
    const edit = byeFor(given, 'p4')!;
    expect(edit.pairings).toEqual([
      { table: 1, A: 'p1', B: 'p3' },
      { table: 2, A: 'p2', B: 'p5' },
    ]);
    expect(edit.byes).toEqual(['p4']);
    expect(placed(edit)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5']);
    expect(edit.said).toBe('Player 4 has the bye; Player 5 plays Player 2 at table 2.');
  });

  it('C-6 given several bye holders, when a player is given the bye, then the first bye holder takes their seat', () => {
    const edit = byeFor(round([table(1, 1, 2)], [3, 4]), 'p1')!;
    expect(edit.pairings).toEqual([{ table: 1, A: 'p3', B: 'p2' }]);
    expect(edit.byes).toEqual(['p1', 'p4']);
  });

  it('C-6 given no bye holder, when a player is given the bye, then their opponent has one too and the table is left empty', () => {
    const edit = byeFor(round([table(1, 1, 3), table(2, 2, 4)], []), 'p3')!;
    expect(edit.pairings).toEqual([{ table: 2, A: 'p2', B: 'p4' }]);
    expect(edit.byes).toEqual(['p3', 'p1']);
    expect(placed(edit)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(edit.said).toBe(
      'Player 3 has a bye; Player 1, left without an opponent, has a bye too (table 1 is empty).',
    );
  });

  it('C-6 given a player on a bye or not in the round, when a bye is asked for them, then there is no edit', () => {
    const given = round([table(1, 1, 2)], [3]);
    expect(byeFor(given, 'p3')).toBeUndefined();
    expect(byeFor(given, 'p9')).toBeUndefined();
  });

  it('C-6 given a bye holder, when a late arrival is seated, then they meet at a table after the last', () => {
    const edit = seatLateArrival(round([table(1, 1, 2), table(4, 3, 4)], [5]), seat(6))!;
    expect(edit.pairings.at(-1)).toEqual({ table: 5, A: 'p5', B: 'p6' });
    expect(edit.byes).toEqual([]);
    expect(edit.said).toBe('Player 6, arrived late, plays Player 5 (who had the bye) at table 5.');
  });

  it('C-6 given no bye holder, when a late arrival would be seated, then there is no edit (they sit the round out)', () => {
    expect(seatLateArrival(round([table(1, 1, 2)], []), seat(3))).toBeUndefined();
  });
});
