import request from 'supertest';
import { FairScheduler } from '../../src/http/fair-queue.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, issueKey, organiser } from './support/umpire-client.js';

/**
 * Fair sharing over HTTP. Nothing is left to timing: the test holds the saturation signal
 * and the clocks use is measured and decayed on (requests over HTTP cost nothing on them), so who
 * waits and who is served is exact.
 */
describe('fair queue: a saturated flood key waits while another key is served first', () => {
  let t: TestApp;
  let busy = false;
  let clock = 0;
  const scheduler = new FairScheduler(
    { share: 2, perKey: 2, costHalfLifeMs: 600_000, maxWaitMs: 600_000 },
    () => busy,
    () => clock,
    () => clock,
  );

  beforeAll(async () => {
    t = await startTestApp({ fairQueuePerKey: 2, rateLimitPauseMs: 0 }, { fairScheduler: scheduler });
  });
  afterAll(async () => t.close());

  /** Resolves once the scheduler holds `count` waiting requests (they have reached the service). */
  const waitingReaches = async (count: number) => {
    for (let tries = 0; scheduler.waiting() < count; tries++) {
      if (tries > 1000) throw new Error(`${scheduler.waiting()} requests waiting, never ${count}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it("the flood waits its turn behind a light key, past its queue it gets 429; probes, scrapes, keyless requests and the organiser's and judges' keys never wait; when saturation ends the flood goes", async () => {
    const flood = await issueKey(t, { role: 'spectator' });
    const table = await issueKey(t, { role: 'spectator' });
    // Unsaturated: nothing waits.
    for (let i = 0; i < 5; i++) expect((await flood.get('/tournaments')).status).toBe(200);
    expect((await table.get('/tournaments')).status).toBe(200);
    expect(scheduler.waiting()).toBe(0);
    // The flood has used 100 ms of service lately (a token is umpire_<keyId>_<secret>).
    const floodKey = `key:${flood.token!.split('_')[1]}`;
    scheduler.request(floodKey, (ticket) => {
      clock += 100;
      ticket.finish();
    });

    busy = true;

    const finished: string[] = [];
    const send = (caller: Caller, name: string) =>
      request(t.url)
        .get('/tournaments')
        .set('Authorization', `Bearer ${caller.token!}`)
        .then((reply) => {
          finished.push(`${name} ${reply.status}`);
          return reply;
        });
    const floods = [send(flood, 'flood'), send(flood, 'flood')];
    await waitingReaches(2);
    const refused = await send(flood, 'flood');
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body.detail).toMatch(/at most 2 wait for one key \(UMPIRE_FAIR_QUEUE_PER_KEY\)/);
    // The light key is served at once while the flood, over its share, still waits.
    expect((await send(table, 'table')).status).toBe(200);
    expect(scheduler.waiting(floodKey)).toBe(2);

    // Meanwhile, whatever carries no key, and the probes and the scrape, are answered at once.
    expect((await request(t.url).get('/health')).status).toBe(200);
    expect((await request(t.url).get('/tournaments')).status).toBe(401);
    // The flood's own key on /metrics is answered (403: not an organiser), not queued (a full queue: 429).
    expect((await flood.get('/metrics')).status).toBe(403);
    const metrics = await organiser(t).get('/metrics');
    expect(metrics.status).toBe(200);
    expect(metrics.text).toMatch(/^umpire_http_fair_queue_waited_total 2$/m);
    expect(metrics.text).toMatch(/^umpire_http_fair_queue_refused_total 1$/m);
    expect(scheduler.waiting()).toBe(2);

    // Saturation over: the flood's waiting requests go (the scheduler looks again every 10 ms).
    busy = false;
    expect((await Promise.all(floods)).map((reply) => reply.status)).toEqual([200, 200]);
    expect(finished).toEqual(['flood 429', 'table 200', 'flood 200', 'flood 200']);
    expect(scheduler.waiting()).toBe(0);

    // Saturated again: the organiser's and a judge's keys never queue, however much they have used.
    busy = true;
    const judge = await issueKey(t, { role: 'judge' });
    // (The configured organiser key's id is `configured`; an issued key's token is umpire_<keyId>_<secret>.)
    for (const tracker of ['key:configured', `key:${judge.token!.split('_')[1]}`]) {
      scheduler.request(tracker, (ticket) => {
        clock += 1000;
        ticket.finish();
      });
    }
    expect((await organiser(t).get('/tournaments')).status).toBe(200);
    expect((await judge.get('/tournaments')).status).toBe(200);
    expect(scheduler.waiting()).toBe(0);
    busy = false;
  });
});
