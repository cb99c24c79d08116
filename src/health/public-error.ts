/**
 * An error message as a caller without a key may read it: file paths (a data folder, a socket) say
 * where and how the service is installed, so they are cut out. The whole message is in the log and
 * in GET /projections, for the organiser.
 */
export function withoutPaths(message: string): string {
  return message
    .replace(/\b[a-z][a-z0-9+.-]*:\/\/\S+/gi, '<address>')
    .replace(/(?:[A-Za-z]:)?(?:[\\/][^\s\\/'"`,;:()]+){2,}[\\/]?/g, '<path>');
}
