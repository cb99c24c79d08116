import canonicalize from 'canonicalize';
import { createHash } from 'node:crypto';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { actorOf, type Principal, recordedCommandId } from '../auth/principal.js';
import {
  type Actor,
  EVENT_STORE,
  type EventStore,
  type RecordedCommand,
  type RecordedEvent,
} from '../event-store/event-store.port.js';
import type { MatchCommandResult } from '../match/match-command-handler.js';
import { CreateMatch } from '../match/match.commands.js';
import { ReadModelProgress } from './read-model-ports.js';
import { RuleViolation, violation } from '../rules/common/rule-violation.js';
import { NO_DICE } from '../rules/common/dice.js';
import {
  initialState,
  type TableMode,
  type TournamentCommand,
  tournamentDecider,
  type TournamentRuleset,
  type TournamentState,
} from '../rules/tournament/index.js';
import { currentRuleset, versionsOf } from '../rulesets/registry.js';
import { type CommandSteps, handleCommand } from '../command-loop/command-loop.js';
import { StreamBusyError } from '../match/match-errors.js';
import { TournamentDirectory } from './tournament-directory.js';
import { type FoldedTournament, FoldedTournaments } from './folded-tournaments.js';
import { expectType, hasType, readTypedStream } from '../event-store/typed-events.js';
import {
  DEFAULT_SCORING,
  DEFAULT_TIE_BREAKS,
  type TieBreak,
  type ParticipantSides,
  type Players,
  type Scoring,
  type TournamentEvent,
  TOURNAMENT_EVENTS,
  tournamentStream,
} from './tournament-events.js';

export interface CreateTournamentRequest {
  commandId: string;
  tournamentId?: string;
  name: string;
  scoring?: Scoring;
  /** The tie-breaks after points, in order; the default ones when not given. */
  tieBreaks?: TieBreak[];
  /** Round 1 keeps club mates apart where the field allows. */
  clubsApartInRoundOne?: boolean;
  /** How many rounds it plays; opening one past them is refused. */
  numberOfRounds?: number;
  /** Whether its tables are refereed matches or report-only. */
  tables?: TableMode;
  /** The ruleset its matches are played under, and its version (the current one when omitted). */
  ruleset?: string;
  rulesetVersion?: string;
}

export interface TournamentCreatedView {
  tournamentId: string;
  name: string;
  scoring: Scoring;
  tieBreaks: TieBreak[];
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
  participants?: ParticipantSides;
  /** The CreateMatch command's own fields: ruleset, sides, diceMode, parameters. */
  rulesetId: string;
  /** The served version of it; absent, its current version. */
  rulesetVersion?: string;
  match: Record<string, unknown>;
}

export interface MatchScheduledView {
  tournamentId: string;
  matchId: string;
  round: number;
  table: number;
  players: Players | null;
  /** The pairing's participants, when the match plays one out. */
  participants?: ParticipantSides;
  /** True when this commandId had scheduled it before: nothing was appended. */
  duplicate: boolean;
  /** What CreateMatch answered (its first answer, for a repeated commandId). */
  match: MatchCommandResult;
}

/** How often scheduling is tried again when another schedule got into the tournament stream first. */
const MAX_ATTEMPTS = 8;

/** A tournament as its command path holds it: its events, folded, at a revision. */
interface Tournament {
  events: readonly TournamentRecord[];
  state: TournamentState;
  revision: number;
}

/** An event of the tournament's stream, as read back (typed by TOURNAMENT_EVENTS). */
type TournamentRecord = RecordedEvent<TournamentEvent>;
type Recorded<T extends TournamentEvent['type']> = RecordedEvent<Extract<TournamentEvent, { type: T }>>;

