import canonicalize from 'canonicalize';
import { Injectable } from '@nestjs/common';
import { type Principal, recordedCommandId } from '../auth/principal.js';
import type { Actor, RecordedEvent } from '../event-store/event-store.port.js';
import { handleCommand } from '../command-loop/command-loop.js';
import { StreamBusyError } from '../match/match-errors.js';
import { violation } from '../rules/common/rule-violation.js';
import { type Tournament, type TournamentCommand, type TournamentEvent } from '../rules/tournament/index.js';
import { unknownTournament } from './tournament-scope.js';
import { TournamentService } from './tournament.service.js';

/** A tournament event as a command's answer shows it. */
export interface TournamentEventView {
  revision: number;
  type: string;
  data: unknown;
  at: string;
}

/** The answer to a tournament command: what it appended (or had appended, for a commandId sent again). */
export interface TournamentCommandView {
  tournamentId: string;
  revision: number;
  duplicate: boolean;
  events: TournamentEventView[];
}

const MAX_ATTEMPTS = 8;

/**
 * Running a tournament: participants, rounds, pairings and results, each a command decided by the
 * tournament's rules (src/rules/tournament) through the same command path as a match's
 * (handleCommand): the stream loaded, the rules asked, the events appended at the revision they were
 * decided on, and a commandId sent again answered as the first time (another command under it: C-6).
 */
@Injectable()
export class TournamentConduct {
  constructor(private readonly tournaments: TournamentService) {}

  /**
   * `caller` is a key, or the service itself (referee results); `commandId` is the client's (recorded
   * within its key) or, for the service, the recorded id itself.
   */
  run(
    caller: Principal | Actor,
    tournamentId: string,
    commandId: string,
    command: TournamentCommand,
  ): Promise<TournamentCommandView> {
    const recordedId =
      caller.role === 'system' ? commandId : recordedCommandId(caller as Principal, commandId);
    const plain = JSON.parse(JSON.stringify(command)) as TournamentCommand & Record<string, unknown>;
    const shared = this.tournaments.streamSteps(caller, tournamentId, plain);
    return handleCommand(
      {
        ...shared,
        earlierAnswer: async (_, id) => {
          const events = (await this.tournaments.find(tournamentId))?.events ?? [];
          const mine = events.filter((e) => e.metadata.commandId === id);
          if (mine.length === 0) return undefined;
          if (canonicalize(comparable(mine[0]!.metadata.command)) !== canonicalize(comparable(plain))) {
            violation('C-6', `commandId ${commandId} was already used for another command; choose a new one`);
          }
          return view(tournamentId, mine, true);
        },
        authorise: (_, tournament) => {
          if (!tournament) throw unknownTournament(tournamentId);
        },
        prepare: () => command,
        view: (_, _tournament, mine) => view(tournamentId, mine, false),
      },
      command,
      recordedId,
      {
        maxAttempts: MAX_ATTEMPTS,
        busy: () =>
          new StreamBusyError(
            `tournament ${tournamentId} changed under ${MAX_ATTEMPTS} attempts in a row; send the command again`,
          ),
      },
    );
  }

  /** The tournament folded from its stream, with its events; 404 when there is none. */
  async load(
    tournamentId: string,
  ): Promise<{ state: Tournament; events: readonly RecordedEvent<TournamentEvent>[] }> {
    const { events, state } = await this.tournaments.current(tournamentId);
    if (!state.created) throw unknownTournament(tournamentId);
    return { state, events };
  }
}

/**
 * A command as a repeated commandId is compared: without `at`, the instant the service received it
 * (the clock commands carry it), so a retry of the same command is the same command.
 */
function comparable(command: unknown): unknown {
  if (command === null || typeof command !== 'object') return command ?? null;
  const { at: _at, ...rest } = command as Record<string, unknown>;
  return rest;
}

function view(tournamentId: string, events: RecordedEvent[], duplicate: boolean): TournamentCommandView {
  return {
    tournamentId,
    revision: events[events.length - 1]!.metadata.revision,
    duplicate,
    events: events.map((e) => ({
      revision: e.metadata.revision,
      type: e.type,
      data: e.data,
      at: e.metadata.at,
    })),
  };
}
