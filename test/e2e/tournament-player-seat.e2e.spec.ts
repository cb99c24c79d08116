import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages, noSidewaysScroll, seatBrowser, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, organiser } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * A player of a refereed tournament, in Chromium at phone size against the real service: from the
 * participant link to the player's page, and from there, by "Play at your seat", to the table page
 * joined to their own seat, where they register a unit and charge as their side. Back on the player's
 * page the same button says the seat was joined (its invitation joins once) and leads to the table page,
 * which keeps the seat on this phone.
 */

describeInBrowser('the player’s page opens the player’s own seat of a refereed table', () => {
  let t: TestApp;
  let browser: Browser;
  let org: Caller;
  let phone: Page;
  let pairing: any;
  const T = 'seat-day';

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    browser = await launchChromium();
    org = organiser(t);
    await org.command('/tournaments', {
      tournamentId: T,
      name: 'Seat day',
      tables: 'refereed',
      ruleset: 'hand-to-hand',
    });
    for (const name of ['Ann Zulu', 'Ben Levy'])
      await org.command(`/tournaments/${T}/participants`, { name });
    for (const id of ['p1', 'p2']) await org.command(`/tournaments/${T}/participants/${id}/check-in`);
    await org.command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    await org.command(`/tournaments/${T}/rounds/1/start`);
    [pairing] = (await org.get(`/tournaments/${T}/rounds/1`)).body.pairings;
    expect(pairing.matchId).toEqual(expect.any(String));
    phone = (await seatBrowser(browser)).page;
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('from the participant link, "Play at your seat" joins the table page at their side, and they play a move as it', async () => {
    const me = pairing.A.participantId as string;
    const invited = await org.post(`/tournaments/${T}/participants/${me}/invitations`, {});
    expect(invited.status).toBe(201);
    await phone.goto(`${t.url}${invited.body.link}`);
    const play = phone.getByRole('button', { name: /Play at your seat/ });
    await play.waitFor();
    // A participant key reads no match: the page offers no watch link that would ask for a key the
    // player does not hold; their seat is how they follow it.
    expect(await phone.getByRole('link', { name: /Follow the match/ }).count()).toBe(0);
    expect(await phone.locator('a[href^="/watch/"]').count()).toBe(0);
    await noSidewaysScroll(phone);
    await shot(phone, 'player-seat');

    await play.click();
    await phone.waitForURL(`${t.url}/table/`);
    const register = phone.getByRole('button', { name: new RegExp(`Register a unit for ${pairing.A.name}`) });
    await register.click();
    const form = phone.locator('.may-do form');
    await form.getByLabel('Its name').fill('Impi');
    await form.getByLabel(/Its base morale/).fill('8');
    await form.getByLabel(/Its move, in inches/).fill('6');
    await form.getByRole('button', { name: 'Send' }).click();
    // Side A's page offers no unit for the other side: that seat is its opponent's.
    expect(
      await phone.getByRole('button', { name: new RegExp(`Register a unit for ${pairing.B.name}`) }).count(),
    ).toBe(0);
    const played = async () =>
      (await org.get(`/matches/${pairing.matchId}/export`))
        .text!.trim()
        .split('\n')
        .map((line) => JSON.parse(line))
        .filter((line) => ['UnitRegistered', 'ChargeDeclared'].includes(line.type))
        .map((line) => [line.type, line.metadata.actor.role, line.metadata.actor.side ?? null]);
    // The phone's unit lands first (its outbox sends it on its own time): the organiser's comes after it.
    for (const deadline = Date.now() + 10_000; (await played()).length < 1 && Date.now() < deadline;)
      await phone.waitForTimeout(100);
    await org.command(`/matches/${pairing.matchId}/units`, {
      unitId: 'levy',
      name: 'Levy',
      side: 'B',
      morale: 7,
      move: 6,
    });

    await phone.getByRole('button', { name: /^Charge with Impi$/ }).click({ timeout: 15_000 });
    const charge = phone.locator('.may-do form');
    await charge
      .getByRole('group', { name: 'Which enemy unit does it charge?' })
      .getByRole('button', { name: 'Levy', exact: true })
      .click();
    await charge.getByRole('button', { name: 'its front', exact: true }).click();
    await charge.getByRole('button', { name: 'level with it', exact: true }).click();
    // Server dice: the service rolls the willpower test as the charge is sent.
    await charge.getByRole('button', { name: /^(Send|Roll)$/ }).click();

    for (const deadline = Date.now() + 10_000; (await played()).length < 3 && Date.now() < deadline;)
      await phone.waitForTimeout(100);
    expect(await played()).toEqual([
      ['UnitRegistered', 'player', 'A'],
      ['UnitRegistered', 'organiser', null],
      ['ChargeDeclared', 'player', 'A'],
    ]);
  }, 60_000);

  it('back on the player’s page, the same button says the seat is joined, and the table page keeps it on this phone', async () => {
    await phone.goBack();
    await phone.waitForURL(/\/tournament\//);
    await phone.getByRole('button', { name: /Play at your seat/ }).click();
    await phone
      .getByRole('status')
      .getByText(/You joined this seat already/)
      .waitFor();
    await phone.getByRole('link', { name: 'open the table page' }).click();
    await phone.waitForURL(`${t.url}/table/`);
    await phone.getByRole('heading', { level: 1, name: `${pairing.A.name} side A` }).waitFor();
    expect(await phone.getByTestId('join-refused').count()).toBe(0);
  }, 60_000);
  it('a seat joined with another invitation since the player’s own was made: the button says so, and sends nowhere', async () => {
    const me = pairing.B.participantId as string;
    const joinedHere = await new Caller(t.url, undefined).post(
      `/invitations/${(await org.post(`/tournaments/${T}/participants/${me}/invitations`, {})).body.code}/redeem`,
    );
    const player = new Caller(t.url, joinedHere.body.token as string);
    // The player's own invitation to the seat is made (as a tap on the button makes it) …
    const own = await player.post(`/tournaments/${T}/rounds/1/tables/${pairing.table}/seat-invitation`, {
      commandId: 'own-b',
      side: 'B',
    });
    expect(own.body.redeemed).toBe(false);
    // … and then another phone takes the seat with the desk's invitation (a slip left on the table).
    const slip = await org.post(`/matches/${pairing.matchId}/invitations`, { side: 'B' });
    expect((await new Caller(t.url, undefined).post(`/invitations/${slip.body.code}/redeem`)).status).toBe(
      200,
    );

    const other = (await seatBrowser(browser)).page;
    await other.goto(`${t.url}/tournament/`);
    // The participant's key as this phone's tournament page kept it when they joined.
    const kept = JSON.stringify([`umpire.tournament.participant.${T}.${me}`, joinedHere.body.token]);
    await other.evaluate(`localStorage.setItem(...${kept})`);
    await other.goto(`${t.url}/tournament/?tournament=${T}&participant=${me}`);
    await other.getByRole('button', { name: /Play at your seat/ }).click();
    const alert = other
      .getByRole('alert')
      .filter({ hasText: /Your seat was joined on another phone at \d\d:\d\d, / });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/If it was not, tell the organiser now/);
    expect(other.url()).toContain('/tournament/');
    await noSidewaysScroll(other);
    await shot(other, 'player-seat-elsewhere');
    await other.context().close();
  }, 60_000);
});
