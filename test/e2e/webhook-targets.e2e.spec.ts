import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ResolvedAddress, WebhookResolver } from '../../src/live/webhooks/webhook-target.js';
import { Receiver } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, ORGANISER_KEY, organiser } from './support/umpire-client.js';

/**
 * A resolver the test controls: names of the reserved `.test` domain mapped to addresses, without the
 * network. A name may answer differently on each look-up (DNS rebinding).
 */
class TestResolver implements WebhookResolver {
  readonly looked: string[] = [];
  constructor(private readonly names: Record<string, string[][]>) {}

  lookup(hostname: string): Promise<ResolvedAddress[]> {
    const answers = this.names[hostname];
    const n = this.looked.filter((name) => name === hostname).length;
    this.looked.push(hostname);
    const answer = answers?.[Math.min(n, answers.length - 1)];
    if (!answer) return Promise.reject(new Error(`getaddrinfo ENOTFOUND ${hostname}`));
    return Promise.resolve(answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  }
}

async function tournament(org: Caller, tournamentId: string): Promise<void> {
  await org.command('/tournaments', { tournamentId, name: `Cup ${tournamentId}` });
}

/**
 * Webhooks reach only public addresses unless the operator allows a network
 * (UMPIRE_WEBHOOK_ALLOWED_NETWORKS). Every refusal here is made at registration, before anything is
 * sent; the only deliveries these tests make go to loopback.
 */
describe('webhooks do not reach internal addresses', () => {
  let t: TestApp;
  const resolver = new TestResolver({
    'inside.example.test': [['10.0.0.7']],
    'metadata.example.test': [['169.254.169.254']],
    'linklocal.example.test': [['fe80::1']],
    'half.example.test': [['192.168.4.4', '::1']],
  });
  beforeAll(async () => {
    t = await startTestApp({ webhookAllowedNetworks: [] }, { webhookResolver: resolver });
    await tournament(organiser(t), 'closed');
  });
  afterAll(() => t.close());

  it.each([
    ['http://127.0.0.1:1/x', /127\.0\.0\.1 is a loopback address/],
    ['http://[::1]:3000/x', /::1 is a loopback address/],
    ['http://0.0.0.0:3000/x', /0\.0\.0\.0 is an unspecified address/],
    ['http://10.1.2.3/x', /10\.1\.2\.3 is a private address/],
    ['http://192.168.0.10:8080/x', /private address/],
    ['http://169.254.169.254/latest/meta-data', /link-local address/],
    ['http://[fe80::1]/x', /link-local address/],
    // refused as it stands, or as the loopback address it spells
    ['http://2130706433/x', /http or https URL|127\.0\.0\.1 is a loopback address/],
    ['http://[::ffff:127.0.0.1]/x', /127\.0\.0\.1 is a loopback address/],
  ])('%s is refused at registration: 400 naming url, nothing registered', async (url, reason) => {
    const reply = await organiser(t).post('/tournaments/closed/webhooks', { url });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ field: 'url', detail: expect.stringMatching(reason) });
    expect((await organiser(t).get('/tournaments/closed/webhooks')).body).toEqual([]);
  });

  it('the service’s own address and port are refused', async () => {
    const own = new URL(t.url);
    const reply = await organiser(t).post('/tournaments/closed/webhooks', { url: `${own.origin}/health` });
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe('url');
  });

  it('names are checked after resolution, every address they resolve to; a name that does not resolve is answered as one inside', async () => {
    const answers = [];
    for (const host of ['inside', 'metadata', 'linklocal', 'half', 'unknown']) {
      const reply = await organiser(t).post('/tournaments/closed/webhooks', {
        url: `https://${host}.example.test/hook`,
      });
      expect(reply.status).toBe(400);
      expect(reply.body.field).toBe('url');
      answers.push(reply.body.detail);
    }
    expect(new Set(answers)).toEqual(new Set(['url’s host must resolve to public addresses only']));
    expect(resolver.looked).toEqual(
      expect.arrayContaining(['inside.example.test', 'unknown.example.test', 'half.example.test']),
    );
  });

