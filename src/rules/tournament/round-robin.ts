/**
 * Round robin by the circle method: the first participant stays put, the others turn one place each
 * round, and position i meets position n-1-i. With an odd number a empty seat is added, and whoever
 * faces it has the bye. n participants play n-1 rounds (n rounded up to even), each meeting every other
 * once. The first participant alternates sides round by round; the others take the side of their seat.
 */
export interface RoundRobinRound {
  pairings: { A: string; B: string }[];
  bye?: string;
}

export function roundRobinRounds(roster: readonly string[]): number {
  const n = roster.length + (roster.length % 2);
  return n - 1;
}

/** Round `round` (from 1) of the round robin of this roster, in its order; undefined past the last. */
export function roundRobinRound(roster: readonly string[], round: number): RoundRobinRound | undefined {
  const seats: (string | null)[] = roster.length % 2 === 0 ? [...roster] : [...roster, null];
  const n = seats.length;
  if (n < 2 || round < 1 || round > n - 1) return undefined;
  const turning = seats.slice(1);
  const shift = round - 1;
  const circle = [
    seats[0]!,
    ...turning.map((_, i) => turning[(i - shift + turning.length * n) % turning.length]!),
  ];
  const out: RoundRobinRound = { pairings: [] };
  for (let i = 0; i < n / 2; i++) {
    let a = circle[i]!;
    let b = circle[n - 1 - i]!;
    if (i === 0 && round % 2 === 0) [a, b] = [b, a];
    if (a === null || b === null) {
      const present = a ?? b;
      if (present !== null) out.bye = present;
      continue;
    }
    out.pairings.push({ A: a, B: b });
  }
  return out;
}
