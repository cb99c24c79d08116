import request from 'supertest';
import { exportETag, ifNoneMatchHolds } from '../../src/audit/export-etag.js';
import { parseExport } from '../../src/audit/export-format.js';
import { startTestApp, type TestApp } from '../e2e/support/test-app.js';
import { type MatchTable, openMatch } from '../e2e/support/umpire-client.js';

/**
 * An ended match's export is immutable, so it carries an ETag and answers 304 to a client
 * that already holds it. A match still in play carries none: its next event changes the export.
 */
describe('GET /matches/:id/export: ETag and If-None-Match', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const exportOf = (m: MatchTable, token: string, ifNoneMatch?: string) => {
    const call = request(t.url).get(`/matches/${m.matchId}/export`).set('Authorization', `Bearer ${token}`);
    return (ifNoneMatch === undefined ? call : call.set('If-None-Match', ifNoneMatch)).buffer(true);
  };

  async function playedMatch(matchId: string): Promise<MatchTable> {
    const m = await openMatch(t, { matchId, ruleset: 'hand-to-hand' });
    await m.organiser.command(`/matches/${matchId}/units`, {
      unitId: 'impi',
      name: 'Impi',
      side: 'A',
      morale: 8,
      move: 6,
    });
    return m;
  }

  it('C-3 a match in play: no ETag, and If-None-Match changes nothing', async () => {
    const m = await playedMatch('etag-live');
    const first = await exportOf(m, m.A.token!);
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBeUndefined();
    const again = await exportOf(m, m.A.token!, '*');
    expect(again.status).toBe(200);
    expect(parseExport(again.text).events).toHaveLength(2);
  });

  it('C-3 an ended match: a weak ETag, the same for every export and every reader; 304 with no body when it is sent back', async () => {
    const m = await playedMatch('etag-ended');
    await m.organiser.command(`/matches/${m.matchId}/end`, { winner: 'draw' });
    const first = await exportOf(m, m.A.token!);
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"3-[A-Za-z0-9_-]{32}"$/);
    const { events, closing } = parseExport(first.text);
    expect(events).toHaveLength(3);
    expect(closing?.checkpoint.revision).toBe(3);

    // Another reader, later: the closing line is signed again, the ETag is the same.
    const second = await exportOf(m, m.spectator.token!);
    expect(second.status).toBe(200);
    expect(second.headers.etag).toBe(etag);
    expect(parseExport(second.text).events).toEqual(events);

    for (const held of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const cached = await exportOf(m, m.B.token!, held);
      expect({ held, status: cached.status }).toEqual({ held, status: 304 });
      expect(cached.text ?? '').toBe('');
      expect(cached.headers.etag).toBe(etag);
    }
    const stale = await exportOf(m, m.B.token!, 'W/"2-somethingelse"');
    expect(stale.status).toBe(200);
    expect(parseExport(stale.text).events).toHaveLength(3);
  });

  it('C-3 a 304 is no way round the read rules: a player of another match gets 403', async () => {
    const m = await playedMatch('etag-guarded');
    const other = await playedMatch('etag-other');
    await m.organiser.command(`/matches/${m.matchId}/end`, { winner: 'A' });
    const etag = (await exportOf(m, m.A.token!)).headers.etag as string;
    expect((await exportOf(m, other.A.token!, etag)).status).toBe(403);
  });

  it('the ETag follows the head and the signing key; If-None-Match compares weakly', () => {
    const head = { stream: 'match-x', revision: 9, hash: 'ab'.repeat(32) };
    const etag = exportETag(head, 'key-1');
    expect(exportETag({ ...head }, 'key-1')).toBe(etag);
    expect(exportETag({ ...head, revision: 10 }, 'key-1')).not.toBe(etag);
    expect(exportETag({ ...head, hash: 'cd'.repeat(32) }, 'key-1')).not.toBe(etag);
    expect(exportETag(head, 'key-2')).not.toBe(etag);
    expect(ifNoneMatchHolds(undefined, etag)).toBe(false);
    expect(ifNoneMatchHolds(' * ', etag)).toBe(true);
    expect(ifNoneMatchHolds(`"a", ${etag.slice(2)}`, etag)).toBe(true);
    expect(ifNoneMatchHolds('"a", W/"b"', etag)).toBe(false);
  });
});
