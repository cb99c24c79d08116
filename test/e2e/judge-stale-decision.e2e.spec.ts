import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller } from './support/umpire-client.js';
import { type SmallEvent, smallEvent, startFirstRound } from './tournament-support.js';

/**
 * C-6: a judge's console follows the tournament, so a disputed table the organiser decides at the desk
 * leaves the console by itself; and a decision made on a console that still showed it (read before the
 * organiser's) is refused, said, and leaves the organiser's result standing.
 */
const TID = 'stale-day';

describeInBrowser('a judge’s console and a result decided elsewhere, in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let event: SmallEvent;
  let judge: Caller;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    event = await smallEvent(t, TID);
    await startFirstRound(event);
    // Both tables disputed: each opponent reports the other result.
    for (const [table, first, second] of [
      [1, 'p1', 'p3'],
      [2, 'p2', 'p4'],
    ] as const) {
      await event.players.get(first)!.command(event.at(1, table, 'report'), { outcome: 'A' });
      await event.players.get(second)!.command(event.at(1, table, 'report'), { outcome: 'B' });
    }
    const issued = await event.org.post(`/tournaments/${TID}/keys`, { commandId: 'judge', role: 'judge' });
    judge = new Caller(t.url, issued.body.token as string);
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function openConsole(): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${t.url}/judge/`);
    await page.getByLabel('Your judge key').fill(judge.token!);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: 'Disputed results' }).waitFor();
    return page;
  }
  const card = (page: Page, table: number) =>
    page.getByRole('article', { name: new RegExp(`round 1 · table ${table}:`) });
  const override = (table: number, outcome: string) =>
    event.org.command(event.at(1, table, 'override'), { outcome, reason: 'settled at the desk' });

  it('a table the organiser decides leaves the console without a tap', async () => {
    const page = await openConsole();
    await card(page, 1).waitFor();
    await card(page, 2).waitFor();
    await override(1, 'A');
    await card(page, 1).waitFor({ state: 'detached', timeout: 10_000 });
    await card(page, 2).waitFor();
    await page.context().close();
  }, 60_000);

  it('a decision on a console that still shows the table is refused and said; the organiser’s result stands', async () => {
    const page = await openConsole();
    // The console goes on reading the rounds as they stood before the organiser's decision.
    const before = (await judge.get(`/tournaments/${TID}/rounds?limit=100`)).body as object;
    await page.route(/\/rounds\?limit=100$/, (route) => route.fulfill({ json: before }));
    const two = card(page, 2);
    await two.getByRole('button', { name: 'Player 2 won' }).click();
    await two.getByLabel(/^Why/).fill('the photo shows Player 2 held the hill');
    await override(2, 'B');
    await two.getByRole('button', { name: 'Decide' }).click();
    await page
      .getByTestId('judge-said')
      .getByText(
        'Not decided: Table 2 of round 1 is no longer disputed: its result is final: Player 4 won (set by a judge or the organiser); read it again before deciding',
      )
      .waitFor();
    await shot(page, 'judge-stale-decision');
    const table2 = (await judge.get(`/tournaments/${TID}/rounds/1`)).body.pairings.find(
      (p: { table: number }) => p.table === 2,
    );
    expect(table2.result).toMatchObject({ outcome: 'B', source: 'overridden' });
    expect(table2.reason).toBe('settled at the desk');
    await page.context().close();
  }, 60_000);
});
