import { carriedRuleId, type FieldPath } from '../common/index.js';
import type { HandToHandEvent } from './events.js';

const GIVE_GROUND_RULE = { reform: 'HH-11', retreat: 'HH-12', break: 'HH-13' } as const;

/** The rule a value at `path` of this event (e.g. ['data', 'roll']) stands on: the verifier's report. */
export function ruleIdOf(event: HandToHandEvent, path: FieldPath = []): string {
  const field = path[1];
  switch (event.type) {
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
    case 'AttackEndedWithoutImpact':
      return 'Q-17';
    case 'ImpactRolled':
      return carriedRuleId(event, path) ?? 'HH-7';
    case 'MoraleTested':
      if (field === 'roll') return 'C-1';
      if (event.data.cause === 'rally') return 'HH-13';
      if (field === 'outcome') return 'HH-3';
      if (field === 'penalty') return 'HH-18';
      if (field === 'impact' || (field === 'effectiveMorale' && event.data.cause === 'melee')) return 'HH-8';
      return 'HH-2';
    case 'AttackerVictorious':
      return 'HH-17';
    case 'GroundGiven':
      if (field === 'leftTable') return 'HH-15';
      return carriedRuleId(event, path) ?? GIVE_GROUND_RULE[event.data.outcome] ?? 'HH-11';
    case 'ReformStuck':
      return 'HH-11';
    case 'UnitRallied':
    case 'RallyTestRequired':
      return 'HH-13';
    case 'UnitWithdrew':
      return carriedRuleId(event, path) ?? 'HH-15';
    case 'UnitRemoved':
      return carriedRuleId(event, path) ?? 'HH-14';
    case 'TurnEnded':
      return 'C-4';
    default:
      return 'C-3';
  }
}