  it('credentials in the URL are refused: they would go out as Basic auth', async () => {
    const reply = await organiser(t).post('/tournaments/closed/webhooks', {
      url: 'https://hook:s3cret@inside.example.test/x',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      field: 'url',
      detail: expect.stringMatching(/must not carry credentials/),
    });
  });
});

describe('a private deployment allows its own network, checked again at each delivery', () => {
  let t: TestApp;
  let rebound: Server;
  let reboundHits = 0;
  let resolver: TestResolver;
  const receivers: Receiver[] = [];

  beforeAll(async () => {
    // A receiver on 127.0.0.2, outside the one address this deployment allows.
    rebound = createServer((_request, response) => {
      reboundHits += 1;
      response.end('ok');
    });
    await new Promise<void>((resolve) => rebound.listen(0, '127.0.0.2', resolve));
    resolver = new TestResolver({
      'hooks.example.test': [['127.0.0.1']],
      'rebind.example.test': [['127.0.0.1'], ['127.0.0.2']],
    });
    t = await startTestApp(
      { webhookAllowedNetworks: ['127.0.0.1/32'], webhookBackoffMs: 20, webhookMaxAttempts: 1 },
      { webhookResolver: resolver },
    );
    await tournament(organiser(t), 'lan');
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(receivers.map((r) => r.stop()));
    rebound.closeAllConnections();
    await new Promise<void>((resolve) => rebound.close(() => resolve()));
  });

  async function receiver(plan?: (n: number) => number): Promise<Receiver> {
    const r = await new Receiver(plan).start();
    receivers.push(r);
    return r;
  }

  it('a name resolving inside the allowed network is delivered to, at the address it was checked at', async () => {
    const r = await receiver();
    const port = new URL(r.url).port;
    const hook = await organiser(t).post('/tournaments/lan/webhooks', {
      url: `http://hooks.example.test:${port}/in`,
    });
    expect(hook.status).toBe(201);
    const test = await organiser(t).post(`/tournaments/lan/webhooks/${hook.body.webhookId}/test`);
    expect(test.body).toMatchObject({ status: 'delivered', attempts: [{ statusCode: 200, error: null }] });
    expect(r.received).toHaveLength(1);
    expect(r.received[0]!.headers.host).toBe(`hooks.example.test:${port}`);
  });

  it('a name that resolves elsewhere at delivery (DNS rebinding) is not sent to', async () => {
    const port = (rebound.address() as AddressInfo).port;
    const hook = await organiser(t).post('/tournaments/lan/webhooks', {
      url: `http://rebind.example.test:${port}/in`,
    });
    expect(hook.status).toBe(201);
    const test = await organiser(t).post(`/tournaments/lan/webhooks/${hook.body.webhookId}/test`);
    expect(test.body).toMatchObject({
      status: 'failed',
      attempts: [{ statusCode: null, error: expect.stringMatching(/^not sent/) }],
    });
    expect(reboundHits).toBe(0);
  });

  it('an address outside the allowed network is still refused', async () => {
    const reply = await organiser(t).post('/tournaments/lan/webhooks', { url: 'http://127.0.0.3:9/x' });
    expect(reply.status).toBe(400);
    expect(reply.body.field).toBe('url');
  });

  it('a test delivery says only delivered or not and the status: never why a connection failed', async () => {
    const answering = await receiver(() => 401);
    const hook = await organiser(t).post('/tournaments/lan/webhooks', { url: answering.url });
    const answered = await organiser(t).post(`/tournaments/lan/webhooks/${hook.body.webhookId}/test`);
    expect(answered.body).toMatchObject({
      status: 'failed',
      attempts: [{ statusCode: 401, error: 'answered 401' }],
    });

    // nothing listens on port 1
    const closed = await organiser(t).post('/tournaments/lan/webhooks', { url: 'http://127.0.0.1:1/x' });
    const silent = await organiser(t).post(`/tournaments/lan/webhooks/${closed.body.webhookId}/test`);
    expect(silent.body).toMatchObject({
      status: 'failed',
      attempts: [{ statusCode: null, error: 'no answer' }],
    });
    expect(JSON.stringify(silent.body)).not.toMatch(/ECONN|ENOTFOUND|getaddrinfo|connect /);
    const deliveries = await organiser(t).get(
      `/tournaments/lan/webhooks/${closed.body.webhookId}/deliveries`,
    );
    expect(JSON.stringify(deliveries.body)).not.toMatch(/ECONN|ENOTFOUND|getaddrinfo|connect /);
  });
});

