import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import {
  EVENT_STORE,
  type EventStore,
  type RecordedEvent,
  type Subscription,
} from '../event-store/event-store.port.js';
import { lastPosition } from '../event-store/store-head.js';
import { APP_CONFIG, type AppConfig } from '../config/app-config.js';
import { MatchNotFoundError } from '../match/match-errors.js';
import { type LoadedMatch, MatchLoader } from '../match/match-loader.js';
import { isMatchLevel, type MatchLevelEvent } from '../rules/match/events.js';
import { matchIdOf, matchStream } from '../match/match-stream.js';
import { RuleViolation } from '../rules/common/rule-violation.js';
import type { Outcome, Tournament } from '../rules/tournament/index.js';

/** A match's MatchEnded as read back: the match-level event's data, narrowed by its type. */
type MatchEndedRecord = RecordedEvent & Extract<MatchLevelEvent, { type: 'MatchEnded' }>;
const isEnd = (event: RecordedEvent): event is MatchEndedRecord => isMatchLevel(event, 'MatchEnded');
import { TournamentConduct } from './tournament-conduct.service.js';
import { TournamentDirectory } from './tournament-directory.js';

const SYSTEM = { role: 'system' } as const;
/** How many events are read at a time when looking back from an ended match's head for its MatchEnded. */
const LOOK_BACK = 20;

/**
 * A referee match that ends reports its pairing's result itself: MatchEnded in the match's stream
 * becomes RefereeResultRecorded in the tournament's, decided by the tournament's rules like any result
 * (a pairing that already has one keeps it: a judge overrides). Recorded under a commandId made of the
 * match and the revision it ended at, so recording it twice (this process live, and a read catching
 * up after a restart) appends it once.
 *
 * Live: a subscription from the store's head at start, in the instances that follow the store for it
 * (with several, the first). Anything that ended while no process was listening is caught up when the
 * tournament's rounds, standings or export are read (catchUp).
 */
@Injectable()
export class RefereeResults implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('referee-results');
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly conduct: TournamentConduct,
    private readonly directory: TournamentDirectory,
    private readonly loader: MatchLoader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.refereeResults) return;
    const from = await lastPosition(this.store, 0);
    this.subscription = this.store.subscribe({ fromPosition: from }, async (event) => {
      if (!isMatchLevel(event, 'MatchEnded')) return;
      const matchId = matchIdOf(event.metadata.stream);
      if (matchId === undefined) return;
      try {
        const schedule = await this.directory.scheduleOf(matchId);
        if (schedule) await this.record(schedule.tournamentId, matchId, event);
      } catch (error) {
        // Caught up on the next read of the tournament.
        this.logger.warn(`match ${matchId}'s result not recorded yet: ${(error as Error).message}`);
      }
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.close();
  }

  /** Records the result of every paired referee match that has ended and is not recorded yet. */
  async catchUp(tournamentId: string, state: Tournament): Promise<boolean> {
    let recorded = false;
    for (const round of state.rounds) {
      if (round.status === 'paired') continue;
      for (const pairing of round.pairings) {
        if (!pairing.matchId || pairing.status === 'final' || pairing.status === 'void') continue;
        const ended = await this.endOf(pairing.matchId);
        if (ended && (await this.record(tournamentId, pairing.matchId, ended))) recorded = true;
      }
    }
    return recorded;
  }

  /**
   * The match's MatchEnded, if it has ended. Asked on every read of the rounds for each referee match
   * still in play, so it must not cost the match's length: the cached aggregate says whether it has
   * ended (nothing read for a match in play), and an ended match takes nothing after its end but
   * disputes and their rulings, so its MatchEnded is found reading back from the head a page at a time.
   */
  private async endOf(matchId: string): Promise<MatchEndedRecord | undefined> {
    let match: LoadedMatch;
    try {
      match = await this.loader.load(matchId);
    } catch (error) {
      if (error instanceof MatchNotFoundError) return undefined;
      throw error;
    }
    if (match.meta.ended === null) return undefined;
    for (let through = match.revision; through >= 1; through -= LOOK_BACK) {
      const from = Math.max(1, through - LOOK_BACK + 1);
      const page = await this.store.readStream(matchStream(matchId), {
        fromRevision: from,
        maxCount: through - from + 1,
      });
      const ended = page
        .filter((e) => e.metadata.revision <= through)
        .filter(isEnd)
        .pop();
      if (ended) return ended;
    }
    return undefined;
  }

  private async record(tournamentId: string, matchId: string, ended: MatchEndedRecord): Promise<boolean> {
    const { winner } = ended.data.result;
    const outcome: Outcome = winner ?? 'draw';
    try {
      await this.conduct.run(SYSTEM, tournamentId, `referee:${matchId}:${ended.metadata.revision}`, {
        type: 'RecordRefereeResult',
        matchId,
        outcome,
        endedRevision: ended.metadata.revision,
      });
      return true;
    } catch (error) {
      // Already recorded, or the pairing has a result a judge gave: nothing to do.
      if (error instanceof RuleViolation) return false;
      throw error;
    }
  }
}
