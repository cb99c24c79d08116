/**
 * Words a player typed (a reason, a claim), quoted to end a sentence: its full stop, unless the words
 * end a sentence already (as the service's log writes them).
 */
export function quotedToEnd(text: string): string {
  return /[.!?…]$/.test(text.trim()) ? `“${text}”` : `“${text}”.`;
}
