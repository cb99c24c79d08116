import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages, noSidewaysScroll, PHONE, shot, until } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * C-5 on the judge's console: upholding a dispute undoes nothing unless the ruling backs the match up.
 * When Upheld is chosen the console says so, and chooses for the judge the last event before the
 * disputed one (Q-32: the last event of a command); upholding with no backup is asked once more, and
 * what was done is said in words. The match's units stand beside the disputes, as the watch page
 * shows them, so a morale dispute is judged against the units and not the log alone.
 */

describeInBrowser('judge console: an upheld ruling and its backup, in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let m: MatchTable;
  /** Right after the impact roll: the last event before the disputed morale test. */
  let afterImpact = 0;
  /** N1's morale test (5 + 6 against 1: Rout, and N1 removed in the same command), disputed by side B. */
  let moraleTest = 0;
  const at = (route: string) => `/matches/${m.matchId}/${route}`;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    m = await openMatch(t, { matchId: 'upheld', ruleset: 'hand-to-hand', diceMode: 'table' });
    await m.organiser.command(at('units'), { unitId: 'z1', name: 'Z1', side: 'A', morale: 8, move: 6 });
    await m.organiser.command(at('units'), { unitId: 'n1', name: 'N1', side: 'B', morale: 6, move: 6 });
    await m.A.command(at('charges'), {
      chargeId: 'c1',
      attackerId: 'z1',
      defenderId: 'n1',
      aspect: 'front',
      slope: 'level',
      dice: [3, 4],
    });
    await m.A.command(at('impact-rolls'), { chargeId: 'c1', dice: [4] });
    afterImpact = await m.revision();
    await m.B.command(at('morale-tests'), { unitId: 'n1', cause: 'melee', dice: [5, 6] });
    moraleTest = afterImpact + 1;
    // Two disputes of the morale test: one is upheld with no backup, the other backs the match up.
    await m.B.command(at('disputes'), {
      disputeId: 'd1',
      revision: moraleTest,
      claim: 'the second die showed 1',
    });
    await m.B.command(at('disputes'), {
      disputeId: 'd2',
      revision: moraleTest,
      claim: 'N1 was not in contact',
    });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    page = await context.newPage();
    await page.goto(`${t.url}/judge/?match=${m.matchId}`);
    await page.getByLabel('Your judge key').fill(m.judge.token!);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.locator('li[data-dispute="d1"]').waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const said = () => page.getByTestId('judge-said');
  const units = () => page.getByRole('region', { name: 'Units' });
  const n1Card = () => units().locator('li[data-unit="n1"]');
  const pending = async () =>
    ((await m.organiser.get(`/matches/${m.matchId}`)).body.pending?.disputes ?? []) as {
      disputeId: string;
    }[];
  const reverted = async () =>
    ((await m.organiser.get(at('log'))).body.entries as { revision: number; reverted: boolean }[])
      .filter((e) => e.reverted)
      .map((e) => e.revision);
  const ruling = async (claim: RegExp) => {
    await page.getByRole('button', { name: claim }).click();
    const form = page.locator('.may-do form');
    await form.waitFor();
    return form;
  };
  const backupChoice = (form: ReturnType<Page['locator']>) =>
    form.getByRole('group', { name: /Back the match up to right after which event/ });

  it('the units stand beside the open disputes, as the service shows them to the judge', async () => {
    await n1Card().waitFor();
    expect(await units().locator('li[data-unit="z1"]').innerText()).toMatch(/Z1/);
    // The disputed morale test's outcome is on the card the judge reads it against.
    expect(await n1Card().innerText()).toMatch(/removed|rout/i);
    await noSidewaysScroll(page);
    await shot(page, 'judge-units-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'judge-units-desktop');
    await page.setViewportSize(PHONE);
  }, 60_000);

  it('C-5 Upheld says a backup is what undoes the event, and chooses the one just before it', async () => {
    const form = await ruling(/dispute of event \d+: “the second die showed 1”/);
    const note = form.getByTestId('upheld-note');
    expect(await note.innerText()).toBe('');
    // From the keyboard: Upheld is a button that Enter presses.
    const upheld = form.getByRole('button', { name: 'Upheld', exact: true });
    await upheld.focus();
    await page.keyboard.press('Enter');
    expect(await upheld.getAttribute('aria-pressed')).toBe('true');
    expect(await note.innerText()).toContain(
      'Without an event chosen, the ruling is recorded and nothing in the match changes.',
    );
    expect(await note.innerText()).toContain(`Suggested: after event ${afterImpact}`);
    // The note is the live region a screen reader hears, and describes the Upheld button.
    expect(await note.getAttribute('aria-live')).toBe('polite');
    const describedBy = (await upheld.getAttribute('aria-describedby')) ?? '';
    expect(describedBy).toBe(await note.getAttribute('id'));
    const pressed = await backupChoice(form).locator('[aria-pressed="true"]').allInnerTexts();
    expect(pressed).toEqual([
      expect.stringMatching(new RegExp(`^after event ${afterImpact}\\b.*\\(suggested\\)$`)),
    ]);
    await noSidewaysScroll(page);
    await shot(page, 'judge-upheld-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'judge-upheld-desktop');
    await page.setViewportSize(PHONE);
  }, 60_000);

  it('C-5 Upheld with no backup is asked once more; going back keeps the ruling as filled', async () => {
    const form = page.locator('.may-do form');
    await backupChoice(form)
      .getByRole('button', { name: /^No backup/ })
      .click();
    expect(await backupChoice(form).locator('[aria-pressed="true"]').allInnerTexts()).toEqual([
      expect.stringMatching(/^No backup/),
    ]);
    await form.getByLabel('The rule it rests on').selectOption({ index: 1 });
    await form.getByLabel('The note').fill('the photo shows a 1');
    await form.getByRole('button', { name: 'Send' }).click();
    const confirm = page.getByRole('group', { name: 'Uphold without backing the match up?' });
    await confirm.getByText('Nothing in the match changes; the ruling is recorded.').waitFor();
    expect(await confirm.evaluate((c) => c.contains(c.ownerDocument.activeElement))).toBe(true);
    // Nothing was sent.
    expect((await pending()).map((d) => d.disputeId)).toEqual(['d1', 'd2']);
    await noSidewaysScroll(page);
    await shot(page, 'judge-uphold-confirm-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot(page, 'judge-uphold-confirm-desktop');
    await page.setViewportSize(PHONE);
    await confirm.getByRole('button', { name: 'Go back' }).click();
    const again = page.locator('.may-do form');
    expect(
      await again.getByRole('button', { name: 'Upheld', exact: true }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(await again.getByLabel('The note').inputValue()).toBe('the photo shows a 1');
    await again.getByRole('button', { name: 'Send' }).click();
    await confirm.getByRole('button', { name: 'Yes, uphold without backing up' }).click();
    await said()
      .getByText(`Ruled on Side B's dispute of event ${moraleTest}: upheld, the match not backed up`, {
        exact: false,
      })
      .waitFor();
    expect((await pending()).map((d) => d.disputeId)).toEqual(['d2']);
    expect(await reverted()).toEqual([]);
  }, 60_000);

  it('C-5 Upheld with the suggested backup takes the morale test back, and says so in words', async () => {
    const before = await n1Card().innerText();
    const form = await ruling(/dispute of event \d+: “N1 was not in contact”/);
    await form.getByRole('button', { name: 'Upheld', exact: true }).click();
    await form.getByLabel('The rule it rests on').selectOption({ index: 1 });
    await form.getByLabel('The note').fill('no contact');
    // Sent as it opened: the suggested event is chosen, so no second question.
    await form.getByRole('button', { name: 'Send' }).click();
    await said()
      .getByText(
        `Ruled on Side B's dispute of event ${moraleTest}: upheld, the match backed up to after event ${afterImpact}.`,
      )
      .waitFor();
    expect(await reverted()).toContain(moraleTest);
    expect(await reverted()).not.toContain(afterImpact);
    // The units are read again with the match: N1 no longer stands as its test left it.
    await until(
      page,
      `document.querySelector('li[data-unit="n1"]')?.innerText !== ${JSON.stringify(before)}`,
      10_000,
    );
  }, 60_000);
});
