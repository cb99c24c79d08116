import type { AwaitedInput, Side } from '../../../../src/rules/common/index.js';
import type { AtomicAfricaRuleset } from '../../../../src/rules/atomic-africa/index.js';
import {
  atomicAfricaV2,
  type AtomicAfricaEvent,
  orderCommitment,
  type UnitType,
} from '../../../../src/rules/atomic-africa/index.js';
import { Match } from '../fixtures.js';
import {
  closeCombatAttackRolled,
  closeCombatEnded,
  contactReported,
  intentDeclared,
  orderRevealed,
  orderSealed,
  turnEnded,
  unitRegistered,
} from '../../../support/given-events/atomic-africa.js';

export const V2 = atomicAfricaV2.version;

/** A step the match awaits from side A's unit in the close combat of A1 and B1, which it names. */
export function awaitedOfA1B1(command: string, unitId: string, ruleId: string): AwaitedInput {
  return { command, side: 'A', unitId, ruleId, combat: { kind: 'close-combat', unitIds: ['A1', 'B1'] } };
}

export interface UnitSpec {
  unitType?: UnitType;
  movement?: number;
  firepower?: number;
}

/**
 * A version 2 match at the start of turn 3, side A to play: the units given (A… on side A, B… on side B),
 * and the pairs given reported in base contact in turn 2, so that they begin turn 3 in close combat.
 * Version 2.0.0 unless another version 2 edition is given.
 */
export function battle(
  units: Record<string, UnitSpec>,
  contacts: [string, string][] = [],
  ruleset: AtomicAfricaRuleset = atomicAfricaV2,
): Match {
  const match = new Match(ruleset).create();
  for (const [unitId, spec] of Object.entries(units)) {
    const side: Side = unitId.startsWith('A') ? 'A' : 'B';
    match.given(
      unitRegistered(unitId, side, spec.unitType ?? 'infantry', spec.movement ?? 6, spec.firepower ?? 2),
    );
  }
  match.given(...turnEnded(1, 'B', [], V2));
  match.given(...contacts.map(([a, b]) => contactReported(a, b, 2)));
  match.given(...turnEnded(2, 'A', contacts, V2));
  return match;
}

/** A1 and B1 in close combat at the start of turn 3, side A to play. */
export function duel(a: UnitSpec = {}, b: UnitSpec = {}): Match {
  return battle({ A1: a, B1: b }, [['A1', 'B1']]);
}

/** Version 2's OrderRevealed of a card sealed in the open (turn 3). */
export function revealedEvent(
  unitId: string,
  code: string,
  specialAction: string | null = null,
): AtomicAfricaEvent {
  return orderRevealed(unitId, unitId.startsWith('A') ? 'A' : 'B', code, specialAction, 3, V2);
}

/** A side's own commitment (AA-2) to a card for turn 3. */
export function sealCommitment(match: Match, unitId: string, code: string, salt: string): void {
  match.run({ type: 'SealOrder', unitId, turn: 3, commitment: orderCommitment(code, unitId, 3, salt) });
}

/** Version 2's OrderSealed of a card sealed in the open (turn 3). */
export function sealedEvent(unitId: string, code: string): AtomicAfricaEvent {
  return orderSealed(unitId, unitId.startsWith('A') ? 'A' : 'B', code, 3, V2);
}

/**
 * In turn 3, `activating` (side A) opened a close combat on `reacting`, each declaring its intent, and
 * both revealed their cards (already sealed). Under version 2, a reacting flee is judged at the second
 * reveal: pass that FleeJudged in `judged`.
 */
export function declaredAndRevealed(
  [activating, aCode, aIntent]: [string, string, 'fight' | 'flee'],
  [reacting, bCode, bIntent]: [string, string, 'fight' | 'flee'],
  judged: AtomicAfricaEvent[] = [],
): AtomicAfricaEvent[] {
  return [
    intentDeclared(activating, 'A', 'activating', aIntent, reacting),
    intentDeclared(reacting, 'B', 'reacting', bIntent, activating),
    revealedEvent(activating, aCode),
    revealedEvent(reacting, bCode),
    ...judged,
  ];
}

/** Both stayed and each attacked with [1, 1] (no hit at threshold 1): the close combat is over, in contact. */
export function foughtOut(activating: string, reacting: string): AtomicAfricaEvent[] {
  return [
    closeCombatAttackRolled(activating, reacting, 'A', [1, 1]),
    closeCombatAttackRolled(reacting, activating, 'B', [1, 1]),
    // version 2 lists who fled: nobody here
    { type: 'CloseCombatEnded', data: { ...closeCombatEnded([], [activating, reacting]).data, fled: [] } },
  ];
}
