/**
 * Swiss pairing, pure and deterministic (written here: the pairing libraries on the registry are
 * GPL). Entrants come in rank order. Each step takes the highest-ranked participant left and tries
 * opponents in this order:
 * 1. their own score group, starting at the top of its lower half (1 v 5, 2 v 6 … in a group of 8),
 *    then down the lower half, then up the upper half;
 * 2. then lower score groups, nearest score first: a float;
 * never anyone they have met. When no opponent is left for someone, the search backtracks to the
 * previous choice. With an odd number, the bye goes to the lowest-ranked participant who has not had
 * one (everyone has had one: the lowest-ranked), and to the next one up when the others cannot then be
 * paired without a rematch. The search is bounded (SEARCH_BUDGET steps): past it there is no answer
 * and the organiser imports the pairings instead.
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

export const SEARCH_BUDGET = 200_000;

export function swissRound(
  entrants: readonly SwissEntrant[],
  met: (a: string, b: string) => boolean,
): SwissRound | undefined {
  const budget = { steps: SEARCH_BUDGET };
  if (entrants.length % 2 === 0) {
    const pairs = pairAll(entrants, met, budget);
    return pairs && { pairings: pairs.map(sides) };
  }
  const lowestFirst = [...entrants].reverse();
  const candidates = [...lowestFirst.filter((e) => !e.hadBye), ...lowestFirst.filter((e) => e.hadBye)];
  for (const bye of candidates) {
    const pairs = pairAll(
      entrants.filter((e) => e !== bye),
      met,
      budget,
    );
    if (pairs) return { pairings: pairs.map(sides), bye: bye.participantId };
    if (budget.steps <= 0) return undefined;
  }
  return undefined;
}

function pairAll(
  players: readonly SwissEntrant[],
  met: (a: string, b: string) => boolean,
  budget: { steps: number },
): [SwissEntrant, SwissEntrant][] | undefined {
  if (players.length === 0) return [];
  if (--budget.steps <= 0) return undefined;
  const [top, ...rest] = players as [SwissEntrant, ...SwissEntrant[]];
  for (const opponent of preference(top, rest)) {
    if (met(top.participantId, opponent.participantId)) continue;
    const tail = pairAll(
      rest.filter((p) => p !== opponent),
      met,
      budget,
    );
    if (tail) return [[top, opponent], ...tail];
    if (budget.steps <= 0) return undefined;
  }
  return undefined;
}

/** The opponents to try for the highest-ranked participant left, best first. */
function preference(top: SwissEntrant, rest: readonly SwissEntrant[]): SwissEntrant[] {
  const group = rest.filter((p) => p.points === top.points);
  const lower = rest.filter((p) => p.points !== top.points);
  // With `top` counted, the group's lower half starts at index floor(k/2); in `group` one less.
  const half = Math.floor((group.length + 1) / 2) - 1;
  const lowerHalf = group.slice(Math.max(half, 0));
  const upperHalf = group.slice(0, Math.max(half, 0)).reverse();
  // Lower groups in rank order are already nearest score first (entrants come ranked by points).
  return [...lowerHalf, ...upperHalf, ...lower];
}

/** Side A to whoever played it less; the higher-ranked when even. */
function sides([higher, lower]: [SwissEntrant, SwissEntrant]): { A: string; B: string } {
  return lower.sideA < higher.sideA
    ? { A: lower.participantId, B: higher.participantId }
    : { A: higher.participantId, B: lower.participantId };
}
