import { createHash } from 'node:crypto';
import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { actorOf, type Principal, recordedCommandId } from '../auth/principal.js';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '../event-store/event-store.port.js';
import { WrongExpectedRevisionError } from '../event-store/wrong-expected-revision.error.js';
import type { MatchCommandResult } from '../match/command-runner.js';
import { CreateMatch } from '../match/match.commands.js';
import { ProjectionRunner } from '../projections/projection-runner.js';
import {
  DEFAULT_SCORING,
  type Players,
  type Scoring,
  type TournamentEvent,
  tournamentStream,
} from './tournament-events.js';

export interface CreateTournamentRequest {
  commandId: string;
  tournamentId?: string;
  name: string;
  scoring?: Scoring;
}

export interface TournamentCreatedView {
  tournamentId: string;
  name: string;
  scoring: Scoring;
  createdAt: string;
  /** True when this commandId had created it before: nothing was appended. */
  duplicate: boolean;
}

export interface ScheduleMatchRequest {
  commandId: string;
  matchId?: string;
  round: number;
  table: number;
  players?: Players;
  /** The CreateMatch command's own fields: ruleset, sides, diceMode, parameters. */
  rulesetId: string;
  match: Record<string, unknown>;
}

export interface MatchScheduledView {
  tournamentId: string;
  matchId: string;
  round: number;
  table: number;
  players: Players | null;
  /** True when this commandId had scheduled it before: nothing was appended. */
  duplicate: boolean;
  /** What CreateMatch answered (its first answer, for a repeated commandId). */
  match: MatchCommandResult;
}

/** How often scheduling is tried again when another schedule got into the tournament stream first. */
const MAX_ATTEMPTS = 8;

/** The tournament's own stream: creating it and scheduling its matches at a round and a table. */
@Injectable()
export class TournamentService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionRunner,
  ) {}

  async create(principal: Principal, request: CreateTournamentRequest): Promise<TournamentCreatedView> {
    // Without an id of the caller's, the same key and commandId always name the same tournament.
    const tournamentId = request.tournamentId ?? derivedId('t', principal, request.commandId);
    const event: TournamentEvent = {
      type: 'TournamentCreated',
      data: { tournamentId, name: request.name, scoring: { ...(request.scoring ?? DEFAULT_SCORING) } },
    };
    let result;
    try {
      result = await this.store.append(tournamentStream(tournamentId), [event], {
        expectedRevision: 'no_stream',
        commandId: recordedCommandId(principal, request.commandId),
        actor: actorOf(principal),
      });
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError)
        throw new ConflictException(`tournament ${tournamentId} exists already`);
      throw error;
    }
    const [created] = await this.store.readStream(tournamentStream(tournamentId), { maxCount: 1 });
    await this.projections.waitFor('tournaments', result.positions[0]!);
    const data = (created as RecordedEvent<Extract<TournamentEvent, { type: 'TournamentCreated' }>['data']>)
      .data;
    return {
      tournamentId,
      name: data.name,
      scoring: data.scoring,
      createdAt: created!.metadata.at,
      duplicate: result.duplicate,
    };
  }

  /**
   * Creates the match through the CommandBus, exactly as POST /matches does, then records where it
   * plays in the tournament's stream. Both steps are idempotent by the commandId, so a retry after a
   * failure in between completes the schedule instead of making a second match.
   */
  async schedule(
    principal: Principal,
    tournamentId: string,
    request: ScheduleMatchRequest,
  ): Promise<MatchScheduledView> {
    const stream = tournamentStream(tournamentId);
    const matchId = request.matchId ?? derivedId('m', principal, request.commandId);
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const events = await this.read(tournamentId);
      const earlier = events.find(
        (e) =>
          e.type === 'MatchScheduled' &&
          e.metadata.commandId === recordedCommandId(principal, request.commandId),
      );
      if (!earlier) this.assertFree(tournamentId, events, matchId, request.round, request.table);

      const match = await this.createMatch(principal, matchId, request);
      if (earlier) return this.view(tournamentId, earlier, true, match);

      const scheduled: TournamentEvent = {
        type: 'MatchScheduled',
        data: { matchId, round: request.round, table: request.table, players: request.players ?? null },
      };
      try {
        const result = await this.store.append(stream, [scheduled], {
          expectedRevision: events[events.length - 1]!.metadata.revision,
          commandId: recordedCommandId(principal, request.commandId),
          actor: actorOf(principal),
        });
        await this.projections.waitFor('tournaments', result.positions[0]!);
        const [recorded] = await this.store.readStream(stream, { fromRevision: result.nextRevision });
        return this.view(tournamentId, recorded!, result.duplicate, match);
      } catch (error) {
        // Another match was scheduled meanwhile: look at the tables again, then try again.
        if (error instanceof WrongExpectedRevisionError) continue;
        throw error;
      }
    }
    throw new ConflictException(
      `tournament ${tournamentId} changed under ${MAX_ATTEMPTS} attempts in a row; send the command again`,
    );
  }

  /** The tournament's events; 404 when there is no such tournament. */
  async read(tournamentId: string): Promise<RecordedEvent[]> {
    const events = await this.store.readStream(tournamentStream(tournamentId));
    if (events.length === 0) throw new NotFoundException(`tournament ${tournamentId} does not exist`);
    return events;
  }

  private assertFree(
    tournamentId: string,
    events: RecordedEvent[],
    matchId: string,
    round: number,
    table: number,
  ): void {
    for (const event of events) {
      if (event.type !== 'MatchScheduled') continue;
      const data = event.data as Extract<TournamentEvent, { type: 'MatchScheduled' }>['data'];
      if (data.matchId === matchId)
        throw new ConflictException(`match ${matchId} is already scheduled in tournament ${tournamentId}`);
      if (data.round === round && data.table === table) {
        throw new ConflictException(
          `table ${table} of round ${round} already has match ${data.matchId} in tournament ${tournamentId}`,
        );
      }
    }
  }

  private createMatch(
    principal: Principal,
    matchId: string,
    request: ScheduleMatchRequest,
  ): Promise<MatchCommandResult> {
    // Plain JSON, as the command is recorded and hashed as JSON.
    const fields = JSON.parse(JSON.stringify(request.match)) as Record<string, unknown>;
    return this.commands.execute(
      new CreateMatch({
        matchId,
        commandId: request.commandId,
        principal,
        command: { type: 'CreateMatch', ...fields, matchId },
        rulesetId: request.rulesetId,
      }),
    );
  }

  private view(
    tournamentId: string,
    recorded: RecordedEvent,
    duplicate: boolean,
    match: MatchCommandResult,
  ): MatchScheduledView {
    const data = recorded.data as Extract<TournamentEvent, { type: 'MatchScheduled' }>['data'];
    return { tournamentId, ...data, duplicate, match };
  }
}

function derivedId(prefix: string, principal: Principal, commandId: string): string {
  return `${prefix}-${createHash('sha256').update(`${principal.keyId}:${commandId}`).digest('hex').slice(0, 20)}`;
}
