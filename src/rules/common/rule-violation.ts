/**
 * A command that breaks a rule. Carries the rule id (C-6: the 4xx names the rule) and whether the
 * command is malformed for the rules (422) or clashes with the match as it stands now (409).
 * The HTTP layer maps it to a response in one place; the rules never know about HTTP.
 */
export type ViolationKind = 'invalid' | 'conflict';

export class RuleViolation extends Error {
  constructor(
    readonly ruleId: string,
    message: string,
    readonly kind: ViolationKind = 'conflict',
  ) {
    super(`${ruleId}: ${message}`);
    this.name = 'RuleViolation';
  }
}

export function violation(ruleId: string, message: string, kind: ViolationKind = 'conflict'): never {
  throw new RuleViolation(ruleId, message, kind);
}

/**
 * C-6: a field the command does not have is refused by name, not dropped: a unit registered with the
 * other ruleset's fields would otherwise be recorded without them, silently.
 */
export function refuseFields(command: object, fields: readonly string[], what: string): void {
  for (const field of fields) {
    if ((command as Record<string, unknown>)[field] !== undefined) {
      violation('C-6', `${field} is not a field of ${what}`, 'invalid');
    }
  }
}
