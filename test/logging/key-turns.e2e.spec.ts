import request from 'supertest';
import { sleep } from '../e2e/organiser-support.js';
import { startTestApp, type TestApp } from '../e2e/support/test-app.js';
import { issueKey, ORGANISER_KEY } from '../e2e/support/umpire-client.js';

/**
 * Fair sharing over HTTP (issue 12, UMPIRE_KEY_CONCURRENCY): a key's requests beyond its turns wait and
 * are all answered, every turn is given back when its answer is sent or its client goes, and a live
 * feed never takes a turn.
 */
describe('fair sharing: a key’s requests take turns', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ keyConcurrency: 1 });
  });
  afterAll(() => t.close());

  const get = (path: string, key = ORGANISER_KEY) =>
    request(t.url).get(path).set('Authorization', `Bearer ${key}`);

  it('answers every one of 30 requests sent at once by one key, and gives every turn back', async () => {
    const replies = await Promise.all(Array.from({ length: 30 }, () => get('/tournaments')));
    expect(replies.map((r) => r.status)).toEqual(Array(30).fill(200));
    // Were one turn kept, these would wait for ever.
    for (let i = 0; i < 3; i++) expect((await get('/tournaments')).status).toBe(200);
  });

  it('a request whose client left while waiting gives nothing back twice, and takes no turn', async () => {
    const spectator = await issueKey(t, { role: 'spectator' });
    const token = spectator.token!;
    // One request in progress is enough to make the next wait: abort a few of those waiting.
    const pending = Array.from({ length: 5 }, () => get('/tournaments', token));
    const aborted = Array.from({ length: 5 }, () => {
      const req = get('/tournaments', token);
      setTimeout(() => req.abort(), 5);
      return req.then(
        () => 'answered',
        () => 'aborted',
      );
    });
    await sleep(50);
    expect((await Promise.all(pending)).map((r) => r.status)).toEqual(Array(5).fill(200));
    await Promise.all(aborted);
    for (let i = 0; i < 3; i++) expect((await get('/tournaments', token)).status).toBe(200);
  });
});
