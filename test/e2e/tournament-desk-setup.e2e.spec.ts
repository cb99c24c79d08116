import type { Browser, Page } from 'playwright-core';
import { TOURNAMENT_RULES_VERSION } from '../../src/rules/tournament/rules-version.js';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY, organiser } from './support/umpire-client.js';

/**
 * The desk's create page, in Chromium against the real service: a tournament's number of rounds,
 * refereed tables and ruleset chosen there, refereed tables without a ruleset refused naming the
 * field, the setup and the tournament rules' version shown on the desk, and once its rounds are
 * played the desk says it is complete, offering no round past them (which the service refuses naming
 * C-6).
 */

describeInBrowser('the desk creates a refereed tournament with its rounds and ruleset', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('C-6 refereed tables without a ruleset are refused naming the field; then created, the desk shows the setup', async () => {
    await desk.goto(`${t.url}/desk/`);
    await desk.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await desk.getByRole('button', { name: 'Open' }).click();
    await desk.getByLabel(/Tournament id/).fill('ref-day');
    await desk.getByLabel('Tournament name').fill('Refereed day');
    await desk.getByLabel(/Number of rounds/).fill('1');
    await desk.getByLabel(/Refereed: each pairing/).check();
    // The ruleset is chosen among those the service serves; none, for refereed tables, is refused.
    await desk.getByLabel(/Ruleset of the matches/).selectOption('');
    await desk.getByRole('button', { name: 'Create' }).click();
    await desk
      .getByRole('alert')
      .filter({ hasText: /ruleset/ })
      .waitFor();
    expect((await organiser(t).get('/tournaments/ref-day')).status).toBe(404);

    await desk.getByLabel(/Ruleset of the matches/).selectOption('hand-to-hand');
    await desk.getByRole('button', { name: 'Create' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Refereed day' }).waitFor();
    // Its setup and the tournament rules it runs under, as the service says them, from the start:
    // before any participant registers.
    const { rulesVersion } = (await organiser(t).get('/tournaments/ref-day')).body;
    expect(rulesVersion).toBe(TOURNAMENT_RULES_VERSION);
    const version = (await organiser(t).get('/tournaments/ref-day/standings')).body.ruleset.version;
    const setup = `1 round · refereed tables, ruleset hand-to-hand ${version} · tournament rules ${rulesVersion}`;
    await desk.getByTestId('tournament-setup').getByText(setup, { exact: true }).waitFor();
    await desk.getByLabel(/Paste participants/).fill('name,club,seed\nAnn,N,1\nBen,S,2');
    await desk.getByRole('button', { name: 'Import' }).click();
    await desk.getByText(/\(Ben\): registered/).waitFor();
    expect(await desk.getByTestId('tournament-setup').innerText()).toBe(setup);
    // The way back to the desk's first page (other tournaments, single matches).
    expect(
      await desk.getByRole('link', { name: 'Tournaments and single matches' }).getAttribute('href'),
    ).toBe('/desk/');
  }, 60_000);

  it('C-6 round 1, which cannot be paired until two have checked in, started at the desk is played as refereed matches; round 2 is past the number: the desk says the tournament is complete, the service refuses it naming C-6', async () => {
    const org = organiser(t);
    // Nobody checked in, then one: round 1 cannot be paired yet (C-6), and the desk says why.
    const swiss = desk.getByRole('button', { name: 'Pair round 1 (Swiss)' });
    const waits = desk.getByTestId('pairing-waits');
    await waits.getByText(/nobody has\. Check in two at least/).waitFor();
    expect(await swiss.isDisabled()).toBe(true);
    expect(await desk.getByRole('button', { name: 'Pair round 1 (round robin)' }).isDisabled()).toBe(true);
    expect(await swiss.getAttribute('aria-describedby')).toBe('pairing-waits');
    await desk.getByRole('button', { name: 'Check in Ann', exact: true }).click();
    await waits.getByText(/only one has/).waitFor();
    expect(await swiss.isDisabled()).toBe(true);
    await desk.getByRole('button', { name: 'Check in Ben', exact: true }).click();
    await waits.waitFor({ state: 'detached' });
    await swiss.click();
    await desk.getByRole('button', { name: 'Start round 1' }).click();
    await desk.getByText('playing (refereed)').waitFor({ timeout: 10_000 });
    const [pairing] = (await org.get('/tournaments/ref-day/rounds/1')).body.pairings;
    // The refereed table links to its match live and to its seats page, each named for its table.
    const live = desk.getByRole('link', { name: 'live at table 1' });
    expect(await live.getAttribute('href')).toBe(`/watch/?match=${pairing.matchId}`);
    // Whose seat is joined, read again as the phones join: none, then Ann's on one phone, then two.
    const seats = desk.getByTestId('table-seats');
    await seats.getByText('· nobody has joined a seat yet').waitFor({ timeout: 10_000 });
    const joinA = (n: number) =>
      org.command('/keys', { role: 'player', matchId: pairing.matchId, side: 'A', label: `Ann ${n}` });
    await joinA(1);
    await seats.getByText('· Ann joined, Ben not yet').waitFor({ timeout: 10_000 });
    await joinA(2);
    await seats.getByText('· Ann joined on 2 phones, Ben not yet').waitFor({ timeout: 10_000 });
    await desk.getByRole('link', { name: 'seats of table 1' }).click();
    await desk.getByText(/It is round 1, table 1 of Refereed day/).waitFor();
    await desk.getByRole('button', { name: "Invite a phone to Ann's seat" }).waitFor();
    await desk.goBack();
    await desk.getByText('playing (refereed)').waitFor();
    await org.command(`/matches/${pairing.matchId}/end`, { winner: 'B', note: 'conceded' });
    await desk.getByText('Ben won (referee)').waitFor({ timeout: 10_000 });
    // A table with its result says no more of its seats.
    expect(await seats.count()).toBe(0);
    // Its one round played, the desk says it is complete and offers no round 2 (the service refuses one).
    await desk
      .getByTestId('tournament-complete')
      .getByText(/its one round has been played/)
      .waitFor();
    expect(await desk.getByRole('button', { name: /Pair round 2/ }).count()).toBe(0);
    const refused = await org.post('/tournaments/ref-day/rounds', {
      commandId: 'past-the-last',
      round: 2,
      method: 'swiss',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/^C-6: the tournament plays 1 round: round 2 is past them/);
  }, 60_000);
});
