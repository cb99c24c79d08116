import { ApiError } from './api';

/** A refusal in words, with the rule it was refused under. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) return `${error.message}${error.ruleId ? ` (${error.ruleId})` : ''}`;
  return error instanceof Error ? error.message : String(error);
}
