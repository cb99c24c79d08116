import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Principal } from '../auth/principal.js';
import { EndMatch } from '../match/match.commands.js';
import type { Outcome } from '../rules/tournament/events.js';
import type { TournamentCommandView } from './tournament-conduct.service.js';
import { TournamentConduct } from './tournament-conduct.service.js';

/** A result the desk set on a table, as a command's answer shows it. */
interface DeskResult {
  round: number;
  table: number;
  outcome?: Outcome;
  reason: string;
}

const SET_AT_THE_DESK: Record<string, string> = {
  ResultOverridden: 'result set at the desk',
  ForfeitRecorded: 'forfeit recorded at the desk',
  PairingVoided: 'pairing voided at the desk',
};

/**
 * A result set at the desk (an override, a forfeit, a void) on a refereed table whose match is still
 * in play ends that match, with the desk's outcome and reason, so that nobody plays on at a table whose
 * result stands (C-4: the organiser or a judge ends a match). It goes through the match's own command
 * path, by the key that set the result, idempotent by a commandId of the tournament's event, so a retry
 * ends a match the first attempt missed and nothing twice. A match that has ended already is passed
 * over; its referee result, recorded after, is refused as the pairing has its result (the desk's stands).
 */
@Injectable()
export class DeskResultsInMatches {
  private readonly logger = new Logger('desk-results');

  constructor(
    private readonly commands: CommandBus,
    private readonly conduct: TournamentConduct,
  ) {}

  async reach(principal: Principal, tournamentId: string, answer: TournamentCommandView): Promise<void> {
    const set = answer.events.filter((event) => Object.hasOwn(SET_AT_THE_DESK, event.type));
    if (set.length === 0) return;
    const { state } = await this.conduct.load(tournamentId);
    for (const event of set) {
      const { round, table, outcome, reason } = event.data as DeskResult;
      const matchId = state.rounds
        .find((r) => r.round === round)
        ?.pairings.find((p) => p.table === table)?.matchId;
      if (matchId === undefined) continue;
      try {
        await this.commands.execute(
          new EndMatch(
            matchId,
            principal,
            { commandId: `desk-result-${event.revision}@${tournamentId}` },
            {
              winner: outcome === 'A' || outcome === 'B' ? outcome : null,
              note: `${SET_AT_THE_DESK[event.type]}: ${reason}`,
            },
          ),
        );
      } catch (error) {
        this.logger.log(
          `match ${matchId} was not ended by the desk's result: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
