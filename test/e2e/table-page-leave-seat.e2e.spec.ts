import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  bigEnoughTargets,
  buildPages,
  joinSeats,
  noSidewaysScroll,
  PHONE,
  type SeatBrowser,
  seatBrowser,
  shot,
  until,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * Leaving a seat on the table page gives it up at the service: the seat's key revokes itself
 * (DELETE /keys/current) before the phone forgets it, so the old key is refused and the desk sees it
 * revoked. Offline, the seat is not given up: it stays, unless the player forgets it on this phone
 * only, told that its key still works.
 */

/** The phone's screen as the player sees it, the dialog over the page (a full-page shot cuts its backdrop). */
async function screen(page: Page, name: string): Promise<void> {
  const folder = process.env.UMPIRE_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  expect(page.viewportSize()).toEqual(PHONE);
  await page.screenshot({ path: join(folder, `${name}.png`) });
}

interface Kept {
  token: string;
  keyId: string;
  matchId: string;
  side: string;
}

describeInBrowser('table page in Chromium: leaving a seat gives its key up', () => {
  let t: TestApp;
  let browser: Browser;
  let m: MatchTable;
  const matchId = 'hh-leave-seat';

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    m = await openMatch(t, { matchId, ruleset: 'hand-to-hand', diceMode: 'table' });
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A phone joined to side A from its own invitation, and the seat it keeps. */
  async function joined(): Promise<{ phone: SeatBrowser; kept: Kept }> {
    const phone = await seatBrowser(browser);
    await joinSeats(t.url, m.organiser, matchId, [[phone, 'A']]);
    await phone.page.getByRole('heading', { level: 1, name: 'Side A side A' }).waitFor();
    const seats = JSON.parse(
      (await phone.page.evaluate("localStorage.getItem('umpire.table.seats')")) as string,
    ) as Kept[];
    expect(seats).toHaveLength(1);
    return { phone, kept: seats[0]! };
  }

  const keptSeats = async (phone: SeatBrowser) =>
    (await phone.page.evaluate("localStorage.getItem('umpire.table.seats')")) as string;
  const keyListed = async (keyId: string) =>
    ((await m.organiser.get(`/keys?match=${matchId}`)).body as { keyId: string; revoked: boolean }[]).find(
      (key) => key.keyId === keyId,
    );
  const leaveButton = (phone: SeatBrowser) => phone.page.getByRole('button', { name: 'Leave this seat' });
  const dialogOf = (phone: SeatBrowser): Locator => phone.page.getByTestId('confirm-leave');

  it('online: the confirmation says the key stops working; leaving revokes it, then forgets it', async () => {
    const { phone, kept } = await joined();
    const key = new Caller(t.url, kept.token);
    expect((await key.get(`/matches/${matchId}`)).status).toBe(200);

    await leaveButton(phone).click();
    const dialog = phone.page.getByRole('dialog', { name: 'Leave this seat?' });
    await dialog.waitFor();
    const words = (await dialog.textContent()) ?? '';
    expect(words).toMatch(/its key on this phone stops working at once/);
    expect(words).toMatch(/new invitation from the organiser/);
    expect(await dialog.getByRole('button', { name: 'Forget on this phone only' }).count()).toBe(0);
    // The safe answer has the focus: a stray Enter keeps the seat.
    expect(
      await dialog
        .getByRole('button', { name: 'Stay at the table' })
        .evaluate((element) => element === element.ownerDocument.activeElement),
    ).toBe(true);
    await bigEnoughTargets(phone.page);
    await noSidewaysScroll(phone.page);
    await screen(phone.page, 'table-leave-confirm');

    // Escape keeps the seat, and its key.
    await phone.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await keptSeats(phone)).toContain(kept.token);
    expect((await keyListed(kept.keyId))?.revoked).toBe(false);

    await leaveButton(phone).click();
    await dialog.getByRole('button', { name: 'Leave the seat' }).click();
    await phone.page.getByRole('heading', { level: 1, name: 'Join your table' }).waitFor();
    expect(await phone.page.getByTestId('left-notice').textContent()).toMatch(/its key no longer works/);
    expect(await keptSeats(phone)).not.toContain(kept.token);
    expect((await key.get(`/matches/${matchId}`)).status).toBe(401);
    expect((await key.get('/keys/current')).status).toBe(401);
    expect((await keyListed(kept.keyId))?.revoked).toBe(true);
    await shot(phone.page, 'table-left');
    await phone.context.close();
  }, 60_000);

  it('offline: the seat is not given up nor forgotten, unless forgotten here only, its key still working', async () => {
    const { phone, kept } = await joined();
    const key = new Caller(t.url, kept.token);
    await phone.context.setOffline(true);
    await phone.page.getByTestId('live-mode').filter({ hasText: 'offline' }).waitFor();
    // A step made offline waits on this phone: the confirmation counts it.
    await phone.page.getByRole('button', { name: /^Register a unit for Side A/ }).click();
    await phone.page.getByLabel('Its name').fill('Z1');
    await phone.page.keyboard.press('Tab');
    await phone.page.keyboard.type('7');
    await phone.page.keyboard.press('Tab');
    await phone.page.keyboard.type('6');
    await phone.page.keyboard.press('Enter');
    await until(
      phone.page,
      `JSON.parse(localStorage.getItem('umpire.table.outbox.${matchId}.A') ?? '[]').length === 1`,
    );

    await leaveButton(phone).click();
    const dialog = dialogOf(phone);
    await dialog.waitFor();
    expect(await dialog.textContent()).toMatch(/1 step not yet sent will stay on this phone, unsent/);
    expect(await dialog.getByTestId('leave-trouble').textContent()).toMatch(/This phone is offline/);
    expect(await dialog.getByTestId('forget-only-warning').textContent()).toMatch(
      /leaves its key working.*until the organiser shuts this phone out/,
    );
    await bigEnoughTargets(phone.page);
    await noSidewaysScroll(phone.page);
    await screen(phone.page, 'table-leave-offline');

    // Trying anyway, offline, gives nothing up and forgets nothing.
    await dialog.getByRole('button', { name: 'Leave the seat' }).click();
    await dialog.getByRole('heading', { name: 'The seat was not given up' }).waitFor();
    expect(await dialog.getByTestId('leave-trouble').textContent()).toMatch(/could not be reached/);
    expect(await keptSeats(phone)).toContain(kept.token);
    expect((await keyListed(kept.keyId))?.revoked).toBe(false);
    await screen(phone.page, 'table-leave-not-given-up');

    await dialog.getByRole('button', { name: 'Forget on this phone only' }).click();
    await phone.page.getByRole('heading', { level: 1, name: 'Join your table' }).waitFor();
    expect(await phone.page.getByRole('alert').textContent()).toMatch(/its key still works/);
    expect(await keptSeats(phone)).not.toContain(kept.token);
    // Forgotten here, the key still plays the seat until the desk shuts it out.
    expect((await key.get(`/matches/${matchId}`)).status).toBe(200);
    expect((await keyListed(kept.keyId))?.revoked).toBe(false);
    await phone.context.close();
  }, 60_000);

  it('back online after a failed try, "Try again" gives the seat up', async () => {
    const { phone, kept } = await joined();
    const key = new Caller(t.url, kept.token);
    await leaveButton(phone).click();
    const dialog = dialogOf(phone);
    await dialog.waitFor();
    await phone.context.setOffline(true);
    await dialog.getByRole('button', { name: 'Leave the seat' }).click();
    await dialog.getByRole('heading', { name: 'The seat was not given up' }).waitFor();
    expect((await keyListed(kept.keyId))?.revoked).toBe(false);

    await phone.context.setOffline(false);
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await phone.page.getByRole('heading', { level: 1, name: 'Join your table' }).waitFor();
    expect(await keptSeats(phone)).not.toContain(kept.token);
    expect((await key.get(`/matches/${matchId}`)).status).toBe(401);
    expect((await keyListed(kept.keyId))?.revoked).toBe(true);
    await phone.context.close();
  }, 60_000);

  it('a key the service took already (its answer lost on the way) is forgotten as a seat left', async () => {
    const { phone, kept } = await joined();
    const key = new Caller(t.url, kept.token);
    // The revocation reaches the service; its answer never reaches the phone.
    await phone.page.route('**/keys/current', async (route) => {
      await route.fetch();
      await route.abort('connectionreset');
    });
    await leaveButton(phone).click();
    const dialog = dialogOf(phone);
    await dialog.getByRole('button', { name: 'Leave the seat' }).click();
    // Either the page's own feed is refused first, or "Try again" is answered 401: the seat goes.
    const joinPage = phone.page.getByRole('heading', { level: 1, name: 'Join your table' });
    const again = dialog.getByRole('button', { name: 'Try again' });
    await Promise.race([joinPage.waitFor(), again.waitFor()]);
    await phone.page.unroute('**/keys/current');
    if (await again.isVisible().catch(() => false)) await again.click().catch(() => undefined);
    await joinPage.waitFor();
    expect(await phone.page.getByTestId('left-notice').textContent()).toMatch(/You left the seat/);
    expect(await keptSeats(phone)).not.toContain(kept.token);
    expect((await key.get(`/matches/${matchId}`)).status).toBe(401);
    expect((await keyListed(kept.keyId))?.revoked).toBe(true);
    await phone.context.close();
  }, 60_000);
});
