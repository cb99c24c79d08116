import { rulesetRef, type Side } from '../../../src/rules/common/index.js';
import {
  type AtomicAfricaEvent,
  resolveParameters,
  RULESET_ID,
  RULESET_VERSION,
  type UnitType,
} from '../../../src/rules/atomic-africa/index.js';

/**
 * Given events: what an atomic-africa match already holds, written down as events rather than
 * produced by running earlier commands. `given.spec.ts` checks each against what decide() records.
 */

type Event<Type extends AtomicAfricaEvent['type']> = Extract<AtomicAfricaEvent, { type: Type }>;

export function matchCreated(parameters?: unknown, version: string = RULESET_VERSION): Event<'MatchCreated'> {
  const resolved = resolveParameters(parameters);
  return {
    type: 'MatchCreated',
    data: {
      matchId: 'm1',
      sides: { A: 'Legion', B: 'Askari' },
      diceMode: 'table',
      diceCommitment: null,
      parameters: resolved,
      ruleset: rulesetRef(RULESET_ID, version, resolved),
      turn: 1,
      activeSide: 'A',
    },
  };
}

export function unitRegistered(
  unitId: string,
  side: Side,
  unitType: UnitType = 'infantry',
  movement = 6,
  firepower = 2,
): Event<'UnitRegistered'> {
  return {
    type: 'UnitRegistered',
    data: { unitId, name: `unit ${unitId}`, side, unitType, movement, firepower },
  };
}

/** AA-3: side A's unit first. */
export function contactReported(unitIdA: string, unitIdB: string, turn: number): Event<'ContactReported'> {
  return { type: 'ContactReported', data: { unitIds: [unitIdA, unitIdB], turn } };
}

/** C-4: turn `turn` ended; AA-3: the pairs still in contact begin the next turn in close combat. */
export function turnEnded(
  turn: number,
  activeSide: Side,
  inContact: [string, string][] = [],
  version: string = RULESET_VERSION,
): AtomicAfricaEvent[] {
  const endedSide: Side = activeSide === 'A' ? 'B' : 'A';
  return [
    version === RULESET_VERSION
      ? { type: 'TurnEnded', data: { turn, nextTurn: turn + 1, activeSide } }
      : { type: 'TurnEnded', data: { endedTurn: turn, endedSide, turn: turn + 1, activeSide } },
    ...inContact.map((unitIds): AtomicAfricaEvent => ({
      type: 'CloseCombatBegan',
      data: { unitIds, turn: turn + 1 },
    })),
  ];
}
