/**
 * A tournament has its own stream (DESIGN.md), `tournament-<id>`: its creation and the matches it
 * schedules, each at a round and a table. The matches themselves live in their own streams.
 */
export const TOURNAMENT_STREAM_PREFIX = 'tournament-';
export const TOURNAMENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function tournamentStream(tournamentId: string): string {
  return `${TOURNAMENT_STREAM_PREFIX}${tournamentId}`;
}

export function tournamentIdOf(stream: string): string | undefined {
  return stream.startsWith(TOURNAMENT_STREAM_PREFIX)
    ? stream.slice(TOURNAMENT_STREAM_PREFIX.length)
    : undefined;
}

/** Points for a win, a draw and a loss in the standings. */
export interface Scoring {
  win: number;
  draw: number;
  loss: number;
}

export const DEFAULT_SCORING: Scoring = { win: 3, draw: 1, loss: 0 };

/** Who plays each side, for the standings; the sides' display names when not given. */
export interface Players {
  A: string;
  B: string;
}

export type TournamentEvent =
  | { type: 'TournamentCreated'; data: { tournamentId: string; name: string; scoring: Scoring } }
  | {
      type: 'MatchScheduled';
      data: { matchId: string; round: number; table: number; players: Players | null };
    };
