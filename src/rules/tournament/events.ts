/**
 * A tournament has its own stream (DESIGN.md), `tournament-<id>`: its creation, its participants, its
 * rounds and their pairings, every result and what judges did to them, and the referee matches it
 * schedules, each at a round and a table. The matches themselves live in their own streams.
 */
import type { ClockEvent } from './clock.js';

export const TOURNAMENT_STREAM_PREFIX = 'tournament-';
export const TOURNAMENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
export const PARTICIPANT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function tournamentStream(tournamentId: string): string {
  return `${TOURNAMENT_STREAM_PREFIX}${tournamentId}`;
}

export function tournamentIdOf(stream: string): string | undefined {
  return stream.startsWith(TOURNAMENT_STREAM_PREFIX)
    ? stream.slice(TOURNAMENT_STREAM_PREFIX.length)
    : undefined;
}

/**
 * Points for a win, a draw and a loss in the standings (the published scoring table). A bye scores
 * `bye` (a win's points when not given); a forfeit scores a win for the side that was there and a loss
 * for the side that forfeited.
 */
export interface Scoring {
  win: number;
  draw: number;
  loss: number;
  bye?: number;
}

export const DEFAULT_SCORING: Scoring = { win: 3, draw: 1, loss: 0 };

/** The tie-breaks a tournament may rank by, after points, in the order it names them. */
export const TIE_BREAKS = [
  'buchholz',
  'median-buchholz',
  'sonneborn-berger',
  'head-to-head',
  'wins',
] as const;
export type TieBreak = (typeof TIE_BREAKS)[number];
export const DEFAULT_TIE_BREAKS: readonly TieBreak[] = [
  'buchholz',
  'median-buchholz',
  'sonneborn-berger',
  'head-to-head',
];

export const PAIRING_METHODS = ['swiss', 'round-robin', 'imported'] as const;
export type PairingMethod = (typeof PAIRING_METHODS)[number];

/** Who plays each side, for the standings; the sides' display names when not given. */
export interface Players {
  A: string;
  B: string;
}

/** The participants (by id) who play sides A and B of a pairing or a match. */
export interface ParticipantSides {
  A: string;
  B: string;
}

/** A pairing at a table of a round: participant ids on sides A and B. */
export interface Pairing {
  table: number;
  A: string;
  B: string;
}

/** Who won a pairing: side A, side B, or nobody. */
export const OUTCOMES = ['A', 'B', 'draw'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface ParticipantDetails {
  participantId: string;
  name: string;
  club?: string;
  faction?: string;
  seed?: number;
  /** The table they play at whenever the pairing allows (a player who needs the accessible table). */
  preferredTable?: number;
}

type At = { round: number; table: number };

/** refereed: every pairing is played out as a match of the tournament's ruleset; report-only: players report. */
export const TABLE_MODES = ['refereed', 'report-only'] as const;
export type TableMode = (typeof TABLE_MODES)[number];

/** A ruleset and its version, as a tournament names the rules its matches are played under. */
export interface TournamentRuleset {
  id: string;
  version: string;
}

export type TournamentEvent =
  | {
      type: 'TournamentCreated';
      data: {
        tournamentId: string;
        name: string;
        scoring: Scoring;
        /** Absent in tournaments created before tie-breaks were configurable: the default ones. */
        tieBreaks?: TieBreak[];
        /** Round 1 keeps club mates apart where the field allows; absent in tournaments created before. */
        clubsApartInRoundOne?: boolean;
        /** How many rounds the tournament plays; absent: as many as the organiser opens. */
        numberOfRounds?: number;
        /** Whether its tables are refereed matches or report-only; absent: report-only. */
        tables?: TableMode;
        /** The ruleset and version its matches are played under; absent: chosen per match. */
        ruleset?: TournamentRuleset;
        /** The tournament rules' version it is decided and counted under; absent: the first (1.0.0). */
        rulesVersion?: string;
      };
    }
  | {
      type: 'MatchScheduled';
      data: {
        matchId: string;
        round: number;
        table: number;
        players: Players | null;
        /** The participants of the pairing the match plays out, when the round was paired. */
        participants?: ParticipantSides;
      };
    }
  | { type: 'ParticipantRegistered'; data: ParticipantDetails }
  | { type: 'ParticipantCheckedIn'; data: { participantId: string } }
  /** Before the first round: the participant is not in the event at all. */
  | { type: 'ParticipantWithdrawn'; data: { participantId: string; reason: string } }
  /** Between rounds: the participant keeps what they scored and is paired no more. */
  | { type: 'ParticipantDropped'; data: { participantId: string; reason: string; afterRound: number } }
  | { type: 'RoundOpened'; data: { round: number; method: PairingMethod } }
  | {
      type: 'PairingsPublished';
      data: { round: number; pairings: Pairing[]; byes: string[]; edited: boolean; reason?: string };
    }
  | { type: 'RoundStarted'; data: { round: number } }
  | { type: 'ByeAwarded'; data: { round: number; participantId: string; reason: string } }
  | { type: 'ResultReported'; data: At & { outcome: Outcome; reportedBy: string; note?: string } }
  | { type: 'ResultConfirmed'; data: At & { outcome: Outcome; confirmedBy: string } }
  | {
      type: 'ResultDisputed';
      /**
       * `report`: the disputing participant's own report, when the dispute is their report of another
       * result (absent when they disputed in words, and in events recorded before it was kept).
       */
      data: At & { disputedBy: string; reason: string; report?: { outcome: Outcome; note?: string } };
    }
  | { type: 'ResultOverridden'; data: At & { outcome: Outcome; reason: string } }
  /** A referee match of the pairing ended (MatchEnded): its result reports itself. */
  | { type: 'RefereeResultRecorded'; data: At & { outcome: Outcome; matchId: string; endedRevision: number } }
  | { type: 'ForfeitRecorded'; data: At & { forfeitedBy: string; outcome: Outcome; reason: string } }
  | { type: 'PairingVoided'; data: At & { reason: string } }
  | { type: 'PairingRescheduled'; data: At & { toTable: number; startsAt?: string; reason: string } }
  | { type: 'RoundClosed'; data: { round: number } }
  | ClockEvent;

export type TournamentEventType = TournamentEvent['type'];
export type EventData<T extends TournamentEventType> = Extract<TournamentEvent, { type: T }>['data'];
