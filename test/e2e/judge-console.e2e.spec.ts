import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  bigEnoughTargets,
  buildPages,
  noSidewaysScroll,
  PHONE,
  shot,
  until,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * The judge's console in a real browser, at phone size, on the real service: a judge key lists the
 * matches it may see, those with open disputes or undo requests first; in one match the judge reads the
 * whole log with every die, upholds a dispute backing the match up, dismisses another with its reason,
 * orders a backup, ends the match with its result and verifies it in the browser. The players' side of
 * the matches is set up over HTTP, as their pages would send it.
 */

describeInBrowser('judge console in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let busy: MatchTable;
  /** The revision right after z-busy's charge: where the upheld dispute backs the match up to. */
  let afterCharge = 0;
  const at = (m: MatchTable, route: string) => `/matches/${m.matchId}/${route}`;

  /** A hand-to-hand match, table dice: z1 charges n1 (3 + 4), impact die 4, n1 tests 1 + 2 and holds. */
  async function melee(matchId: string): Promise<{ m: MatchTable; afterCharge: number }> {
    const m = await openMatch(t, { matchId, ruleset: 'hand-to-hand', diceMode: 'table' });
    await m.organiser.command(at(m, 'units'), { unitId: 'z1', name: 'Z1', side: 'A', morale: 8, move: 6 });
    await m.organiser.command(at(m, 'units'), { unitId: 'n1', name: 'N1', side: 'B', morale: 9, move: 6 });
    await m.A.command(at(m, 'charges'), {
      chargeId: 'c1',
      attackerId: 'z1',
      defenderId: 'n1',
      aspect: 'front',
      slope: 'level',
      dice: [3, 4],
    });
    const charged = await m.revision();
    await m.A.command(at(m, 'impact-rolls'), { chargeId: 'c1', dice: [4] });
    await m.B.command(at(m, 'morale-tests'), { unitId: 'n1', cause: 'melee', dice: [1, 2] });
    return { m, afterCharge: charged };
  }

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    await openMatch(t, { matchId: 'a-quiet', ruleset: 'hand-to-hand', diceMode: 'table' });
    const { m: asking, afterCharge: back } = await melee('y-undo');
    await asking.A.command(at(asking, 'undo-requests'), {
      requestId: 'u1',
      toRevision: back,
      reason: 'wrong unit',
    });
    ({ m: busy, afterCharge } = await melee('z-busy'));
    const head = await busy.revision();
    await busy.B.command(at(busy, 'disputes'), {
      disputeId: 'd1',
      revision: head - 1,
      claim: 'the impact die showed 1',
    });
    await busy.A.command(at(busy, 'disputes'), {
      disputeId: 'd2',
      revision: head,
      claim: 'N1 rolled a double 6',
    });
    browser = await launchChromium();
    const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
    page = await context.newPage();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const said = () => page.getByTestId('judge-said');
  const action = async (name: RegExp) => {
    await page.getByRole('button', { name }).click();
    return page.locator('.may-do form');
  };
  /** What was done, as the console says it in words once the service took it. */
  const done = async (words: RegExp) => {
    await said().getByText(words).waitFor();
    expect(await said().innerText()).not.toMatch(/^Done/);
  };
  /** Picks a rule from the ruling's list of the ruleset's rule ids, by its id. */
  const pickRule = async (form: ReturnType<Page['locator']>, ruleId: string) => {
    const rule = form.getByLabel('The rule it rests on');
    expect(await rule.evaluate((element) => element.tagName)).toBe('SELECT');
    const option = rule.locator('option').filter({ hasText: new RegExp(`^${ruleId} `) });
    await rule.selectOption(await option.getAttribute('value'));
  };
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const sentences = async () =>
    ((await busy.organiser.get(at(busy, 'log'))).body.entries as { sentence: string }[]).map(
      (e) => e.sentence,
    );

  it('C-5 the key lists the matches it may see, those with open disputes or undo requests first', async () => {
    await page.goto(`${t.url}/judge/`);
    await page.getByLabel('Your judge key').fill(busy.judge.token!);
    await page.getByRole('button', { name: 'Open' }).click();
    const rows = page.getByRole('list', { name: 'Matches' }).getByRole('button');
    await rows.first().waitFor();
    expect(await rows.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-match')))).toEqual([
      'z-busy',
      'y-undo',
      'a-quiet',
    ]);
    expect(await rows.nth(0).innerText()).toMatch(/2 open disputes/);
    expect(await rows.nth(1).innerText()).toMatch(/1 undo request/);
    expect(page.url()).not.toContain(busy.judge.token!);
    await noSidewaysScroll(page);
    await bigEnoughTargets(page);
    await shot(page, 'judge-console-list');
  }, 60_000);

  it('C-1 one match: its open disputes, and the whole log with every die', async () => {
    await page.locator('button[data-match="z-busy"]').click();
    await page.locator('li[data-dispute="d1"]').getByText('the impact die showed 1').waitFor();
    await page.locator('li[data-dispute="d2"]').getByText('N1 rolled a double 6').waitFor();
    // The disputed event is named by what it was, not by its number alone.
    const line = await page.locator('li[data-dispute="d1"]').innerText();
    const [, revision, named] = /disputes event (\d+) \((.+)\): “/.exec(line) ?? [];
    // Named by side and event: the dispute's id is the service's, not the players'.
    expect(line).not.toContain('d1');
    const entries = (await busy.organiser.get(at(busy, 'log'))).body.entries as {
      revision: number;
      sentence: string;
    }[];
    expect(named).toBe(entries.find((e) => e.revision === Number(revision))!.sentence.replace(/\.$/, ''));
    const shown = await page.getByRole('region', { name: 'Turn log' }).innerText();
    for (const sentence of await sentences()) expect(shown).toContain(sentence);
    // The dice of the charge's willpower test, the impact and the morale test, as the log records them.
    expect(shown).toMatch(/\b3\b.*\b4\b/);
    await noSidewaysScroll(page);
    await bigEnoughTargets(page);
    await shot(page, 'judge-console-match');
  }, 60_000);

  it('C-5 a dispute upheld with a backup to an earlier event; another dismissed with its reason', async () => {
    let form = await action(/Rule on Side B's dispute/);
    await form.getByRole('button', { name: 'Upheld' }).click();
    await pickRule(form, 'HH-7');
    await form.getByLabel('The note').fill('the photo shows a 1');
    const target = form.getByLabel(/Back the match up to right after which event/);
    // Each event offered names what it was, in the log's words (without the full stop).
    const charged = (await busy.organiser.get(at(busy, 'log'))).body.entries.find(
      (e: { revision: number }) => e.revision === afterCharge,
    ).sentence as string;
    const label = `after event ${afterCharge}: ${charged.replace(/\.$/, '')}`;
    // The console may already have chosen it (the last event before the disputed one): pressing it
    // again would clear it.
    const asButton = form.getByRole('button', { name: new RegExp(`^${escaped(label)}( \\(suggested\\))?$`) });
    if ((await asButton.count()) > 0) {
      if ((await asButton.getAttribute('aria-pressed')) !== 'true') await asButton.click();
    } else {
      const option = target.locator('option').filter({ hasText: label });
      await target.selectOption(await option.getAttribute('value'));
    }
    await shot(page, 'judge-console-ruling');
    const filled = async () => ({
      pressed: await form.locator('[aria-pressed="true"]').allInnerTexts(),
      selected: await form
        .locator('select')
        .evaluateAll((all) =>
          all.map(
            (e) =>
              (e as unknown as { selectedOptions: ArrayLike<{ text: string }> }).selectedOptions[0]?.text,
          ),
        ),
      note: await form.getByLabel('The note').inputValue(),
    });
    const before = await filled();
    expect(before.selected.some((text) => /^HH-7 /.test(text ?? ''))).toBe(true);
    expect(before.pressed).toContain('Upheld');
    // The service refuses the ruling once (another judge's step came first): the form keeps all of it.
    await page.route('**/disputes/d1/ruling', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          status: 409,
          title: 'Conflict',
          detail: 'the match moved on: try again',
          ruleId: 'C-6',
        }),
      }),
    );
    await form.getByRole('button', { name: 'Send' }).click();
    await said()
      .getByText(/^Refused: the match moved on/)
      .waitFor();
    expect(await filled()).toEqual(before);
    await shot(page, 'judge-console-ruling-refused');
    await page.unroute('**/disputes/d1/ruling');
    await form.getByRole('button', { name: 'Send' }).click();
    await done(
      new RegExp(
        `^Ruled on Side B's dispute of event \\d+: upheld, the match backed up to after event ${afterCharge}\\.$`,
      ),
    );
    expect((await sentences()).some((s) => /upheld/i.test(s))).toBe(true);
    await page.getByText('(undone)').first().waitFor();

    form = await action(/Rule on Side A's dispute/);
    await form.getByRole('button', { name: 'Dismissed' }).click();
    await pickRule(form, 'HH-2');
    await form.getByLabel('The note').fill('a double 6 fails only without doublesAutoPass');
    await form.getByRole('button', { name: 'Send' }).click();
    await done(/^Ruled on Side A's dispute of event \d+: dismissed\.$/);
    // The ruling's button went with the dispute: focus is on what was said of it, not lost to the page.
    await until(page, "(document.activeElement?.textContent ?? '').startsWith('Ruled on Side A')");
    expect((await sentences()).some((s) => /dismissed/i.test(s) && /doublesAutoPass/.test(s))).toBe(true);
    await page
      .getByRole('region', { name: /Open disputes/ })
      .getByText('None.')
      .waitFor();
  }, 60_000);

  it('C-5 a backup ordered by the judge; C-4 the match ended with its result', async () => {
    let form = await action(/Back the match up to an earlier event/);
    const target = form.getByLabel(/Back the match up to right after which event|Back to the state/);
    if ((await form.locator('select').count()) > 0) await target.selectOption({ index: 1 });
    else await form.getByRole('group').first().getByRole('button').first().click();
    await form.getByLabel('Why').fill('the table asked to replay the last step');
    await form.getByRole('button', { name: 'Send' }).click();
    await done(/^Backed the match up to after event \d+\.$/);

    // From the keyboard: Enter opens the form with focus in it, Escape closes it back to its button.
    const end = page.getByRole('button', { name: /End the match with its result/ });
    await end.focus();
    await page.keyboard.press('Enter');
    form = page.locator('.may-do form');
    await form.waitFor();
    expect(await form.evaluate((f) => f.contains(f.ownerDocument.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await end.evaluate((b) => b === b.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await form.evaluate((f) => f.contains(f.ownerDocument.activeElement))).toBe(true);

    await form.getByRole('button', { name: 'Side A', exact: true }).click();
    await form.getByLabel(/A note/).fill('N1 left the field');
    await form.getByRole('button', { name: 'Send' }).click();
    // C-4: ending cannot be undone, so the console says so and asks first; going back keeps the form.
    const confirm = page.getByRole('group', { name: /End the match: a win for Side A\?/ });
    await confirm.getByText(/cannot be undone/).waitFor();
    // What was said of the backup before is not what this confirmation is about.
    expect(await said().innerText()).toBe('');
    expect(await confirm.evaluate((c) => c.contains(c.ownerDocument.activeElement))).toBe(true);
    expect((await busy.organiser.get(`/matches/${busy.matchId}`)).body.ended).toBe(false);
    await shot(page, 'judge-console-end-confirm');
    await confirm.getByRole('button', { name: 'Go back' }).click();
    expect(await form.getByRole('button', { name: 'Side A', exact: true }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await form.getByLabel(/A note/).inputValue()).toBe('N1 left the field');
    await form.getByRole('button', { name: 'Send' }).click();
    await confirm.getByRole('button', { name: 'Yes, end the match' }).click();
    await done(/^Ended the match: a win for Side A\.$/);
    expect((await busy.organiser.get(`/matches/${busy.matchId}`)).body.ended).toBe(true);
    await page.getByText(/ended/).first().waitFor();
  }, 60_000);

  it('C-3 Verify in the browser: the published verifier, run in this page, says VERIFIED', async () => {
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    const verdict = page.getByTestId('verify-verdict');
    await verdict.waitFor({ timeout: 30_000 });
    expect(await verdict.innerText()).toBe('VERIFIED');
    await noSidewaysScroll(page);
  }, 60_000);
});
