import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { bigEnoughTargets, buildPages, noSidewaysScroll, PHONE, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, issueKey, organiser } from './support/umpire-client.js';

/**
 * C-4, C-5: before a judge ends a match, the console's confirmation says which disputes are still open
 * (whose, of which event, the claim) and what ending does to them: they stay open and may still be
 * ruled on, but a ruling can then no longer back the match up, so it cannot change the result. Each
 * offers its ruling first. In Chromium on the real service, with sides whose names end in s
 * ("Romans' dispute", never "Romans's"), at phone and desk size.
 */

describeInBrowser('judge ends a match with open disputes in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let org: Caller;
  let A: Caller;
  let B: Caller;
  let judge: Caller;
  const matchId = 'trebia';
  const at = (route: string) => `/matches/${matchId}/${route}`;
  /** The willpower test the Romans dispute. */
  let willpower = 0;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    org = organiser(t);
    await org.command('/matches', {
      matchId,
      ruleset: 'hand-to-hand',
      sides: { A: 'Carthaginians', B: 'Romans' },
      diceMode: 'table',
    });
    A = await issueKey(t, { role: 'player', matchId, side: 'A' });
    B = await issueKey(t, { role: 'player', matchId, side: 'B' });
    judge = await issueKey(t, { role: 'judge' });
    await org.command(at('units'), { unitId: 'numid', name: 'Numidians', side: 'A', morale: 8, move: 6 });
    await org.command(at('units'), { unitId: 'hast', name: 'Hastati', side: 'B', morale: 7, move: 6 });
    const registered = (await org.get(`/matches/${matchId}`)).body.revision as number;
    await A.command(at('charges'), {
      chargeId: 'c1',
      attackerId: 'numid',
      defenderId: 'hast',
      aspect: 'left-flank',
      slope: 'level',
      dice: [2, 3],
    });
    const log = (await org.get(at('log'))).body.entries as { revision: number; sentence: string }[];
    willpower = log.find((e) => /willpower test/.test(e.sentence))!.revision;
    await B.command(at('disputes'), {
      disputeId: 'd1',
      revision: willpower,
      claim: 'the dice showed 6 and 6',
    });
    await A.command(at('undo-requests'), { requestId: 'u1', toRevision: registered, reason: 'wrong flank' });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })).newPage();
    await page.goto(`${t.url}/judge/?match=${matchId}`);
    await page.getByLabel('Your judge key').fill(judge.token!);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.locator('li[data-dispute="d1"]').waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const confirmation = () => page.getByRole('group', { name: /End the match: a win for Carthaginians\?/ });
  const ended = async () => (await org.get(`/matches/${matchId}`)).body.ended as boolean;
  const said = () => page.getByTestId('judge-said');

  /** The confirmation alone, when UMPIRE_SCREENSHOTS names a folder. */
  async function shotOf(name: string): Promise<void> {
    const folder = process.env.UMPIRE_SCREENSHOTS;
    if (folder) await confirmation().screenshot({ path: join(folder, `${name}.png`) });
  }

  /** Fills the end form for the Carthaginians and sends it, which opens the confirmation. */
  async function askToEnd(): Promise<void> {
    await page.getByRole('button', { name: /End the match with its result/ }).click();
    const form = page.locator('.may-do form');
    await form.getByRole('button', { name: 'Carthaginians', exact: true }).click();
    await form.getByRole('button', { name: 'Send' }).click();
    await confirmation().waitFor();
  }

  it('C-4 the confirmation names the open dispute, whose and of which event, and what ending does to it', async () => {
    await askToEnd();
    const text = await confirmation().innerText();
    expect(text).toMatch(/1 dispute is still open, not ruled on/);
    expect(text).toMatch(/can then no longer back the match up, so upholding it will not change the result/);
    // An undo request cannot be answered after the end either.
    expect(text).toMatch(
      /An undo request is still waiting for an answer: after the end it can no longer be answered/,
    );
    const dispute = await confirmation().locator('li[data-open-dispute="d1"]').innerText();
    expect(dispute).toMatch(
      new RegExp(
        `^Romans' dispute of event ${willpower} \\(.*willpower test.*\\): “the dice showed 6 and 6”`,
      ),
    );
    expect(text).not.toMatch(/s['’]s\b/);
    // The Yes button is described by what is still open, for a screen reader too.
    const yes = confirmation().getByRole('button', { name: 'Yes, end the match' });
    expect(await yes.getAttribute('aria-describedby')).toContain('end-confirm-disputes');
    expect(await ended()).toBe(false);
    await noSidewaysScroll(page);
    await bigEnoughTargets(page);
    await shot(page, 'judge-end-open-dispute-phone');
    await shotOf('judge-end-open-dispute-phone-confirmation');
    await page.setViewportSize({ width: 1280, height: 800 });
    await confirmation().scrollIntoViewIfNeeded();
    await noSidewaysScroll(page);
    await shot(page, 'judge-end-open-dispute-desk');
    await shotOf('judge-end-open-dispute-desk-confirmation');
    await page.setViewportSize(PHONE);
  }, 60_000);

  it('C-5 "Rule on it first" opens that dispute’s ruling; once ruled, the confirmation has nothing open to say', async () => {
    await confirmation().getByRole('button', { name: 'Rule on it first' }).click();
    const form = page.locator('.may-do form');
    await form
      .getByText(/dispute of event/)
      .first()
      .waitFor();
    expect(await form.locator('h3').innerText()).toMatch(new RegExp(`dispute of event ${willpower}\\b`));
    expect(await form.evaluate((f) => f.contains(f.ownerDocument.activeElement))).toBe(true);
    await form.getByRole('button', { name: 'Dismissed' }).click();
    const rule = form.getByLabel('The rule it rests on');
    await rule.selectOption(
      await rule
        .locator('option')
        .filter({ hasText: /^HH-5 / })
        .getAttribute('value'),
    );
    await form.getByLabel('The note').fill('the photo shows 2 and 3');
    await form.getByRole('button', { name: 'Send' }).click();
    await said()
      .getByText(/^Ruled on .* dispute of event \d+: dismissed\.$/)
      .waitFor();
    await page
      .getByRole('region', { name: /Open disputes/ })
      .locator('li[data-dispute="d1"]')
      .waitFor({
        state: 'detached',
      });

    await askToEnd();
    expect(await confirmation().innerText()).not.toMatch(/still open/);
    expect(await confirmation().locator('li[data-open-dispute]').count()).toBe(0);
    await confirmation().getByRole('button', { name: 'Go back' }).click();
    await page.keyboard.press('Escape');
    await confirmation().waitFor({ state: 'detached' });
  }, 60_000);

  it('C-4 ended with a dispute open: it stays open and may be ruled on, but its ruling offers no backup', async () => {
    await A.command(at('disputes'), {
      disputeId: 'd2',
      revision: willpower,
      claim: 'the Hastati were not there',
    });
    await page.locator('li[data-dispute="d2"]').waitFor();
    await askToEnd();
    expect(await confirmation().locator('li[data-open-dispute="d2"]').innerText()).toMatch(
      /^Carthaginians' dispute of event \d+ \(.*\): “the Hastati were not there”/,
    );
    await confirmation().getByRole('button', { name: 'Yes, end the match' }).click();
    await said()
      .getByText(/^Ended the match: /)
      .waitFor();
    expect(await ended()).toBe(true);
    // What the confirmation said holds: the dispute is still open, and its ruling cannot back the match up.
    await page.locator('li[data-dispute="d2"]').waitFor();
    await page.getByRole('button', { name: /dispute of event/ }).click();
    const form = page.locator('.may-do form');
    await form.getByRole('button', { name: 'Upheld' }).click();
    expect(await form.getByText(/Back the match up/).count()).toBe(0);
  }, 60_000);
});
