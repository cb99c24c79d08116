import { catalogOfAll } from '../event-store/typed-events.js';
import type { TournamentEvent } from '../rules/tournament/events.js';

// Moved to src/rules/tournament/ (the tournament's pure rules); this re-export keeps old imports compiling.
export * from '../rules/tournament/events.js';

/**
 * The tournament stream's events, as a reader checks them: every type of the union, once (a type added
 * to TournamentEvent and not here does not compile).
 */
export const TOURNAMENT_EVENTS = catalogOfAll<TournamentEvent>('the tournament', {
  TournamentCreated: true,
  MatchScheduled: true,
  ParticipantRegistered: true,
  ParticipantCheckedIn: true,
  ParticipantWithdrawn: true,
  ParticipantDropped: true,
  RoundOpened: true,
  PairingsPublished: true,
  RoundStarted: true,
  ByeAwarded: true,
  ResultReported: true,
  ResultConfirmed: true,
  ResultDisputed: true,
  ResultOverridden: true,
  RefereeResultRecorded: true,
  ForfeitRecorded: true,
  PairingVoided: true,
  PairingRescheduled: true,
  RoundClosed: true,
  RoundClockStarted: true,
  RoundClockPaused: true,
  RoundClockResumed: true,
  RoundClockExtended: true,
  TimeCalled: true,
});
