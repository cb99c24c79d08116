import { Webhook } from 'standardwebhooks';
import { endMatch, Receiver, sleep, tournamentWithMatches } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, organiser } from './support/umpire-client.js';

async function eventually(check: () => Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await sleep(25);
  }
}

describe('webhooks: kinds, test deliveries, redelivery, idempotent registration', () => {
  let t: TestApp;
  let org: Caller;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await startTestApp({ webhookBackoffMs: 20, webhookMaxAttempts: 2, webhookTimeoutMs: 2000 });
    org = organiser(t);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(receivers.map((r) => r.stop()));
  });

  async function receiver(plan?: (n: number) => number): Promise<Receiver> {
    const r = await new Receiver(plan).start();
    receivers.push(r);
    return r;
  }

  it('a webhook registered for results only gets the result and no event', async () => {
    await tournamentWithMatches(t, 'results-only', [{ matchId: 'ro-1', table: 1 }]);
    const r = await receiver();
    const all = await receiver();
    const registered = await org.post('/tournaments/results-only/webhooks', {
      url: r.url,
      kinds: ['result'],
    });
    expect(registered.status).toBe(201);
    expect(registered.body.kinds).toEqual(['result']);
    await org.post('/tournaments/results-only/webhooks', { url: all.url });
    await endMatch(t, 'ro-1', 'B', 'the square held');
    await all.waitFor((body) => body.kind === 'result');
    await r.waitFor((body) => body.kind === 'result');
    await sleep(100);
    expect(r.received.map((x) => JSON.parse(x.body).kind)).toEqual(['result']);
    expect(all.received.map((x) => JSON.parse(x.body).kind)).toEqual(['event', 'result']);

    for (const kinds of [[], ['bogus'], 'result', ['result', 'result', 'event']]) {
      expect((await org.post('/tournaments/results-only/webhooks', { url: r.url, kinds })).status).toBe(400);
    }
  });

  it('a test delivery is sent at once, signed, and listed with how the receiver took it', async () => {
    await tournamentWithMatches(t, 'tested', []);
    const r = await receiver();
    const { webhookId, secret } = (await org.post('/tournaments/tested/webhooks', { url: r.url })).body;
    const sent = await org.post(`/tournaments/tested/webhooks/${webhookId}/test`);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ kind: 'test', eventType: 'WebhookTest', status: 'delivered' });
    expect(sent.body.attempts).toEqual([expect.objectContaining({ attempt: 1, statusCode: 200 })]);
    expect(r.received).toHaveLength(1);
    const [delivery] = r.received;
    expect(
      new Webhook(secret).verify(delivery!.body, delivery!.headers as Record<string, string>),
    ).toMatchObject({
      kind: 'test',
      webhookId,
      tournamentId: 'tested',
    });
    const listed = await org.get(`/tournaments/tested/webhooks/${webhookId}/deliveries`);
    expect(listed.body.items.map((d: { deliveryId: string }) => d.deliveryId)).toEqual([
      sent.body.deliveryId,
    ]);

    const down = await receiver(() => 500);
    const hook = (await org.post('/tournaments/tested/webhooks', { url: down.url })).body.webhookId;
    const failed = await org.post(`/tournaments/tested/webhooks/${hook}/test`);
    expect(failed.body).toMatchObject({
      status: 'failed',
      attempts: [expect.objectContaining({ statusCode: 500 })],
    });
    expect((await org.post('/tournaments/tested/webhooks/wh_nope/test')).status).toBe(404);
  });

  it('a failed delivery can be redelivered by hand: the same body and webhook-id, a fresh series of attempts', async () => {
    let up = false;
    const r = await receiver(() => (up ? 200 : 503));
    await tournamentWithMatches(t, 'redo', []);
    const { webhookId } = (await org.post('/tournaments/redo/webhooks', { url: r.url })).body;
    await org.command('/tournaments/redo/matches', {
      matchId: 'redo-1',
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const deliveries = `/tournaments/redo/webhooks/${webhookId}/deliveries`;
    await eventually(async () => (await org.get(deliveries)).body.items[0]?.status === 'failed');
    const [failed] = (await org.get(deliveries)).body.items;
    expect(failed.attempts).toHaveLength(2);

    up = true;
    const redo = await org.post(`${deliveries}/${failed.deliveryId}/redeliver`);
    expect(redo.status).toBe(202);
    expect(redo.body.status).toBe('pending');
    await eventually(async () => (await org.get(deliveries)).body.items[0]?.status === 'delivered');
    const [delivered] = (await org.get(deliveries)).body.items;
    expect(delivered.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([503, 503, 200]);
    expect(new Set(r.received.map((x) => x.body)).size).toBe(1);
    expect(new Set(r.received.map((x) => x.headers['webhook-id']))).toEqual(new Set([failed.deliveryId]));

    expect((await org.post(`${deliveries}/dl_unknown/redeliver`)).status).toBe(404);
    // Another tournament's webhook is not this one's.
    await tournamentWithMatches(t, 'redo-other', []);
    expect(
      (
        await org.post(
          `/tournaments/redo-other/webhooks/${webhookId}/deliveries/${failed.deliveryId}/redeliver`,
        )
      ).status,
    ).toBe(404);
  });

  it('registration is idempotent by commandId: the same webhook and secret again; another URL is 409', async () => {
    await tournamentWithMatches(t, 'once', []);
    const body = { commandId: 'results-hook', url: 'http://127.0.0.1:9/once', kinds: ['result'] };
    const first = await org.post('/tournaments/once/webhooks', body);
    const again = await org.post('/tournaments/once/webhooks', body);
    expect(first.status).toBe(201);
    expect(first.body.duplicate).toBe(false);
    expect(again.body).toEqual({ ...first.body, duplicate: true });
    expect((await org.get('/tournaments/once/webhooks')).body).toHaveLength(1);
    const changed = await org.post('/tournaments/once/webhooks', {
      ...body,
      url: 'http://127.0.0.1:9/other',
    });
    expect(changed.status).toBe(409);
    expect((await org.get('/tournaments/once/webhooks')).body).toHaveLength(1);
  });

  it('a revoked key’s webhooks are deleted: listed inactive with the key that registered them, sent nothing more', async () => {
    await tournamentWithMatches(t, 'leaky', [{ matchId: 'lk-1', table: 1 }]);
    const issued = await org.post('/keys', { role: 'organiser', tournamentId: 'leaky' });
    const leaked = new Caller(t.url, issued.body.token as string);
    const keyId = issued.body.keyId as string;
    const theirs = await receiver();
    const ours = await receiver();
    const hook = await leaked.post('/tournaments/leaky/webhooks', { url: theirs.url });
    expect(hook.body.registeredBy).toBe(keyId);
    await org.post('/tournaments/leaky/webhooks', { url: ours.url });

    expect((await org.delete(`/keys/${keyId}`)).status).toBe(204);
    const listed = (await org.get('/tournaments/leaky/webhooks')).body as Record<string, unknown>[];
    expect(listed.find((w) => w.webhookId === hook.body.webhookId)).toMatchObject({
      active: false,
      registeredBy: keyId,
    });
    expect(listed.find((w) => w.webhookId !== hook.body.webhookId)).toMatchObject({ active: true });

    await endMatch(t, 'lk-1', 'A', 'the impi broke through');
    await ours.waitFor((body) => body.kind === 'result');
    await sleep(100);
    expect(theirs.received).toHaveLength(0);
  });
});
