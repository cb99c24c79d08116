/** The two sides of a match. Display names (Zulus, British …) live in the match, not in the id. */
export const SIDES = ['A', 'B'] as const;
export type Side = (typeof SIDES)[number];

export function opponentOf(side: Side): Side {
  return side === 'A' ? 'B' : 'A';
}
