import type { FieldPath } from '../common/turn-log.js';

/** The rule a wrong value at `path` of a match-level event breaks. */
export function matchLevelRuleIdOf(event: { type: string }, path: FieldPath = []): string {
  switch (event.type) {
    case 'ClientSeedAdded':
      return 'C-2';
    case 'TimeCalled':
      return 'C-7';
    case 'MatchEnded':
      return path[1] === 'serverSeed' ? 'C-2' : 'C-4';
    default:
      return 'C-5';
  }
}
