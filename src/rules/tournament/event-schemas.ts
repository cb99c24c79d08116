import {
  arrayOf,
  bool,
  int,
  type JsonSchema,
  nullable,
  num,
  object,
  oneOfWords,
  str,
} from '../common/json-schema.js';
import type { TournamentEventType } from './events.js';
import { TIME_POLICIES } from './clock.js';
import { OUTCOMES, PAIRING_METHODS, TABLE_MODES, TIE_BREAKS } from './events.js';

/**
 * The `data` of each tournament event (events.ts), for the API's document. Typed by event type, so
 * that a new one without a schema does not compile.
 */

const OUTCOME = oneOfWords(OUTCOMES);
const SIDES_OF = (description: string) => object({ A: str(), B: str() }, [], description);

/** Every event about one pairing names its round and table. */
function atTable(properties: Record<string, JsonSchema>, optional: string[] = []): JsonSchema {
  return object({ round: int(), table: int(), ...properties }, optional);
}

export const TOURNAMENT_EVENT_SCHEMAS: Readonly<Record<TournamentEventType, JsonSchema>> = {
  TournamentCreated: object(
    {
      tournamentId: str(),
      name: str(),
      scoring: object({ win: num(), draw: num(), loss: num(), bye: num() }, ['bye']),
      tieBreaks: arrayOf(oneOfWords(TIE_BREAKS), 'Absent before tie-breaks were configurable.'),
      clubsApartInRoundOne: bool(),
      numberOfRounds: int(),
      tables: oneOfWords(TABLE_MODES),
      ruleset: object({ id: str(), version: str() }),
      rulesVersion: str(),
    },
    ['tieBreaks', 'clubsApartInRoundOne', 'numberOfRounds', 'tables', 'ruleset', 'rulesVersion'],
  ),
  MatchScheduled: object(
    {
      matchId: str(),
      round: int(),
      table: int(),
      players: nullable(SIDES_OF('Who plays each side, for the standings.')),
      participants: SIDES_OF('The participant ids of the pairing the match plays out.'),
    },
    ['participants'],
  ),
  ParticipantRegistered: object(
    {
      participantId: str(),
      name: str(),
      club: str(),
      faction: str(),
      seed: int(),
      preferredTable: int(),
    },
    ['club', 'faction', 'seed', 'preferredTable'],
  ),
  ParticipantCheckedIn: object({ participantId: str() }),
  ParticipantWithdrawn: object({ participantId: str(), reason: str() }),
  ParticipantDropped: object({ participantId: str(), reason: str(), afterRound: int() }),
  RoundOpened: object({ round: int(), method: oneOfWords(PAIRING_METHODS) }),
  PairingsPublished: object(
    {
      round: int(),
      pairings: arrayOf(object({ table: int(), A: str(), B: str() })),
      byes: arrayOf(str()),
      edited: bool(),
      reason: str(),
    },
    ['reason'],
  ),
  RoundStarted: object({ round: int() }),
  ByeAwarded: object({ round: int(), participantId: str(), reason: str() }),
  ResultReported: atTable({ outcome: OUTCOME, reportedBy: str(), note: str() }, ['note']),
  ResultConfirmed: atTable({ outcome: OUTCOME, confirmedBy: str() }),
  ResultDisputed: atTable(
    { disputedBy: str(), reason: str(), report: object({ outcome: OUTCOME, note: str() }, ['note']) },
    ['report'],
  ),
  ResultOverridden: atTable({ outcome: OUTCOME, reason: str() }),
  RefereeResultRecorded: atTable({ outcome: OUTCOME, matchId: str(), endedRevision: int() }),
  ForfeitRecorded: atTable({ forfeitedBy: str(), outcome: OUTCOME, reason: str() }),
  PairingVoided: atTable({ reason: str() }),
  PairingRescheduled: atTable({ toTable: int(), startsAt: str(), reason: str() }, ['startsAt']),
  RoundClosed: object({ round: int() }),
  RoundClockStarted: object({
    round: int(),
    seconds: int(),
    policy: oneOfWords(TIME_POLICIES),
    at: str(),
  }),
  RoundClockPaused: object({ round: int(), at: str() }),
  RoundClockResumed: object({ round: int(), at: str() }),
  RoundClockExtended: object({ round: int(), seconds: int(), reason: str(), at: str() }),
  TimeCalled: object({
    round: int(),
    policy: oneOfWords(TIME_POLICIES),
    matchIds: arrayOf(str()),
    at: str(),
  }),
};
