import { violation } from '../common/rule-violation.js';
import type { Pairing, PairingMethod } from './events.js';
import { roundRobinRound, roundRobinRounds } from './round-robin.js';
import { finalKeyOrder, standings } from './standings.js';
import { type Tournament, pairable } from './state.js';
import { swissRound } from './swiss.js';

/**
 * A round's pairings as the service makes them, tables numbered from 1 in pairing order (the top
 * pairings on the first tables), a preferred table kept for whoever set one.
 */
export function pairRound(
  tournament: Tournament,
  round: number,
  method: Exclude<PairingMethod, 'imported'>,
): { pairings: Pairing[]; byes: string[] } {
  const made = method === 'swiss' ? swiss(tournament, round) : roundRobin(tournament, round);
  return { pairings: numberTables(tournament, made.pairings), byes: made.byes };
}

/**
 * C-6 table numbers: a pairing with a participant who prefers a table sits there, first come in
 * pairing order (side A's preference before side B's) when two want one table; every other pairing
 * takes the lowest free table in pairing order, so the numbering is the same whoever computes it.
 */
export function numberTables(tournament: Tournament, made: readonly { A: string; B: string }[]): Pairing[] {
  const preferred = new Map(
    tournament.participants.flatMap((p) =>
      p.preferredTable !== undefined ? [[p.participantId, p.preferredTable] as const] : [],
    ),
  );
  const taken = new Set<number>();
  const tables = made.map((p) => {
    const wish = [preferred.get(p.A), preferred.get(p.B)].find((t) => t !== undefined && !taken.has(t));
    if (wish !== undefined) taken.add(wish);
    return wish;
  });
  let next = 1;
  return made.map((p, i) => {
    let table = tables[i];
    if (table === undefined) {
      while (taken.has(next)) next += 1;
      table = next;
      taken.add(table);
    }
    return { table, A: p.A, B: p.B };
  });
}

/** Pairs of participants who have met in a pairing that was not voided. */
export function meetings(tournament: Tournament): Set<string> {
  const met = new Set<string>();
  for (const round of tournament.rounds) {
    for (const p of round.pairings) {
      if (p.status === 'void') continue;
      met.add(`${p.A}\n${p.B}`);
      met.add(`${p.B}\n${p.A}`);
    }
  }
  return met;
}

type Made = { pairings: { A: string; B: string }[]; byes: string[] };

function swiss(tournament: Tournament, round: number): Made {
  const players = new Set(pairable(tournament).map((p) => p.participantId));
  if (players.size < 2) violation('C-6', 'a Swiss round needs two checked-in participants at least');
  const byes = new Set(tournament.rounds.flatMap((r) => r.byes));
  const sideA = new Map<string, number>();
  for (const round of tournament.rounds) {
    for (const p of round.pairings) sideA.set(p.A, (sideA.get(p.A) ?? 0) + 1);
  }
  // Ranked as the standings rank them now: points, then the tournament's tie-breaks, then the final key.
  const entrants = standings(tournament)
    .filter((row) => players.has(row.participantId))
    .map((row) => ({
      participantId: row.participantId,
      points: row.points,
      hadBye: byes.has(row.participantId),
      sideA: sideA.get(row.participantId) ?? 0,
    }));
  const met = meetings(tournament);
  const rematch = (a: string, b: string): boolean => met.has(`${a}\n${b}`);
  const made =
    (round === 1 && tournament.clubsApartInRoundOne
      ? swissRound(entrants, clubMatesOr(tournament, rematch))
      : undefined) ?? swissRound(entrants, rematch);
  if (!made) {
    violation(
      'C-6',
      'no Swiss pairing avoids every rematch for these participants: open the round with method "imported" and the pairings',
    );
  }
  return { pairings: made!.pairings, byes: made!.bye ? [made!.bye] : [] };
}

/**
 * C-6 round 1 keeps club mates apart where the field allows: they are paired as if they had met, and
 * only when no round pairs everyone so is the round paired without it.
 */
function clubMatesOr(
  tournament: Tournament,
  met: (a: string, b: string) => boolean,
): (a: string, b: string) => boolean {
  const club = new Map(tournament.participants.map((p) => [p.participantId, p.club?.trim().toLowerCase()]));
  return (a, b) => {
    const clubA = club.get(a);
    return met(a, b) || (clubA !== undefined && clubA !== '' && clubA === club.get(b));
  };
}

function roundRobin(tournament: Tournament, round: number): Made {
  // The roster is fixed by round 1: everyone paired then (in seed, then registration order).
  const first = tournament.rounds.find((r) => r.round === 1);
  const roster = first
    ? tournament.participants.filter(
        (p) =>
          first.byes.includes(p.participantId) ||
          first.pairings.some((q) => q.A === p.participantId || q.B === p.participantId),
      )
    : pairable(tournament);
  const ordered = roster
    .map((participant) => ({ participant }))
    .sort(finalKeyOrder)
    .map((r) => r.participant.participantId);
  if (ordered.length < 2) violation('C-6', 'a round robin needs two checked-in participants at least');
  if (first && first.method !== 'round-robin')
    violation('C-6', 'round 1 was not a round robin: this tournament pairs otherwise');
  const made = roundRobinRound(ordered, round);
  if (!made) violation('C-6', `a round robin of ${ordered.length} has ${roundRobinRounds(ordered)} rounds`);
  // Someone who has dropped out is not paired: their opponent has the bye.
  const active = new Set(pairable(tournament).map((p) => p.participantId));
  const pairings = made!.pairings.filter((p) => active.has(p.A) && active.has(p.B));
  const byes = [
    ...(made!.bye && active.has(made!.bye) ? [made!.bye] : []),
    ...made!.pairings.flatMap((p) =>
      active.has(p.A) && active.has(p.B) ? [] : [p.A, p.B].filter((id) => active.has(id)),
    ),
  ];
  return { pairings, byes };
}
