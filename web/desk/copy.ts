/**
 * Copies text for the organiser to paste elsewhere; answers what to say of it (a browser may refuse the
 * clipboard, and the text is then to be selected and copied by hand).
 */
export async function copyText(text: string, what: string): Promise<string> {
  try {
    await navigator.clipboard.writeText(text);
    return `${what} copied.`;
  } catch {
    return `The browser did not allow copying: select the ${what.toLowerCase()} and copy it by hand.`;
  }
}
