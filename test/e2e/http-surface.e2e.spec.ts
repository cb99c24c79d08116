import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { type AppConfig, configFromEnv } from '../../src/config/app-config.js';
import { endMatch, openSse, playE1, seated, sleep, tournamentWithMatches } from './organiser-support.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, commandId, issueKey, ORGANISER_KEY, organiser } from './support/umpire-client.js';

/** A parsed JSON body, asserted field by field. */
type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any

/** One SSE frame as sent: its fields, data parsed. */
interface Frame {
  id?: string;
  event?: string;
  data?: Json;
}

function frames(text: string): Frame[] {
  return text
    .split('\n\n')
    .filter((chunk) => /^(id|event|data):/m.test(chunk))
    .map((chunk) => {
      const frame: Frame = {};
      for (const line of chunk.split('\n')) {
        if (line.startsWith('id: ')) frame.id = line.slice(4);
        else if (line.startsWith('event: ')) frame.event = line.slice(7);
        else if (line.startsWith('data: ')) frame.data = JSON.parse(line.slice(6));
      }
      return frame;
    });
}

/** GETs a feed with no header but what is given, and reads until the server ends it (or the timeout). */
function readFeed(
  t: TestApp,
  path: string,
  headers: Record<string, string> = {},
  timeoutMs = 5000,
): Promise<{ status: number; text: string; ended: boolean; contentType?: string }> {
  return new Promise((resolve, reject) => {
    let text = '';
    const req = get(`${t.url}${path}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      res.setEncoding('utf8');
      const timer = setTimeout(() => {
        res.destroy();
        resolve({
          status: res.statusCode ?? 0,
          text,
          ended: false,
          contentType: res.headers['content-type'],
        });
      }, timeoutMs);
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, text, ended: true, contentType: res.headers['content-type'] });
      });
      res.on('error', () => undefined);
    });
    req.on('error', reject);
  });
}

function expectProblem(
  reply: { status: number; headers: Record<string, string>; body: Json },
  status: number,
) {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toMatch(/^application\/problem\+json/);
  expect(reply.body).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status,
    detail: expect.any(String),
  });
  expect(reply.body).not.toHaveProperty('statusCode');
  expect(reply.body).not.toHaveProperty('message');
}

describe('HTTP surface: CORS', () => {
  let open: TestApp;
  let closed: TestApp;
  beforeAll(async () => {
    open = await startTestApp({ corsOrigins: ['https://club.example'] });
    closed = await startTestApp();
  });
  afterAll(async () => {
    await open.close();
    await closed.close();
  });

  it('a preflight from an allowed origin is answered with the methods and headers the API uses', async () => {
    const reply = await request(open.url)
      .options('/matches/r1-t4/stream')
      .set('Origin', 'https://club.example')
      .set('Access-Control-Request-Method', 'GET')
      .set('Access-Control-Request-Headers', 'authorization, last-event-id');
    expect(reply.status).toBe(204);
    expect(reply.headers['access-control-allow-origin']).toBe('https://club.example');
    expect(reply.headers['access-control-allow-methods']).toContain('POST');
    expect(reply.headers['access-control-allow-headers']).toMatch(/Authorization/);
    expect(reply.headers['access-control-allow-headers']).toMatch(/Last-Event-ID/);
    expect(reply.headers['access-control-allow-headers']).toMatch(/Content-Type/);
  });

  it('a command sent from an allowed origin may ask for a minimal answer, and read that it got one', async () => {
    const preflight = await request(open.url)
      .options('/matches/r1-t4/charges')
      .set('Origin', 'https://club.example')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, prefer');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-headers']).toMatch(/Prefer/);
    const reply = await request(open.url).get('/tournaments').set('Origin', 'https://club.example');
    expect(reply.headers['access-control-expose-headers']).toMatch(/Preference-Applied/);
  });

  it('an answer to an allowed origin exposes ETag, Retry-After, Location and the request id; errors too', async () => {
    const reply = await request(open.url).get('/tournaments').set('Origin', 'https://club.example');
    expect(reply.status).toBe(401);
    expect(reply.headers['access-control-allow-origin']).toBe('https://club.example');
    for (const header of ['ETag', 'Retry-After', 'Location', 'X-Request-Id', 'WWW-Authenticate'])
      expect(reply.headers['access-control-expose-headers']).toContain(header);
  });

  it('another origin gets no CORS headers, so its browser reads nothing', async () => {
    const preflight = await request(open.url)
      .options('/tournaments')
      .set('Origin', 'https://elsewhere.example')
      .set('Access-Control-Request-Method', 'POST');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const reply = await request(open.url).get('/health').set('Origin', 'https://elsewhere.example');
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('with no UMPIRE_CORS_ORIGINS (the default) there are no CORS headers at all', async () => {
    const preflight = await request(closed.url)
      .options('/tournaments')
      .set('Origin', 'https://club.example')
      .set('Access-Control-Request-Method', 'GET');
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expectProblem(preflight as never, 404);
    const reply = await request(closed.url).get('/health').set('Origin', 'https://club.example');
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('HTTP surface: stream tickets for browsers', () => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    t = await startLogged(
      { spectatorDelayEvents: 2, streamTicketTtlMs: 1000, sseStreamsPerKey: 2 },
      logLines,
    );
    await tournamentWithMatches(t, 'ticket-cup', [
      { matchId: 'tk-1', table: 1 },
      { matchId: 'tk-2', table: 2 },
    ]);
  });
  afterAll(async () => t.close());

  async function ticketFor(caller: Caller, body: object): Promise<Json> {
    const reply = await caller.post('/stream-tickets', body);
    expect(reply.status).toBe(201);
    return reply.body;
  }

  it('a ticket opens its one feed once, with no header, showing what its key would see (a spectator runs behind)', async () => {
    const { A, B } = await seated(t, 'tk-1');
    await playE1('tk-1', A, B);
    const spectator = await issueKey(t, { role: 'spectator' });
    const issued = await ticketFor(spectator, { matchId: 'tk-1' });
    expect(issued).toEqual({
      ticket: expect.stringMatching(/^umpire_ticket_/),
      expiresAt: expect.any(String),
      url: `/matches/tk-1/stream?ticket=${issued.ticket}`,
    });
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeLessThanOrEqual(1000);

    const opening = readFeed(t, issued.url, {}, 600);
    await sleep(100);
    const again = await request(t.url).get(issued.url);
    expectProblem(again as never, 401);
    expect(again.body.detail).toMatch(/used already/);

    const byTicket = await opening;
    expect(byTicket.status).toBe(200);
    expect(byTicket.contentType).toMatch(/^text\/event-stream/);
    const byKey = await readFeed(
      t,
      '/matches/tk-1/stream',
      { authorization: `Bearer ${spectator.token}` },
      600,
    );
    const ids = (text: string) => frames(text).map((f) => f.id);
    expect(ids(byTicket.text)).toEqual(ids(byKey.text));
    // The spectator delay holds the last 2 of the match's 10 events back, by ticket as by key.
    expect(ids(byTicket.text)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
  });

  it('a ticket opens no other feed and no other route', async () => {
    const judge = await issueKey(t, { role: 'judge' });
    const { ticket } = await ticketFor(judge, { matchId: 'tk-2' });
    for (const path of ['/matches/tk-1/stream', '/tournaments/ticket-cup/stream']) {
      const reply = await request(t.url).get(`${path}?ticket=${ticket}`);
      expectProblem(reply as never, 401);
      expect(reply.body.detail).toMatch(/for the match feed of tk-2, not this one/);
    }
    for (const path of ['/matches/tk-2', '/matches/tk-2/events', '/tournaments/ticket-cup']) {
      const reply = await request(t.url).get(`${path}?ticket=${ticket}`);
      expectProblem(reply as never, 401);
      expect(reply.body.detail).toMatch(/opens a live feed .* and nothing else/);
    }
    const forged = `${ticket.slice(0, -2)}AA`;
    expectProblem((await request(t.url).get(`/matches/tk-2/stream?ticket=${forged}`)) as never, 401);
    // Still unused after all that: it opens its own feed.
    const feed = await readFeed(t, `/matches/tk-2/stream?ticket=${ticket}`, {}, 300);
    expect(feed.status).toBe(200);
  });

  it('a ticket unused past its time is refused', async () => {
    const spectator = await issueKey(t, { role: 'spectator' });
    const { url } = await ticketFor(spectator, { tournamentId: 'ticket-cup' });
    await sleep(1100);
    const reply = await request(t.url).get(url);
    expectProblem(reply as never, 401);
    expect(reply.body.detail).toMatch(/expired/);
  });

  it('a ticket stands for its key: a key revoked after the issue opens nothing with it', async () => {
    const spectator = await issueKey(t, { role: 'spectator' });
    const { url } = await ticketFor(spectator, { matchId: 'tk-1' });
    const keyId = spectator.token!.split('_')[1]!;
    expect((await organiser(t).delete(`/keys/${keyId}`)).status).toBeLessThan(300);
    const reply = await request(t.url).get(url);
    expectProblem(reply as never, 401);
    expect(reply.body.detail).toMatch(/no longer valid/);
  });

  it('a ticket is given only for a feed its key may read; one feed, named', async () => {
    const player = await issueKey(t, { role: 'player', matchId: 'tk-1', side: 'A' });
    expectProblem((await request(t.url).post('/stream-tickets').send({ matchId: 'tk-1' })) as never, 401);
    const other = await player.post('/stream-tickets', { matchId: 'tk-2' });
    expect(other.status).toBe(403);
    const tournament = await player.post('/stream-tickets', { tournamentId: 'ticket-cup' });
    expect(tournament.status).toBe(403);
    const judge = await issueKey(t, { role: 'judge' });
    expect((await judge.post('/stream-tickets', { matchId: 'nope' })).status).toBe(404);
    expect((await judge.post('/stream-tickets', { tournamentId: 'nope' })).status).toBe(404);
    const both = await judge.post('/stream-tickets', { matchId: 'tk-1', tournamentId: 'ticket-cup' });
    expect(both.status).toBe(400);
    expect(both.body.field).toBe('tournamentId');
    const neither = await judge.post('/stream-tickets', {});
    expect(neither.status).toBe(400);
    expect(neither.body.field).toBe('matchId');
  });

  it('a feed opened by ticket counts against its key’s live-feed cap', async () => {
    const screen = await issueKey(t, { role: 'spectator' });
    const first = await openSse(t, '/matches/tk-2/stream', screen.token);
    const second = await openSse(t, '/matches/tk-1/stream', screen.token);
    const { url } = await ticketFor(screen, { matchId: 'tk-1' });
    const third = await request(t.url).get(url);
    expectProblem(third as never, 429);
    expect(third.body.detail).toMatch(/UMPIRE_SSE_STREAMS_PER_KEY/);
    first.close();
    second.close();
  });

  it('no ticket ever reaches the log', async () => {
    const spectator = await issueKey(t, { role: 'spectator' });
    const { ticket, url } = await ticketFor(spectator, { matchId: 'tk-1' });
    await readFeed(t, url, {}, 200);
    await request(t.url).get(url);
    await sleep(50);
    const log = logLines.join('\n');
    expect(log).toContain('/matches/tk-1/stream');
    expect(log).not.toContain(ticket);
    expect(log).not.toContain(ticket.slice('umpire_ticket_'.length, 40));
    expect(log).not.toContain('ticket=');
  });
});

describe('HTTP surface: live feeds name their events and end with the match', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await tournamentWithMatches(t, 'named-cup', [{ matchId: 'named-1', table: 1 }]);
  });
  afterAll(async () => t.close());

  it('each message carries `event:` its type beside `id:`; after MatchEnded an `event: end` closes the match feed', async () => {
    const { A, B } = await seated(t, 'named-1');
    const feed = readFeed(t, '/matches/named-1/stream', { authorization: `Bearer ${ORGANISER_KEY}` });
    const tournament = readFeed(
      t,
      '/tournaments/named-cup/stream',
      { authorization: `Bearer ${ORGANISER_KEY}` },
      2500,
    );
    await playE1('named-1', A, B);
    await endMatch(t, 'named-1', 'A');
    const done = await feed;
    expect(done.ended).toBe(true);
    const sent = frames(done.text);
    const last = sent.at(-1)!;
    expect(last).toEqual({ event: 'end', data: { matchId: 'named-1', revision: 11, ended: true } });
    const events = sent.slice(0, -1);
    expect(events.map((f) => f.id)).toEqual(Array.from({ length: 11 }, (_, i) => String(i + 1)));
    for (const frame of events) expect(frame.event).toBe(frame.data.type);
    expect(events.map((f) => f.event)).toContain('ImpactRolled');
    expect(events.at(-1)!.event).toBe('MatchEnded');

    // The tournament feed names its events too (and stays open: a tournament goes on).
    const followed = await tournament;
    expect(followed.ended).toBe(false);
    const tournamentFrames = frames(followed.text);
    for (const frame of tournamentFrames) expect(frame.event).toBe(frame.data.event.type);
    expect(tournamentFrames.map((f) => f.event)).toContain('MatchEnded');

    // Reconnecting after the end (as an EventSource does by itself): 204, which stops it.
    const resumed = await readFeed(t, '/matches/named-1/stream', {
      authorization: `Bearer ${ORGANISER_KEY}`,
      'last-event-id': '11',
    });
    expect(resumed).toMatchObject({ status: 204, text: '', ended: true });
    // A reader from an earlier id still gets the rest, then the end.
    const late = await readFeed(t, '/matches/named-1/stream', {
      authorization: `Bearer ${ORGANISER_KEY}`,
      'last-event-id': '9',
    });
    const rest = frames(late.text);
    expect(rest.map((f) => f.id)).toEqual(['10', '11', undefined]);
    expect(rest.map((f) => f.event).slice(1)).toEqual(['MatchEnded', 'end']);
  });
});

describe('HTTP surface: every error is problem+json', () => {
  let t: TestApp;
  let limited: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ bodyLimitBytes: 2048 });
    limited = await startTestApp({ rateLimit: 2, rateLimitWindowMs: 60_000, rateLimitPauseMs: 400 });
    await tournamentWithMatches(t, 'problem-cup', [{ matchId: 'pb-1', table: 1 }]);
  });
  afterAll(async () => {
    await t.close();
    await limited.close();
  });

  const post = (path: string, body: object, key = ORGANISER_KEY) =>
    request(t.url).post(path).set('Authorization', `Bearer ${key}`).send(body);

  it('400 names the field at fault', async () => {
    const reply = await post('/matches/pb-1/units', {
      commandId: commandId(),
      unitId: 'u',
      name: 'U',
      side: 'C',
      morale: 7,
      move: 6,
    });
    expectProblem(reply as never, 400);
    expect(reply.body).toMatchObject({ type: 'urn:umpire:problem:validation', field: 'side' });
    expect(reply.body.detail).toMatch(/side/);
    const deep = await post('/tournaments', {
      commandId: commandId(),
      name: 'x',
      extra: { a: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]] },
    });
    expectProblem(deep as never, 400);
    expect(deep.body.detail).toMatch(/UMPIRE_MAX_NESTING_DEPTH/);
    expect(deep.body.field).toMatch(/^extra\.a/);
  });

  it('401 carries WWW-Authenticate: Bearer', async () => {
    const reply = await request(t.url).get('/tournaments');
    expectProblem(reply as never, 401);
    expect(reply.headers['www-authenticate']).toMatch(/^Bearer/);
    expect(reply.body.type).toBe('urn:umpire:problem:unauthorized');
  });

  it('403, 404 (an unknown route too), 409 and 422 with the rule id', async () => {
    const spectator = await issueKey(t, { role: 'spectator' });
    expectProblem(
      (await post('/tournaments', { commandId: commandId(), name: 'x' }, spectator.token!)) as never,
      403,
    );
    expectProblem(
      (await request(t.url).get('/matches/nope').set('Authorization', `Bearer ${ORGANISER_KEY}`)) as never,
      404,
    );
    const route = await request(t.url).get('/no/such/route').set('Authorization', `Bearer ${ORGANISER_KEY}`);
    expectProblem(route as never, 404);
    expect(route.body.type).toBe('urn:umpire:problem:not-found');

    const invalid = await post('/matches/pb-1/units', {
      commandId: commandId(),
      unitId: 'u',
      name: 'U',
      side: 'A',
      morale: 11,
      move: 6,
    });
    expectProblem(invalid as never, 422);
    expect(invalid.body).toMatchObject({ type: 'urn:umpire:problem:rule-violation', ruleId: 'HH-1' });

    await endMatch(t, 'pb-1', 'draw');
    const late = await post('/matches/pb-1/units', {
      commandId: commandId(),
      unitId: 'v',
      name: 'V',
      side: 'A',
      morale: 7,
      move: 6,
    });
    expectProblem(late as never, 409);
    expect(late.body).toMatchObject({ type: 'urn:umpire:problem:rule-violation', ruleId: 'C-4' });
  });

  it('413 names the body limit', async () => {
    const reply = await post('/tournaments', { commandId: commandId(), name: 'x'.repeat(4000) });
    expectProblem(reply as never, 413);
    expect(reply.body.detail).toBe('the request body is larger than 2048 bytes (UMPIRE_BODY_LIMIT_BYTES)');
  });

  it('429 from the rate limit, after a pause (UMPIRE_RATE_LIMIT_PAUSE_MS), with Retry-After; other keys go on meanwhile', async () => {
    const org = organiser(limited);
    const spectator = await issueKey(limited, { role: 'spectator' }); // the organiser's 1st request
    await org.get('/tournaments'); // its 2nd: the last one allowed
    const finished: string[] = [];
    const started = Date.now();
    const refused = request(limited.url)
      .get('/tournaments')
      .set('Authorization', `Bearer ${ORGANISER_KEY}`)
      .then((reply) => {
        finished.push('refused');
        return reply;
      });
    await sleep(50);
    expect((await spectator.get('/tournaments')).status).toBe(200);
    finished.push('other key');
    const reply = await refused;
    expect(Date.now() - started).toBeGreaterThanOrEqual(380);
    expect(finished).toEqual(['other key', 'refused']);
    expectProblem(reply as never, 429);
    expect(reply.body.type).toBe('urn:umpire:problem:rate-limited');
    expect(Number(reply.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });
});

describe('HTTP surface: /metrics', () => {
  let t: TestApp;
  let open: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    open = await startTestApp({ metricsPublic: true });
  });
  afterAll(async () => {
    await t.close();
    await open.close();
  });

  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? 0 : Number(line.slice(series.length + 1));
  };

  it('takes the organiser key by default; UMPIRE_METRICS_PUBLIC=1 opens it', async () => {
    expectProblem((await request(t.url).get('/metrics')) as never, 401);
    const spectator = await issueKey(t, { role: 'spectator' });
    expect((await spectator.get('/metrics')).status).toBe(403);
    expect((await request(open.url).get('/metrics')).status).toBe(200);
  });

  it('counts commands by type and outcome (refusals by rule), their latency, appends, read models and feeds', async () => {
    const org = organiser(t);
    const scrape = async () =>
      (await request(t.url).get('/metrics').set('Authorization', `Bearer ${ORGANISER_KEY}`)).text;
    const before = await scrape();
    await tournamentWithMatches(t, 'metric-cup', [{ matchId: 'mx-1', table: 1 }]);
    const { A, B } = await seated(t, 'mx-1');
    await playE1('mx-1', A, B);
    await org.post('/matches/mx-1/units', {
      commandId: commandId(),
      unitId: 'u',
      name: 'U',
      side: 'A',
      morale: 11,
      move: 6,
    });
    const feed = await openSse(t, '/matches/mx-1/stream', ORGANISER_KEY);
    await feed.waitFor(1);
    const after = await scrape();
    feed.close();

    const delta = (series: string) => value(after, series) - value(before, series);
    expect(delta('umpire_commands_total{command="Charge",outcome="accepted",rule=""}')).toBe(1);
    expect(delta('umpire_commands_total{command="RegisterUnit",outcome="accepted",rule=""}')).toBe(2);
    expect(delta('umpire_commands_total{command="RegisterUnit",outcome="refused",rule="HH-1"}')).toBe(1);
    expect(delta('umpire_command_duration_seconds_count{command="Charge",outcome="accepted"}')).toBe(1);
    expect(delta('umpire_events_appended_total{command="Charge"}')).toBeGreaterThanOrEqual(1);
    expect(after).toMatch(/^umpire_read_model_lag_events\{read_model="turn-log"\} \d+$/m);
    expect(value(after, 'umpire_sse_connections')).toBe(1);
    expect(value(after, 'umpire_sse_connections_opened_total{feed="match"}')).toBe(1);
    expect(after).toMatch(/^# TYPE umpire_webhook_deliveries gauge$/m);
    expect(after).toMatch(/^# TYPE umpire_command_conflicts_total counter$/m);
    expect(after).toMatch(/^process_cpu_seconds_total \d/m);
  });
});

/** The service with its JSON log captured line by line (startTestApp runs it silent). */
async function startLogged(overrides: Partial<AppConfig>, lines: string[]): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-e2e-'));
  const config: AppConfig = {
    ...configFromEnv({}),
    dataDir,
    host: '127.0.0.1',
    port: 0,
    sqliteSynchronous: 'NORMAL',
    organiserKey: ORGANISER_KEY,
    logLevel: 'info',
    ...overrides,
  };
  const app = await createApp(config, { logDestination: { write: (line) => void lines.push(line) } });
  await app.listen(0, '127.0.0.1');
  return {
    app,
    url: (await app.getUrl()).replace('[::1]', '127.0.0.1'),
    dataDir,
    async close() {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
