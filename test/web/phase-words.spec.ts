import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { phaseAsWords, phaseWords } from '../../web/shared/phase-words.js';

/** The phases docs/playing.md lists for every ruleset and version: the ids a match answer may carry. */
function documentedPhases(): string[] {
  const playing = readFileSync(resolve(fileURLToPath(import.meta.url), '../../../docs/playing.md'), 'utf8');
  const table = playing.slice(playing.indexOf('- **Phases**'), playing.indexOf('`turn` and `activeSide`'));
  const rows = table.split('\n').filter((line) => /^\s*\| (hand-to-hand|atomic-africa) /.test(line));
  return [
    ...new Set(rows.flatMap((row) => [...row.split('|')[2]!.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!))),
  ];
}

describe('pages: a phase in words', () => {
  it('given every phase the rulesets document, when the table page says it, then it says words of its own, never the id', () => {
    const phases = documentedPhases();
    expect(phases).toEqual(
      expect.arrayContaining(['setup', 'play', 'melee-declaring', 'orders', 'close-combat']),
    );
    for (const phase of phases) {
      const said = phaseWords(phase);
      expect([phase, said]).toEqual([phase, expect.stringMatching(/^[A-Z][a-z]+[a-z :]*$/)]);
      expect(said).not.toContain('-');
    }
    expect(phaseWords('melee-declaring')).toBe('Melee: declaring attacks');
    expect(phaseWords('melee-resolving')).toBe('Melee: resolving attacks');
  });

  it('given a phase no page knows, when it is said, then its id is spaced out as words', () => {
    expect(phaseAsWords('night-fighting')).toBe('Night fighting');
    expect(phaseWords('night-fighting')).toBe('Night fighting');
    // Not a key of any plain object either.
    expect(phaseWords('constructor')).toBe('Constructor');
  });
});
