import type { Outcome, Scoring, TieBreak } from './events.js';
import { type Participant, type Tournament, standingResult } from './state.js';

/**
 * Standings, pure: points by the tournament's published scoring table, then its tie-breaks in the
 * order it names them, then a final key that is never the name (a typo must not move anybody): the
 * seed (seeded first, lowest seed first), then the order of registration.
 *
 * What counts, and the tie-breaks (README, "Tournaments"):
 * - a game is a pairing of a started round whose result stands (confirmed, overridden, reported by the
 *   referee, or a forfeit); a voided pairing is no game; a bye scores `scoring.bye` (a win's points when
 *   not set) and is no game: it brings no opponent;
 * - Buchholz: the sum of the current points of every opponent met in a game (forfeits included);
 * - median Buchholz: Buchholz without the highest and the lowest opponent, with 3 opponents or more
 *   (with fewer, nothing is cut: it equals Buchholz);
 * - Sonneborn–Berger: the sum of the points of each opponent beaten, plus half of each one drawn;
 * - head-to-head: among participants still tied when it is reached, the points each scored in games
 *   between them (null on a row that was not tied by then);
 * - wins: games won (forfeits won included, byes not).
 */

export interface Game {
  round: number;
  table: number;
  opponent: string;
  /** 1 for a win, ½ for a draw, 0 for a loss. */
  score: 1 | 0.5 | 0;
  points: number;
  forfeit: boolean;
}

export interface ParticipantRecord {
  participant: Participant;
  games: Game[];
  byes: number;
  points: number;
}

export interface StandingRow {
  rank: number;
  participantId: string;
  name: string;
  club?: string;
  faction?: string;
  seed?: number;
  status: Participant['status'];
  played: number;
  won: number;
  drawn: number;
  lost: number;
  byes: number;
  points: number;
  /** The figures it was ranked by after points, in the tournament's order. */
  tieBreaks: Partial<{ [K in TieBreak]: number | null }>;
  /** The last key: seed (null: unseeded, after every seed), then the order of registration. */
  finalKey: { seed: number | null; registered: number };
}

export function pointsFor(scoring: Scoring, outcome: Outcome, side: 'A' | 'B'): number {
  if (outcome === 'draw') return scoring.draw;
  return outcome === side ? scoring.win : scoring.loss;
}

export function byePoints(scoring: Scoring): number {
  return scoring.bye ?? scoring.win;
}

/** Every participant's games, byes and points (withdrawn participants are not in the event). */
export function records(state: Tournament): Map<string, ParticipantRecord> {
  const out = new Map<string, ParticipantRecord>();
  for (const participant of state.participants) {
    if (participant.status === 'withdrawn') continue;
    out.set(participant.participantId, { participant, games: [], byes: 0, points: 0 });
  }
  for (const round of state.rounds) {
    if (round.status === 'paired') continue;
    for (const id of round.byes) {
      const record = out.get(id);
      if (!record) continue;
      record.byes += 1;
      record.points += byePoints(state.scoring);
    }
    for (const pairing of round.pairings) {
      const result = standingResult(pairing);
      if (!result) continue;
      for (const side of ['A', 'B'] as const) {
        const record = out.get(pairing[side]);
        if (!record) continue;
        const points = pointsFor(state.scoring, result.outcome, side);
        const score = result.outcome === 'draw' ? 0.5 : result.outcome === side ? 1 : 0;
        record.points += points;
        record.games.push({
          round: round.round,
          table: pairing.table,
          opponent: pairing[side === 'A' ? 'B' : 'A'],
          score,
          points,
          forfeit: result.source === 'forfeit',
        });
      }
    }
  }
  return out;
}

function opponentPoints(all: Map<string, ParticipantRecord>, record: ParticipantRecord): number[] {
  return record.games.map((g) => all.get(g.opponent)?.points ?? 0);
}

const sum = (values: number[]): number => values.reduce((a, b) => a + b, 0);

function figure(
  tieBreak: TieBreak,
  all: Map<string, ParticipantRecord>,
  record: ParticipantRecord,
  tied: ParticipantRecord[],
): number {
  switch (tieBreak) {
    case 'buchholz':
      return sum(opponentPoints(all, record));
    case 'median-buchholz': {
      const points = opponentPoints(all, record).sort((a, b) => a - b);
      return sum(points.length >= 3 ? points.slice(1, -1) : points);
    }
    case 'sonneborn-berger':
      return sum(record.games.map((g) => (all.get(g.opponent)?.points ?? 0) * g.score));
    case 'head-to-head': {
      const among = new Set(tied.map((r) => r.participant.participantId));
      return sum(record.games.filter((g) => among.has(g.opponent)).map((g) => g.points));
    }
    case 'wins':
      return record.games.filter((g) => g.score === 1).length;
  }
}

/** Ranks by points, each tie-break in turn within the rows still tied, then the final key. */
export function standings(state: Tournament): StandingRow[] {
  const all = records(state);
  const shown = new Map<string, StandingRow['tieBreaks']>();
  for (const id of all.keys()) shown.set(id, {});

  let groups: ParticipantRecord[][] = [[...all.values()]];
  const split = (
    value: (record: ParticipantRecord, group: ParticipantRecord[]) => number,
    name?: TieBreak,
  ): void => {
    groups = groups.flatMap((group) => {
      const valued = group.map((record) => ({ record, value: value(record, group) }));
      if (name) {
        for (const { record, value: v } of valued) {
          // Head-to-head means something only among rows tied when it is reached.
          shown.get(record.participant.participantId)![name] =
            name === 'head-to-head' && group.length === 1 ? null : v;
        }
      }
      valued.sort((a, b) => b.value - a.value);
      const out: ParticipantRecord[][] = [];
      let previous: number | undefined;
      for (const { record, value: v } of valued) {
        if (previous === undefined || v !== previous) out.push([]);
        out[out.length - 1]!.push(record);
        previous = v;
      }
      return out;
    });
  };
  split((record) => record.points);
  for (const tieBreak of state.tieBreaks) {
    split((record, group) => figure(tieBreak, all, record, group), tieBreak);
  }
  const ordered = groups.flatMap((group) => [...group].sort(finalKeyOrder));

  return ordered.map((record, i) => {
    const { participant, games } = record;
    return {
      rank: i + 1,
      participantId: participant.participantId,
      name: participant.name,
      ...(participant.club !== undefined ? { club: participant.club } : {}),
      ...(participant.faction !== undefined ? { faction: participant.faction } : {}),
      ...(participant.seed !== undefined ? { seed: participant.seed } : {}),
      status: participant.status,
      played: games.length,
      won: games.filter((g) => g.score === 1).length,
      drawn: games.filter((g) => g.score === 0.5).length,
      lost: games.filter((g) => g.score === 0).length,
      byes: record.byes,
      points: record.points,
      tieBreaks: shown.get(participant.participantId)!,
      finalKey: { seed: participant.seed ?? null, registered: participant.order },
    };
  });
}

/** Seeded before unseeded, lower seed first, then earlier registration. */
export function finalKeyOrder(a: { participant: Participant }, b: { participant: Participant }): number {
  const sa = a.participant.seed ?? Number.POSITIVE_INFINITY;
  const sb = b.participant.seed ?? Number.POSITIVE_INFINITY;
  if (sa !== sb) return sa < sb ? -1 : 1;
  return a.participant.order - b.participant.order;
}
