import type { Browser, Page } from 'playwright-core';
import { Invitations } from '../../src/invitations/invitations.service.js';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  buildPages,
  noSidewaysScroll,
  PHONE,
  type SeatBrowser,
  seatBrowser,
  shot,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, organiser } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * A player who has only the code of their invitation (read out at the desk, written on a slip), in
 * Chromium against the real service: /tournament/ takes it in a field checked as it is typed, in any
 * case and spacing, and trades it as the link's fragment would; a used, an expired or an unknown code
 * is refused in a player's words on the field; a seat's code typed there is spent all the same, so its
 * key is kept where the table page keeps seats and the table page opens that seat; a phone that joined
 * a tournament already keeps its list and offers another code; the link's fragment still joins.
 */
const ORGANISER = { keyId: 'configured', role: 'organiser' } as const;
const DESKTOP = { width: 1280, height: 800 };

describeInBrowser('the tournament page joins by an invitation code typed in', () => {
  let t: TestApp;
  let browser: Browser;
  let org: Caller;
  let phone: SeatBrowser;
  const T = 'code-cup';

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    browser = await launchChromium();
    org = organiser(t);
    await org.command('/tournaments', { tournamentId: T, name: 'Code Cup' });
    for (const name of ['Ann Archer', 'Ben Baker', 'Cai Chen'])
      await org.command(`/tournaments/${T}/participants`, { name });
    await org.command('/matches', {
      matchId: 'code-table',
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    phone = await seatBrowser(browser);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const field = (page: Page) => page.getByLabel('The code of your invitation');
  const problem = (page: Page) => page.getByTestId('code-problem');
  const redeems = (seat: SeatBrowser) =>
    seat.sent.filter((r) => r.url.includes('/invitations/')).map((r) => new URL(r.url).pathname);
  const invite = async (participantId: string) =>
    (await org.command(`/tournaments/${T}/participants/${participantId}/invitations`, {})).body as {
      code: string;
      link: string;
    };
  const inviteSeat = async (side: 'A' | 'B') =>
    (await org.post('/matches/code-table/invitations', { side })).body as { code: string; link: string };
  /** The page at phone size (as it is) and at desktop size, shot at both, then back at phone size. */
  const bothSizes = async (page: Page, name: string) => {
    await noSidewaysScroll(page);
    await shot(page, `${name}-phone`);
    await page.setViewportSize(DESKTOP);
    await shot(page, `${name}-desktop`);
    await page.setViewportSize(PHONE);
  };

  it('with no place kept, the page has a labelled code field; a code of the wrong form is answered on it and nothing is sent', async () => {
    await phone.page.goto(`${t.url}/tournament/`);
    await phone.page.getByRole('heading', { name: 'Join with the code' }).waitFor();
    expect(await field(phone.page).getAttribute('autocorrect')).toBe('off');
    expect(await field(phone.page).getAttribute('autocapitalize')).toBe('characters');
    expect(await field(phone.page).getAttribute('spellcheck')).toBe('false');
    await bothSizes(phone.page, 'player-code-empty');

    await field(phone.page).fill('k3x9 a0b');
    await field(phone.page).press('Enter');
    await problem(phone.page).waitFor();
    expect(await problem(phone.page).innerText()).toBe(
      'That is 7 letters and digits: a code has twelve, in three groups of four, like K3X9-A0B2-C4D6.',
    );
    expect(await field(phone.page).getAttribute('aria-invalid')).toBe('true');
    const described = (await field(phone.page).getAttribute('aria-describedby'))!.split(' ');
    expect(described[0]).toBe(await problem(phone.page).getAttribute('id'));
    expect(await phone.page.evaluate('document.activeElement.id')).toBe('invitation-code');
    expect(redeems(phone)).toEqual([]);
    await bothSizes(phone.page, 'player-code-wrong-form');
  }, 60_000);

  it('the code typed in lower case with spaces joins the player, by Enter, and the key is kept as a link’s would be', async () => {
    const { code } = await invite('p1');
    await field(phone.page).fill(`  ${code.toLowerCase().replace(/-/g, ' ')} `);
    expect(await field(phone.page).getAttribute('aria-invalid')).toBeNull();
    await field(phone.page).press('Enter');
    await phone.page.getByRole('heading', { level: 1, name: 'Code Cup' }).waitFor();
    await phone.page.locator('.page-header').getByText('Ann Archer', { exact: true }).waitFor();
    // The field typed in is gone: the focus starts again at the page's heading.
    await phone.page.waitForFunction(`document.activeElement?.id === 'player-heading'`);
    expect(redeems(phone)).toEqual([`/invitations/${code}/redeem`]);
    expect(new URL(phone.page.url()).search).toBe(`?tournament=${T}&participant=p1`);
    const kept = (await phone.page.evaluate(
      `localStorage.getItem('umpire.tournament.participant.${T}.p1')`,
    )) as string | null;
    expect(kept).toEqual(expect.any(String));
    expect(phone.page.url()).not.toContain(kept!);
    await bothSizes(phone.page, 'player-code-joined');
  }, 60_000);

  it('a used code, an expired one and an unknown one are refused in a player’s words, on the field', async () => {
    const other = await seatBrowser(browser);
    await other.page.goto(`${t.url}/tournament/`);
    const used = await invite('p2');
    expect((await org.post(`/invitations/${used.code}/redeem`, {})).status).toBe(200);
    await field(other.page).fill(used.code);
    await other.page.getByRole('button', { name: 'Join', exact: true }).click();
    await problem(other.page)
      .getByText(/^This invitation was already used: /)
      .waitFor();
    expect(await problem(other.page).getAttribute('role')).toBe('alert');
    expect(await field(other.page).getAttribute('aria-invalid')).toBe('true');
    expect(await other.page.evaluate('document.activeElement.id')).toBe('invitation-code');
    expect(await problem(other.page).innerText()).toMatch(/place in the tournament once/);
    await bothSizes(other.page, 'player-code-used');

    // A used seat's code is said as a seat's: where its key went, and who gives a new one.
    const usedSeat = await inviteSeat('B');
    expect((await org.post(`/invitations/${usedSeat.code}/redeem`, {})).status).toBe(200);
    await field(other.page).fill(usedSeat.code);
    await field(other.page).press('Enter');
    await problem(other.page)
      .getByText(/^This invitation was already used: a seat’s invitation joins its seat once/)
      .waitFor();
    expect(await problem(other.page).innerText()).toMatch(/the table page there has the seat/);
    expect(await problem(other.page).innerText()).not.toMatch(/place in the tournament/);
    await bothSizes(other.page, 'player-code-used-seat');

    const expired = await t.app
      .get(Invitations)
      .createForParticipant(
        ORGANISER,
        { tournamentId: T, participantId: 'p3', expiresInMinutes: 60 },
        Date.now() - 2 * 60 * 60_000,
      );
    await field(other.page).fill(expired.code);
    expect(await problem(other.page).count()).toBe(0);
    await field(other.page).press('Enter');
    await problem(other.page)
      .getByText(/^This invitation expired at .*Ask the organiser for a new one\.$/)
      .waitFor();

    await field(other.page).fill('K3X9-A0B2-C4D6');
    await field(other.page).press('Enter');
    await problem(other.page)
      .getByText(/^No invitation has this code: check it against your slip/)
      .waitFor();
    expect(await other.page.evaluate('Object.keys(localStorage)')).toEqual([]);
    await other.context.close();
  }, 60_000);

  it('a phone that joined keeps its list and offers another code; a seat’s code typed there opens that seat on the table page, its key kept', async () => {
    await phone.page.goto(`${t.url}/tournament/`);
    await phone.page.getByRole('heading', { name: 'Joined on this phone' }).waitFor();
    await phone.page.getByRole('link', { name: `Your page in tournament ${T}` }).waitFor();
    expect(await field(phone.page).isVisible()).toBe(false);
    // By keyboard: the disclosure opens with Enter, and the field takes the code.
    await phone.page.getByText('Join with another code').focus();
    await phone.page.keyboard.press('Enter');
    await field(phone.page).waitFor();
    await bothSizes(phone.page, 'player-code-another');

    const seat = await inviteSeat('A');
    await field(phone.page).fill(seat.code.toLowerCase());
    await field(phone.page).press('Enter');
    await phone.page.waitForURL(`${t.url}/table/`);
    await phone.page.getByRole('heading', { level: 1, name: 'Zulus side A' }).waitFor();
    const seats = JSON.parse(
      (await phone.page.evaluate(`localStorage.getItem('umpire.table.seats')`)) as string,
    ) as any[];
    expect(seats).toEqual([expect.objectContaining({ matchId: 'code-table', side: 'A' })]);
    const keys = (await org.get('/keys')).body as any[];
    expect(keys.find((k) => k.keyId === seats[0].keyId)).toMatchObject({
      role: 'player',
      matchId: 'code-table',
      side: 'A',
    });
    // The tournament's place is kept beside it.
    expect(
      await phone.page.evaluate(`localStorage.getItem('umpire.tournament.participant.${T}.p1') !== null`),
    ).toBe(true);
    await bothSizes(phone.page, 'player-code-seat');
  }, 60_000);

  it('a participant’s code typed on the table page is spent all the same: its place is kept, and the tournament page opens it', async () => {
    const other = await seatBrowser(browser);
    await other.page.goto(`${t.url}/table/`);
    const { code } = await invite('p2');
    await other.page.getByLabel('Invitation code').fill(code);
    await other.page.getByLabel('Invitation code').press('Enter');
    const kept = other.page.getByTestId('place-kept');
    await kept.waitFor();
    expect(await kept.innerText()).toMatch(
      /for your place in tournament code-cup, not for a seat at a table/,
    );
    expect(await other.page.evaluate(`localStorage.getItem('umpire.table.seats')`)).toBeNull();
    await bothSizes(other.page, 'table-code-place');
    await other.page.getByRole('link', { name: 'Open your tournament page' }).click();
    await other.page.getByRole('heading', { level: 1, name: 'Code Cup' }).waitFor();
    await other.page.locator('.page-header').getByText('Ben Baker', { exact: true }).waitFor();
    expect(new URL(other.page.url()).search).toBe(`?tournament=${T}&participant=p2`);
    await other.context.close();
  }, 60_000);

  it('the link’s fragment still joins, and a seat’s link opened on the tournament page keeps its seat too', async () => {
    const other = await seatBrowser(browser);
    const { link } = await invite('p3');
    await other.page.goto(`${t.url}${link}`);
    await other.page.getByRole('heading', { level: 1, name: 'Code Cup' }).waitFor();
    await other.page.locator('.page-header').getByText('Cai Chen', { exact: true }).waitFor();
    expect(other.page.url()).toBe(`${t.url}/tournament/?tournament=${T}&participant=p3`);

    const seat = await inviteSeat('B');
    await other.page.goto(`${t.url}/tournament/#invite=${seat.code}`);
    await other.page.waitForURL(`${t.url}/table/`);
    await other.page.getByRole('heading', { level: 1, name: 'British side B' }).waitFor();
    expect(redeems(other)).toEqual([
      `/invitations/${link.slice(link.indexOf('=') + 1)}/redeem`,
      `/invitations/${seat.code}/redeem`,
    ]);
    await other.context.close();
  }, 60_000);
});
