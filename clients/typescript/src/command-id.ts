/**
 * A fresh commandId for a command. The service treats a repeated id as the same command (it appends
 * nothing and answers the first answer), so a retry after a timeout must reuse the id, and a new
 * command must never reuse one: a random UUID per command, kept by the caller across its retries.
 */
export function newCommandId(): string {
  return crypto.randomUUID();
}
