import { violation } from '../common/rule-violation.js';
import { isFaceCard, isJoker, toCard, type Card, type RecordedCard } from './cards.js';
import type { UnitType } from './units.js';

/** AA-7: the only special actions a face card may announce in close combat. */
export const CLOSE_COMBAT_SPECIAL_ACTIONS = ['dig-in', 'mass-fire', 'rally', 'sprint'] as const;
export type CloseCombatSpecialAction = (typeof CLOSE_COMBAT_SPECIAL_ACTIONS)[number];

/**
 * Outside close combat a face card announces special actions "as normal"; the base game's list is not
 * in the source, so any kebab-case name is recorded as announced.
 */
const SPECIAL_ACTION_NAME = /^[a-z][a-z-]{0,39}$/;

/**
 * AA-1, AA-7: a face card must announce a special action, any other card none; in close combat only
 * Dig-in, Mass Fire, Rally or Sprint, and Sprint only for light infantry. The messages never name the
 * card (AA-2): the reveal may still be rejected, and then the card stays sealed.
 */
export function checkSpecialAction(
  recorded: RecordedCard,
  specialAction: unknown,
  unitType: UnitType,
  inCloseCombat: boolean,
): string | null {
  const card = toCard(recorded);
  if (!isFaceCard(card)) {
    if (specialAction !== undefined && specialAction !== null) {
      violation('AA-1', 'only a face card (J, Q, K) announces a special action', 'invalid');
    }
    return null;
  }
  if (typeof specialAction !== 'string' || !SPECIAL_ACTION_NAME.test(specialAction)) {
    violation('AA-1', 'a face card (J, Q, K) must announce a special action (specialAction)', 'invalid');
  }
  if (inCloseCombat && !(CLOSE_COMBAT_SPECIAL_ACTIONS as readonly string[]).includes(specialAction)) {
    violation(
      'AA-7',
      'in close combat a face card may announce only dig-in, mass-fire, rally or sprint',
      'invalid',
    );
  }
  if (specialAction === 'sprint' && unitType !== 'light-infantry') {
    violation('AA-7', 'only light infantry may announce sprint', 'invalid');
  }
  return specialAction;
}

/** AA-6, AA-9: A–10 and a Joker allow movement; a face card only through Sprint (light infantry). */
export function allowsMovement(card: Card, specialAction: string | null): boolean {
  if (isJoker(card) || !isFaceCard(card)) return true;
  return specialAction === 'sprint';
}

/** AA-9: Sprint multiplies a light infantry unit's movement (parameter sprintMultiplier, default 2). */
export function effectiveMovement(
  movement: number,
  specialAction: string | null,
  sprintMultiplier: number,
): number {
  return specialAction === 'sprint' ? movement * sprintMultiplier : movement;
}
