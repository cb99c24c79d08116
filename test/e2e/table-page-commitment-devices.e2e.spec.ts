import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  asked,
  buildPages,
  caughtUp,
  joinSeats,
  landedAfter,
  mustDo,
  type SeatBrowser,
  seatBrowser,
  send,
  shot,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { atomicAfricaInContact, type MatchTable } from './support/umpire-client.js';

/**
 * AA-2 with two phones playing one side: each keeps the cards it sealed by commitment. A phone whose
 * own sealing of a unit was kept back (the other phone sealed it first) must not fill the reveal in
 * with its own card, which the service would refuse: only the card sealed as the commitment the match
 * holds opens it, and the phone that does not hold it says so.
 */

describeInBrowser(
  'table page in Chromium: a unit sealed by commitment from the other phone of the side',
  () => {
    let t: TestApp;
    let browser: Browser;
    let c: MatchTable;
    /** The phone of side A whose sealing lands. */
    let first: SeatBrowser;
    /** The other phone of side A, holding the same seat key: its sealing is kept back. */
    let second: SeatBrowser;
    let B: SeatBrowser;
    const matchId = 'aa-two-phones';

    beforeAll(async () => {
      await buildPages();
      t = await startTestApp();
      c = await atomicAfricaInContact(t, matchId);
      browser = await launchChromium();
      [first, second, B] = [
        await seatBrowser(browser),
        await seatBrowser(browser),
        await seatBrowser(browser),
      ];
      await joinSeats(t.url, c.organiser, matchId, [
        [first, 'A'],
        [B, 'B'],
      ]);
      await first.page.getByRole('heading', { level: 1, name: 'Side A side A' }).waitFor();
      const seats = (await first.page.evaluate(`localStorage.getItem('umpire.table.seats')`)) as string;
      await second.page.goto(`${t.url}/table/`);
      await second.page.evaluate(`localStorage.setItem('umpire.table.seats', ${JSON.stringify(seats)})`);
      await second.page.reload();
      await second.page.getByRole('heading', { level: 1, name: 'Side A side A' }).waitFor();
    }, 120_000);

    afterAll(async () => {
      await browser?.close();
      await t?.close();
    });

    /** Seals a1 by commitment from a phone's "You may", with the card named `card`. */
    const sealByCommitment = async (phone: SeatBrowser, card: string) => {
      await phone.page.getByRole('button', { name: /Seal a commitment to the orders card of a1/ }).click();
      const form = phone.page.locator('.may-do form');
      await form.getByRole('button', { name: card, exact: true }).click();
      await form.getByRole('button', { name: 'Send' }).click();
    };
    const vaultOf = async (phone: SeatBrowser) =>
      JSON.parse(
        (await phone.page.evaluate(`localStorage.getItem('umpire.table.sealed.${matchId}.A')`)) as string,
      ) as { unitId: string; card: string; salt: string; commitment: string }[];

    it('AA-2 the reveal is filled in on the phone that sealed the card the match holds; the other phone fills in nothing and says the card is not there', async () => {
      for (const phone of [first, second]) await asked(phone.page, /Seal the orders card of a1/);
      const start = await c.revision();
      // The second phone seals a1 while offline; the first seals it meanwhile, and lands.
      await second.context.setOffline(true);
      await sealByCommitment(second, '9 of spades');
      await second.page.locator('.outbox-pending').waitFor();
      await sealByCommitment(first, '4 of clubs');
      await landedAfter(() => c.revision(), start, "the first phone's sealing");
      await second.context.setOffline(false);
      await second.page.locator('.outbox-refused').waitFor({ timeout: 15_000 });
      const [kept] = await vaultOf(second);
      expect(kept).toMatchObject({ unitId: 'a1', card: '9S' });
      const sealed = (await c.organiser.get(`/matches/${matchId}`)).body.state.orders.a1 as {
        commitment: string;
      };
      expect(sealed.commitment).toBe((await vaultOf(first))[0]!.commitment);
      expect(sealed.commitment).not.toBe(kept!.commitment);

      // B seals and activates; a1 fights, and its card is to be revealed.
      await asked(B.page, /Seal the orders card of b1/);
      await mustDo(B.page).getByRole('button', { name: '4 of clubs' }).click();
      await send(B.page);
      await B.page.getByRole('button', { name: /Activate b1/ }).click();
      const activate = B.page.locator('.may-do form');
      await activate.getByRole('button', { name: 'Fight' }).click();
      await activate.getByRole('button', { name: 'Send' }).click();
      await asked(first.page, /Declare fight or flee for a1/);
      await mustDo(first.page).getByRole('button', { name: 'Fight' }).click();
      await send(first.page);
      const head = await c.revision();
      for (const phone of [first, second]) {
        await caughtUp(phone.page, head);
        await asked(phone.page, /Reveal the orders card of a1/);
      }

      // The second phone holds a card for a1, but not the one sealed: it fills in nothing, and says so.
      const note = mustDo(second.page).getByTestId('presenter-note');
      expect(await note.innerText()).toMatch(/^The card sealed for this unit is not on this phone/);
      expect(await mustDo(second.page).locator('[aria-pressed="true"]').count()).toBe(0);
      expect(await mustDo(second.page).getByLabel(/salt/).inputValue()).toBe('');
      await shot(second.page, 'table-reveal-card-elsewhere');
      expect(second.sent.filter((r) => /\b9S\b/.test(r.body) || r.body.includes(kept!.salt))).toEqual([]);

      // The first phone's is filled in from its own storage, and opens the commitment.
      expect(await mustDo(first.page).getByTestId('presenter-note').count()).toBe(0);
      expect(
        await mustDo(first.page).getByRole('button', { name: '4 of clubs' }).getAttribute('aria-pressed'),
      ).toBe('true');
      await send(first.page);
      await landedAfter(() => c.revision(), head, "the first phone's reveal");
      const log = (
        (await c.organiser.get(`/matches/${matchId}/log`)).body.entries as { sentence: string }[]
      ).map((e) => e.sentence);
      expect(
        log.some((sentence) => /a1's orders card was revealed: 4♣.*matching its commitment/.test(sentence)),
      ).toBe(true);
      // Never in the clear from the second phone, whose card was not the one sealed.
      expect(second.sent.filter((r) => /\b9S\b/.test(r.body))).toEqual([]);
      expect((await c.organiser.get(`/matches/${matchId}/verify`)).body.ok).toBe(true);
    }, 120_000);
  },
);
