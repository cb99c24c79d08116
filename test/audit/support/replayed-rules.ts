import type { RulesetRef } from '../../../src/rules/common/ruleset-ref.js';
import { currentMatchRules } from '../../../src/rulesets/registry.js';

/**
 * What a report's `rules` says of a log recorded under `recorded` and the current match-level rules,
 * when the verifier replayed it with exactly that code.
 */
export function replayedWithTheSameCode(recorded: RulesetRef) {
  return {
    ruleset: recorded,
    replay: 'same-code',
    replayedHash: recorded.hash,
    matchRules: {
      recorded: currentMatchRules.version,
      replayedWith: currentMatchRules.version,
      replay: 'same-code',
    },
    message: `${recorded.id} ${recorded.version} (hash ${recorded.hash.slice(0, 8)}…), match rules ${currentMatchRules.version}, replayed with the same code`,
  };
}
