import { assertNever, type Decider } from '../common/decider.js';
import { violation } from '../common/rule-violation.js';
import type { Players, Scoring, TournamentEvent } from './events.js';

/**
 * The tournament as a decider over its own stream: created once, then matches scheduled at a round
 * and a table, one match per table and each match once. Refusals are C-6 (bad input: it names what
 * clashes) and conflicts (409): the same command may succeed against another tournament or table.
 */

export type TournamentCommand =
  | { type: 'CreateTournament'; tournamentId: string; name: string; scoring: Scoring }
  | {
      type: 'ScheduleMatch';
      matchId: string;
      round: number;
      table: number;
      players: Players | null;
      /**
       * The match the service already created for this very command, if any: a table found taken
       * then leaves it unscheduled, and the refusal says how to schedule it.
       */
      createdMatchId?: string;
    };

export type ScheduledMatch = Extract<TournamentEvent, { type: 'MatchScheduled' }>['data'];

export type TournamentState =
  | { created: false }
  | { created: true; tournamentId: string; name: string; scoring: Scoring; schedule: ScheduledMatch[] };

export function initialState(): TournamentState {
  return { created: false };
}

function requireTournament(state: TournamentState): Extract<TournamentState, { created: true }> {
  // The service answers 404 for a tournament with no stream before its rules are asked.
  if (!state.created) violation('C-6', 'the tournament does not exist');
  return state;
}

function createTournament(
  state: TournamentState,
  command: Extract<TournamentCommand, { type: 'CreateTournament' }>,
): TournamentEvent[] {
  if (state.created) violation('C-6', `tournament ${command.tournamentId} exists already`);
  const { tournamentId, name, scoring } = command;
  return [{ type: 'TournamentCreated', data: { tournamentId, name, scoring: { ...scoring } } }];
}

function scheduleMatch(
  state: TournamentState,
  command: Extract<TournamentCommand, { type: 'ScheduleMatch' }>,
): TournamentEvent[] {
  const tournament = requireTournament(state);
  const { matchId, round, table, players } = command;
  for (const scheduled of tournament.schedule) {
    if (scheduled.matchId === matchId) {
      violation('C-6', `match ${matchId} is already scheduled in tournament ${tournament.tournamentId}`);
    }
    if (scheduled.round === round && scheduled.table === table) {
      const orphan = command.createdMatchId
        ? `; match ${command.createdMatchId} was created for this command but is not scheduled: send the same command again with a free table or round to schedule it`
        : '';
      violation(
        'C-6',
        `table ${table} of round ${round} already has match ${scheduled.matchId} in tournament ${tournament.tournamentId}${orphan}`,
      );
    }
  }
  return [{ type: 'MatchScheduled', data: { matchId, round, table, players } }];
}

export function decide(state: TournamentState, command: TournamentCommand): TournamentEvent[] {
  switch (command.type) {
    case 'CreateTournament':
      return createTournament(state, command);
    case 'ScheduleMatch':
      return scheduleMatch(state, command);
    default:
      return assertNever(command, 'tournament command');
  }
}

export function evolve(state: TournamentState, event: TournamentEvent): TournamentState {
  switch (event.type) {
    case 'TournamentCreated':
      return { created: true, ...event.data, schedule: [] };
    case 'MatchScheduled':
      return state.created ? { ...state, schedule: [...state.schedule, event.data] } : state;
    default:
      return assertNever(event, 'tournament event');
  }
}

export const tournamentDecider: Decider<TournamentState, TournamentCommand, TournamentEvent> = {
  initialState,
  decide: (state, command) => decide(state, command),
  evolve,
};
