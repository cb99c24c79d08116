import type { HandToHandCommand } from '../../src/rules/hand-to-hand/index.js';

/**
 * A hand-to-hand melee that can go on legally for ever, with table dice. Two units, A1 and B1, both of
 * morale 8. Side A opens: A1 charges B1 (willpower 1+2 passes: contact), impact 1 (+1 charge = 2), B1
 * tests at 8 - 2 = 6 on 1+2 and holds, A ends its turn. From then on the two stay in contact, so each
 * side's attack is a fight-back (HH-10: no willpower test, no charge bonus): B1 attacks A1, impact 1,
 * A1 holds on 1+2, B ends its turn; then A1 again, and so on. Nobody is ever destroyed, the state does
 * not grow, and every step is a command a real table would send.
 *
 * 8 steps make a round (one turn of each side); each step is one command.
 */
export const STEPS_PER_ROUND = 8;
export const MORALE = 8;
export const UNITS = [
  { unitId: 'A1', side: 'A' as const },
  { unitId: 'B1', side: 'B' as const },
];

export interface Step {
  /** The key that sends it. */
  side: 'A' | 'B';
  /** Path below /matches/:id/. */
  route: string;
  /** The HTTP body without commandId. */
  body: Record<string, unknown>;
  /** The same command as the rules see it, and the faces it rolls (for seeding a match directly). */
  command: HandToHandCommand;
  dice: number[];
}

/**
 * Step `index` (0-based, counted from the first charge of the match). Only the very first charge is a
 * real charge with a willpower roll; every later one is a fight-back and rolls nothing.
 */
export function stepOf(index: number): Step {
  const attacker = index % STEPS_PER_ROUND < 4 ? 'A' : 'B';
  const defender = attacker === 'A' ? 'B' : 'A';
  const attackerId = `${attacker}1`;
  const defenderId = `${defender}1`;
  switch (index % 4) {
    case 0: {
      const dice = index === 0 ? [1, 2] : [];
      const fields = { chargeId: 'c', attackerId, defenderId, aspect: 'front', slope: 'level' } as const;
      return {
        side: attacker,
        route: 'charges',
        body: { ...fields, ...(dice.length ? { dice } : {}) },
        command: { type: 'Charge', ...fields },
        dice,
      };
    }
    case 1:
      return {
        side: attacker,
        route: 'impact-rolls',
        body: { chargeId: 'c', dice: [1] },
        command: { type: 'RollImpact', chargeId: 'c' },
        dice: [1],
      };
    case 2:
      return {
        side: defender,
        route: 'morale-tests',
        body: { unitId: defenderId, cause: 'melee', dice: [1, 2] },
        command: { type: 'TakeMoraleTest', unitId: defenderId, cause: 'melee' },
        dice: [1, 2],
      };
    default:
      return { side: attacker, route: 'end-turn', body: {}, command: { type: 'EndTurn' }, dice: [] };
  }
}
