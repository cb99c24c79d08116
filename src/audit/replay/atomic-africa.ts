import {
  type AtomicAfricaCommand,
  type AtomicAfricaEvent,
  type AtomicAfricaState,
  entry,
  orderCommitment,
  parseCard,
  sameCard,
} from '../../rules/atomic-africa/index.js';
import type { DomainEvent } from '../../rules/common/decider.js';
import { RuleViolation } from '../../rules/common/rule-violation.js';
import type { Path } from './compare.js';
import { createMatchFrom, type RulesetReplay } from './ruleset-replay.js';

/**
 * The atomic-africa command behind a group of events: its first event holds every field of it. The
 * events the rules add on their own (flee verdicts, forgone attacks, the end of a close combat, close
 * combats beginning) never begin a group.
 */
export function atomicAfricaCommandFrom(events: readonly DomainEvent[]): AtomicAfricaCommand | undefined {
  const first = events[0] as AtomicAfricaEvent | undefined;
  if (!first) return undefined;
  switch (first.type) {
    case 'MatchCreated':
      return createMatchFrom(first.data);
    case 'UnitRegistered': {
      const { unitId, name, side, unitType, movement, firepower } = first.data;
      return { type: 'RegisterUnit', unitId, name, side, unitType, movement, firepower };
    }
    case 'ContactReported':
      return { type: 'ReportContact', unitId: first.data.unitIds[0], enemyId: first.data.unitIds[1] };
    case 'OrderSealed': {
      const { unitId, turn, sealedAs, card, commitment, escrow } = first.data;
      // AA-2: the escrow rides in the command as it rode in the event; the rules never open it.
      return sealedAs === 'card'
        ? { type: 'SealOrder', unitId, turn, ...(card === null ? {} : { card }) }
        : {
            type: 'SealOrder',
            unitId,
            turn,
            ...(commitment === null ? {} : { commitment }),
            ...(escrow === undefined ? {} : { escrow }),
          };
    }
    case 'IntentDeclared': {
      const { unitId, intent, opponentId } = first.data;
      return { type: 'DeclareIntent', unitId, intent, opponentId };
    }
    case 'OrderRevealed': {
      const { unitId, card, salt, specialAction } = first.data;
      return {
        type: 'RevealOrder',
        unitId,
        card,
        ...(salt === null ? {} : { salt }),
        ...(specialAction === null ? {} : { specialAction }),
      };
    }
    case 'PursuitDecided':
      return { type: 'Pursue', unitId: first.data.unitId, pursue: first.data.pursue };
    case 'BreakOffReported': {
      const { unitId, destination, inTransit, rangeInches } = first.data;
      return {
        type: 'ReportBreakOff',
        unitId,
        destination,
        inTransit,
        ...(rangeInches === null ? {} : { rangeInches }),
      };
    }
    case 'CloseCombatAttackRolled':
      return { type: 'ResolveCloseCombat', unitId: first.data.attackerId };
    case 'RangedAttackRolled': {
      const { attackerId, targetId, rangeInches } = first.data;
      return { type: 'RangedAttack', attackerId, targetId, rangeInches };
    }
    case 'TurnEnded':
      return { type: 'EndTurn' };
    default:
      return undefined;
  }
}

export function atomicAfricaRuleIdOf(event: DomainEvent, path: Path): string {
  const field = path[1];
  const e = event as AtomicAfricaEvent;
  switch (e.type) {
    case 'MatchCreated':
      if (field === 'diceCommitment' || field === 'diceMode') return 'C-2';
      if (field === 'parameters') return 'Q-11';
      return field === 'ruleset' ? 'C-3' : 'C-4';
    case 'UnitRegistered':
    case 'ContactReported':
    case 'CloseCombatBegan':
      return 'AA-3';
    case 'OrderSealed':
      return field === 'commitment' || field === 'escrow' || field === 'sealedAs' ? 'AA-2' : 'AA-1';
    case 'IntentDeclared':
      return 'AA-4';
    case 'OrderRevealed':
      if (field === 'card' || field === 'salt') return 'AA-2';
      return field === 'specialAction' ? 'AA-7' : 'AA-5';
    case 'FleeJudged':
      return 'AA-6';
    case 'PursuitDecided':
      return 'AA-9';
    case 'BreakOffReported':
      return field === 'rangeInches' ? 'AA-10' : 'AA-8';
    case 'CloseCombatAttackRolled':
      return field === 'rangeInches' ? 'AA-10' : 'AA-11';
    case 'CloseCombatAttackForgone':
    case 'RangedAttackRolled':
      return 'AA-11';
    case 'CloseCombatEnded':
      return field === 'escaped' ? 'AA-9' : 'AA-10';
    case 'TurnEnded':
      return 'C-4';
    default:
      return 'C-3';
  }
}

/**
 * AA-2: the card revealed is the card sealed: the same card when it was sealed in the open, else
 * SHA-256(card|unitId|turn|salt) equals the commitment. Messages name no card.
 */
export function checkAtomicAfricaReveal(state: unknown, event: DomainEvent): string | null | undefined {
  if (event.type !== 'OrderRevealed') return undefined;
  const { unitId, card, salt, turn } = (event as Extract<AtomicAfricaEvent, { type: 'OrderRevealed' }>).data;
  const order = entry((state as AtomicAfricaState).orders, unitId);
  if (!order) return `unit ${unitId} reveals an orders card it never sealed`;
  if (order.turn !== turn)
    return `unit ${unitId} reveals for turn ${turn} an order sealed for turn ${order.turn}`;
  let revealed;
  try {
    revealed = parseCard(card, 'card');
  } catch (error) {
    return error instanceof RuleViolation ? error.message : 'the revealed card is not an orders card';
  }
  if (order.sealedAs === 'card') {
    return order.card !== null && sameCard(order.card, revealed) && salt === null
      ? null
      : `the card revealed for unit ${unitId} is not the card sealed for it`;
  }
  if (typeof salt !== 'string') return `unit ${unitId} sealed a commitment but its reveal carries no salt`;
  return orderCommitment(revealed, unitId, order.turn, salt) === order.commitment
    ? null
    : `the card and salt revealed for unit ${unitId} do not hash to the commitment sealed for it (SHA-256(card|unitId|turn|salt))`;
}

export const atomicAfricaReplay: RulesetReplay = {
  commandFrom: atomicAfricaCommandFrom,
  ruleIdOf: atomicAfricaRuleIdOf,
  checkReveal: checkAtomicAfricaReveal,
};
