/** The tournament as its read routes answer it (src/tournament/tournament-views.ts), for the pages. */

export interface Seat {
  participantId: string;
  name: string;
}

export interface Pairing {
  table: number;
  A: Seat;
  B: Seat;
  matchId: string | null;
  status: 'pending' | 'reported' | 'disputed' | 'final' | 'void';
  reported: { outcome: Outcome; by: string } | null;
  /** disputed: the opponent's own report of another result, when that disputed it. */
  secondReport?: { outcome: Outcome; by: string } | null;
  result: { outcome: Outcome; source: string; forfeitedBy: string | null } | null;
  /** Why a judge or organiser decided or voided it, in their words. */
  reason?: string | null;
}

export type Outcome = 'A' | 'B' | 'draw';

export interface Clock {
  state: 'running' | 'paused' | 'called';
  seconds: number;
  policy: 'finish-turn' | 'stop-now';
  startedAt: string;
  calledAt: string | null;
  remainingSeconds: number;
  asOf: string;
}

export interface Round {
  round: number;
  method: string;
  status: 'paired' | 'started' | 'closed';
  pairings: Pairing[];
  byes: Seat[];
  clock?: Clock;
}

export interface Participant {
  participantId: string;
  name: string;
  club: string | null;
  seed: number | null;
  preferredTable?: number;
  checkedIn: boolean;
  status: 'active' | 'withdrawn' | 'dropped';
}

export interface StandingRow {
  rank: number;
  participantId: string;
  name: string;
  club?: string | null;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  /** Rounds sat out with a bye: scored, but neither won, drawn nor lost. */
  byes?: number;
  points: number;
  status?: Participant['status'];
  tieBreaks: Record<string, number | null | undefined>;
}

export interface Standings {
  tieBreaks: string[];
  rounds: number;
  /** The rounds the tournament was created with; none when rounds are paired as the day goes. */
  numberOfRounds?: number | null;
  standings: StandingRow[];
}

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** The round being played (or the last one), from the list of rounds. */
export function currentRound(rounds: Round[]): Round | undefined {
  return rounds.find((r) => r.status !== 'closed') ?? rounds[rounds.length - 1];
}

export const TIE_BREAK_NAMES: Record<string, string> = {
  buchholz: 'Buchholz',
  'median-buchholz': 'Median Buchholz',
  'sonneborn-berger': 'Sonneborn–Berger',
  'head-to-head': 'Head-to-head',
  wins: 'Wins',
};

export function outcomeWords(outcome: Outcome, pairing: Pairing): string {
  if (outcome === 'draw') return 'a draw';
  return `${pairing[outcome].name} won`;
}

/**
 * Where a table stands, in a few words. A pending table of a round not yet started is not playing:
 * it waits for the start, refereed or not.
 */
export function statusWords(pairing: Pairing, round?: Pick<Round, 'status'>): string {
  switch (pairing.status) {
    case 'pending':
      if (round?.status === 'paired')
        return pairing.matchId ? 'not started yet (refereed)' : 'not started yet';
      return pairing.matchId ? 'playing (refereed)' : 'playing';
    case 'reported':
      return `reported: ${outcomeWords(pairing.reported!.outcome, pairing)}, awaiting confirmation`;
    case 'disputed':
      return 'disputed: a judge decides';
    case 'final':
      return `${outcomeWords(pairing.result!.outcome, pairing)} (${pairing.result!.source})`;
    case 'void':
      return 'void';
  }
}

/** A commandId for one press of a button: sent again on retry, so a retry is never a second command. */
export function newCommandId(): string {
  return `page-${crypto.randomUUID()}`;
}
