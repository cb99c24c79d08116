import type { RuleText, RuleTexts } from './common/rule-text.js';
import { COMMON_RULE_TEXTS } from './common/rule-texts.js';
import { MATCH_RULE_TEXTS } from './match/rule-texts.js';

/**
 * Every rule a match of this ruleset version may name (in an outcome, a refusal or a template), in
 * players' words: the ruleset's own texts (its `ruleTexts`, kept in its folder) with the common and
 * match-level ones that go with every ruleset; undefined for no ruleset.
 */
export function ruleTextsOf(ruleset: { ruleTexts?: RuleTexts } | undefined): RuleText[] | undefined {
  if (!ruleset) return undefined;
  return Object.entries({ ...COMMON_RULE_TEXTS, ...MATCH_RULE_TEXTS, ...(ruleset.ruleTexts ?? {}) })
    .map(([ruleId, text]) => ({ ruleId, ...text }))
    .sort((a, b) => byRuleId(a.ruleId, b.ruleId));
}

/** C-*, then the ruleset's own letters, then Q-*, each in number order. */
function byRuleId(a: string, b: string): number {
  const [pa = '', na = '0'] = a.split('-');
  const [pb = '', nb = '0'] = b.split('-');
  const rank = (prefix: string) => (prefix === 'C' ? 0 : prefix === 'Q' ? 2 : 1);
  return rank(pa) - rank(pb) || pa.localeCompare(pb) || Number(na) - Number(nb);
}