/** The tournament's own stream: creating it and scheduling its matches at a round and a table. */
@Injectable()
export class TournamentService {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly commands: CommandBus,
    private readonly projections: ReadModelProgress,
    private readonly directory: TournamentDirectory,
  ) {
    this.folded = new FoldedTournaments(store);
  }

  /** The schedules of each tournament running in this process, one after another (see schedule). */
  private readonly scheduling = new Map<string, Promise<unknown>>();
  /** Each tournament kept folded: a read or command reads only the events appended since. */
  private readonly folded: FoldedTournaments;

  async create(principal: Principal, request: CreateTournamentRequest): Promise<TournamentCreatedView> {
    // Without an id of the caller's, the same key and commandId always name the same tournament.
    const tournamentId = request.tournamentId ?? derivedId('t', principal.keyId, request.commandId);
    const ruleset = tournamentRuleset(request);
    const command: TournamentCommand = {
      type: 'CreateTournament',
      tournamentId,
      name: request.name,
      scoring: request.scoring ?? DEFAULT_SCORING,
      ...(request.tieBreaks ? { tieBreaks: request.tieBreaks } : {}),
      ...(request.clubsApartInRoundOne ? { clubsApartInRoundOne: true } : {}),
      ...(request.numberOfRounds !== undefined ? { numberOfRounds: request.numberOfRounds } : {}),
      ...(request.tables ? { tables: request.tables } : {}),
      ...(ruleset ? { ruleset } : {}),
    };
    const answer = async (
      created: Recorded<'TournamentCreated'>,
      duplicate: boolean,
    ): Promise<TournamentCreatedView> => {
      await this.projections.waitFor('tournaments', created.position);
      const { data } = created;
      return {
        tournamentId,
        name: data.name,
        scoring: data.scoring,
        tieBreaks: data.tieBreaks ?? [...DEFAULT_TIE_BREAKS],
        createdAt: created.metadata.at,
        duplicate,
      };
    };
    const steps: CommandSteps<
      TournamentCommand,
      Tournament,
      TournamentCommand,
      TournamentEvent[],
      TournamentCreatedView,
      TournamentEvent
    > = {
      ...this.streamSteps(principal, tournamentId),
      earlierAnswer: async (_, recordedId) => {
        const [first] = await readTypedStream(this.store, tournamentStream(tournamentId), TOURNAMENT_EVENTS, {
          maxCount: 1,
        });
        if (first?.metadata.commandId !== recordedId) return undefined;
        const created = expectType(first, 'TournamentCreated');
        const { data } = created;
        // C-6, as for match commands: a commandId sent again with another tournament is refused, not
        // answered with the first one.
        if (
          data.name !== command.name ||
          canonicalize(data.scoring) !== canonicalize(command.scoring) ||
          canonicalize(data.tieBreaks ?? null) !== canonicalize(command.tieBreaks ?? null) ||
          (data.clubsApartInRoundOne === true) !== (command.clubsApartInRoundOne === true) ||
          data.numberOfRounds !== command.numberOfRounds ||
          data.tables !== command.tables ||
          canonicalize(data.ruleset ?? null) !== canonicalize(command.ruleset ?? null)
        ) {
          violation('C-6', `commandId ${request.commandId} was already used for another tournament`);
        }
        return answer(created, true);
      },
      authorise: () => undefined,
      prepare: () => command,
      view: (_, _tournament, [created]) => answer(expectType(created, 'TournamentCreated'), false),
    };
    return handleCommand(steps, command, recordedCommandId(principal, request.commandId), {
      maxAttempts: MAX_ATTEMPTS,
      busy: () => busy(tournamentId),
    });
  }

  /**
   * The steps every tournament command shares: its stream loaded, decided on, appended to (with the
   * command recorded on its first event when given, so that a commandId sent again with another
   * command can be told apart).
   */
  streamSteps(principal: Principal | Actor, tournamentId: string, recordedCommand?: RecordedCommand) {
    const actor: Actor = principal.role === 'system' ? principal : actorOf(principal as Principal);
    const stream = tournamentStream(tournamentId);
    const load = (): Promise<Tournament | undefined> => this.folded.current(tournamentId);
    return {
      load,
      catchUp: load,
      absorb: async (_: unknown, _tournament: Tournament | undefined, events: TournamentRecord[]) => {
        await this.projections.waitFor('tournaments', events[0]!.position);
        return (await load())!;
      },
      decide: (_: unknown, tournament: Tournament | undefined, command: TournamentCommand) =>
        tournamentDecider.decide(tournament?.state ?? initialState(), command, NO_DICE),
      append: async (
        _: unknown,
        recordedId: string,
        tournament: Tournament | undefined,
        events: TournamentEvent[],
      ) => {
        const revision = tournament?.revision ?? 0;
        const result = await this.store.append(stream, events, {
          expectedRevision: revision === 0 ? 'no_stream' : revision,
          commandId: recordedId,
          actor,
          ...(recordedCommand ? { command: recordedCommand } : {}),
        });
        const recorded = result.duplicate
          ? []
          : await readTypedStream(this.store, stream, TOURNAMENT_EVENTS, {
              fromRevision: result.nextRevision - events.length + 1,
            });
        return { events: recorded, duplicate: result.duplicate };
      },
    };
  }

  /**
   * Creates the match through the CommandBus, exactly as POST /matches does, then records where it
   * plays in the tournament's stream. Both steps are idempotent by the commandId, so a retry after a
   * failure in between completes the schedule instead of making a second match.
   *
   * The match belongs to this tournament and to nothing else:
   * - a match id of the service's choosing is derived from the key, the tournament and the commandId,
   *   so the same commandId in two tournaments makes two matches;
   * - the match is created under a commandId of its own tournament (`<commandId>@<tournamentId>`, a
   *   form no client can send), so CreateMatch answers `duplicate` only to this tournament's own
   *   schedule sent again. A match that exists otherwise (scheduled in another tournament, or created
   *   with POST /matches) is refused with a 409 rather than taken over.
   *
   * Two schedules for one table (issue: orphans). The table is checked before the match is created,
   * and MatchScheduled is appended at the revision of the tournament stream that check read, so only
   * one schedule can take a table. The match cannot be created after the table is taken instead: its
   * creation is what checks the match (ruleset, sides, parameters), and a table taken for a match that
   * is then refused would stay taken by nothing. So:
   * - within this process the schedules of one tournament take turns: the second reads the first's
   *   MatchScheduled and is refused before it creates anything, and no orphan is left;
   * - between processes on one store (EventStoreDB), the one that loses the table may already have
   *   created its match. Its 409 then names that match: the same command sent again with a free table
   *   (or round) schedules it, since its creation is recognised as this command's own.
   */
  async schedule(
    principal: Principal,
    tournamentId: string,
    request: ScheduleMatchRequest,
  ): Promise<MatchScheduledView> {
    const previous = this.scheduling.get(tournamentId) ?? Promise.resolve();
    const mine = previous.then(() => this.scheduleNow(principal, tournamentId, request));
    const settled = mine.catch(() => undefined);
    this.scheduling.set(tournamentId, settled);
    try {
      return await mine;
    } finally {
      if (this.scheduling.get(tournamentId) === settled) this.scheduling.delete(tournamentId);
    }
  }

  private async scheduleNow(
    principal: Principal,
    tournamentId: string,
    request: ScheduleMatchRequest,
  ): Promise<MatchScheduledView> {
    const matchId = request.matchId ?? derivedId('m', principal.keyId, tournamentId, request.commandId);
    /** The match this call has created (or found created by this command), while it is not scheduled. */
    let created: string | undefined;
    let match: MatchCommandResult | undefined;
    const commandFor = (): TournamentCommand => ({
      type: 'ScheduleMatch',
      matchId,
      round: request.round,
      table: request.table,
      players: request.players ?? null,
      ...(request.participants ? { participants: request.participants } : {}),
      ...(created ? { createdMatchId: created } : {}),
    });
    const shared = this.streamSteps(principal, tournamentId);
    const steps: CommandSteps<
      ScheduleMatchRequest,
      Tournament,
      TournamentCommand,
      TournamentEvent[],
      MatchScheduledView,
      TournamentEvent
    > = {
      ...shared,
      earlierAnswer: async (_, recordedId) => {
        const events = (await this.find(tournamentId))?.events ?? [];
        const earlier = events
          .filter((e) => hasType(e, 'MatchScheduled'))
          .find((e) => e.metadata.commandId === recordedId);
        return earlier ? this.repeat(principal, tournamentId, earlier, request) : undefined;
      },
      authorise: (_, tournament) => {
        if (!tournament) throw new NotFoundException(`tournament ${tournamentId} does not exist`);
      },
      // The match is created here, through the CommandBus; the table is checked first, so that a
      // refusal leaves no orphan.
      prepare: async (_, tournament) => {
        shared.decide(request, tournament, commandFor());
        if (principal.tournamentId !== undefined && request.matchId !== undefined) {
          throw new BadRequestException({
            message: boundKeyNamesNoMatch(principal.tournamentId),
            field: 'matchId',
          });
        }
        const state = tournament!.state;
        assertPlaysTournamentRuleset(tournamentId, state.created ? state.ruleset : undefined, request);
        match = await this.createScheduledMatch(principal, tournamentId, matchId, request);
        created = matchId;
        if (match.duplicate) await this.assertNotElsewhere(principal, tournamentId, matchId);
        return commandFor();
      },
      view: (_, _tournament, [recorded]) =>
        this.view(tournamentId, expectType(recorded, 'MatchScheduled'), false, match!),
    };
    return handleCommand(steps, request, recordedCommandId(principal, request.commandId), {
      maxAttempts: MAX_ATTEMPTS,
      busy: () => busy(tournamentId),
    });
  }

  /**
   * The same commandId again: the first answer, as for every command (C-6: a commandId sent again with
   * another schedule is refused). CreateMatch itself refuses the same id with another match.
   */
  private async repeat(
    principal: Principal,
    tournamentId: string,
    earlier: Recorded<'MatchScheduled'>,
    request: ScheduleMatchRequest,
  ): Promise<MatchScheduledView> {
    const first = earlier.data;
    const players = request.players ?? null;
    if (
      (request.matchId !== undefined && request.matchId !== first.matchId) ||
      request.round !== first.round ||
      request.table !== first.table ||
      // Names the service took from the participants were not the request's own.
      ((request.players !== undefined || !first.participants) &&
        (players?.A !== first.players?.A || players?.B !== first.players?.B)) ||
      (request.participants !== undefined &&
        (request.participants.A !== first.participants?.A ||
          request.participants.B !== first.participants?.B))
    ) {
      violation(
        'C-6',
        `commandId ${request.commandId} was already used to schedule match ${first.matchId} at round ${first.round}, table ${first.table}; choose a new one`,
      );
    }
    let match: MatchCommandResult;
    try {
      match = await this.createMatch(principal, tournamentId, first.matchId, request);
    } catch (error) {
      // Scheduled before the match's commandId named its tournament: it was created under the plain one.
      if (!(error instanceof RuleViolation && error.ruleId === 'C-4')) throw error;
      match = await this.createMatch(principal, tournamentId, first.matchId, request, request.commandId);
    }
    return this.view(tournamentId, earlier, true, match);
  }

  /** The tournament's events; 404 when there is no such tournament. */
  async read(tournamentId: string): Promise<readonly TournamentRecord[]> {
    return (await this.current(tournamentId)).events;
  }

  /** The tournament's events and its state folded from them, as its stream stands now; 404 when it has none. */
  async current(tournamentId: string): Promise<FoldedTournament> {
    const folded = await this.find(tournamentId);
    if (!folded) throw new NotFoundException(`tournament ${tournamentId} does not exist`);
    return folded;
  }

  /** As current(), undefined when the tournament has no stream. */
  find(tournamentId: string): Promise<FoldedTournament | undefined> {
    return this.folded.current(tournamentId);
  }

  /**
   * A match CreateMatch answered as already created by this command. The commandId it was created
   * under names this tournament, so it can only be this tournament's; checked all the same, as a
   * match scheduled in two tournaments would be counted in both.
   */
  private async assertNotElsewhere(
    principal: Principal,
    tournamentId: string,
    matchId: string,
  ): Promise<void> {
    const schedule = await this.directory.scheduleOf(matchId);
    if (schedule && schedule.tournamentId !== tournamentId) {
      violation('C-4', takenElsewhere(principal, tournamentId, matchId, schedule.tournamentId));
    }
  }

  /**
   * CreateMatch for a new schedule. A match that exists already and was not created by this schedule
   * is refused (C-4 in CreateMatch); the 409 then says where it is scheduled, if anywhere.
   */
  private async createScheduledMatch(
    principal: Principal,
    tournamentId: string,
    matchId: string,
    request: ScheduleMatchRequest,
  ): Promise<MatchCommandResult> {
    try {
      return await this.createMatch(principal, tournamentId, matchId, request);
    } catch (error) {
      if (!(error instanceof RuleViolation && error.ruleId === 'C-4')) throw error;
      const schedule = await this.directory.scheduleOf(matchId);
      violation('C-4', takenElsewhere(principal, tournamentId, matchId, schedule?.tournamentId));
    }
  }

  /** CreateMatch under the commandId of this tournament's schedule (see schedule). */
  private createMatch(
    principal: Principal,
    tournamentId: string,
    matchId: string,
    request: ScheduleMatchRequest,
    commandId = `${request.commandId}@${tournamentId}`,
  ): Promise<MatchCommandResult> {
    // Plain JSON, as the command is recorded and hashed as JSON.
    const fields = JSON.parse(JSON.stringify(request.match)) as Record<string, unknown>;
    return this.commands.execute(
      new CreateMatch(
        matchId,
        principal,
        { ...fields, commandId },
        { matchId },
        request.rulesetId,
        request.rulesetVersion,
      ),
    );
  }

  private view(
    tournamentId: string,
    recorded: Recorded<'MatchScheduled'>,
    duplicate: boolean,
    match: MatchCommandResult,
  ): MatchScheduledView {
    return { tournamentId, ...recorded.data, duplicate, match };
  }
}

