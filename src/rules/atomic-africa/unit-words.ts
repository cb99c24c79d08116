import {
  type FactWordings,
  type FactWords,
  type UnitDescriber,
  unitWordsWith,
  wordsOf,
} from '../common/unit-words.js';
import { inches } from '../common/turn-log.js';
import type { Unit } from './units.js';

/** What the roster keeps beside a unit's own fields (roster.ts): its contacts, AA-3. */
interface RosterExtras {
  inContactWith: string[];
  inCloseCombat: boolean;
}

/** The words for each fact of a unit's roster row: the Unit's fields, then its contacts (AA-3). */
export const ATOMIC_AFRICA_FACT_WORDS: FactWordings = {
  unitType: { say: (value) => wordsOf(String(value)), trait: true },
  movement: {
    say: (value) => (typeof value === 'number' ? `movement ${inches(value)}` : undefined),
    trait: true,
  },
  firepower: { say: (value) => `firepower ${String(value)}`, trait: true },
  inContactWith: {
    say: (value, nameOf) =>
      Array.isArray(value) && value.length > 0
        ? `in contact with ${value.map((id) => nameOf(String(id)) ?? wordsOf(String(id))).join(', ')}`
        : undefined,
  },
  inCloseCombat: { say: () => 'in close combat' },
} satisfies Partial<Record<keyof Unit | keyof RosterExtras, FactWords>>;

/** An Atomic Africa unit in a player's words, every version's. */
export const unitWords: UnitDescriber = unitWordsWith(ATOMIC_AFRICA_FACT_WORDS);
