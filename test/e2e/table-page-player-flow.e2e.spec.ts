import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  bothSeats,
  asked,
  bigEnoughTargets,
  buildPages,
  caughtUp,
  mustDo,
  noSidewaysScroll,
  PHONE,
  type SeatBrowser,
  shot,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * The table page as two players use it on their phones, for what lies between the rules: the keyboard
 * in a form opened from its button, an undo request seen from both seats and ending the turn while it
 * waits, the player's own free turn, a dispute picked from the log, an awaited step tapped twice
 * offline, the end of the match, and leaving the seat.
 */

const DESKTOP = { width: 1280, height: 800 };

describeInBrowser('table page in Chromium: a player’s way through forms, requests and the end', () => {
  let t: TestApp;
  let browser: Browser;
  let m: MatchTable;
  let A: SeatBrowser;
  let B: SeatBrowser;
  const matchId = 'hh-player-flow';
  let seen = 0;

  /** Waits until the service has appended what a page sent, and both pages show it. */
  async function landed(): Promise<void> {
    const deadline = Date.now() + 15_000;
    let now = await m.revision();
    while (now <= seen && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      now = await m.revision();
    }
    expect(now).toBeGreaterThan(seen);
    seen = now;
    for (const seat of [A, B]) await caughtUp(seat.page, now);
  }

  /** Waits (briefly) until the focus is within `locator`. */
  const focusWithin = (locator: Locator) => locator.locator(':focus').waitFor({ timeout: 2_000 });
  const hasFocus = (locator: Locator) =>
    locator.evaluate((element) => element === element.ownerDocument.activeElement);
  const log = async () =>
    (await m.organiser.get(`/matches/${matchId}/log`)).body.entries as { type: string; sentence: string }[];
  const mayDo = (page: Page) => page.locator('.may-do form');

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    m = await openMatch(t, { matchId, ruleset: 'hand-to-hand', diceMode: 'table' });
    seen = await m.revision();
    browser = await launchChromium();
    [A, B] = await bothSeats(browser, t.url, m.organiser, matchId);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** Registers a unit with the keyboard alone: Enter on the button, then typing, Tab, Enter. */
  async function registerByKeyboard(seat: SeatBrowser, side: 'A' | 'B', name: string, morale: number) {
    const button = seat.page.getByRole('button', { name: new RegExp(`^Register a unit for Side ${side}`) });
    await button.focus();
    await seat.page.keyboard.press('Enter');
    const form = mayDo(seat.page);
    expect(await hasFocus(form.getByLabel('Its name'))).toBe(true);
    await seat.page.keyboard.type(name);
    await seat.page.keyboard.press('Tab');
    await seat.page.keyboard.type(String(morale));
    await seat.page.keyboard.press('Tab');
    await seat.page.keyboard.type('6');
    await seat.page.keyboard.press('Enter');
    await landed();
    // Sent: the focus is back on the button the form was opened from, not lost to the page.
    expect(await hasFocus(button)).toBe(true);
  }

  it('keyboard: Enter on a disclosure button puts the focus in its form, Escape closes it and gives the focus back; the form is named by its title alone', async () => {
    const button = A.page.getByRole('button', { name: /^Register a unit for Side A/ });
    const title = (await button.textContent())!.trim();
    await button.focus();
    await A.page.keyboard.press('Enter');
    const form = A.page.getByRole('form', { name: title, exact: true });
    await form.waitFor();
    expect(await hasFocus(form.getByLabel('Its name'))).toBe(true);
    await A.page.keyboard.type('Z9');
    expect(await form.getByLabel('Its name').inputValue()).toBe('Z9');
    await shot(A.page, 'table-flow-register-focused');
    await A.page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await hasFocus(button)).toBe(true);

    await registerByKeyboard(A, 'A', 'Z1', 8);
    await registerByKeyboard(B, 'B', 'N1', 7);
    await registerByKeyboard(A, 'A', 'Z2', 8);
  }, 90_000);

  it('the player’s own turn with free choices says so; the other seat waits for them', async () => {
    await mustDo(A.page).getByRole('heading', { name: 'Your turn' }).waitFor();
    expect(await A.page.getByTestId('waiting').textContent()).toMatch(/choose below/);
    await mustDo(B.page).getByRole('heading', { name: 'Waiting' }).waitFor();
    expect(await B.page.getByTestId('waiting').textContent()).toMatch(/Waiting for Side A to play/);
  }, 30_000);

  /** A one-of choice's options as the page shows them: a drop-down when long, else a group of buttons. */
  async function optionsOf(form: Locator, name: RegExp): Promise<string[]> {
    const select = form.getByRole('combobox', { name });
    if ((await select.count()) > 0) return select.locator('option').allTextContents();
    return form.getByRole('group', { name }).getByRole('button').allTextContents();
  }
  async function pick(form: Locator, name: RegExp, option: RegExp): Promise<string> {
    const text = (await optionsOf(form, name)).find((label) => option.test(label));
    if (text === undefined) throw new Error(`no option ${option} in ${await optionsOf(form, name)}`);
    const select = form.getByRole('combobox', { name });
    if ((await select.count()) > 0) await select.selectOption({ label: text });
    else await form.getByRole('group', { name }).getByRole('button', { name: text, exact: true }).click();
    return text;
  }

  async function askUndo(target: RegExp, reason: string) {
    const button = A.page.getByRole('button', {
      name: /Ask to undo back to an earlier event of this turn \(Side B must agree\)/,
    });
    await button.focus();
    await A.page.keyboard.press('Enter');
    const form = mayDo(A.page);
    // The first field has the focus: the first event to go back to, or the list of them.
    await focusWithin(form);
    await pick(form, /Back to the state/, target);
    await form.getByLabel('Why').fill(reason);
    await form.getByRole('button', { name: 'Send' }).click();
    await landed();
  }

  async function endTurn(seat: SeatBrowser, side: 'A' | 'B') {
    await seat.page.getByRole('button', { name: new RegExp(`End the turn of Side ${side}`) }).click();
    await mayDo(seat.page).getByRole('button', { name: 'Send' }).click();
  }

  it('C-5 an undo request: the opponent reads its reason, the requester sees it waiting, and ending the turn meanwhile asks first that it lapse', async () => {
    await askUndo(/: The N1 takes the field for Side B/, 'Z2 was never on the table');
    const prompt = B.page.getByRole('region', { name: 'The other side asks' });
    await prompt.waitFor();
    expect(await prompt.getByTestId('undo-reason').textContent()).toContain('Z2 was never on the table');
    await shot(B.page, 'table-flow-undo-prompt');

    const waiting = A.page.getByRole('status').filter({ has: A.page.getByTestId('undo-waiting') });
    await waiting.waitFor();
    expect(await waiting.textContent()).toMatch(/waiting for Side B/);
    expect(await waiting.textContent()).toContain('Z2 was never on the table');
    await noSidewaysScroll(A.page);
    await bigEnoughTargets(A.page);
    await shot(A.page, 'table-flow-undo-waiting');

    // Ending the turn now would let the request lapse: the page asks, and "Keep waiting" sends nothing.
    const sentBefore = A.sent.length;
    await endTurn(A, 'A');
    const confirm = A.page.getByRole('dialog', { name: /Your undo request will lapse/ });
    await confirm.waitFor();
    expect(await hasFocus(confirm.getByRole('button', { name: 'Keep waiting' }))).toBe(true);
    await shot(A.page, 'table-flow-end-turn-lapse');
    await A.page.setViewportSize(DESKTOP);
    await noSidewaysScroll(A.page);
    await shot(A.page, 'table-flow-end-turn-lapse-desktop');
    await A.page.setViewportSize(PHONE);
    await confirm.getByRole('button', { name: 'Keep waiting' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(A.sent.slice(sentBefore).filter((request) => request.url.endsWith('/end-turn'))).toEqual([]);

    await prompt.getByRole('button', { name: 'Yes' }).click();
    await prompt.getByRole('button', { name: 'Send' }).click();
    await landed();
    await waiting.waitFor({ state: 'detached' });

    // Asked again and left waiting: this time the player ends the turn anyway.
    await askUndo(/^after event/, 'second thoughts');
    await waiting.waitFor();
    await endTurn(A, 'A');
    await confirm.getByRole('button', { name: 'End the turn anyway' }).click();
    await landed();
    expect(await A.page.getByTestId('turn').textContent()).toBe('2');
    await waiting.waitFor({ state: 'detached' });
    await prompt.waitFor({ state: 'detached' });
  }, 90_000);

  it('C-5 a dispute picks its event from the log’s lines, an undone one marked so', async () => {
    const button = A.page.getByRole('button', { name: /Dispute an event for Side A/ });
    await button.focus();
    await A.page.keyboard.press('Enter');
    const form = mayDo(A.page);
    await focusWithin(form);
    const options = await optionsOf(form, /Which event is disputed/);
    expect(
      options.some((text) => /^event \d+: The Z2 takes the field for Side A.*\(undone\)$/.test(text)),
    ).toBe(true);
    const z1 = await pick(
      form,
      /Which event is disputed/,
      /^event \d+: The Z1 takes the field for Side A(?!.*undone)/,
    );
    await form.getByLabel('The claim').fill('Z1 was registered with the wrong morale');
    await shot(A.page, 'table-flow-dispute-list');
    await form.getByRole('button', { name: 'Send' }).click();
    await landed();
    const revision = Number(/^event (\d+)/.exec(z1)![1]);
    const disputes = (await m.organiser.get(`/matches/${matchId}`)).body.pending.disputes as {
      revision: number;
    }[];
    expect(disputes.map((dispute) => dispute.revision)).toEqual([revision]);
  }, 60_000);

  it('offline, an awaited step sent once is held as queued: it cannot be sent twice, and lands once when the connection returns', async () => {
    const form = await (async () => {
      await B.page.getByRole('button', { name: /^Charge with N1$/ }).click();
      return mayDo(B.page);
    })();
    await form
      .getByRole('group', { name: 'Which enemy unit does it charge?' })
      .getByRole('button', { name: 'Z1', exact: true })
      .click();
    await form.getByRole('button', { name: 'its front', exact: true }).click();
    await form.getByRole('button', { name: 'level with it', exact: true }).click();
    for (const face of [2, 2]) await form.getByRole('button', { name: `Rolled a ${face}` }).click();
    await form.getByRole('button', { name: 'Send' }).click();
    await landed();

    await asked(B.page, /Roll the impact of N1 on Z1/);
    await B.context.setOffline(true);
    await mustDo(B.page).getByRole('button', { name: 'Rolled a 3' }).click();
    await mustDo(B.page).getByRole('button', { name: 'Send' }).click();
    await mustDo(B.page).getByTestId('held').waitFor();
    // Nothing to tap again as if the first had not gone: the step stays held, its button off.
    expect(await mustDo(B.page).getByRole('button', { name: 'Rolled a 3' }).count()).toBe(0);
    expect(await mustDo(B.page).getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await shot(B.page, 'table-flow-offline-held');

    await B.context.setOffline(false);
    await landed();
    await B.page.locator('.outbox-pending').first().waitFor({ state: 'detached', timeout: 15_000 });
    expect(await B.page.locator('.outbox-refused').count()).toBe(0);
    expect((await log()).filter((entry) => entry.type === 'ImpactRolled')).toHaveLength(1);
  }, 90_000);

  it('online, an awaited step that landed stays held until the page has read the match after it', async () => {
    await asked(A.page, /Take the melee morale test of Z1/);
    // The match is read slowly (2 s an answer): the command lands well before the page sees its outcome.
    const slow = new RegExp(`/matches/${matchId}$`);
    let delayed = 0;
    await A.page.route(slow, async (route) => {
      if (route.request().method() === 'GET') {
        delayed++;
        await new Promise((resolve) => setTimeout(resolve, 2000));
      }
      // Let go of by unroute meanwhile, it is sent on by Playwright itself.
      await route.continue().catch(() => undefined);
    });
    const before = seen;
    for (const face of [1, 1])
      await mustDo(A.page)
        .getByRole('button', { name: `Rolled a ${face}` })
        .click();
    await mustDo(A.page).getByRole('button', { name: 'Send' }).click();
    const deadline = Date.now() + 10_000;
    while ((await m.revision()) === before && Date.now() < deadline) await A.page.waitForTimeout(50);
    expect(await m.revision()).toBeGreaterThan(before);
    expect(Number(await A.page.locator('main').getAttribute('data-revision'))).toBe(before);
    expect(await mustDo(A.page).getByTestId('held').count()).toBe(1);
    expect(await mustDo(A.page).getByRole('button', { name: 'Rolled a 1' }).count()).toBe(0);
    // Still held once the page has asked for the match again, and while the answer is on its way.
    while (delayed === 0 && Date.now() < deadline) await A.page.waitForTimeout(50);
    await A.page.waitForTimeout(500);
    expect(Number(await A.page.locator('main').getAttribute('data-revision'))).toBe(before);
    expect(await mustDo(A.page).getByTestId('held').count()).toBe(1);
    await A.page.unroute(slow);
    await landed();
    expect((await log()).filter((entry) => entry.type === 'MoraleTested')).toHaveLength(1);
  }, 60_000);

  it('C-4 once ended, the result reads as a sentence and nobody is shown to act', async () => {
    const match = (await m.judge.get(`/matches/${matchId}`)).body;
    const end = (match.available as { action: string; route: string }[]).find((t) => t.action === 'end')!;
    const ended = await m.judge.command(end.route, { winner: 'A', note: 'Z1 held the field' });
    expect(ended.status).toBeLessThan(300);
    await landed();
    for (const seat of [A, B]) {
      await mustDo(seat.page).getByRole('heading', { name: 'The match is over' }).waitFor();
      expect(await seat.page.getByTestId('result').textContent()).toBe('Side A won — Z1 held the field');
      expect(await seat.page.getByTestId('active-side').count()).toBe(0);
      expect(await seat.page.locator('.units .badge').count()).toBe(0);
    }
    await shot(A.page, 'table-flow-ended');
    await A.page.setViewportSize(DESKTOP);
    await noSidewaysScroll(A.page);
    await shot(A.page, 'table-flow-ended-desktop');
    await A.page.setViewportSize(PHONE);
  }, 60_000);

  it('leaving the seat asks first, saying that coming back takes a new invitation', async () => {
    const leave = A.page.getByRole('button', { name: 'Leave this seat' });
    await leave.click();
    const confirm = A.page.getByRole('dialog', { name: 'Leave this seat?' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/new invitation from the organiser/);
    await shot(A.page, 'table-flow-leave-confirm');
    await A.page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'detached' });
    expect(await A.page.evaluate("localStorage.getItem('umpire.table.seats')")).toContain(matchId);

    await leave.click();
    await confirm.getByRole('button', { name: 'Leave the seat' }).click();
    await A.page.getByRole('heading', { level: 1, name: 'Join your table' }).waitFor();
    expect(await A.page.evaluate("localStorage.getItem('umpire.table.seats')")).not.toContain(matchId);
  }, 30_000);
});
