/**
 * Which instance serves a request, from the first line of its head alone (`POST /matches/m-1/charges
 * HTTP/1.1`): every route of one match goes to the same instance, so that its folded aggregate stays
 * warm there. The same function routes a request wherever several instances share a store, on one
 * machine or behind a balancer. Routing only places work: an instance given another's match still
 * answers correctly (its append checks the expected revision, and a stale fold is read again).
 */

/** The most bytes read before a request's first line is given up on (its target is then unknown). */
export const MAX_FIRST_LINE = 8192;

/**
 * The match id named by the request's target, when it is one of /matches/<id>…; undefined when the
 * first line is not complete yet or names no match. The id is compared as sent (percent-encoded).
 */
export function matchOfRequest(head: Buffer): string | undefined {
  const end = head.indexOf(0x0a);
  if (end < 0) return undefined;
  const line = head.toString('latin1', 0, end);
  const target = line.split(' ')[1] ?? '';
  const path = target.split(/[?#]/)[0] ?? '';
  const parts = path.split('/');
  return parts[1] === 'matches' && parts[2] ? parts[2] : undefined;
}

/**
 * Whether the request is one of /projections…: the read models' status and rebuild, which the first
 * instance (the one that keeps the read models) serves.
 */
export function readModelsRequest(head: Buffer): boolean {
  const end = head.indexOf(0x0a);
  if (end < 0) return false;
  const target = head.toString('latin1', 0, end).split(' ')[1] ?? '';
  const path = target.split(/[?#]/)[0] ?? '';
  return path === '/projections' || path.startsWith('/projections/');
}

/** Whether the first line of a request has come in whole. */
export function firstLineComplete(head: Buffer): boolean {
  return head.indexOf(0x0a) >= 0;
}

/** The instance (0 … n−1) of a match: FNV-1a of its id, so every process and machine agrees. */
export function instanceOf(matchId: string, instances: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < matchId.length; i++) {
    hash ^= matchId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % instances;
}
