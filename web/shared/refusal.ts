import { ApiError } from './api';

/** A refusal in words, with the rule it was refused under. */
export function refusalText(error: unknown): string {
  if (error instanceof ApiError) {
    // A message that already names its rule ("C-6: …") is not told it twice.
    const named = error.ruleId === undefined || new RegExp(`\\b${error.ruleId}\\b`).test(error.message);
    return named ? error.message : `${error.message} (${error.ruleId})`;
  }
  return error instanceof Error ? error.message : String(error);
}
