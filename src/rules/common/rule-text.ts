/** A rule in players' words: what a page shows when a player taps a rule id. */
export interface RuleText {
  ruleId: string;
  title: string;
  text: string;
}

/** Rule texts by rule id. */
export type RuleTexts = Readonly<Record<string, Omit<RuleText, 'ruleId'>>>;
