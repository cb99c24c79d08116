import { assertNever } from '../common/decider.js';
import { evolveClock } from './clock.js';
import { DEFAULT_TIE_BREAKS, type TournamentEvent } from './events.js';
import type { PairingState, RoundState, Tournament, TournamentState } from './state.js';

/** One event applied to the tournament: the state is never changed in place. */
export function evolve(state: TournamentState, event: TournamentEvent): TournamentState {
  if (event.type === 'TournamentCreated') {
    const { tieBreaks, clubsApartInRoundOne, tables, ruleset, ...data } = event.data;
    return {
      created: true,
      ...data,
      tables: tables ?? 'report-only',
      ...(ruleset ? { ruleset: { ...ruleset } } : {}),
      tieBreaks: [...(tieBreaks ?? DEFAULT_TIE_BREAKS)],
      clubsApartInRoundOne: clubsApartInRoundOne === true,
      schedule: [],
      participants: [],
      rounds: [],
    };
  }
  if (!state.created) return state;
  return evolveTournament(state, event);
}

function withParticipant(
  state: Tournament,
  participantId: string,
  change: (p: Tournament['participants'][number]) => Partial<Tournament['participants'][number]>,
): Tournament {
  return {
    ...state,
    participants: state.participants.map((p) =>
      p.participantId === participantId ? { ...p, ...change(p) } : p,
    ),
  };
}

function withRound(
  state: Tournament,
  round: number,
  change: (r: RoundState) => Partial<RoundState>,
): Tournament {
  return { ...state, rounds: state.rounds.map((r) => (r.round === round ? { ...r, ...change(r) } : r)) };
}

function withPairing(
  state: Tournament,
  at: { round: number; table: number },
  change: (p: PairingState) => Partial<PairingState>,
): Tournament {
  return withRound(state, at.round, (r) => ({
    pairings: r.pairings.map((p) => (p.table === at.table ? { ...p, ...change(p) } : p)),
  }));
}

function evolveTournament(
  state: Tournament,
  event: Exclude<TournamentEvent, { type: 'TournamentCreated' }>,
): Tournament {
  switch (event.type) {
    case 'MatchScheduled': {
      const next = { ...state, schedule: [...state.schedule, event.data] };
      const { round, table, matchId } = event.data;
      return state.rounds.some((r) => r.round === round)
        ? withPairing(next, { round, table }, () => ({ matchId }))
        : next;
    }
    case 'ParticipantRegistered':
      return {
        ...state,
        participants: [
          ...state.participants,
          { ...event.data, order: state.participants.length + 1, checkedIn: false, status: 'active' },
        ],
      };
    case 'ParticipantCheckedIn':
      return withParticipant(state, event.data.participantId, () => ({ checkedIn: true }));
    case 'ParticipantWithdrawn':
      return withParticipant(state, event.data.participantId, () => ({ status: 'withdrawn' }));
    case 'ParticipantDropped':
      return withParticipant(state, event.data.participantId, () => ({
        status: 'dropped',
        droppedAfterRound: event.data.afterRound,
      }));
    case 'RoundOpened':
      return {
        ...state,
        rounds: [
          ...state.rounds,
          { round: event.data.round, method: event.data.method, status: 'paired', pairings: [], byes: [] },
        ],
      };
    case 'PairingsPublished':
      return withRound(state, event.data.round, () => ({
        pairings: event.data.pairings.map((p) => ({ ...p, status: 'pending' as const })),
        byes: [...event.data.byes],
      }));
    case 'RoundStarted':
      return withRound(state, event.data.round, () => ({ status: 'started' }));
    case 'ByeAwarded':
      // The bye is in the round's published byes already; the event is its record, with its reason.
      return state;
    case 'ResultReported':
      return withPairing(state, event.data, () => ({
        status: 'reported',
        reported: { outcome: event.data.outcome, by: event.data.reportedBy },
      }));
    case 'ResultConfirmed':
      return withPairing(state, event.data, () => ({
        status: 'final',
        result: { outcome: event.data.outcome, source: 'confirmed' },
      }));
    case 'ResultDisputed': {
      const { report, disputedBy } = event.data;
      return withPairing(state, event.data, () => ({
        status: 'disputed',
        ...(report ? { secondReport: { outcome: report.outcome, by: disputedBy } } : {}),
      }));
    }
    case 'ResultOverridden':
      return withPairing(state, event.data, () => ({
        status: 'final',
        result: { outcome: event.data.outcome, source: 'overridden' },
        reason: event.data.reason,
      }));
    case 'RefereeResultRecorded':
      return withPairing(state, event.data, () => ({
        status: 'final',
        result: { outcome: event.data.outcome, source: 'referee' },
      }));
    case 'ForfeitRecorded':
      return withPairing(state, event.data, () => ({
        status: 'final',
        result: { outcome: event.data.outcome, source: 'forfeit', forfeitedBy: event.data.forfeitedBy },
        reason: event.data.reason,
      }));
    case 'PairingVoided':
      return withPairing(state, event.data, () => ({
        status: 'void',
        result: undefined,
        reason: event.data.reason,
      }));
    case 'PairingRescheduled':
      return withPairing(state, event.data, () => ({
        table: event.data.toTable,
        ...(event.data.startsAt !== undefined ? { startsAt: event.data.startsAt } : {}),
      }));
    case 'RoundClosed':
      return withRound(state, event.data.round, () => ({ status: 'closed' }));
    case 'RoundClockStarted':
    case 'RoundClockPaused':
    case 'RoundClockResumed':
    case 'RoundClockExtended':
    case 'TimeCalled':
      return withRound(state, event.data.round, (r) => ({ clock: evolveClock(r.clock, event) }));
    default:
      return assertNever(event, 'tournament event');
  }
}
