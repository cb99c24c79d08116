import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, PHONE, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { organiser } from './support/umpire-client.js';

/**
 * The hall screen's refereed tables, in Chromium against the real service: once the round has
 * started, each table played on the service links to the watch page of its match, named for a screen
 * reader by its table and players; followed in the hall's tab, the watch page opens the match with
 * the hall's key, without asking for one. A round not started yet links nowhere.
 */
const T = 'watch-cup';
const NAMES = ['Hana Ito', 'Player 2', 'Player 3', 'Player 4'];

interface PairingView {
  table: number;
  A: { name: string };
  B: { name: string };
  matchId: string | null;
}

describeInBrowser('the hall screen links each refereed table to its watch page', () => {
  let t: TestApp;
  let browser: Browser;
  let spectatorKey: string;
  const org = () => organiser(t);

  async function hallAt(viewport: { width: number; height: number }): Promise<Page> {
    const page = await (await browser.newContext({ viewport })).newPage();
    await page.goto(`${t.url}/hall/?tournament=${T}`);
    await page.getByLabel(/spectator key/).fill(spectatorKey);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { level: 1, name: 'Watch Cup' }).waitFor();
    return page;
  }

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    await org().command('/tournaments', {
      tournamentId: T,
      name: 'Watch Cup',
      tables: 'refereed',
      ruleset: 'hand-to-hand',
    });
    for (const [i, name] of NAMES.entries()) {
      await org().command(`/tournaments/${T}/participants`, { name, seed: i + 1 });
      await org().command(`/tournaments/${T}/participants/p${i + 1}/check-in`);
    }
    await org().command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    spectatorKey = (await org().post(`/tournaments/${T}/keys`, { role: 'spectator', label: 'hall' })).body
      .token;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('a round paired but not started links to no watch page', async () => {
    const hall = await hallAt({ width: 1280, height: 800 });
    await hall.getByText('The round has not started.').waitFor();
    expect(await hall.locator('.hall-pairings a').count()).toBe(0);
    await hall.context().close();
  }, 60_000);

  it('once started, each refereed table links to its match, named by table and players, and the watch page opens it with the hall’s key', async () => {
    await org().command(`/tournaments/${T}/rounds/1/start`);
    const pairings = (await org().get(`/tournaments/${T}/rounds/1`)).body.pairings as PairingView[];
    expect(pairings).toHaveLength(2);
    const hall = await hallAt({ width: 1280, height: 800 });
    for (const p of pairings) {
      expect(p.matchId).toEqual(expect.any(String));
      const link = hall.getByRole('link', {
        name: `Watch table ${p.table}: ${p.A.name} against ${p.B.name}`,
        exact: true,
      });
      await link.waitFor();
      expect(await link.getAttribute('href')).toBe(`/watch/?match=${encodeURIComponent(p.matchId!)}`);
      expect(await link.innerText()).toBe('Watch');
    }
    expect(pairings.map((p) => `${p.A.name} v ${p.B.name}`).join(' ')).toMatch(/Hana Ito/);
    await shot(hall, 'hall-watch-links');

    const phone = await hallAt(PHONE);
    await phone.getByRole('link', { name: /^Watch table 1: / }).waitFor();
    await noSidewaysScroll(phone);
    await shot(phone, 'hall-watch-links-phone');
    await phone.context().close();

    const first = pairings[0]!;
    await hall.getByRole('link', { name: /^Watch table 1: / }).click();
    await hall.waitForURL(`${t.url}/watch/?match=${encodeURIComponent(first.matchId!)}`);
    await hall
      .getByRole('heading', { level: 1, name: `Watch Cup · round 1 · table ${first.table}` })
      .waitFor();
    expect(await hall.getByLabel(/key/i).count()).toBe(0);
    await shot(hall, 'hall-watch-followed');
    await hall.context().close();
  }, 60_000);
});
