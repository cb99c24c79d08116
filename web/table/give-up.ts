/**
 * Giving a seat up: the seat's key revokes itself (DELETE /keys/current), so that it stops working at
 * once and the desk no longer counts this phone at the table. Only then may the phone forget the key:
 * a key forgotten but not revoked still plays the seat for whoever holds a copy of this browser's storage.
 */
export type GiveUp =
  /** 204: the key was revoked now. */
  | { kind: 'given-up' }
  /** 401: the key no longer worked (revoked before, at the desk or by an answer that was lost). */
  | { kind: 'already-gone' }
  /** No answer (offline, or the connection dropped): the key may still work. */
  | { kind: 'unreachable' }
  /** Any other answer: the key still works. */
  | { kind: 'refused'; message: string };

export async function giveUpSeat(fetcher: typeof fetch, token: string): Promise<GiveUp> {
  let response: Response;
  try {
    response = await fetcher('/keys/current', {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}`, accept: 'application/json, application/problem+json' },
    });
  } catch {
    return { kind: 'unreachable' };
  }
  if (response.ok) return { kind: 'given-up' };
  if (response.status === 401) return { kind: 'already-gone' };
  let message = `the service answered ${response.status}`;
  try {
    const problem = (await response.json()) as { detail?: unknown; message?: unknown };
    const said = problem.detail ?? problem.message;
    if (typeof said === 'string' && said) message = said;
  } catch {
    // Not JSON: the status says what there is to say.
  }
  return { kind: 'refused', message };
}
