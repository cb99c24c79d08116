/**
 * The seats this browser has joined: each seat's player key, kept in this origin's localStorage only,
 * never in a URL, a log or a referrer (the page sends no referrer at all). A phone that closes the tab
 * comes back to its seat; another browser has to be invited again.
 */

export interface Seat {
  token: string;
  keyId: string;
  matchId: string;
  side: string;
  label?: string;
}

const SEATS = 'umpire.table.seats';

export function seats(): Seat[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(SEATS) ?? '[]');
    return Array.isArray(parsed) ? (parsed as Seat[]).filter((s) => typeof s?.token === 'string') : [];
  } catch {
    return [];
  }
}

export function keepSeat(seat: Seat): void {
  const others = seats().filter((s) => !(s.matchId === seat.matchId && s.side === seat.side));
  localStorage.setItem(SEATS, JSON.stringify([seat, ...others]));
}

export function forgetSeat(seat: Pick<Seat, 'matchId' | 'side'>): void {
  localStorage.setItem(
    SEATS,
    JSON.stringify(seats().filter((s) => !(s.matchId === seat.matchId && s.side === seat.side))),
  );
}

/** Where a seat's unsent commands are kept. */
export function outboxKey(seat: Pick<Seat, 'matchId' | 'side'>): string {
  return `umpire.table.outbox.${seat.matchId}.${seat.side}`;
}

/** Where a seat's commitments (card and salt, AA-2) are kept until their reveal: this device only. */
export function sealedKey(seat: Pick<Seat, 'matchId' | 'side'>): string {
  return `umpire.table.sealed.${seat.matchId}.${seat.side}`;
}