/**
 * A tournament that names its ruleset and version plays every match under them: a match scheduled
 * with another ruleset or another version (one not named is the current one) is refused, naming the
 * field and what to send. Only new schedules are checked; a repeat answers what was recorded.
 */
function assertPlaysTournamentRuleset(
  tournamentId: string,
  named: TournamentRuleset | undefined,
  request: ScheduleMatchRequest,
): void {
  if (!named) return;
  if (request.rulesetId !== named.id) {
    throw new BadRequestException({
      message: `ruleset: tournament ${tournamentId} is played under ${named.id}, not ${request.rulesetId}`,
      field: 'ruleset',
    });
  }
  const version = request.rulesetVersion ?? currentRuleset(named.id)?.version;
  if (version !== named.version) {
    throw new BadRequestException({
      message: `rulesetVersion: tournament ${tournamentId} is played under ${named.id} ${named.version}, not ${version}; send rulesetVersion ${named.version}`,
      field: 'rulesetVersion',
    });
  }
}

/**
 * The 409 for a match id taken outside this tournament. Only a key that sees every tournament is told
 * where the match is: a key bound to a tournament learns nothing about the others (the id is taken,
 * and that is all).
 */
function takenElsewhere(
  principal: Principal,
  tournamentId: string,
  matchId: string,
  elsewhere: string | undefined,
): string {
  return elsewhere && !principal.tournamentId
    ? `match ${matchId} is already scheduled in tournament ${elsewhere}`
    : `match ${matchId} exists already and is not a match of tournament ${tournamentId}; schedule a new match`;
}

