import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  asked,
  buildPages,
  caughtUp,
  joinSeats,
  mustDo,
  type SeatBrowser,
  seatBrowser,
  send,
  shot,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type MatchTable, openMatch } from './support/umpire-client.js';

/**
 * Two phones playing one side with the same seat key: a step one of them sends for a match the other
 * has already moved on is told apart from an ordinary refusal, and an undo request one of them kept
 * offline does not ask the opponent a question already asked from the other phone and answered (C-5).
 */

describeInBrowser('table page in Chromium: two devices playing one side', () => {
  let t: TestApp;
  let browser: Browser;
  let m: MatchTable;
  /** The first phone of side A, joined from its invitation. */
  let first: SeatBrowser;
  /** The second phone of side A, holding the same seat key as the first. */
  let second: SeatBrowser;
  const matchId = 'hh-two-phones';
  const at = (route: string) => `/matches/${matchId}/${route}`;

  const logOf = async () =>
    (await m.A.get(at('log'))).body.entries as { revision: number; type: string; sentence: string }[];
  const sentenceAt = async (revision: number) =>
    (await logOf()).find((entry) => entry.revision === revision)!.sentence.replace(/\.$/, '');

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    m = await openMatch(t, { matchId, ruleset: 'hand-to-hand', diceMode: 'table' });
    await m.organiser.command(at('units'), { unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await m.organiser.command(at('units'), { unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    await m.A.command(at('charges'), {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'level',
      dice: [1, 2],
    });
    browser = await launchChromium();
    first = await seatBrowser(browser);
    second = await seatBrowser(browser);
    await joinSeats(t.url, m.organiser, matchId, [[first, 'A']]);
    await first.page.getByRole('heading', { level: 1, name: 'Side A side A' }).waitFor();
    // The second phone holds the very seat the first joined: the same key, the same side.
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

  it('C-6 a step the other phone of the same side sent first: the refusal says that device played first, what it did, and that the page shows the match as it stands', async () => {
    const before = await m.revision();
    for (const phone of [first, second]) {
      await caughtUp(phone.page, before);
      await asked(phone.page, /Roll the impact of Impi on NNC/);
    }
    // The second phone's roll is held on its way until the first phone's has landed.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await second.page.route('**/impact-rolls', async (route) => {
      await held;
      await route.continue();
    });
    await mustDo(second.page).getByRole('button', { name: 'Rolled a 5' }).click();
    await send(second.page);
    await mustDo(first.page).getByRole('button', { name: 'Rolled a 3' }).click();
    await send(first.page);
    await caughtUp(first.page, before + 1);
    release();

    const overtaken = second.page.locator('.outbox-refused [data-testid="overtaken"]');
    await overtaken.waitFor({ timeout: 15_000 });
    const rolled = await sentenceAt(before + 1);
    expect(rolled).toMatch(/impact/i);
    expect(await overtaken.innerText()).toBe(
      `Another device playing Side A sent a step first: ${rolled}. This page now shows the match as it stands.`,
    );
    await caughtUp(second.page, before + 1);
    await shot(second.page, 'table-same-side-overtaken');
    // Only the first phone's roll counts.
    expect((await logOf()).filter((entry) => entry.type === 'ImpactRolled')).toHaveLength(1);
    await second.page.unroute('**/impact-rolls');
    await second.page.locator('.outbox-refused').getByRole('button', { name: 'Dismiss' }).click();
    await second.page.locator('.outbox-refused').waitFor({ state: 'detached' });
  }, 60_000);

  const askUndo = async (phone: SeatBrowser, reason: string) => {
    await phone.page.getByRole('button', { name: /Ask to undo/ }).click();
    const form = phone.page.locator('.may-do form');
    // The latest event is offered first, as buttons or in a drop-down.
    if ((await form.locator('select').count()) > 0)
      await form.getByLabel(/Back to the state right after which event/).selectOption({ index: 1 });
    else
      await form
        .getByRole('group', { name: /Back to the state/ })
        .getByRole('button')
        .first()
        .click();
    await form.getByLabel('Why').fill(reason);
    await form.getByRole('button', { name: 'Send' }).click();
  };

  it('C-5 an undo request kept offline on the second phone, already asked from the first and declined, is not sent: the page says so and the opponent is not asked again', async () => {
    const head = await m.revision();
    for (const phone of [first, second]) await caughtUp(phone.page, head);
    await second.context.setOffline(true);
    await askUndo(second, 'asked from the second phone');
    await second.page.locator('.outbox-pending').waitFor();
    // Only what the second phone keeps from now on is sent when it is back.
    for (const dismiss of await second.page.getByRole('button', { name: 'Dismiss' }).all())
      await dismiss.click();
    const kept = JSON.parse(
      (await second.page.evaluate(`localStorage.getItem('umpire.table.outbox.${matchId}.A')`)) as string,
    ) as { action: string; body: { toRevision: number } }[];
    const target = kept.find((item) => item.action === 'undo-request')!.body.toRevision;

    await askUndo(first, 'asked from the first phone');
    await first.page.getByTestId('undo-waiting').waitFor();
    const request = (await m.B.get(`/matches/${matchId}`)).body.pending.undoRequests[0] as {
      requestId: string;
      toRevision: number;
    };
    expect(request.toRevision).toBe(target);
    await m.B.command(at(`undo-requests/${request.requestId}/answer`), { agree: false });

    await second.context.setOffline(false);
    const notSent = second.page.locator('.outbox-refused [data-testid="overtaken"]');
    await notSent.waitFor({ timeout: 15_000 });
    expect(await notSent.innerText()).toBe(
      `Side B already declined undoing back to event ${target} (${await sentenceAt(target)}). The same request was asked from another device playing Side A.`,
    );
    await shot(second.page, 'table-same-side-undo-not-sent');
    // Put aside first; asking the very question side B declined is offered second, by its own name,
    // and opens the request as it was made.
    const refused = second.page.locator('.outbox-refused');
    expect(await refused.getByRole('button').allInnerTexts()).toEqual(['Dismiss', 'Ask again']);
    expect(
      await refused.getByRole('button', { name: `Ask again to undo back to event ${target}` }).count(),
    ).toBe(1);
    // Asked once, answered once; nothing waits for side B.
    await second.page.waitForTimeout(500);
    const log = await logOf();
    expect(log.filter((entry) => entry.type === 'UndoRequested')).toHaveLength(1);
    expect((await m.B.get(`/matches/${matchId}`)).body.pending.undoRequests).toEqual([]);

    await refused.getByRole('button', { name: /^Ask again/ }).click();
    await refused.waitFor({ state: 'detached' });
    const again = second.page.locator('.may-do form');
    expect(await again.getByLabel('Why').inputValue()).toBe('asked from the second phone');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });
    expect((await logOf()).filter((entry) => entry.type === 'UndoRequested')).toHaveLength(1);
  }, 60_000);
});
