import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Principal } from '../auth/principal.js';
import { RecordTimeCalled } from '../match/match.commands.js';
import type { TimePolicy } from '../rules/match/events.js';
import type { TournamentCommandView } from './tournament-conduct.service.js';

/** The tournament's TimeCalled as a command's answer shows it. */
interface RoundTimeCalled {
  round: number;
  policy: TimePolicy;
  matchIds: string[];
}

/**
 * C-7: time called on a round reaches each refereed match it lists, as the match's own TimeCalled,
 * appended through the match's command path (the CommandBus) by the key that called time. Each
 * match's command is idempotent by a commandId of the tournament and the round, so calling again (the
 * same request retried, after a failure half-way) completes the matches that missed it and appends
 * nothing twice. A match that cannot take it (ended already, or played under match-level rules
 * before 2.2.0, which know no time called) is passed over: the tournament's own event stands.
 */
@Injectable()
export class TimeCalledInMatches {
  private readonly logger = new Logger('time-called');

  constructor(private readonly commands: CommandBus) {}

  async reach(principal: Principal, tournamentId: string, answer: TournamentCommandView): Promise<void> {
    const called = answer.events.find((e) => e.type === 'TimeCalled')?.data as RoundTimeCalled | undefined;
    if (!called) return;
    for (const matchId of called.matchIds) {
      try {
        await this.commands.execute(
          new RecordTimeCalled(
            matchId,
            principal,
            { commandId: `time-called-r${called.round}@${tournamentId}` },
            { policy: called.policy, round: called.round },
          ),
        );
      } catch (error) {
        this.logger.warn(
          `match ${matchId} did not record time called: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
