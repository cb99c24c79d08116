import { Injectable } from '@nestjs/common';
import type { Principal } from '../auth/principal.js';
import { participantOf, roundOf, settled } from '../rules/tournament/index.js';
import { currentRuleset } from '../rulesets/registry.js';
import { type TournamentCommandView, TournamentConduct } from './tournament-conduct.service.js';
import { TournamentService } from './tournament.service.js';

/**
 * Starting a round of a refereed tournament: the round starts, then each of its pairings gets its
 * match, of the tournament's ruleset under the version it names (any the service serves), with
 * server dice, scheduled at the pairing's table; its end reports the result (RefereeResults). Each match is scheduled under a commandId made of the start's and the table, so
 * the same start sent again (after a failure half-way) schedules what is missing and nothing twice.
 */
@Injectable()
export class RefereedTables {
  constructor(
    private readonly conduct: TournamentConduct,
    private readonly tournaments: TournamentService,
  ) {}

  async startRound(
    principal: Principal,
    tournamentId: string,
    commandId: string,
    round: number,
  ): Promise<TournamentCommandView> {
    const started = await this.conduct.run(principal, tournamentId, commandId, { type: 'StartRound', round });
    const { state } = await this.conduct.load(tournamentId);
    const ruleset = state.ruleset;
    const paired = roundOf(state, round);
    if (state.tables !== 'refereed' || !ruleset || !paired) return started;
    for (const pairing of paired.pairings) {
      if (pairing.matchId !== undefined || settled(pairing)) continue;
      const name = (id: string) => participantOf(state, id)?.name ?? id;
      await this.tournaments.schedule(principal, tournamentId, {
        commandId: `${commandId}.table-${pairing.table}`,
        round,
        table: pairing.table,
        rulesetId: ruleset.id,
        // Named only when it is not the current one: a start sent again finds the matches it created
        // before versions could be named under the same fingerprint.
        ...(ruleset.version !== currentRuleset(ruleset.id)?.version
          ? { rulesetVersion: ruleset.version }
          : {}),
        match: {
          ruleset: ruleset.id,
          sides: { A: name(pairing.A), B: name(pairing.B) },
          diceMode: 'server',
        },
      });
    }
    return started;
  }
}
