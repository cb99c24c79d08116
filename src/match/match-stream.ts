/** One stream per match (DESIGN.md): the match is the consistency boundary. */
export const MATCH_STREAM_PREFIX = 'match-';
export const MATCH_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function matchStream(matchId: string): string {
  return `${MATCH_STREAM_PREFIX}${matchId}`;
}

export function matchIdOf(stream: string): string | undefined {
  return stream.startsWith(MATCH_STREAM_PREFIX) ? stream.slice(MATCH_STREAM_PREFIX.length) : undefined;
}
