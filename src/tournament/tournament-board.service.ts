import { Injectable, NotFoundException } from '@nestjs/common';
import type { RecordedEvent } from '../event-store/event-store.port.js';
import type { Tournament } from '../rules/tournament/index.js';
import { type Page, pageBy } from './page-cursor.js';
import { RefereeResults } from './referee-results.js';
import { TournamentConduct } from './tournament-conduct.service.js';
import { clockMoves, digestOf, KeptTournamentViews } from './kept-tournament-views.js';
import {
  type ParticipantView,
  participantView,
  type RoundView,
  standingsCsv,
  type TournamentStandingsView,
} from './tournament-views.js';

/**
 * A read of the board: what its answer is a function of (besides the route and its query), and the
 * answer, computed only when asked for (a caller that holds it already is answered without it).
 */
export interface BoardRead<T> {
  /**
   * The digest of the views the answer is made of; undefined while the answer changes with time
   * alone (a round clock counting down), which no validator stands for.
   */
  validator: readonly string[] | undefined;
  answer(): T;
}

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

  async current(tournamentId: string): Promise<{ state: Tournament; events: readonly RecordedEvent[] }> {
    const loaded = await this.conduct.load(tournamentId);
    return (await this.referee.catchUp(tournamentId, loaded.state))
      ? this.conduct.load(tournamentId)
      : loaded;
  }

  async participants(
    tournamentId: string,
    limit: number,
    cursor?: string,
  ): Promise<BoardRead<Page<ParticipantView>>> {
    const { state } = await this.conduct.load(tournamentId);
    return {
      validator: [this.views.participantsDigest(state)],
      answer: () => pageBy(this.views.participants(state), (p) => p.registered, limit, cursor),
    };
  }

  async participant(tournamentId: string, participantId: string): Promise<BoardRead<ParticipantView>> {
    const { state } = await this.conduct.load(tournamentId);
    const found = state.participants.find((p) => p.participantId === participantId);
    if (!found) throw new NotFoundException(`tournament ${tournamentId} has no participant ${participantId}`);
    const view = participantView(found);
    return { validator: [digestOf(view)], answer: () => view };
  }

  async rounds(tournamentId: string, limit: number, cursor?: string): Promise<BoardRead<Page<RoundView>>> {
    const { state } = await this.current(tournamentId);
    const now = new Date().toISOString();
    const moving = state.rounds.some((round) => clockMoves(round, now));
    return {
      validator: moving ? undefined : [this.views.roundsDigest(state, now)],
      answer: () => pageBy(this.views.rounds(state, new Date().toISOString()), (r) => r.round, limit, cursor),
    };
  }

  async round(tournamentId: string, round: number): Promise<BoardRead<RoundView>> {
    const { state } = await this.current(tournamentId);
    const found = state.rounds.find((r) => r.round === round);
    if (!found) throw new NotFoundException(`tournament ${tournamentId} has no round ${round}`);
    const now = new Date().toISOString();
    return {
      validator: clockMoves(found, now) ? undefined : [this.views.roundDigest(state, found, now)],
      answer: () => this.views.round(state, found, new Date().toISOString()),
    };
  }

  /**
   * Undefined for a tournament run the old way, its matches naming their players and no participant
   * registered: its standings are the read model's. A tournament with neither yet is a new one, shown
   * with its setup (tables, ruleset, rounds) before its first participant registers.
   */
  async standings(tournamentId: string): Promise<BoardRead<TournamentStandingsView> | undefined> {
    const { state } = await this.current(tournamentId);
    if (runByNames(state)) return undefined;
    return {
      validator: [this.views.standingsDigest(state)],
      answer: () => this.views.standings(state),
    };
  }

  /** The standings as CSV, made of what their view is made of; undefined as for standings(). */
  async standingsCsv(tournamentId: string): Promise<BoardRead<string> | undefined> {
    const { state } = await this.current(tournamentId);
    if (runByNames(state)) return undefined;
    return { validator: [this.views.standingsDigest(state)], answer: () => standingsCsv(state) };
  }
}

/** A tournament run the old way: matches scheduled with their players' names, no participant registered. */
function runByNames(state: Tournament): boolean {
  return state.participants.length === 0 && state.schedule.length > 0;
}
