import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { shot } from './support/table-browser.js';
import { openDesk } from './support/desk-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, issueKey, organiser } from './support/umpire-client.js';
import { smallEvent, startFirstRound, type SmallEvent } from './tournament-support.js';

/**
 * A result a judge sets while the organiser has the desk's override form open, in Chromium against
 * the real service: the form says the table changed, the organiser's override is refused (C-6) with
 * where the result stands, in names, and the judge's result stands; a second send, made knowing it,
 * is recorded.
 */
const T = 'stale-desk-day';

describeInBrowser("the desk's override after a judge decided the table", () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;
  let event: SmallEvent;
  let judge: Caller;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    event = await smallEvent(t, T);
    await startFirstRound(event);
    judge = await issueKey(t, { role: 'judge', tournamentId: T });
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await openDesk(desk, t.url, T, `Event ${T}`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const resultOfTable2 = async () => {
    const round = (await organiser(t).get(`/tournaments/${T}/rounds/1`)).body as {
      pairings: { table: number; status: string; result: { outcome: string } | null }[];
    };
    return round.pairings.find((p) => p.table === 2)!;
  };

  it('refuses the override a judge overtook, says so in names, and records the one sent after', async () => {
    // Table 2 is Player 2 (A) against Player 4 (B), still being played.
    const row = desk.locator('li', { hasText: 'Table 2' });
    await row.getByText('Override, forfeit or void').click();
    await row.getByLabel('Result').selectOption('A');
    await row.getByLabel('Reason').fill('Player 4 left the hall');

    const judged = await judge.post(event.at(1, 2, 'override'), {
      commandId: 'judge-draw',
      outcome: 'draw',
      reason: 'the judge saw the last turn',
      expectedStatus: 'pending',
    });
    expect(judged.status).toBe(201);
    // The desk follows the tournament: the row and the open form say what changed.
    await row.getByText('a draw (overridden)').first().waitFor({ timeout: 10_000 });
    await row.getByText('Table 2 changed since you opened this: it is now a draw (overridden).').waitFor();
    await shot(desk, 'desk-stale-override');

    await row.getByRole('button', { name: 'Override' }).click();
    const refusal = desk.getByRole('alert');
    await refusal.waitFor();
    const said = await refusal.textContent();
    expect(said).toMatch(/no longer pending/);
    expect(said).not.toMatch(/\bp[24]\b/);
    expect(await resultOfTable2()).toMatchObject({ status: 'final', result: { outcome: 'draw' } });

    // The organiser has now read it, and overrides it knowingly.
    await row.getByRole('button', { name: 'Override' }).click();
    await desk.getByText('Table 2 set.').waitFor();
    expect(await resultOfTable2()).toMatchObject({ status: 'final', result: { outcome: 'A' } });
  }, 60_000);
});
