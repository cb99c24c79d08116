import type { FieldPath } from '../common/index.js';
import type { AtomicAfricaEvent } from './events.js';

/** The rule a value at `path` of this event (e.g. ['data', 'card']) stands on: the verifier's report. */
export function ruleIdOf(event: AtomicAfricaEvent, path: FieldPath = []): string {
  const field = path[1];
  const e = event;
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
    case 'OrderClashed':
      return field === 'card' || field === 'salt' ? 'AA-2' : 'Q-25';
    case 'FleeJudged':
      return e.data.noCard ? 'Q-21' : 'AA-6';
    case 'PursuitDecided':
      return 'AA-9';
    case 'BreakOffReported':
      return field === 'rangeInches' ? 'AA-10' : 'AA-8';
    case 'CloseCombatAttackRolled':
      return field === 'rangeInches' ? 'AA-10' : 'AA-11';
    case 'CloseCombatAttackForgone':
      return e.data.reason === 'target-in-close-combat' ? 'AA-12' : 'AA-11';
    case 'RangedAttackRolled':
      return 'AA-11';
    case 'CloseCombatEnded':
      if (field === 'fled') return 'Q-23';
      return field === 'escaped' ? 'AA-9' : 'AA-10';
    case 'TurnEnded':
      return 'C-4';
    default:
      return 'C-3';
  }
}