/**
 * A key bound to a tournament names no new match id: whether an id it chose is free would tell it that
 * a match of that id exists outside its tournament, where every read answers 404 for it. Refused the
 * same whether the id is free or taken, and before anything is created; an id already scheduled in its
 * own tournament is the tournament's 409 (C-6) and a commandId sent again gets its first answer.
 */
function boundKeyNamesNoMatch(tournamentId: string): string {
  return `matchId: a key bound to tournament ${tournamentId} does not name new match ids; leave matchId out and the service chooses one`;
}

function busy(tournamentId: string): StreamBusyError {
  return new StreamBusyError(
    `tournament ${tournamentId} changed under ${MAX_ATTEMPTS} attempts in a row; send the command again`,
  );
}

/** An id of the service's choosing: the same parts always give the same id (parts hold no ':' but the last). */
function derivedId(prefix: string, ...parts: string[]): string {
  return `${prefix}-${createHash('sha256').update(parts.join(':')).digest('hex').slice(0, 20)}`;
}

/**
 * The ruleset a tournament names, checked against the registry (400 naming the field): a known
 * ruleset, and a version of it the service serves (its current one when omitted). Its refereed
 * matches are created under that version, and keep it for life.
 */
function tournamentRuleset(request: CreateTournamentRequest): TournamentRuleset | undefined {
  if (request.ruleset === undefined) {
    // A refereed table is a match, and a match is played under one ruleset.
    if (request.tables === 'refereed')
      throw new BadRequestException({
        message: 'ruleset: a refereed tournament names its ruleset',
        field: 'ruleset',
      });
    if (request.rulesetVersion !== undefined)
      throw new BadRequestException({
        message: 'rulesetVersion goes with a ruleset',
        field: 'rulesetVersion',
      });
    return undefined;
  }
  const current = currentRuleset(request.ruleset);
  if (!current) throw new BadRequestException({ message: `no ruleset ${request.ruleset}`, field: 'ruleset' });
  const version = request.rulesetVersion ?? current.version;
  const served = versionsOf(request.ruleset).map((r) => r.version);
  if (!served.includes(version)) {
    throw new BadRequestException({
      message: `rulesetVersion: ${request.ruleset} has no version ${version} (served: ${served.join(', ')})`,
      field: 'rulesetVersion',
    });
  }
  return { id: request.ruleset, version };
}
