import { Webhook } from 'standardwebhooks';
import { endMatch, openSse, Receiver } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY } from './support/umpire-client.js';
import { smallEvent, startFirstRound } from './tournament-support.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- delivery and feed bodies are asserted field by field */

/** Each SSE frame of a response body that has an id: its `event:` name and its parsed data. */
function frames(body: string): { id: number; event: string; data: any }[] {
  return body
    .split('\n\n')
    .map((frame) => {
      const field = (name: string) =>
        frame
          .split('\n')
          .find((line) => line.startsWith(`${name}: `))
          ?.slice(name.length + 2);
      const id = field('id');
      const data = field('data');
      return id === undefined || data === undefined
        ? undefined
        : { id: Number(id), event: field('event') ?? 'message', data: JSON.parse(data) };
    })
    .filter((f): f is { id: number; event: string; data: any } => f !== undefined);
}

/**
 * Webhooks and the tournament's feed carry the tournament's own events (round opened,
 * pairings published, result reported, confirmed, disputed, overridden, a referee result), each as
 * what it is: a `tournament` delivery named by the event's type, signed as every delivery is; an SSE
 * message whose `event:` is the type.
 */
describe('the tournament’s own events in webhooks and in its live feed', () => {
  let t: TestApp;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    t = await startTestApp({ webhookBackoffMs: 20 });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all(receivers.map((r) => r.stop()));
  });

  async function receiver(): Promise<Receiver> {
    const r = await new Receiver().start();
    receivers.push(r);
    return r;
  }

  it('a webhook for kind "tournament" gets each of the tournament’s own events in order, signed, and nothing of its matches', async () => {
    const T = 'hooked-cup';
    const event = await smallEvent(t, T);
    const { org, players, at } = event;
    const own = await receiver();
    const all = await receiver();
    const registered = await org.post(`/tournaments/${T}/webhooks`, { url: own.url, kinds: ['tournament'] });
    expect(registered.status).toBe(201);
    expect(registered.body.kinds).toEqual(['tournament']);
    const { secret } = registered.body;
    await org.post(`/tournaments/${T}/webhooks`, { url: all.url });
    const feed = await openSse(t, `/tournaments/${T}/stream`, ORGANISER_KEY);

    await startFirstRound(event);
    await players.get('p1')!.command(at(1, 1, 'report'), { outcome: 'A' });
    await players.get('p3')!.command(at(1, 1, 'confirm'));
    await players.get('p2')!.command(at(1, 2, 'report'), { outcome: 'A' });
    await players.get('p4')!.command(at(1, 2, 'dispute'), { reason: 'p4 held the farm at the end' });
    await org.command(at(1, 2, 'override'), { outcome: 'B', reason: 'the scoresheet shows p4 on the farm' });
    await org.command(`/tournaments/${T}/rounds`, { round: 2, method: 'swiss' });
    await org.command(`/tournaments/${T}/rounds/2/start`);
    await org.command(`/tournaments/${T}/matches`, {
      matchId: 'hooked-r2-t1',
      round: 2,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    await endMatch(t, 'hooked-r2-t1', 'B', 'the impi withdrew');

    const expected = [
      'RoundOpened',
      'PairingsPublished',
      'RoundStarted',
      'ResultReported',
      'ResultConfirmed',
      'ResultReported',
      'ResultDisputed',
      'ResultOverridden',
      'RoundClosed',
      'RoundOpened',
      'PairingsPublished',
      'RoundStarted',
      'MatchScheduled',
      'RefereeResultRecorded',
    ];
    await own.waitFor((body) => body.event?.type === 'RefereeResultRecorded');
    await all.waitFor((body) => body.kind === 'result');
    // Recorded in the tournament's stream after the match's end: it may reach this webhook after the result.
    await all.waitFor((body) => body.kind === 'event' && body.event.type === 'RefereeResultRecorded');
    const delivered = own.received.map((r) => ({
      headers: r.headers,
      body: new Webhook(secret).verify(r.body, r.headers as Record<string, string>) as any,
    }));
    expect(delivered.map((d) => d.body.event.type)).toEqual(expected);
    for (const { headers, body } of delivered) {
      expect(body).toMatchObject({
        kind: 'tournament',
        tournamentId: T,
        webhookId: registered.body.webhookId,
      });
      expect(headers['x-umpire-event']).toBe(body.event.type);
      // Nothing of the match rides along: not its events, not those before its schedule.
      expect(body.preceding).toBeUndefined();
    }
    expect(delivered.map((d) => d.body.position)).toEqual(
      [...delivered.map((d) => d.body.position)].sort((a, b) => a - b),
    );
    expect(delivered.find((d) => d.body.event.type === 'ResultOverridden')!.body.event).toMatchObject({
      data: { round: 1, table: 2, outcome: 'B', reason: 'the scoresheet shows p4 on the farm' },
      actor: { role: 'organiser' },
    });
    expect(delivered.find((d) => d.body.event.type === 'MatchScheduled')!.body.matchId).toBe('hooked-r2-t1');
    expect(
      delivered.find((d) => d.body.event.type === 'RefereeResultRecorded')!.body.event.data,
    ).toMatchObject({
      round: 2,
      table: 1,
      outcome: 'B',
      matchId: 'hooked-r2-t1',
    });

    // A webhook for every event gets the same ones as kind "event", among its matches' events.
    const everything = all.received.map((r) => JSON.parse(r.body));
    expect(
      everything.filter((b) => b.kind === 'event' && b.matchId === undefined).map((b) => b.event.type),
    ).toEqual(expected.filter((type) => type !== 'MatchScheduled'));
    expect(everything.some((b) => b.kind === 'event' && b.event.type === 'MatchEnded')).toBe(true);
    expect(everything.every((b) => b.kind !== 'tournament')).toBe(true);

    // The feed: every message's `event:` is its event's type; the tournament's own come in order.
    try {
      const deadline = Date.now() + 5000;
      while (!frames(feed.body).some((f) => f.event === 'RefereeResultRecorded')) {
        if (Date.now() > deadline) throw new Error('the feed never carried RefereeResultRecorded');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const sent = frames(feed.body);
      for (const frame of sent) expect(frame.event).toBe(frame.data.event.type);
      const tournamentOwn = sent.filter((f) => f.data.matchId === undefined || f.event === 'MatchScheduled');
      expect(tournamentOwn.map((f) => f.event)).toEqual([
        'TournamentCreated',
        ...Array.from({ length: 4 }, () => ['ParticipantRegistered', 'ParticipantCheckedIn']).flat(),
        ...expected,
      ]);
      expect(sent.find((f) => f.event === 'ResultConfirmed')!.data.event.data).toMatchObject({
        round: 1,
        table: 1,
        outcome: 'A',
        confirmedBy: 'p3',
      });
    } finally {
      feed.close();
    }
  });

  it('"tournament" is a kind to register, once', async () => {
    const T = 'kinds-cup';
    const { org } = await smallEvent(t, T);
    const url = 'http://127.0.0.1:9/hook';
    const both = await org.post(`/tournaments/${T}/webhooks`, { url, kinds: ['tournament', 'result'] });
    expect(both.status).toBe(201);
    expect(both.body.kinds).toEqual(['result', 'tournament']);
    for (const kinds of [
      ['tournament', 'tournament'],
      ['tournaments'],
      ['event', 'result', 'tournament', 'event'],
    ]) {
      const refused = await org.post(`/tournaments/${T}/webhooks`, { url, kinds });
      expect(refused.status).toBe(400);
    }
  });
});
