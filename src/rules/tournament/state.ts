import type { RoundClock } from './clock.js';
import type {
  Outcome,
  PairingMethod,
  ParticipantDetails,
  ParticipantSides,
  Players,
  Scoring,
  TableMode,
  TieBreak,
  TournamentRuleset,
} from './events.js';

/** A participant as the tournament holds them. */
export interface Participant extends ParticipantDetails {
  /** 1 for the first registered: the final, deterministic tie-break key after the seed. */
  order: number;
  checkedIn: boolean;
  status: 'active' | 'withdrawn' | 'dropped';
  droppedAfterRound?: number;
}

/** How a pairing's result came to stand. */
export type ResultSource = 'confirmed' | 'overridden' | 'referee' | 'forfeit';

/** A pairing as the tournament holds it, with where its result stands. */
export interface PairingState {
  table: number;
  A: string;
  B: string;
  /** The referee match that plays it out, once scheduled. */
  matchId?: string;
  startsAt?: string;
  /** pending: nothing reported; reported: awaiting the opponent; disputed: awaiting a judge. */
  status: 'pending' | 'reported' | 'disputed' | 'final' | 'void';
  reported?: { outcome: Outcome; by: string };
  /** disputed by the opponent's own report of another result (from disputes that record it). */
  secondReport?: { outcome: Outcome; by: string };
  result?: { outcome: Outcome; source: ResultSource; forfeitedBy?: string };
  /** Why a judge or organiser decided it (an override, a forfeit) or voided it, in their words. */
  reason?: string;
}

export interface RoundState {
  round: number;
  method: PairingMethod;
  /** paired: pairings published, editable; started: being played; closed: every pairing has a result. */
  status: 'paired' | 'started' | 'closed';
  pairings: PairingState[];
  byes: string[];
  /** The round clock, once started. */
  clock?: RoundClock;
}

export interface ScheduledMatch {
  matchId: string;
  round: number;
  table: number;
  players: Players | null;
  participants?: ParticipantSides;
}

export type TournamentState =
  | { created: false }
  | {
      created: true;
      tournamentId: string;
      name: string;
      scoring: Scoring;
      tieBreaks: TieBreak[];
      clubsApartInRoundOne: boolean;
      /** How many rounds it plays, when the organiser said so at creation. */
      numberOfRounds?: number;
      tables: TableMode;
      ruleset?: TournamentRuleset;
      /** The tournament rules' version, as TournamentCreated recorded it (absent before versions were). */
      rulesVersion?: string;
      schedule: ScheduledMatch[];
      participants: Participant[];
      rounds: RoundState[];
    };

export type Tournament = Extract<TournamentState, { created: true }>;

export function participantOf(state: Tournament, participantId: string): Participant | undefined {
  return state.participants.find((p) => p.participantId === participantId);
}

export function roundOf(state: Tournament, round: number): RoundState | undefined {
  return state.rounds.find((r) => r.round === round);
}

/** The round being paired or played, if any (at most one is open at a time). */
export function openRound(state: Tournament): RoundState | undefined {
  return state.rounds.find((r) => r.status !== 'closed');
}

/** Participants who are paired from now on: checked in, neither withdrawn nor dropped. */
export function pairable(state: Tournament): Participant[] {
  return state.participants.filter((p) => p.status === 'active' && p.checkedIn);
}

/** A pairing's final result, or undefined when it has none yet (or was voided). */
export function standingResult(pairing: PairingState): PairingState['result'] {
  return pairing.status === 'final' ? pairing.result : undefined;
}

/** Whether a pairing needs nothing more for its round to close. */
export function settled(pairing: PairingState): boolean {
  return pairing.status === 'final' || pairing.status === 'void';
}
