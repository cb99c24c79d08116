import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { COIN_DUEL_VERSIONS } from '../support/rulesets/coin-duel/index.js';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { organiser } from './support/umpire-client.js';

/**
 * The player's table page plays a ruleset it was not built with: the coin duel
 * (test/support/rulesets/coin-duel), registered at start-up, played in a real browser by two seats
 * joined from their invitation links, from the play contract's templates alone (no page code of its own).
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const PHONE = { width: 390, height: 844 };

interface Seat {
  context: BrowserContext;
  page: Page;
}

const mustDo = (page: Page) => page.getByTestId('must-do');

async function asked(page: Page, label: RegExp): Promise<void> {
  await mustDo(page).getByRole('heading', { level: 3, name: label }).waitFor({ timeout: 10_000 });
}

/** Answers the awaited toss on this seat's page: the call, then the one die rolled at the table. */
async function toss(seat: Seat, club: string, call: 'high' | 'low', face: number): Promise<void> {
  await asked(seat.page, new RegExp(`Call and roll for ${club}`));
  const step = mustDo(seat.page);
  await step.getByRole('button', { name: call, exact: true }).click();
  await step.getByRole('button', { name: `Rolled a ${face}` }).click();
  await step.getByRole('button', { name: 'Send', exact: true }).click();
}

describeInBrowser('table page in Chromium: a ruleset registered at start-up (the coin duel)', () => {
  let t: TestApp;
  let browser: Browser;
  const seats: Partial<Record<'A' | 'B', Seat>> = {};
  const matchId = 'duel-table';

  beforeAll(async () => {
    // The pages as built (npm run build): this test plays them as they are and changes none.
    if (!existsSync(join(ROOT, 'dist/web/table/index.html')))
      throw new Error('build the pages first: npm run build');
    t = await startTestApp({}, { rulesets: [COIN_DUEL_VERSIONS] });
    const org = organiser(t);
    await org.command('/matches', {
      matchId,
      ruleset: 'coin-duel',
      sides: { A: 'Heads Club', B: 'Tails Club' },
      diceMode: 'table',
    });
    browser = await launchChromium();
    for (const side of ['A', 'B'] as const) {
      const invited = await org.post(`/matches/${matchId}/invitations`, { side });
      const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await page.goto(`${t.url}${invited.body.link as string}`);
      seats[side] = { context, page };
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('CD-1 CD-2 CD-3 each seat joins from its link and tosses in turn through the page, until the duel is won', async () => {
    const A = seats.A!;
    const B = seats.B!;
    await A.page.getByRole('heading', { level: 1, name: 'Heads Club side A' }).waitFor();
    await B.page.getByRole('heading', { level: 1, name: 'Tails Club side B' }).waitFor();
    // A calls high and rolls 5: a point. B calls low and rolls 6: none. A calls low and rolls 2: won.
    await toss(A, 'Heads Club', 'high', 5);
    await toss(B, 'Tails Club', 'low', 6);
    await toss(A, 'Heads Club', 'low', 2);

    const outcomes = B.page.getByRole('region', { name: 'Last outcomes' });
    await outcomes.getByText('Heads Club wins the duel.').waitFor({ timeout: 10_000 });
    const state = (await organiser(t).get(`/matches/${matchId}`)).body;
    expect(state).toMatchObject({ awaiting: [], state: { points: { A: 2, B: 0 }, winner: 'A' } });
  }, 90_000);
});
