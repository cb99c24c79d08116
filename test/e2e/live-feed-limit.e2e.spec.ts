import { openSse, type SseClient, sleep, tournamentWithMatches } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { issueKey } from './support/umpire-client.js';

describe('live feeds: a cap per key', () => {
  let t: TestApp;
  const open: SseClient[] = [];
  beforeAll(async () => {
    t = await startTestApp({ sseStreamsPerKey: 3 });
    await tournamentWithMatches(t, 'capped', [{ matchId: 'capped-1', table: 1 }]);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it('one feed past UMPIRE_SSE_STREAMS_PER_KEY answers 429 naming the limit; other keys are not held up; closing one frees a place', async () => {
    const screen = await issueKey(t, { role: 'spectator' });
    for (const path of [
      '/matches/capped-1/stream',
      '/tournaments/capped/stream',
      '/matches/capped-1/stream',
    ]) {
      const client = await openSse(t, path, screen.token);
      open.push(client);
      expect(client.status).toBe(200);
    }
    const fourth = await openSse(t, '/tournaments/capped/stream', screen.token);
    await sleep(50);
    expect(fourth.status).toBe(429);
    expect(JSON.parse(fourth.body).detail).toMatch(/at most 3 live feeds .*UMPIRE_SSE_STREAMS_PER_KEY/);

    const other = await issueKey(t, { role: 'spectator' });
    const theirs = await openSse(t, '/matches/capped-1/stream', other.token);
    open.push(theirs);
    expect(theirs.status).toBe(200);

    open.shift()!.close();
    let again: SseClient | undefined;
    for (let i = 0; i < 40 && again?.status !== 200; i++) {
      await sleep(25);
      again = await openSse(t, '/matches/capped-1/stream', screen.token);
      if (again.status !== 200) again.close();
    }
    open.push(again!);
    expect(again!.status).toBe(200);
  });

  it('a refused feed (unknown match) leaves no count behind', async () => {
    const key = await issueKey(t, { role: 'judge' });
    for (let i = 0; i < 5; i++)
      expect((await openSse(t, '/matches/nope-1/stream', key.token)).status).toBe(404);
    await sleep(50);
    const client = await openSse(t, '/matches/capped-1/stream', key.token);
    open.push(client);
    expect(client.status).toBe(200);
  });
});
