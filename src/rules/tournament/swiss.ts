import { PairingGraph } from './pairing-graph.js';

/**
 * Swiss pairing, pure and deterministic (written here: the pairing libraries on the registry are
 * GPL). Entrants come in rank order. Each step takes the highest-ranked participant left and gives
 * them the first opponent, in this order, with whom everyone left can still be paired:
 * 1. their own score group, starting at the top of its lower half (1 v 5, 2 v 6 … in a group of 8),
 *    then down the lower half, then up the upper half;
 * 2. then lower score groups, nearest score first: a float;
 * never anyone they have met. With an odd number, the bye goes to the lowest-ranked participant who
 * has not had one (everyone has had one: the lowest-ranked), and to the next one up when the others
 * cannot then be paired without a rematch.
 *
 * This is the pairing a depth-first search over those preferences finds first, backtracking out of
 * every dead end; "can still be paired" is asked of a maximum matching on the graph of who has not
 * met (Edmonds' blossoms), so no choice is ever taken back and a rematch-free round is found whenever
 * one exists, in time polynomial in the field: n/2 steps, each trying at most n opponents, each try
 * one augmenting-path search.
 */
export interface SwissEntrant {
  participantId: string;
  points: number;
  hadBye: boolean;
  /** How often they played side A: the one who played it less takes it. */
  sideA: number;
}

export interface SwissRound {
  pairings: { A: string; B: string }[];
  bye?: string;
}

export function swissRound(
  entrants: readonly SwissEntrant[],
  met: (a: string, b: string) => boolean,
): SwissRound | undefined {
  if (entrants.length === 0) return { pairings: [] };
  const graph = new PairingGraph(entrants.length, (i, j) =>
    met(entrants[i]!.participantId, entrants[j]!.participantId),
  );
  let bye: number | undefined;
  if (entrants.length % 2 === 1) {
    const lowestFirst = entrants.map((_, i) => i).reverse();
    const candidates = [
      ...lowestFirst.filter((i) => !entrants[i]!.hadBye),
      ...lowestFirst.filter((i) => entrants[i]!.hadBye),
    ];
    bye = candidates.find((i) => graph.removeIfRestPairs(i));
    if (bye === undefined) return undefined;
  } else if (!graph.perfect()) {
    return undefined;
  }
  const pairings: { A: string; B: string }[] = [];
  for (let top = graph.firstLeft(); top !== undefined; top = graph.firstLeft()) {
    graph.remove(top);
    const opponent = preference(top, graph.left(), entrants).find(
      (j) => graph.canMeet(top, j) && graph.removeIfRestPairs(j),
    );
    // The rest had a perfect matching before this step, so top's partner in it is always a candidate.
    if (opponent === undefined) throw new Error('Swiss pairing lost its perfect matching');
    pairings.push(sides(entrants[top]!, entrants[opponent]!));
  }
  return bye === undefined ? { pairings } : { pairings, bye: entrants[bye]!.participantId };
}

/** The opponents to try for the highest-ranked participant left, best first (indexes in rank order). */
function preference(top: number, rest: readonly number[], entrants: readonly SwissEntrant[]): number[] {
  const points = entrants[top]!.points;
  const group = rest.filter((i) => entrants[i]!.points === points);
  const lower = rest.filter((i) => entrants[i]!.points !== points);
  // With `top` counted, the group's lower half starts at index floor(k/2); in `group` one less.
  const half = Math.floor((group.length + 1) / 2) - 1;
  const lowerHalf = group.slice(Math.max(half, 0));
  const upperHalf = group.slice(0, Math.max(half, 0)).reverse();
  // Lower groups in rank order are already nearest score first (entrants come ranked by points).
  return [...lowerHalf, ...upperHalf, ...lower];
}

/** Side A to whoever played it less; the higher-ranked when even. */
function sides(higher: SwissEntrant, lower: SwissEntrant): { A: string; B: string } {
  return lower.sideA < higher.sideA
    ? { A: lower.participantId, B: higher.participantId }
    : { A: higher.participantId, B: lower.participantId };
}
