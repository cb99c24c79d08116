import {
  roundRobinRound,
  roundRobinRounds,
  type SwissEntrant,
  swissRound,
} from '../../../src/rules/tournament/index.js';

const entrant = (participantId: string, points: number, hadBye = false, sideA = 0): SwissEntrant => ({
  participantId,
  points,
  hadBye,
  sideA,
});
const never = (): boolean => false;
const meetingsOf = (...pairs: [string, string][]) => {
  const met = new Set(pairs.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));
  return (a: string, b: string): boolean => met.has(`${a}|${b}`);
};

describe('Swiss pairing', () => {
  it('pairs the top half of a score group against its bottom half: 1 v 5, 2 v 6, 3 v 7, 4 v 8', () => {
    const players = ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'].map((id) => entrant(id, 0));
    expect(swissRound(players, never)).toEqual({
      pairings: [
        { A: 'p1', B: 'p5' },
        { A: 'p2', B: 'p6' },
        { A: 'p3', B: 'p7' },
        { A: 'p4', B: 'p8' },
      ],
    });
  });

  it('gives the bye to the lowest-ranked participant who has not had one', () => {
    const players = [
      entrant('a', 3),
      entrant('b', 3),
      entrant('c', 0),
      entrant('d', 0, true),
      entrant('e', 0, true),
    ];
    const round = swissRound(players, never)!;
    expect(round.bye).toBe('c');
    expect(round.pairings).toHaveLength(2);
  });

  it('keeps score groups together, and floats the odd one down to the nearest group', () => {
    // a b c on 3 points, d e f on 0: c cannot stay in its group, and meets the top of the next.
    const players = ['a', 'b', 'c']
      .map((id) => entrant(id, 3))
      .concat(['d', 'e', 'f'].map((id) => entrant(id, 0)));
    expect(swissRound(players, never)!.pairings).toEqual([
      { A: 'a', B: 'b' },
      { A: 'c', B: 'd' },
      { A: 'e', B: 'f' },
    ]);
  });

  it('never pairs a rematch, backtracking out of a dead end', () => {
    // Greedy a–b, c–d would leave nothing; a–b is allowed but then c and d have met: backtrack.
    const players = ['a', 'b', 'c', 'd'].map((id) => entrant(id, 0));
    const met = meetingsOf(['a', 'c'], ['c', 'd'], ['b', 'd']);
    const round = swissRound(players, met)!;
    for (const p of round.pairings) expect(met(p.A, p.B)).toBe(false);
    expect(round.pairings).toEqual([
      { A: 'a', B: 'd' },
      { A: 'b', B: 'c' },
    ]);
  });

  it('moves the bye up when the lowest cannot leave the others pairable without a rematch', () => {
    const players = ['a', 'b', 'c'].map((id) => entrant(id, 0));
    // Without c, a and b would meet again: c plays, and b (next up) has the bye.
    const round = swissRound(players, meetingsOf(['a', 'b']))!;
    expect(round.bye).toBe('b');
    expect(round.pairings).toEqual([{ A: 'a', B: 'c' }]);
  });

  it('answers nothing when every pairing is a rematch', () => {
    expect(swissRound([entrant('a', 0), entrant('b', 0)], meetingsOf(['a', 'b']))).toBeUndefined();
  });

  it('gives side A to whoever has played it less', () => {
    expect(swissRound([entrant('a', 3, false, 2), entrant('b', 3, false, 1)], never)!.pairings).toEqual([
      { A: 'b', B: 'a' },
    ]);
  });

  it('is deterministic: the same standings give the same pairings', () => {
    const players = Array.from({ length: 21 }, (_, i) => entrant(`p${i + 1}`, (i * 7) % 4));
    players.sort((x, y) => y.points - x.points);
    expect(swissRound(players, never)).toEqual(swissRound(players, never));
  });
});

describe('round robin (circle method)', () => {
  it.each([4, 5, 8, 9])('with %i participants everyone meets everyone once, one bye each when odd', (n) => {
    const roster = Array.from({ length: n }, (_, i) => `p${i + 1}`);
    const met = new Map<string, number>();
    const byes = new Map<string, number>();
    expect(roundRobinRounds(roster)).toBe(n % 2 === 0 ? n - 1 : n);
    for (let round = 1; round <= roundRobinRounds(roster); round++) {
      const made = roundRobinRound(roster, round)!;
      const seen = new Set<string>();
      for (const { A, B } of made.pairings) {
        for (const id of [A, B]) {
          expect(seen.has(id)).toBe(false);
          seen.add(id);
        }
        const key = [A, B].sort().join('-');
        met.set(key, (met.get(key) ?? 0) + 1);
      }
      if (made.bye) byes.set(made.bye, (byes.get(made.bye) ?? 0) + 1);
    }
    expect(met.size).toBe((n * (n - 1)) / 2);
    expect([...met.values()].every((count) => count === 1)).toBe(true);
    expect(byes.size).toBe(n % 2 === 0 ? 0 : n);
    expect(roundRobinRound(roster, roundRobinRounds(roster) + 1)).toBeUndefined();
  });
});
