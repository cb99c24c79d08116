/*
 * Each ruleset's phases (progress().phase, documented per ruleset and version in docs/playing.md) in a
 * player's words, the same on every page: a chip reads "Melee: declaring attacks", not
 * "melee-declaring". A phase without words here is still said as words, its id's parts spaced out.
 */
const PHASE_WORDS: Readonly<Record<string, string>> = {
  setup: 'Setting up',
  play: 'Moving and shooting',
  melee: 'Melee',
  'melee-declaring': 'Melee: declaring attacks',
  'melee-resolving': 'Melee: resolving attacks',
  orders: 'Sealing orders',
  activations: 'Activations',
  'close-combat': 'Close combat',
};

/** A phase id as words when no page knows better: "melee-declaring" → "Melee declaring". */
export function phaseAsWords(phase: string): string {
  const spaced = phase.replace(/[-_]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/** A phase id as a player reads it. */
export function phaseWords(phase: string): string {
  return Object.hasOwn(PHASE_WORDS, phase) ? PHASE_WORDS[phase]! : phaseAsWords(phase);
}
