import { Injectable, NotFoundException } from '@nestjs/common';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import { type Tournament, tournamentRulesVersion } from '../rules/tournament/index.js';
import { type Page, pageBy } from './page-cursor.js';
import { RefereeResults } from './referee-results.js';
import { TournamentConduct } from './tournament-conduct.service.js';
import { KeptTournamentViews } from './kept-tournament-views.js';
import {
  type ParticipantView,
  participantView,
  type RoundView,
  standingsCsv,
  type TournamentStandingsView,
} from './tournament-views.js';

/**
 * The tournament as the organiser's board shows it: participants, rounds with their pairings and
 * results, standings. Read from the tournament's stream, after recording any referee match that has
 * ended since (RefereeResults.catchUp), so that a result never waits for somebody to report it.
 */
@Injectable()
export class TournamentBoard {
  private readonly views = new KeptTournamentViews();

  constructor(
    private readonly conduct: TournamentConduct,
    private readonly referee: RefereeResults,
  ) {}

  async current(tournamentId: string): Promise<{ state: Tournament; events: RecordedEvent[] }> {
    const loaded = await this.conduct.load(tournamentId);
    return (await this.referee.catchUp(tournamentId, loaded.state))
      ? this.conduct.load(tournamentId)
      : loaded;
  }

  /**
   * The version of the tournament rules it is decided and counted under, as its TournamentCreated
   * recorded it; the first for one created before versions were recorded.
   */
  async rulesVersion(tournamentId: string): Promise<string> {
    const { state } = await this.conduct.load(tournamentId);
    return tournamentRulesVersion(state.rulesVersion);
  }

  async participants(tournamentId: string, limit: number, cursor?: string): Promise<Page<ParticipantView>> {
    const { state } = await this.conduct.load(tournamentId);
    return pageBy(this.views.participants(state), (p) => p.registered, limit, cursor);
  }

  async participant(tournamentId: string, participantId: string): Promise<ParticipantView> {
    const { state } = await this.conduct.load(tournamentId);
    const found = state.participants.find((p) => p.participantId === participantId);
    if (!found) throw new NotFoundException(`tournament ${tournamentId} has no participant ${participantId}`);
    return participantView(found);
  }

  async rounds(tournamentId: string, limit: number, cursor?: string): Promise<Page<RoundView>> {
    const { state } = await this.current(tournamentId);
    return pageBy(this.views.rounds(state, new Date().toISOString()), (r) => r.round, limit, cursor);
  }

  async round(tournamentId: string, round: number): Promise<RoundView> {
    const { state } = await this.current(tournamentId);
    const found = state.rounds.find((r) => r.round === round);
    if (!found) throw new NotFoundException(`tournament ${tournamentId} has no round ${round}`);
    return this.views.round(state, found, new Date().toISOString());
  }

  /** Undefined for a tournament run the old way, without participants: its standings are the read model's. */
  async standings(tournamentId: string): Promise<TournamentStandingsView | undefined> {
    const { state } = await this.current(tournamentId);
    return state.participants.length > 0 ? this.views.standings(state) : undefined;
  }

  async standingsCsv(tournamentId: string): Promise<string> {
    const { state } = await this.current(tournamentId);
    return standingsCsv(state);
  }
}
