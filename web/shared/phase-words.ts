/**
 * A phase id as words when a page knows no better: "melee-declaring" → "Melee declaring". A phase is
 * each ruleset's own; a page that keeps a ruleset's words for its phases says those instead.
 */
export function phaseAsWords(phase: string): string {
  const spaced = phase.replace(/[-_]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
