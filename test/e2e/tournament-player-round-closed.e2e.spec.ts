import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, PHONE, shot, until } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, organiser } from './support/umpire-client.js';

/**
 * The player's page once a round has closed, in Chromium on phones against the real service: it
 * says the result of their table (won, lost or drew against whom, or their bye) and that the next
 * round is not paired yet, never the side they played as though the game were still on; once the
 * next round is paired the last result stays beside the new table until that round starts; after
 * the last round it says the standings are final. Each round's pairings list names its bye in words.
 */
const T = 'closing-day';
const NAMES = ['Ann Archer', 'Ben Baker', 'Cai Chen'];

interface PairingView {
  table: number;
  A: { participantId: string; name: string };
  B: { participantId: string; name: string };
}

describeInBrowser('the player’s page after a round closed', () => {
  let t: TestApp;
  let browser: Browser;
  const keys = new Map<string, string>();
  const phones = new Map<string, Page>();
  const org = () => organiser(t);
  const as = (id: string) => new Caller(t.url, keys.get(id)!);
  const lastResult = (id: string) => phones.get(id)!.getByTestId('last-round-result');
  const next = (id: string) => phones.get(id)!.getByTestId('next-round');

  async function round(
    n: number,
  ): Promise<{ pairings: PairingView[]; byes: { participantId: string; name: string }[] }> {
    return (await org().get(`/tournaments/${T}/rounds/${n}`)).body;
  }

  /** The round's pairings list on a phone, a line a place: its tables, then its bye in words. */
  async function pairingsList(page: Page, n: number): Promise<string[]> {
    const list = page.getByRole('region', { name: `Round ${n} pairings` }).getByRole('listitem');
    return (await list.allInnerTexts()).map((line) => line.replace(/\s+/g, ' ').trim());
  }

  /** Waits for the element to say exactly these words. */
  async function says(page: Page, testId: string, words: string): Promise<void> {
    await page.getByTestId(testId).getByText(words, { exact: true }).waitFor({ timeout: 10_000 });
  }

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    await org().command('/tournaments', { tournamentId: T, name: 'Closing Day', numberOfRounds: 2 });
    for (const [i, name] of NAMES.entries()) {
      const id = `p${i + 1}`;
      await org().command(`/tournaments/${T}/participants`, { name, seed: i + 1 });
      keys.set(id, (await org().post(`/tournaments/${T}/participants/${id}/keys`, { label: id })).body.token);
      await org().command(`/tournaments/${T}/participants/${id}/check-in`);
    }
    await org().command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    await org().command(`/tournaments/${T}/rounds/1/start`);
    browser = await launchChromium();
    for (const id of keys.keys()) {
      const page = await (
        await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
      ).newPage();
      await page.goto(`${t.url}/tournament/?tournament=${T}&participant=${id}`);
      await page.getByText('I was given a key instead').click();
      await page.getByLabel('The key your organiser gave you').fill(keys.get(id)!);
      await page.getByRole('button', { name: 'Open' }).click();
      await page.getByRole('heading', { level: 1, name: 'Closing Day' }).waitFor();
      phones.set(id, page);
    }
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('once round 1 closes, each player reads their result and that round 2 is not paired yet', async () => {
    const { pairings, byes } = await round(1);
    const [table] = pairings;
    const bye = byes[0]!.participantId;
    const A = table!.A;
    const B = table!.B;
    const playing = phones.get(A.participantId)!;
    await playing.getByText(`You play side A against ${B.name}.`).waitFor();
    // Three players: the round's list says who has the bye, on every phone, the bye holder's too.
    const byeName = NAMES[Number(bye.slice(1)) - 1]!;
    for (const page of phones.values()) {
      expect(await pairingsList(page, 1)).toEqual([
        expect.stringMatching(new RegExp(`^Table 1 ${A.name} v ${B.name} · `)),
        `${byeName} has the bye`,
      ]);
    }

    await as(A.participantId).command(`/tournaments/${T}/rounds/1/tables/1/report`, { outcome: 'A' });
    // The confirm that closes the round, on the opponent's phone: the focus goes to the result line.
    const confirming = phones.get(B.participantId)!;
    await confirming.getByRole('button', { name: 'Confirm' }).click({ timeout: 10_000 });
    await until(confirming, "document.activeElement?.id === 'my-result'");
    expect((await round(1)) as unknown as { status: string }).toMatchObject({ status: 'closed' });

    await playing.getByRole('heading', { name: 'Round 1 (closed)' }).waitFor({ timeout: 10_000 });
    await says(playing, 'my-result', `Result: you won against ${B.name}, confirmed by both players.`);
    await says(
      phones.get(B.participantId)!,
      'my-result',
      `Result: you lost to ${A.name}, confirmed by both players.`,
    );
    await says(phones.get(bye)!, 'my-result', 'Result: you had a bye.');
    for (const id of keys.keys()) {
      await says(
        phones.get(id)!,
        'next-round',
        'Round 2 has not been paired yet: your table shows here once it is.',
      );
      const text = await phones.get(id)!.locator('main').innerText();
      expect(text).not.toMatch(/You play side/);
      expect(text).not.toMatch(/Playing:|Waiting for/);
    }
    await noSidewaysScroll(playing);
    await shot(playing, 'player-round-closed');
    await shot(phones.get(bye)!, 'player-round-closed-bye');
  }, 60_000);

  it('once round 2 is paired the last result stays beside the new table, until round 2 starts', async () => {
    await org().command(`/tournaments/${T}/rounds`, { round: 2, method: 'swiss' });
    const [table] = (await round(2)).pairings;
    const first = (await round(1)).pairings[0]!;
    const player = table!.A;
    const page = phones.get(player.participantId)!;
    await page.getByRole('heading', { name: 'Round 2 (not started yet)' }).waitFor({ timeout: 10_000 });
    const opponent = table!.B.name;
    await page.getByText(`You play side A against ${opponent}.`).waitFor();
    const before =
      player.participantId === first.A.participantId
        ? `Round 1: you won against ${first.B.name}, confirmed by both players.`
        : player.participantId === first.B.participantId
          ? `Round 1: you lost to ${first.A.name}, confirmed by both players.`
          : 'Round 1: you had a bye.';
    expect(await lastResult(player.participantId).innerText()).toBe(before);
    expect(await next(player.participantId).count()).toBe(0);
    const [bye] = (await round(2)).byes;
    expect((await pairingsList(page, 2)).at(-1)).toBe(`${bye!.name} has the bye`);
    await shot(page, 'player-next-round-paired');

    await org().command(`/tournaments/${T}/rounds/2/start`);
    await page.getByRole('heading', { name: 'Round 2', exact: true }).waitFor({ timeout: 10_000 });
    expect(await lastResult(player.participantId).count()).toBe(0);
  }, 60_000);

  it('after the last round closes, a forfeit is said as one and the standings are final', async () => {
    const [table] = (await round(2)).pairings;
    await org().command(`/tournaments/${T}/rounds/2/tables/1/forfeit`, {
      participantId: table!.B.participantId,
      reason: 'did not come back from lunch',
    });
    const winner = phones.get(table!.A.participantId)!;
    const loser = phones.get(table!.B.participantId)!;
    await says(
      winner,
      'my-result',
      `Result: you won against ${table!.B.name}: ${table!.B.name} forfeited (“did not come back from lunch”).`,
    );
    await says(
      loser,
      'my-result',
      `Result: you lost to ${table!.A.name}: you forfeited (“did not come back from lunch”).`,
    );
    await says(winner, 'next-round', 'That was the last round: the standings below are final.');
    await shot(loser, 'player-last-round-closed');
  }, 60_000);
});
