import { isRecord } from '../common/is-record.js';
import {
  type FactWordings,
  type FactWords,
  ruleOf,
  signedAmount,
  turnOf,
  type UnitDescriber,
  unitWordsWith,
  wordsOf,
} from '../common/unit-words.js';
import { inches } from '../common/turn-log.js';
import type { UnitState } from './state.js';
import { REMOVAL_RULES, REMOVED_BECAUSE, type RemovalReason } from './vocabulary.js';

const times = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

/** C-4: a restriction names the one player turn it holds in ("cannot attack in turn 4 (HH-11)"). */
const restriction =
  (verb: string): FactWords['say'] =>
  (value) => {
    const turn = turnOf(value);
    return turn === undefined ? undefined : `cannot ${verb} in turn ${turn} (${ruleOf(value, 'C-4')})`;
  };

/** Why a unit left play, said as its status with the rule that removed it. */
const removedWords = (value: unknown): string => {
  const reason = String(value);
  return Object.hasOwn(REMOVED_BECAUSE, reason)
    ? `removed: ${REMOVED_BECAUSE[reason as RemovalReason]} (${REMOVAL_RULES[reason as RemovalReason]})`
    : `removed: ${wordsOf(reason)}`;
};

/** The words for each fact of a unit's roster row (UnitState's fields but its id, name, side, status). */
export const HAND_TO_HAND_FACT_WORDS: FactWordings = {
  baseMorale: { say: (value) => `base morale ${String(value)}`, trait: true },
  move: { say: (value) => (typeof value === 'number' ? `move ${inches(value)}` : undefined), trait: true },
  removedBecause: { say: removedWords, status: true },
  disordered: { say: () => 'disordered' },
  broken: { say: () => 'broken' },
  cannotAttack: { say: restriction('attack') },
  cannotAdvance: { say: restriction('advance') },
  cannotFire: { say: restriction('fire') },
  cannotMove: { say: restriction('move') },
  // HH-11, HH-12: the bonus goes to any enemy attacking this unit in that turn.
  impactBonusAgainst: {
    say: (value) => {
      const turn = turnOf(value);
      if (turn === undefined || !isRecord(value) || typeof value.value !== 'number') return undefined;
      return `an enemy attacking it in turn ${turn} gets ${signedAmount(value.value)} to impact (${ruleOf(value, 'HH-11')})`;
    },
  },
  // HH-17: the state keeps the turn the +1 applies in, its owner's next turn, not the turn it won in.
  victoriousInTurn: {
    say: (value) =>
      typeof value === 'number' ? `won its combat: +1 to impact in turn ${value} (HH-17)` : undefined,
  },
  // HH-11: a third time in a row it cannot give ground in one melee, it surrenders.
  stuckReformCount: {
    say: (value) =>
      typeof value === 'number' && value > 0
        ? `could not give ground ${value === 1 ? 'once' : `${times(value)} in a row`} (HH-11: a third time in a row, it surrenders)`
        : undefined,
  },
  contacts: {
    say: (value, nameOf) => {
      if (!Array.isArray(value)) return undefined;
      const each = value.filter(isRecord).map((contact) => {
        const enemy =
          typeof contact.unitId === 'string' ? (nameOf(contact.unitId) ?? contact.unitId) : 'an enemy';
        // HH-4: the aspect names which of this unit's own sides the enemy touches.
        const where = typeof contact.aspect === 'string' ? ` at its ${wordsOf(contact.aspect)}` : '';
        const since = typeof contact.sinceTurn === 'number' ? ` since turn ${contact.sinceTurn}` : '';
        return `${enemy}${where}${since}`;
      });
      return each.length === 0 ? undefined : `in contact with ${each.join(', and ')}`;
    },
  },
} satisfies Partial<Record<keyof UnitState, FactWords>>;

/** A hand-to-hand unit in a player's words, every version's (their units hold the same fields). */
export const unitWords: UnitDescriber = unitWordsWith(HAND_TO_HAND_FACT_WORDS);
