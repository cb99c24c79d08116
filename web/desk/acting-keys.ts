import type { Round } from '../shared/tournament-views.js';

/** A key as GET /keys lists it (no secret). */
export interface ListedKey {
  keyId: string;
  role: string;
  label?: string;
  matchId?: string;
  side?: 'A' | 'B';
  tournamentId?: string;
  participantId?: string;
  revoked: boolean;
  /** When it was issued: for a seat key, when its phone joined. */
  issuedAt?: string;
}

/** A key that acts for a participant, with the words the desk says of it. */
export interface ActingKey {
  keyId: string;
  words: string;
}

/**
 * The keys that act for a participant now: their own participant keys (results, confirmations,
 * disputes), and the seat keys of the sides they play in this tournament's refereed matches (a seat
 * key plays the side; it names the match and the side, not the participant). Revoked keys are left
 * out: they act for nobody.
 */
export function keysActingFor(
  participantId: string,
  tournamentId: string,
  keys: readonly ListedKey[],
  rounds: readonly Round[],
): ActingKey[] {
  const seats = new Map<string, string>();
  for (const round of rounds) {
    for (const pairing of round.pairings) {
      if (!pairing.matchId) continue;
      for (const side of ['A', 'B'] as const) {
        if (pairing[side].participantId === participantId) {
          seats.set(`${pairing.matchId} ${side}`, `table ${pairing.table} of round ${round.round}`);
        }
      }
    }
  }
  const acting: ActingKey[] = [];
  for (const key of keys) {
    if (key.revoked || key.role !== 'player') continue;
    if (key.participantId) {
      if (key.participantId === participantId && key.tournamentId === tournamentId) {
        acting.push({ keyId: key.keyId, words: 'their own key, which reports and confirms their results' });
      }
    } else if (key.matchId && key.side) {
      // A seat key issued by an unbound key names no tournament; its match says whose seat it is.
      const seat = seats.get(`${key.matchId} ${key.side}`);
      if (seat) acting.push({ keyId: key.keyId, words: `the key of their seat at ${seat}, which plays it` });
    }
  }
  return acting;
}
