import type { DomainEvent } from '../../rules/common/decider.js';
import type { HandToHandCommand, HandToHandEvent } from '../../rules/hand-to-hand/index.js';
import type { Path } from './compare.js';
import { carriedRuleId, createMatchFrom, type RulesetReplay } from './ruleset-replay.js';

/** The hand-to-hand command behind a group of events: its first event holds every field of it. */
export function handToHandCommandFrom(events: readonly DomainEvent[]): HandToHandCommand | undefined {
  const first = events[0] as HandToHandEvent | undefined;
  if (!first) return undefined;
  switch (first.type) {
    case 'MatchCreated':
      return createMatchFrom(first.data);
    case 'UnitRegistered': {
      const { unitId, name, side, morale, move } = first.data;
      return { type: 'RegisterUnit', unitId, name, side, morale, move };
    }
    case 'ChargeDeclared': {
      const { chargeId, attackerId, defenderId, aspect, slope } = first.data;
      return { type: 'Charge', chargeId, attackerId, defenderId, aspect, slope };
    }
    case 'ImpactRolled':
      return { type: 'RollImpact', chargeId: first.data.chargeId };
    case 'MoraleTested': {
      const { unitId, cause, penalty } = first.data;
      return {
        type: 'TakeMoraleTest',
        unitId,
        cause,
        // HH-18: only a shooting test carries a penalty.
        ...(cause === 'shooting' ? { penalty: penalty ?? 0 } : {}),
      };
    }
    case 'GroundGiven': {
      const { unitId, couldMove, leftTable } = first.data;
      return { type: 'ReportGiveGround', unitId, couldMove, leftTable };
    }
    case 'UnitWithdrew': {
      const { unitId, leftTable } = first.data;
      return { type: 'Withdraw', unitId, leftTable };
    }
    case 'TurnEnded':
      return { type: 'EndTurn' };
    // Consequences only: each follows a command's own event in the same append.
    case 'WillpowerTested':
    case 'ChargeFaltered':
    case 'ContactMade':
    case 'DefenderSurrendered':
    case 'AttackerVictorious':
    case 'ReformStuck':
    case 'UnitRallied':
    case 'UnitRemoved':
    case 'RallyTestRequired':
      return undefined;
    default:
      return undefined;
  }
}

const GIVE_GROUND_RULE = { reform: 'HH-11', retreat: 'HH-12', break: 'HH-13' } as const;

/** The rule a wrong value in this event breaks. */
export function handToHandRuleIdOf(event: DomainEvent, path: Path): string {
  const field = path[1];
  const e = event as HandToHandEvent;
  switch (e.type) {
    case 'MatchCreated':
      if (field === 'diceCommitment' || field === 'diceMode') return 'C-2';
      return field === 'parameters' || field === 'ruleset' ? 'C-3' : 'C-4';
    case 'UnitRegistered':
      return 'HH-1';
    case 'ChargeDeclared':
      return field === 'kind' ? 'HH-10' : 'HH-4';
    case 'WillpowerTested':
    case 'ChargeFaltered':
      return 'HH-5';
    case 'ContactMade':
      return 'HH-4';
    case 'DefenderSurrendered':
      return 'HH-9';
    case 'ImpactRolled':
      return carriedRuleId(event, path) ?? 'HH-7';
    case 'MoraleTested':
      if (field === 'roll') return 'C-1';
      if (e.data.cause === 'rally') return 'HH-13';
      if (field === 'outcome') return 'HH-3';
      if (field === 'penalty') return 'HH-18';
      if (field === 'impact' || (field === 'effectiveMorale' && e.data.cause === 'melee')) return 'HH-8';
      return 'HH-2';
    case 'AttackerVictorious':
      return 'HH-17';
    case 'GroundGiven':
      if (field === 'leftTable') return 'HH-15';
      return carriedRuleId(event, path) ?? GIVE_GROUND_RULE[e.data.outcome] ?? 'HH-11';
    case 'ReformStuck':
      return 'HH-11';
    case 'UnitRallied':
    case 'RallyTestRequired':
      return 'HH-13';
    case 'UnitWithdrew':
      return 'HH-15';
    case 'UnitRemoved':
      return carriedRuleId(event, path) ?? 'HH-14';
    case 'TurnEnded':
      return 'C-4';
    default:
      return 'C-3';
  }
}

export const handToHandReplay: RulesetReplay = {
  commandFrom: handToHandCommandFrom,
  ruleIdOf: handToHandRuleIdOf,
};
