import { ApiError } from './api';
import { withRuleNamed } from './rule-named';

/** A refusal in words, with the rule it was refused under. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) return withRuleNamed(error.message, error.ruleId);
  return error instanceof Error ? error.message : String(error);
}
