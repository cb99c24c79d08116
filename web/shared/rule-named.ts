/** A refusal's message with the rule it was refused under, named once: "C-6: …" is not told "(C-6)" again. */
export function withRuleNamed(message: string, ruleId: string | undefined): string {
  if (ruleId === undefined || new RegExp(`\\b${ruleId}\\b`).test(message)) return message;
  return `${message} (${ruleId})`;
}
