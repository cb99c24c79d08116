import { atomicAfrica } from './atomic-africa/index.js';
import { ATOMIC_AFRICA_RULE_TEXTS } from './atomic-africa/rule-texts.js';
import type { RuleText, RuleTexts } from './common/rule-text.js';
import { COMMON_RULE_TEXTS } from './common/rule-texts.js';
import { handToHand } from './hand-to-hand/index.js';
import { HAND_TO_HAND_RULE_TEXTS } from './hand-to-hand/rule-texts.js';
import { MATCH_RULE_TEXTS } from './match/rule-texts.js';
import { rulesetFor } from './registry.js';

/** Each ruleset's own rule texts, by ruleset id; the common and match-level ones go with every ruleset. */
const OWN_TEXTS: Readonly<Record<string, RuleTexts>> = {
  [handToHand.id]: HAND_TO_HAND_RULE_TEXTS,
  [atomicAfrica.id]: ATOMIC_AFRICA_RULE_TEXTS,
};

/**
 * Every rule a match of this ruleset version may name (in an outcome, a refusal or a template), in
 * players' words; undefined for a ruleset version nobody registered.
 */
export function ruleTextsOf(id: string, version: string): RuleText[] | undefined {
  if (!rulesetFor({ id, version })) return undefined;
  const own = Object.hasOwn(OWN_TEXTS, id) ? OWN_TEXTS[id]! : {};
  return Object.entries({ ...COMMON_RULE_TEXTS, ...MATCH_RULE_TEXTS, ...own })
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
