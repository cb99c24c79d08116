import type { Round, Seat } from '../shared/tournament-views.js';

/** The round's pairings as an edit sends them (POST …/rounds/:round/pairings): every table, every bye. */
export function asSent(round: Round) {
  return {
    pairings: round.pairings.map((p) => ({ table: p.table, A: p.A.participantId, B: p.B.participantId })),
    byes: round.byes.map((b) => b.participantId),
  };
}

export interface ByeEdit {
  pairings: { table: number; A: string; B: string }[];
  byes: string[];
  /** What the edit does, in the organiser's words: shown before it is sent and as the news after. */
  said: string;
}

/**
 * A bye given at the desk to a player seated at a table of a paired round. When the round has a bye
 * holder (the first, when it has several), the two change places: the bye holder sits in the player's
 * seat, on the same side, against the same opponent. When it has none, nobody is free to meet the
 * opponent left alone without breaking up another table, so the opponent has a bye too and the table
 * is left empty. Everyone the round had placed stays placed, which the service checks (C-6).
 * Undefined for a player not seated at a table (already on a bye, or not in the round).
 */
export function byeFor(round: Round, participantId: string): ByeEdit | undefined {
  const pairing = round.pairings.find(
    (p) => p.A.participantId === participantId || p.B.participantId === participantId,
  );
  if (!pairing) return undefined;
  const side = pairing.A.participantId === participantId ? 'A' : 'B';
  const player: Seat = pairing[side];
  const opponent: Seat = pairing[side === 'A' ? 'B' : 'A'];
  const { pairings, byes } = asSent(round);
  const holder = round.byes[0];
  if (holder) {
    return {
      pairings: pairings.map((p) => (p.table === pairing.table ? { ...p, [side]: holder.participantId } : p)),
      byes: byes.map((id) => (id === holder.participantId ? participantId : id)),
      said: `${player.name} has the bye; ${holder.name} plays ${opponent.name} at table ${pairing.table}.`,
    };
  }
  return {
    pairings: pairings.filter((p) => p.table !== pairing.table),
    byes: [...byes, participantId, opponent.participantId],
    said: `${player.name} has a bye; ${opponent.name}, left without an opponent, has a bye too (table ${pairing.table} is empty).`,
  };
}

/**
 * A player who checked in after the round was paired (a late arrival), seated at the desk: they meet
 * the round's bye holder (the first, when it has several) at a new table after the last. Undefined when
 * the round has no bye holder: nobody is free to meet them, so they sit the round out (no bye, nothing
 * scored) and the next round pairs them as it pairs everyone checked in.
 */
export function seatLateArrival(round: Round, late: Seat): ByeEdit | undefined {
  const holder = round.byes[0];
  if (!holder) return undefined;
  const { pairings, byes } = asSent(round);
  const table = Math.max(0, ...pairings.map((p) => p.table)) + 1;
  return {
    pairings: [...pairings, { table, A: holder.participantId, B: late.participantId }],
    byes: byes.filter((id) => id !== holder.participantId),
    said: `${late.name}, arrived late, plays ${holder.name} (who had the bye) at table ${table}.`,
  };
}
