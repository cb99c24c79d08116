/** A refusal's message with the rule it was refused under, named once: "C-6: …" is not told "(C-6)" again. */
export function withRuleNamed(message: string, ruleId: string | undefined): string {
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
