import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { buildPages, PHONE } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type SmallEvent, smallEvent, startFirstRound } from './tournament-support.js';

/**
 * A player's page in Chromium against tournament reads that answer 304: the browser revalidates what
 * it holds by itself (the page's fetch sees the 200 it kept), and the page still shows each change
 * at once: another table's result, then its own.
 */
const TID = 'revalidated-day';

describeInBrowser('the player page over revalidated tournament reads in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let event: SmallEvent;
  let phone: Page;
  /** Each tournament read's answer, in the order the responses came; the request's headers are read after. */
  const answers: { path: string; status: number; sentTag: Promise<string | undefined> }[] = [];

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    event = await smallEvent(t, TID);
    await startFirstRound(event);
    browser = await launchChromium();
    phone = await (await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })).newPage();
    phone.on('response', (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith(`/tournaments/${TID}`) || response.request().method() !== 'GET') return;
      // Recorded at once: a read answered before the test began must not land in the list after it.
      answers.push({
        path: `${url.pathname}${url.search}`,
        status: response.status(),
        sentTag: response
          .request()
          .allHeaders()
          .then((headers) => headers['if-none-match']),
      });
    });
    const invited = await event.org.post(`/tournaments/${TID}/participants/p1/invitations`, {});
    await phone.goto(`${t.url}${invited.body.link as string}`);
    await phone.getByTestId('my-result').waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('another table’s result shows at once; the reads it left as they were are revalidated with the ETag and answered 304', async () => {
    const before = answers.length;
    await event.org.command(event.at(1, 2, 'override'), { outcome: 'B', reason: 'slip at the desk' });
    const pairings = phone.getByRole('region', { name: 'Round 1 pairings' });
    await pairings.getByText(/Table 2 .*Player 4 won/).waitFor();
    // The participant's own view is as it was: the browser sent the ETag it holds, which the service
    // answers 304 (the page's fetch is handed the 200 the browser kept: status 200 here).
    const mine = `/tournaments/${TID}/participants/p1`;
    const deadline = Date.now() + 10_000;
    while (!answers.slice(before).some((a) => a.path === mine) && Date.now() < deadline) {
      await new Promise((done) => setTimeout(done, 50));
    }
    const revalidated = answers.slice(before).find((a) => a.path === mine);
    expect(revalidated?.status).toBe(200);
    const sentTag = await revalidated!.sentTag;
    expect(sentTag).toMatch(/^W\//);
    const asked = await fetch(`${t.url}${mine}`, {
      headers: {
        authorization: `Bearer ${event.players.get('p1')!.token}`,
        'if-none-match': sentTag!,
      },
    });
    expect(asked.status).toBe(304);
  }, 60_000);

  it('its own result, set at the desk, shows at once after that', async () => {
    await event.org.command(event.at(1, 1, 'override'), { outcome: 'A', reason: 'slip at the desk' });
    await phone
      .getByTestId('my-result')
      .getByText(/you won/i)
      .waitFor();
  }, 60_000);
});
