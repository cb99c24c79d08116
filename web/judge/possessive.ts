/** "Zulus’" and "Side A’s": a name ending in s takes the apostrophe alone (never "Romans’s"). */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}’` : `${name}’s`;
}
