import { giveUpSeat } from '../../web/table/give-up.js';

/** A fetch that answers `status` (with `body`), and records what it was asked. */
function answering(status: number, body?: object) {
  const asked: { url: string; init?: RequestInit }[] = [];
  const fetcher = (async (url: string, init?: RequestInit) => {
    asked.push({ url, init });
    return new Response(status === 204 ? null : JSON.stringify(body ?? {}), {
      status,
      headers: { 'content-type': 'application/problem+json' },
    });
  }) as unknown as typeof fetch;
  return { fetcher, asked };
}

describe('giving a seat up: the seat’s key revokes itself before the phone forgets it', () => {
  it('asks DELETE /keys/current with the seat’s key; 204 is given up', async () => {
    const { fetcher, asked } = answering(204);
    expect(await giveUpSeat(fetcher, 'tok')).toEqual({ kind: 'given-up' });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.url).toBe('/keys/current');
    expect(asked[0]!.init?.method).toBe('DELETE');
    expect((asked[0]!.init?.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('401: the key no longer worked, so there is nothing left to give up', async () => {
    expect(await giveUpSeat(answering(401).fetcher, 'tok')).toEqual({ kind: 'already-gone' });
  });

  it('no answer (offline) and any other answer leave the key working, said as such', async () => {
    const offline = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await giveUpSeat(offline, 'tok')).toEqual({ kind: 'unreachable' });
    expect(await giveUpSeat(answering(503, { detail: 'the store is busy' }).fetcher, 'tok')).toEqual({
      kind: 'refused',
      message: 'the store is busy',
    });
    expect(await giveUpSeat(answering(500, { nothing: 1 }).fetcher, 'tok')).toEqual({
      kind: 'refused',
      message: 'the service answered 500',
    });
  });
});
