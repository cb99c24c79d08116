/**
 * C-6 is the rule that bad input is refused: naming it tells a person nothing the sentence does not, so a
 * page says what was wrong ("Table 2 of round 3 is given two pairings"), without "C-6: " before it.
 */
const BAD_INPUT = 'C-6';

/** A refusal's message with the rule it was refused under, named once: "HH-9: …" is not told "(HH-9)" again. */
export function withRuleNamed(message: string, ruleId: string | undefined): string {
  if (message.startsWith(`${BAD_INPUT}: `)) {
    const said = withoutRuleNamed(message, BAD_INPUT);
    return said.charAt(0).toUpperCase() + said.slice(1);
  }
  if (ruleId === BAD_INPUT) return message;
  if (ruleId === undefined || new RegExp(`\\b${ruleId}\\b`).test(message)) return message;
  return `${message} (${ruleId})`;
}

/**
 * A refusal's message where its rule is shown beside it (a rule link): the service's "HH-8: …" loses
 * its leading id, so the rule is named once. Only that id, only at the start: any other stays.
 */
export function withoutRuleNamed(message: string, ruleId: string | undefined): string {
  const prefix = `${ruleId}: `;
  return ruleId !== undefined && message.startsWith(prefix) ? message.slice(prefix.length) : message;
}
