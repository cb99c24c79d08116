import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY, organiser } from './support/umpire-client.js';
import { smallEvent } from './tournament-support.js';

/**
 * "Give a bye" at the desk, in Chromium against the real service, on a paired round before it starts:
 * with a bye holder in the round the two change places; with none, the opponent left alone has a bye
 * too. The page says which before and after, the service records it as a pairing edit with its reason,
 * and starting the round awards each bye (ByeAwarded). A drop between rounds still works after it.
 */

interface RoundBody {
  status: string;
  pairings: { table: number; A: { participantId: string }; B: { participantId: string } }[];
  byes: { participantId: string }[];
}

describeInBrowser('the desk gives a bye', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await desk.goto(`${t.url}/desk/`);
    await desk.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await desk.getByRole('button', { name: 'Open' }).click();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const roundOf = async (T: string): Promise<RoundBody> =>
    (await organiser(t).get(`/tournaments/${T}/rounds/1`)).body as RoundBody;
  const placeOf = (round: RoundBody, id: string): string => {
    if (round.byes.some((b) => b.participantId === id)) return 'bye';
    const p = round.pairings.find((x) => x.A.participantId === id || x.B.participantId === id);
    return p ? `table ${p.table} ${p.A.participantId === id ? 'A' : 'B'}` : 'nowhere';
  };

  it('C-6 with a bye holder in the round, the player and the bye holder change places', async () => {
    const T = 'bye-five';
    const { org } = await smallEvent(t, T);
    await org.command(`/tournaments/${T}/participants`, { name: 'Player 5', seed: 5 });
    await org.command(`/tournaments/${T}/participants/p5/check-in`);
    await org.command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    const before = await roundOf(T);
    expect(before.byes.map((b) => b.participantId)).toEqual(['p5']);
    const seatOfP1 = placeOf(before, 'p1');
    const opponent = before.pairings.find((p) => p.A.participantId === 'p1' || p.B.participantId === 'p1')!;
    const opponentId =
      opponent.A.participantId === 'p1' ? opponent.B.participantId : opponent.A.participantId;

    await desk.goto(`${t.url}/desk/?tournament=${T}`);
    await desk.getByLabel('Give a bye to').selectOption({ label: 'Player 1' });
    const said = `Player 1 has the bye; Player 5 plays Player ${opponentId.slice(1)} at table ${opponent.table}.`;
    expect(await desk.getByTestId('bye-preview').textContent()).toBe(`Then: ${said}`);
    await shot(desk, 'desk-bye-phone');
    await desk.setViewportSize({ width: 1280, height: 800 });
    await shot(desk, 'desk-bye-wide');
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.getByRole('button', { name: 'Give a bye' }).click();
    await desk.getByRole('status').getByText(said).waitFor();

    const after = await roundOf(T);
    expect(placeOf(after, 'p1')).toBe('bye');
    expect(placeOf(after, 'p5')).toBe(seatOfP1);
    expect(placeOf(after, opponentId)).toBe(placeOf(before, opponentId));
    // Every other table as it was.
    expect(after.pairings.filter((p) => p.table !== opponent.table)).toEqual(
      before.pairings.filter((p) => p.table !== opponent.table),
    );
    // Recorded as one pairing edit with its reason, as the export shows it.
    const exported = (await org.get(`/tournaments/${T}/export`)).text ?? '';
    const edits = exported
      .split('\n')
      .filter((line) => line.includes('"PairingsPublished"'))
      .map((line) => JSON.parse(line) as { data: { edited: boolean; reason?: string } })
      .filter((e) => e.data.edited);
    expect(edits).toHaveLength(1);
    expect(edits[0].data.reason).toBe('changed at the desk');

    // Started from the desk: the bye is awarded to Player 1, and the list shows it.
    await desk.getByRole('button', { name: 'Start round 1' }).click();
    await desk.getByRole('heading', { name: 'Round 1: started' }).waitFor();
    await desk.locator('.pairing-list li', { hasText: 'Bye' }).getByText('Player 1').waitFor();
    const standings = (await org.get(`/tournaments/${T}/standings`)).body;
    expect(
      standings.standings.find((s: { participantId: string }) => s.participantId === 'p1'),
    ).toMatchObject({
      byes: 1,
    });
  }, 60_000);

  it('C-6 with no bye holder, the opponent left alone has a bye too, and the table is empty', async () => {
    const T = 'bye-four';
    const { org } = await smallEvent(t, T);
    await org.command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    const before = await roundOf(T);
    expect(before.byes).toEqual([]);
    // Round 1 by seed: table 1 p1–p3, table 2 p2–p4.
    expect(placeOf(before, 'p1')).toBe('table 1 A');

    await desk.goto(`${t.url}/desk/?tournament=${T}`);
    await desk.getByLabel('Give a bye to').selectOption({ label: 'Player 3' });
    const said = 'Player 3 has a bye; Player 1, left without an opponent, has a bye too (table 1 is empty).';
    expect(await desk.getByTestId('bye-preview').textContent()).toBe(`Then: ${said}`);
    await desk.getByRole('button', { name: 'Give a bye' }).click();
    await desk.getByRole('status').getByText(said).waitFor();

    const after = await roundOf(T);
    expect(after.byes.map((b) => b.participantId).sort()).toEqual(['p1', 'p3']);
    expect(after.pairings.map((p) => p.table)).toEqual([2]);
    expect(placeOf(after, 'p2')).toBe(placeOf(before, 'p2'));

    // The round plays its one table; once it has a result, a bye holder drops out between rounds.
    await desk.getByRole('button', { name: 'Start round 1' }).click();
    await desk.getByRole('heading', { name: 'Round 1: started' }).waitFor();
    await org.command(`/tournaments/${T}/rounds/1/tables/2/override`, { outcome: 'A', reason: 'played' });
    await desk.getByRole('heading', { name: 'Round 1: closed' }).waitFor();
    const standings = (await org.get(`/tournaments/${T}/standings`)).body.standings as {
      participantId: string;
      byes: number;
    }[];
    expect(
      standings
        .filter((s) => s.byes === 1)
        .map((s) => s.participantId)
        .sort(),
    ).toEqual(['p1', 'p3']);
    await desk
      .locator('.checkin-board li', { hasText: 'Player 3' })
      .getByRole('button', { name: 'Drop' })
      .click();
    await desk.getByRole('button', { name: 'Yes, drop Player 3' }).click();
    await desk.getByRole('status').getByText('Player 3 dropped.').waitFor();
    expect((await org.get(`/tournaments/${T}/participants/p3`)).body.status).toBe('dropped');
  }, 60_000);

  it('C-6 a late arrival meets the bye holder at a new table; with no bye holder they sit the round out', async () => {
    const T = 'bye-late';
    const { org } = await smallEvent(t, T);
    await org.command(`/tournaments/${T}/participants`, { name: 'Player 5', seed: 5 });
    await org.command(`/tournaments/${T}/participants/p5/check-in`);
    await org.command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    expect((await roundOf(T)).byes.map((b) => b.participantId)).toEqual(['p5']);

    await desk.goto(`${t.url}/desk/?tournament=${T}`);
    await desk.getByRole('heading', { name: 'Round 1: paired' }).waitFor();
    expect(await desk.getByTestId('late-preview').count()).toBe(0);
    // Player 6 registers and checks in after the pairing.
    await org.command(`/tournaments/${T}/participants`, { name: 'Player 6', seed: 6 });
    await org.command(`/tournaments/${T}/participants/p6/check-in`);
    const said = 'Player 6, arrived late, plays Player 5 (who had the bye) at table 3.';
    await desk.getByTestId('late-preview').getByText(`Then: ${said}`).waitFor({ timeout: 10_000 });
    await desk.getByRole('button', { name: 'Seat Player 6' }).click();
    await desk.getByRole('status').getByText(said).waitFor();
    const after = await roundOf(T);
    expect(after.byes).toEqual([]);
    expect(placeOf(after, 'p5')).toBe('table 3 A');
    expect(placeOf(after, 'p6')).toBe('table 3 B');
    // Nobody has the bye now: a second late arrival is offered no seat, and nothing is given them.
    await org.command(`/tournaments/${T}/participants`, { name: 'Player 7', seed: 7 });
    await org.command(`/tournaments/${T}/participants/p7/check-in`);
    await desk
      .locator('#participant-p7', { hasText: 'Player 7' })
      .getByText('checked in', { exact: true })
      .waitFor({ timeout: 10_000 });
    expect(await desk.getByTestId('late-preview').count()).toBe(0);
    expect(await desk.getByRole('button', { name: 'Seat Player 7' }).count()).toBe(0);
  }, 60_000);
});
