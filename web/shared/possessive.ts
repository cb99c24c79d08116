/**
 * "Zulus'" and "Side A's": a name ending in s takes the apostrophe alone (never "Romans's"), and the
 * straight apostrophe, as the service's own words (the turn log, the play contract's labels) write it.
 */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
