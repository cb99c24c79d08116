import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  bigEnoughTargets,
  bothSeats,
  buildPages,
  caughtUp,
  noSidewaysScroll,
  PHONE,
  type SeatBrowser,
  shot,
  until,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * C-5 at the table: while a dispute is open both phones say so (who raised it, the claim, that the
 * judge will rule), and once ruled they say the ruling; a screen reader hears each once, not at every
 * read of the match. With table dice, the backup a ruling orders says what became of the dice in
 * the words of table dice.
 */

/** Counts, in the page, every change to the disputes' live region from now on. */
const WATCH_LIVE_REGION = `(() => {
  const region = document.querySelector('[data-testid="disputes-live"]');
  window.__liveChanges = 0;
  new MutationObserver((records) => { window.__liveChanges += records.length; })
    .observe(region, { childList: true, subtree: true, characterData: true, attributes: true });
  return true;
})()`;
const liveChanges = async (seat: SeatBrowser) => (await seat.page.evaluate('window.__liveChanges')) as number;

describeInBrowser('table page in Chromium: a dispute open, then ruled', () => {
  let t: TestApp;
  let browser: Browser;
  let m: MatchTable;
  let A: SeatBrowser;
  let B: SeatBrowser;
  const matchId = 'hh-disputed';
  const at = (route: string) => `/matches/${matchId}/${route}`;
  let beforeCharge = 0;
  let charged = 0;

  const sentenceAt = async (revision: number) =>
    ((await m.A.get(at('log'))).body.entries as { revision: number; sentence: string }[])
      .find((entry) => entry.revision === revision)!
      .sentence.replace(/\.$/, '');

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    m = await openMatch(t, { matchId, ruleset: 'hand-to-hand', diceMode: 'table' });
    await m.organiser.command(at('units'), { unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await m.organiser.command(at('units'), { unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    beforeCharge = await m.revision();
    await m.A.command(at('charges'), {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    charged = await m.revision();
    browser = await launchChromium();
    [A, B] = await bothSeats(browser, t.url, m.organiser, matchId);
    for (const seat of [A, B]) await caughtUp(seat.page, charged);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('C-5 both phones say a dispute is open: who raised it, the claim, that the judge will rule; heard once, not at every read', async () => {
    // Nothing is said while no dispute is open.
    expect(await A.page.getByTestId('disputes').count()).toBe(0);
    for (const seat of [A, B]) expect(await seat.page.evaluate(WATCH_LIVE_REGION)).toBe(true);

    const claim = 'the Impi was out of charge reach';
    await m.B.command(at('disputes'), { disputeId: 'd1', revision: charged, claim });
    const raised = await m.revision();
    const named = `event ${charged} (${await sentenceAt(charged)})`;
    for (const [seat, who] of [
      [A, 'Side B'],
      [B, 'Side B (your side)'],
    ] as const) {
      const notice = seat.page.getByRole('region', { name: 'A dispute is open' });
      await notice.waitFor({ timeout: 15_000 });
      expect(await notice.locator('li[data-dispute="d1"]').innerText()).toBe(
        `${who} disputes ${named}: “${claim}”.`,
      );
      expect(await notice.getByTestId('dispute-next').innerText()).toBe(
        'The judge will rule on it; play goes on meanwhile.',
      );
      // In the live region, which the page kept from its first read: the notice is heard as it opens.
      expect(await seat.page.getByTestId('disputes-live').getAttribute('aria-live')).toBe('polite');
      expect(await liveChanges(seat)).toBeGreaterThan(0);
    }
    await shot(A.page, 'table-dispute-open');
    await noSidewaysScroll(A.page);
    await bigEnoughTargets(A.page);
    await A.page.setViewportSize({ width: 1280, height: 800 });
    await noSidewaysScroll(A.page);
    await shot(A.page, 'table-dispute-open-desk');
    await A.page.setViewportSize(PHONE);

    // Play goes on: the impact is rolled and both pages read the match again. The notice's words are
    // not touched, so a screen reader is not told them again.
    const heard = await Promise.all([A, B].map(liveChanges));
    const said = await A.page.getByTestId('disputes-live').innerText();
    await m.A.command(at('impact-rolls'), { chargeId: 'c1', dice: [3] });
    const rolled = await m.revision();
    expect(rolled).toBeGreaterThan(raised);
    for (const seat of [A, B]) await caughtUp(seat.page, rolled);
    await A.page.reload();
    await caughtUp(A.page, rolled);
    expect(await A.page.evaluate(WATCH_LIVE_REGION)).toBe(true);
    await m.organiser.command(at('units'), { unitId: 'nnc2', name: 'NNC 2', side: 'B', morale: 7, move: 6 });
    const registered = await m.revision();
    for (const seat of [A, B]) await caughtUp(seat.page, registered);
    expect(await liveChanges(A)).toBe(0);
    expect(await liveChanges(B)).toBe(heard[1]);
    expect(await A.page.getByTestId('disputes-live').innerText()).toBe(said);
  }, 90_000);

  it('C-5 once ruled, both phones say the ruling; with table dice the backup it orders says the rolls stay in the log', async () => {
    const note = 'the Impi stood 7 inches off, beyond its reach';
    await m.judge.command(at('disputes/d1/ruling'), {
      ruling: 'upheld',
      ruleId: 'HH-2',
      note,
      backupTo: beforeCharge,
    });
    const ruled = await m.revision();
    for (const seat of [A, B]) {
      await caughtUp(seat.page, ruled);
      const notice = seat.page.getByRole('region', { name: 'The judge has ruled' });
      await notice.waitFor();
      expect(await notice.locator('li[data-dispute]').count()).toBe(0);
      expect(await notice.locator('li[data-ruling]').innerText()).toMatch(
        new RegExp(
          `^The judge upheld Side B's dispute of event ${charged} under HH-2: “${note}”; the match goes back to event ${beforeCharge}\\.`,
        ),
      );
      expect(await notice.getByRole('button', { name: /HH-2/ }).count()).toBe(1);
    }
    // The backup's line, and what a screen reader is told of it, in the words of table dice.
    const outcomes = A.page.getByRole('region', { name: 'Last outcomes' });
    await outcomes.getByText(/with the faces rolled for them at the table/).waitFor();
    expect(await A.page.locator('main').innerText()).not.toMatch(/dice keep counting/);
    await until(A.page, `!document.body.textContent.includes('dice keep counting')`);
    await shot(A.page, 'table-dispute-ruled');
    await A.page.setViewportSize({ width: 1280, height: 800 });
    await noSidewaysScroll(A.page);
    await shot(A.page, 'table-dispute-ruled-desk');
    await A.page.setViewportSize(PHONE);

    // The ruling is said through the turn it was made in; the next turn's page no longer holds it.
    await m.A.command(at('end-turn'));
    const next = await m.revision();
    for (const seat of [A, B]) {
      await caughtUp(seat.page, next);
      expect(await seat.page.getByTestId('disputes').count()).toBe(0);
      expect(await seat.page.getByTestId('rulings').count()).toBe(0);
    }
  }, 60_000);

  it('C-5 C-4 a ruled dispute shows only as its ruling beside one still open; once the match ended, the open one says play goes on no more', async () => {
    const last = await m.revision();
    const sent = [
      await m.A.command(at('disputes'), { disputeId: 'd2', revision: last, claim: 'the turn ended early' }),
      await m.B.command(at('disputes'), { disputeId: 'd3', revision: last, claim: 'the NNC never moved' }),
      await m.judge.command(at('disputes/d2/ruling'), {
        ruling: 'dismissed',
        ruleId: 'C-4',
        note: 'a turn ends when its side says so',
      }),
    ];
    expect(sent.map((reply) => reply.status)).toEqual([201, 201, 201]);
    const ruled = await m.revision();
    for (const seat of [A, B]) {
      await caughtUp(seat.page, ruled);
      const open = seat.page.getByRole('region', { name: 'A dispute is open' });
      await open.waitFor();
      expect(
        await open
          .locator('li[data-dispute]')
          .evaluateAll((items) => items.map((li) => li.getAttribute('data-dispute'))),
      ).toEqual(['d3']);
      // The ruled one is not in the open box at all, neither as a dispute nor as its ruling.
      expect(await open.innerText()).not.toMatch(/turn ended early|dismissed/);
      const rulings = seat.page.getByRole('region', { name: 'The judge has ruled' });
      expect(await rulings.locator('li[data-ruling]').innerText()).toMatch(
        /^The judge dismissed .+ under C-4/,
      );
      expect(await rulings.locator('li[data-dispute]').count()).toBe(0);
      expect(await open.getByTestId('dispute-next').innerText()).toBe(
        'The judge will rule on it; play goes on meanwhile.',
      );
    }

    const match = (await m.judge.get(`/matches/${matchId}`)).body;
    const end = (match.available as { action: string; route: string }[]).find((t) => t.action === 'end')!;
    expect((await m.judge.command(end.route, { winner: 'B', note: 'time' })).status).toBeLessThan(300);
    const ended = await m.revision();
    for (const seat of [A, B]) {
      await caughtUp(seat.page, ended);
      await seat.page.getByRole('heading', { name: 'The match is over' }).waitFor();
      expect(await seat.page.getByTestId('dispute-next').innerText()).toBe(
        'The match has ended: the judge will still rule on it, but no ruling can change the play now.',
      );
      expect(await seat.page.locator('main').innerText()).not.toMatch(/play goes on/);
      await noSidewaysScroll(seat.page);
    }
    await shot(A.page, 'table-dispute-ended');
  }, 60_000);
});