describe('webhooks are capped and their deliveries paced', () => {
  let t: TestApp;
  const servers: Server[] = [];
  beforeAll(async () => {
    t = await startTestApp({ webhooksPerTournament: 3, webhooksPerOrganiser: 4 });
  });
  afterAll(async () => {
    await t.close();
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('a tournament holds at most UMPIRE_WEBHOOKS_PER_TOURNAMENT active webhooks: 409 naming it, room again once one is deleted', async () => {
    const org = organiser(t);
    await tournament(org, 'capped');
    const ids = [];
    for (let i = 0; i < 3; i += 1) {
      const reply = await org.post('/tournaments/capped/webhooks', { url: `http://127.0.0.1:9/h${i}` });
      expect(reply.status).toBe(201);
      ids.push(reply.body.webhookId as string);
    }
    const over = await org.post('/tournaments/capped/webhooks', { url: 'http://127.0.0.1:9/h3' });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/UMPIRE_WEBHOOKS_PER_TOURNAMENT/);
    expect((await org.get('/tournaments/capped/webhooks')).body).toHaveLength(3);
    expect((await org.delete(`/tournaments/capped/webhooks/${ids[0]}`)).status).toBe(204);
    expect((await org.post('/tournaments/capped/webhooks', { url: 'http://127.0.0.1:9/h3' })).status).toBe(
      201,
    );
  });

  it('one organiser key registers at most UMPIRE_WEBHOOKS_PER_ORGANISER active webhooks over its tournaments; another key has its own', async () => {
    const issued = await organiser(t).post('/keys', { role: 'organiser', label: 'club desk' });
    const desk = new Caller(t.url, issued.body.token as string);
    await tournament(desk, 'desk-a');
    await tournament(desk, 'desk-b');
    for (const [cup, n] of [
      ['desk-a', 3],
      ['desk-b', 1],
    ] as const) {
      for (let i = 0; i < n; i += 1) {
        expect(
          (await desk.post(`/tournaments/${cup}/webhooks`, { url: `http://127.0.0.1:9/${cup}-${i}` })).status,
        ).toBe(201);
      }
    }
    const over = await desk.post('/tournaments/desk-b/webhooks', { url: 'http://127.0.0.1:9/over' });
    expect(over.status).toBe(409);
    expect(over.body.detail).toMatch(/UMPIRE_WEBHOOKS_PER_ORGANISER/);
    expect(
      (
        await new Caller(t.url, ORGANISER_KEY).post('/tournaments/desk-b/webhooks', {
          url: 'http://127.0.0.1:9/own',
        })
      ).status,
    ).toBe(201);
  });

  it('deliveries to one receiver go one at a time, however many webhooks name it', async () => {
    let open = 0;
    let most = 0;
    let received = 0;
    const slow = createServer((request, response) => {
      open += 1;
      most = Math.max(most, open);
      request.resume();
      setTimeout(() => {
        open -= 1;
        received += 1;
        response.end('ok');
      }, 100);
    });
    servers.push(slow);
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    const issued = await organiser(t).post('/keys', { role: 'organiser', label: 'pacing' });
    const org = new Caller(t.url, issued.body.token as string);
    await tournament(org, 'paced');
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await org.post('/tournaments/paced/webhooks', { url: `${base}/h${i}`, kinds: ['tournament'] }))
          .status,
      ).toBe(201);
    }
    await org.command('/tournaments/paced/participants', { participantId: 'p1', name: 'Cetshwayo' });
    const deadline = Date.now() + 8000;
    while (received < 3 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(received).toBe(3);
    expect(most).toBe(1);
  });
});
