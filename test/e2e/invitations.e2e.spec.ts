import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashSecret } from '../../src/auth/api-key.js';
import { APP_CONFIG, type AppConfig } from '../../src/config/app-config.js';
import { loadOrCreateServerSecret } from '../../src/config/server-secret.js';
import { EVENT_STORE, type EventStore } from '../../src/event-store/event-store.port.js';
import { firstDerivedInvitationCode, invitationStream } from '../../src/invitations/invitation-code.js';
import { Invitations } from '../../src/invitations/invitations.service.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, issueKey, ORGANISER_KEY, organiser } from './support/umpire-client.js';

const ORGANISER = { keyId: 'configured', role: 'organiser' } as const;

describe('seat invitations', () => {
  let t: TestApp;
  let org: Caller;

  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
    await org.command('/matches', {
      matchId: 'club-1',
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    for (const id of ['home', 'away']) await org.command('/tournaments', { tournamentId: id, name: id });
    for (const [tournament, matchId] of [
      ['home', 'home-1'],
      ['away', 'away-1'],
    ] as const) {
      await org.command(`/tournaments/${tournament}/matches`, {
        matchId,
        round: 1,
        table: 1,
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
    }
  });
  afterAll(() => t.close());

  const redeem = (code: string) => new Caller(t.url, undefined).post(`/invitations/${code}/redeem`);

  it('an organiser invites one seat; the link carries the code in its fragment; the code is traded once for that seat’s key', async () => {
    const invited = await org.post('/matches/club-1/invitations', { side: 'A', label: 'table 1, Zulus' });
    expect(invited.status).toBe(201);
    const { code, link } = invited.body;
    expect(link).toBe(`/table/#invite=${code}`);
    expect(invited.body).toMatchObject({ matchId: 'club-1', side: 'A', label: 'table 1, Zulus' });
    expect(Date.parse(invited.body.expiresAt)).toBeGreaterThan(Date.now());

    const seat = await redeem(code);
    expect(seat.status).toBe(200);
    expect(seat.body).toMatchObject({ matchId: 'club-1', side: 'A' });
    const player = new Caller(t.url, seat.body.token);
    const keys = (await org.get('/keys')).body as {
      keyId: string;
      role: string;
      matchId?: string;
      side?: string;
    }[];
    expect(keys.find((k) => k.keyId === seat.body.keyId)).toMatchObject({
      role: 'player',
      matchId: 'club-1',
      side: 'A',
    });
    expect((await player.get('/matches/club-1')).status).toBe(200);
    // A player key of one seat: the other match is not its own.
    expect((await player.get('/matches/home-1')).status).toBe(403);

    const again = await redeem(code);
    expect(again.status).toBe(410);
    expect(again.body.detail).toMatch(/already used/);
    expect(again.body.invitation).toBe('seat');
    expect(again.body.detail).toMatch(/a seat’s invitation joins its seat once/);
    expect(again.text).not.toContain(code);
  });

  it('a code is 12 characters in groups of four, and reads the same typed in any case, without dashes, with O for 0 and I or L for 1', async () => {
    // Typed as a player might: lower case, run together, spaces for dashes; 0 typed as o, 1 as l. Each
    // is made and traded in turn (a seat's invitation opens only until its seat is joined since).
    const typings = [
      (code: string) => code.toLowerCase(),
      (code: string) => code.replace(/-/g, ''),
      (code: string) => ` ${code.replace(/-/g, ' ')} `,
      (code: string) => code.replace(/0/g, 'o').replace(/1/g, 'l'),
    ];
    const codes: string[] = [];
    for (const [i, typing] of typings.entries()) {
      const code = (await org.post('/matches/club-1/invitations', { side: 'A' })).body.code as string;
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
      codes.push(code);
      const seat = await redeem(encodeURIComponent(typing(code)));
      expect({ i, status: seat.status }).toEqual({ i, status: 200 });
      expect(seat.body).toMatchObject({ matchId: 'club-1', side: 'A' });
    }
    const [first, fourth] = [codes[0]!, codes[3]!];
    expect((await redeem(first)).status).toBe(410);
    // One character off is another code: no invitation of this service.
    const off = `${fourth.slice(0, -1)}${fourth.endsWith('Z') ? 'Y' : 'Z'}`;
    expect((await redeem(off)).status).toBe(404);
    expect((await redeem('K3X9-A0B2-C4U6')).status).toBe(404);
  });

  it('an invitation made with the first, long codes still redeems once, and its commandId sent again answers it, not a new one', async () => {
    const store = t.app.get<EventStore>(EVENT_STORE);
    const config = t.app.get<AppConfig>(APP_CONFIG);
    const old = firstDerivedInvitationCode(
      loadOrCreateServerSecret(config.dataDir, config.serverSecret),
      ORGANISER.keyId,
      'before-short-codes',
    );
    await store.append(
      invitationStream(old.invitationId),
      [
        {
          type: 'SeatInvitationCreated',
          data: {
            invitationId: old.invitationId,
            secretHash: old.secretHash,
            expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
            matchId: 'club-1',
            side: 'B',
          },
        },
      ],
      { expectedRevision: 'no_stream', commandId: `create-${old.invitationId}`, actor: ORGANISER },
    );
    expect(old.code).toMatch(/^inv_[a-z0-9]{12}_/);
    const again = await org.post('/matches/club-1/invitations', {
      commandId: 'before-short-codes',
      side: 'B',
    });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ invitationId: old.invitationId, code: old.code, redeemed: false });
    expect((await redeem(old.code)).status).toBe(200);
    expect((await redeem(old.code)).status).toBe(410);
    const other = { invitationId: 'abcdefghjk12', secret: 'S'.repeat(22) };
    expect((await redeem(`inv_${other.invitationId}_${other.secret}`)).status).toBe(404);
    expect(hashSecret(other.secret)).not.toBe(old.secretHash);
  });

  it('an expired invitation is 410 naming its expiry; an unknown or altered code is 404, saying nothing more', async () => {
    const service = t.app.get(Invitations);
    const old = await service.create(
      ORGANISER,
      { matchId: 'club-1', side: 'B', expiresInMinutes: 60 },
      Date.now() - 2 * 60 * 60_000,
    );
    const expired = await redeem(old.code);
    expect(expired.status).toBe(410);
    expect(expired.body.detail).toContain(`expired at ${old.expiresAt}`);
    expect(expired.body.invitation).toBe('seat');

    const fresh = (await org.post('/matches/club-1/invitations', { side: 'B' })).body.code as string;
    const altered = `${fresh.slice(0, -3)}${fresh.endsWith('aaa') ? 'bbb' : 'aaa'}`;
    const wrong = await redeem(altered);
    expect(wrong.status).toBe(404);
    expect((await redeem('inv_nothing')).status).toBe(404);
    expect(wrong.body.detail).toBe((await redeem('inv_abcdefghijkl_AAAAAAAAAAAAAAAAAAAAAA')).body.detail);
    // The altered code did not spend the real one.
    expect((await redeem(fresh)).status).toBe(200);
  });

  it('of several redemptions at once exactly one gets the key; the others are told it was used', async () => {
    const { code } = (await org.post('/matches/club-1/invitations', { side: 'B' })).body;
    const before = ((await org.get('/keys')).body as unknown[]).length;
    const answers = await Promise.all(Array.from({ length: 6 }, () => redeem(code)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, 410, 410, 410, 410, 410]);
    expect(((await org.get('/keys')).body as unknown[]).length).toBe(before + 1);
  });

  it('C-6 with a commandId, inviting is idempotent: the same request answers the same code; for another seat, 409', async () => {
    const first = await org.post('/matches/club-1/invitations', { commandId: 'inv-t1-A', side: 'A' });
    const again = await org.post('/matches/club-1/invitations', { commandId: 'inv-t1-A', side: 'A' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await org.post('/matches/club-1/invitations', { commandId: 'inv-t1-A', side: 'B' });
    expect(other.status).toBe(409);
    expect(other.body.detail).toMatch(/C-6/);
    // Another organiser's key with the same commandId makes its own invitation.
    const deputy = await issueKey(t, { role: 'organiser' });
    const theirs = await deputy.post('/matches/club-1/invitations', { commandId: 'inv-t1-A', side: 'A' });
    expect(theirs.body.code).not.toBe(first.body.code);
    expect(first.body.redeemed).toBe(false);
    const traded = await redeem(first.body.code);
    expect(traded.status).toBe(200);
    // Asked again once used, the same invitation says it was used, when, and for which key.
    const used = await org.post('/matches/club-1/invitations', { commandId: 'inv-t1-A', side: 'A' });
    expect(used.body.code).toBe(first.body.code);
    expect(used.body).toMatchObject({ redeemed: true, redeemedKeyId: traded.body.keyId });
    expect(Math.abs(Date.parse(used.body.redeemedAt as string) - Date.now())).toBeLessThan(60_000);
    expect((await redeem(first.body.code)).status).toBe(410);
  });

  it('bad input is a 4xx naming the field, and only organisers invite', async () => {
    const side = await org.post('/matches/club-1/invitations', { side: 'C' });
    expect(side.status).toBe(400);
    expect(side.body.field).toBe('side');
    const minutes = await org.post('/matches/club-1/invitations', { side: 'A', expiresInMinutes: 999999 });
    expect(minutes.status).toBe(400);
    expect(minutes.body.field).toBe('expiresInMinutes');
    expect((await org.post('/matches/nowhere/invitations', { side: 'A' })).status).toBe(404);
    const judge = await issueKey(t, { role: 'judge' });
    expect((await judge.post('/matches/club-1/invitations', { side: 'A' })).status).toBe(403);
  });

  it('an organiser bound to a tournament invites to its own matches only, and the key is bound to it', async () => {
    const home = await issueKey(t, { role: 'organiser', tournamentId: 'home' });
    const invited = await home.post('/matches/home-1/invitations', { side: 'B' });
    expect(invited.status).toBe(201);
    expect(invited.body.tournamentId).toBe('home');
    const seat = await redeem(invited.body.code);
    expect(seat.body).toMatchObject({ matchId: 'home-1', side: 'B', tournamentId: 'home' });
    expect((await home.post('/matches/away-1/invitations', { side: 'B' })).status).toBe(404);
    expect((await home.post('/matches/club-1/invitations', { side: 'B' })).status).toBe(404);
  });
  it('a seat’s invitation made before its seat was joined on another phone opens it no more (a slip left on the table); one made after still does', async () => {
    await org.command('/matches', {
      matchId: 'slip-1',
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const slip = await org.post('/matches/slip-1/invitations', { commandId: 'slip-A', side: 'A' });
    const ownPage = await org.post('/matches/slip-1/invitations', { commandId: 'page-A', side: 'A' });
    const otherSide = await org.post('/matches/slip-1/invitations', { commandId: 'slip-B', side: 'B' });
    const joined = await redeem(ownPage.body.code);
    expect(joined.status).toBe(200);

    const refused = await redeem(slip.body.code);
    expect(refused.status).toBe(410);
    expect(refused.body.invitation).toBe('seat');
    expect(refused.body.detail).toMatch(/made before its seat was joined on another phone/);
    // Asked again, the slip's invitation says it opens no more, and since when.
    const slipAgain = await org.post('/matches/slip-1/invitations', { commandId: 'slip-A', side: 'A' });
    expect(slipAgain.body).toMatchObject({ code: slip.body.code, redeemed: false });
    const listed = (await org.get('/keys?match=slip-1')).body as { keyId: string; issuedAt: string }[];
    expect(slipAgain.body.seatJoinedAt).toBe(listed.find((k) => k.keyId === joined.body.keyId)!.issuedAt);
    const pageAgain = await org.post('/matches/slip-1/invitations', { commandId: 'page-A', side: 'A' });
    expect(pageAgain.body).toMatchObject({ redeemed: true });
    expect(pageAgain.body.seatJoinedAt).toBeUndefined();
    // Nothing was spent or issued by the refusal.
    const keys = (await org.get('/keys?match=slip-1')).body as { side: string; revoked: boolean }[];
    expect(keys.filter((k) => k.side === 'A')).toHaveLength(1);
    // The other seat is another seat.
    expect((await redeem(otherSide.body.code)).status).toBe(200);
    // A phone invited once the seat is played joins it beside the first.
    const second = await org.post('/matches/slip-1/invitations', { commandId: 'second-A', side: 'A' });
    expect((await redeem(second.body.code)).status).toBe(200);
  });

  it('a code made with a key that is then revoked is 410 and opens no seat, so a leaked key leaves nothing behind', async () => {
    const issued = await org.post('/keys', { role: 'organiser', tournamentId: 'home' });
    const leaked = new Caller(t.url, issued.body.token as string);
    const { code } = (await leaked.post('/matches/home-1/invitations', { side: 'A' })).body;
    const keysBefore = ((await org.get('/keys')).body as unknown[]).length;
    expect((await org.delete(`/keys/${issued.body.keyId as string}`)).status).toBe(204);

    const refused = await redeem(code);
    expect(refused.status).toBe(410);
    expect(refused.body.detail).toContain('the key that made this invitation has been revoked');
    expect(refused.body.invitation).toBe('seat');
    expect(refused.body.token).toBeUndefined();
    expect(((await org.get('/keys')).body as unknown[]).length).toBe(keysBefore);
    // The organiser's own codes are untouched.
    const own = (await org.post('/matches/home-1/invitations', { side: 'A' })).body.code as string;
    expect((await redeem(own)).status).toBe(200);
  });
});

describe('participant invitations', () => {
  let t: TestApp;
  let org: Caller;
  const redeem = (code: string) => new Caller(t.url, undefined).post(`/invitations/${code}/redeem`);

  beforeAll(async () => {
    t = await startTestApp();
    org = organiser(t);
    for (const id of ['day', 'other']) {
      await org.command('/tournaments', { tournamentId: id, name: id });
      await org.command(`/tournaments/${id}/participants`, { name: `Ann of ${id}` });
      await org.command(`/tournaments/${id}/participants`, { name: `Ben of ${id}` });
    }
  });
  afterAll(() => t.close());

  it('an organiser invites one participant; the link is the tournament page with the code in its fragment; it is traded once for that participant’s key', async () => {
    const invited = await org.post('/tournaments/day/participants/p1/invitations', { label: 'Ann' });
    expect(invited.status).toBe(201);
    const { code, link } = invited.body;
    expect(link).toBe(`/tournament/#invite=${code}`);
    expect(invited.body).toMatchObject({ tournamentId: 'day', participantId: 'p1', label: 'Ann' });
    expect(JSON.stringify(invited.body)).not.toMatch(/umpire_/);

    const joined = await redeem(code);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ tournamentId: 'day', participantId: 'p1' });
    expect(joined.body.matchId).toBeUndefined();
    const keys = (await org.get('/keys')).body as { keyId: string }[];
    expect(keys.find((k) => k.keyId === joined.body.keyId)).toMatchObject({
      role: 'player',
      tournamentId: 'day',
      participantId: 'p1',
    });
    // The key acts for its participant only, in its tournament only.
    const ann = new Caller(t.url, joined.body.token);
    expect((await ann.command('/tournaments/day/participants/p1/check-in')).status).toBe(201);
    expect((await ann.post('/tournaments/day/participants/p2/check-in', { commandId: 'x' })).status).toBe(
      403,
    );
    expect((await ann.get('/tournaments/other')).status).toBe(404);

    const again = await redeem(code);
    expect(again.status).toBe(410);
    expect(again.body.detail).toMatch(/already used/);
    expect(again.body.invitation).toBe('participant');
    expect(again.body.detail).toMatch(/opens a place in the tournament once/);
  });

  it('of several redemptions at once exactly one gets the key; an expired one is 410', async () => {
    const { code } = (await org.post('/tournaments/day/participants/p2/invitations', {})).body;
    const answers = await Promise.all(Array.from({ length: 5 }, () => redeem(code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410, 410, 410]);
    const old = await t.app
      .get(Invitations)
      .createForParticipant(
        ORGANISER,
        { tournamentId: 'day', participantId: 'p2', expiresInMinutes: 1 },
        Date.now() - 5 * 60_000,
      );
    const expired = await redeem(old.code);
    expect(expired.status).toBe(410);
    expect(expired.body.detail).toContain(`expired at ${old.expiresAt}`);
    expect(expired.body.invitation).toBe('participant');
  });

  it('C-6 a commandId makes it idempotent; the same commandId for another participant is 409', async () => {
    const first = await org.post('/tournaments/day/participants/p1/invitations', { commandId: 'inv-p1' });
    const again = await org.post('/tournaments/day/participants/p1/invitations', { commandId: 'inv-p1' });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    const other = await org.post('/tournaments/day/participants/p2/invitations', { commandId: 'inv-p1' });
    expect(other.status).toBe(409);
    expect(other.body.detail).toMatch(/C-6/);
  });

  it('asked again by its commandId once the participant joined with it, the invitation says it was used, when, and for which key', async () => {
    const first = await org.post('/tournaments/day/participants/p2/invitations', {
      commandId: 'inv-p2-used',
    });
    expect(first.body.redeemed).toBe(false);
    const traded = await redeem(first.body.code);
    expect(traded.status).toBe(200);
    const used = await org.post('/tournaments/day/participants/p2/invitations', { commandId: 'inv-p2-used' });
    expect(used.status).toBe(201);
    expect(used.body.code).toBe(first.body.code);
    expect(used.body).toMatchObject({ redeemed: true, redeemedKeyId: traded.body.keyId });
    expect(Math.abs(Date.parse(used.body.redeemedAt as string) - Date.now())).toBeLessThan(60_000);
  });

  it('bad input names the field; an unknown participant is 400; a bound organiser invites in its own tournament only; others may not invite', async () => {
    const unknown = await org.post('/tournaments/day/participants/p9/invitations', {});
    expect(unknown.status).toBe(400);
    expect(unknown.body.field).toBe('participantId');
    const minutes = await org.post('/tournaments/day/participants/p1/invitations', { expiresInMinutes: 0 });
    expect(minutes.status).toBe(400);
    expect(minutes.body.field).toBe('expiresInMinutes');
    expect((await org.post('/tournaments/nowhere/participants/p1/invitations', {})).status).toBe(404);
    const bound = await issueKey(t, { role: 'organiser', tournamentId: 'day' });
    expect((await bound.post('/tournaments/day/participants/p2/invitations', {})).status).toBe(201);
    expect((await bound.post('/tournaments/other/participants/p2/invitations', {})).status).toBe(404);
    const judge = await issueKey(t, { role: 'judge' });
    expect((await judge.post('/tournaments/day/participants/p1/invitations', {})).status).toBe(403);
  });
  it('a participant code made with a key that is then revoked is 410', async () => {
    const issued = await org.post('/keys', { role: 'organiser', tournamentId: 'day' });
    const leaked = new Caller(t.url, issued.body.token as string);
    const { code } = (await leaked.post('/tournaments/day/participants/p2/invitations', {})).body;
    expect((await org.delete(`/keys/${issued.body.keyId as string}`)).status).toBe(204);
    const refused = await redeem(code);
    expect(refused.status).toBe(410);
    expect(refused.body.detail).toContain('has been revoked');
    expect(refused.body.invitation).toBe('participant');
  });
});

/** An app on `dataDir` whose log lines go to `lines`. */
function startLogged(dataDir: string, lines: string[]): Promise<TestApp> {
  return startTestApp(
    { dataDir, logLevel: 'info' },
    { logDestination: { write: (line) => void lines.push(line) } },
  );
}

describe('seat invitations across a restart, and out of the log', () => {
  it('a code sent to a path a little wrong (double slash, capital, encoded slash, elsewhere) is 404 and never logged', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umpire-e2e-'));
    const lines: string[] = [];
    const { app, url } = await startLogged(dataDir, lines);
    try {
      const org = new Caller(url, ORGANISER_KEY);
      await org.command('/matches', {
        matchId: 'near-miss',
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
      const wrongPaths = [
        (code: string) => `//invitations/${code}/redeem`,
        (code: string) => `/Invitations/${code}/redeem`,
        (code: string) => `/invitations%2F${code}/redeem`,
        (code: string) => `/matches/near-miss/${code}`,
        (code: string) => `/${code.replace(/_/g, '%5F')}/redeem`,
      ];
      const codes: string[] = [];
      for (const wrong of wrongPaths) {
        const code = (await org.post('/matches/near-miss/invitations', { side: 'A' })).body.code as string;
        codes.push(code);
        expect((await new Caller(url, undefined).post(wrong(code))).status).toBe(404);
      }
      const log = lines.join('\n');
      expect(log.match(/"statusCode":404/g)?.length).toBeGreaterThanOrEqual(wrongPaths.length);
      for (const code of codes) expect(log).not.toContain(code.slice(-20));
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('an invitation made before a restart redeems after it, once, a participant’s too; no log line holds a code or a key', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'umpire-e2e-'));
    const lines: string[] = [];
    const start = () => startLogged(dataDir, lines);
    try {
      const first = await start();
      const org = new Caller(first.url, ORGANISER_KEY);
      await org.command('/matches', {
        matchId: 'restart-1',
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      });
      await org.command('/tournaments', { tournamentId: 'restart-day', name: 'Restart day' });
      await org.command('/tournaments/restart-day/participants', { name: 'Ann' });
      const participantCode = (await org.post('/tournaments/restart-day/participants/p1/invitations', {}))
        .body.code as string;
      const codes = [
        (await org.post('/matches/restart-1/invitations', { side: 'A' })).body.code as string,
        (await org.post('/matches/restart-1/invitations', { side: 'B' })).body.code as string,
      ];
      expect((await new Caller(first.url, undefined).post(`/invitations/${codes[0]}/redeem`)).status).toBe(
        200,
      );
      await first.app.close();

      const second = await start();
      try {
        const anyone = new Caller(second.url, undefined);
        expect((await anyone.post(`/invitations/${codes[0]}/redeem`)).status).toBe(410);
        const seat = await anyone.post(`/invitations/${codes[1]}/redeem`);
        expect(seat.status).toBe(200);
        expect((await new Caller(second.url, seat.body.token).get('/matches/restart-1')).status).toBe(200);
        const joined = await anyone.post(`/invitations/${participantCode}/redeem`);
        expect(joined.body).toMatchObject({ tournamentId: 'restart-day', participantId: 'p1' });
        const log = lines.join('\n');
        expect(log).toContain('/invitations/[redacted]/redeem');
        // The secret halves (the tail of each): an id alone is no secret.
        for (const code of [...codes, participantCode]) expect(log).not.toContain(code.slice(-20));
        expect(log).not.toContain(seat.body.token.slice(-30));
        expect(log).not.toContain(joined.body.token.slice(-30));
      } finally {
        await second.app.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
