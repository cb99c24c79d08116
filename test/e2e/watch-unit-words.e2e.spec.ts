import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from './support/chromium.js';
import {
  buildPages,
  caughtUp,
  joinSeats,
  PHONE,
  type SeatBrowser,
  seatBrowser,
  shot,
  unitsFitThePhone,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, issueKey, organiser } from './support/umpire-client.js';

/**
 * The watch page says a unit's facts in the table page's words: a contact's aspect is "left flank", as
 * the players' phones say it, not the state's "left-flank". A hand-to-hand charge into a left flank, in
 * a real browser against the real service, read on a spectator's watch page at phone and desk size and
 * on the defending side's own table page.
 */
const describeInBrowser = existsSync(CHROMIUM) ? describe : describe.skip;

describeInBrowser('watch page unit words in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let org: Caller;
  let spectator: string;
  let romans: SeatBrowser;
  const matchId = 'trebia';
  const at = (route: string) => `/matches/${matchId}/${route}`;

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
    const A = await issueKey(t, { role: 'player', matchId, side: 'A' });
    spectator = (await issueKey(t, { role: 'spectator' })).token!;
    await org.command(at('units'), { unitId: 'numid', name: 'Numidians', side: 'A', morale: 8, move: 6 });
    await org.command(at('units'), { unitId: 'hast', name: 'Hastati', side: 'B', morale: 7, move: 6 });
    await A.command(at('charges'), {
      chargeId: 'c1',
      attackerId: 'numid',
      defenderId: 'hast',
      aspect: 'left-flank',
      slope: 'level',
      dice: [2, 3],
    });
    browser = await launchChromium();
    romans = await seatBrowser(browser);
    await joinSeats(t.url, org, matchId, [[romans, 'B']]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const card = (page: Page, unitId: string) => page.locator(`.unit-cards [data-unit="${unitId}"]`);

  async function watch(viewport: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await page.goto(`${t.url}/watch/?match=${matchId}`);
    await page.getByLabel(/your key/i).fill(spectator);
    await page.getByRole('button', { name: 'Watch' }).click();
    await card(page, 'hast')
      .getByText(/Contacts:/)
      .waitFor();
    return page;
  }

  it('says the contact’s aspect as "left flank", word for word as the table page’s card says it', async () => {
    await caughtUp(romans.page, (await org.get(`/matches/${matchId}`)).body.revision as number);
    const atTable = await card(romans.page, 'hast').innerText();
    expect(atTable).toMatch(/Contacts: Numidians \(aspect left flank, since turn 1\)\./);

    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desk', { width: 1280, height: 800 }],
    ] as const) {
      const page = await watch(viewport);
      try {
        expect(await card(page, 'hast').innerText()).toBe(atTable);
        // No id of the state's is said as it is stored, in any unit's words.
        expect(await page.locator('.unit-cards').innerText()).not.toMatch(/left-flank|\bnumid\b|\bhast\b/);
        if (name === 'phone') await unitsFitThePhone(page);
        await shot(page, `watch-unit-words-${name}`);
        const folder = process.env.UMPIRE_SCREENSHOTS;
        if (folder)
          await page
            .locator('.unit-cards')
            .screenshot({ path: join(folder, `watch-unit-words-${name}-cards.png`) });
      } finally {
        await page.close();
      }
    }
  }, 90_000);
});
