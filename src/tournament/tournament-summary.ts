import type { Tournament } from '../rules/tournament/index.js';
import {
  type ParticipantView,
  participantView,
  type RoundView,
  participantNames,
  roundView,
  standingsView,
  type TournamentStandingsView,
} from './tournament-views.js';

export const TOURNAMENT_EXPORT_FORMAT = 'umpire-tournament-export/1';

/** The first line of a tournament export: what its events add up to. */
export interface TournamentSummary {
  format: typeof TOURNAMENT_EXPORT_FORMAT;
  tournamentId: string;
  name: string;
  exportedAt: string;
  participants: ParticipantView[];
  rounds: RoundView[];
  standings: TournamentStandingsView['standings'];
  /** The matches it scheduled, in schedule order: each one's events follow the tournament's. */
  matches: string[];
}

export function tournamentSummary(state: Tournament, exportedAt: string): TournamentSummary {
  const names = participantNames(state);
  return {
    format: TOURNAMENT_EXPORT_FORMAT,
    tournamentId: state.tournamentId,
    name: state.name,
    exportedAt,
    participants: state.participants.map(participantView),
    rounds: state.rounds.map((r) => roundView(state, r, exportedAt, names)),
    standings: standingsView(state).standings,
    matches: state.schedule.map((m) => m.matchId),
  };
}
