import type { Browser } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  buildPages,
  noSidewaysScroll,
  type SeatBrowser,
  seatBrowser,
  shot,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The invitation code field of /table/, in Chromium: autocorrect really off (the attribute a phone's
 * keyboard reads), and a code that is no code answered on the page, on the field, before anything is
 * sent; a code of the right form goes to the service, which alone knows whether it opens a seat.
 */

describeInBrowser('table page invitation code field in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let seat: SeatBrowser;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    browser = await launchChromium();
    seat = await seatBrowser(browser);
    await seat.page.goto(`${t.url}/table/`);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const field = () => seat.page.getByLabel('Invitation code');
  const redeems = () => seat.sent.filter((request) => request.url.includes('/invitations/'));

  it('has autocorrect off as an attribute, not only as a property', async () => {
    expect(await field().getAttribute('autocorrect')).toBe('off');
    expect(await field().getAttribute('autocapitalize')).toBe('characters');
    expect(await field().getAttribute('spellcheck')).toBe('false');
  });

  it('answers a 3-character code on the page, on the field, and sends nothing', async () => {
    await field().fill('k3x');
    await seat.page.getByRole('button', { name: 'Join' }).click();
    const problem = seat.page.getByTestId('code-problem');
    await problem.waitFor();
    expect(await problem.innerText()).toBe(
      'That is 3 letters and digits: a code has twelve, in three groups of four, like K3X9-A0B2-C4D6.',
    );
    expect(await field().getAttribute('aria-invalid')).toBe('true');
    // The field's description says what is wrong, then what a code is.
    const described = (await field().getAttribute('aria-describedby'))!.split(' ');
    expect(described[0]).toBe(await problem.getAttribute('id'));
    expect(await seat.page.evaluate('document.activeElement.id')).toBe('invitation-code');
    expect(redeems()).toEqual([]);
    await noSidewaysScroll(seat.page);
    await shot(seat.page, 'table-code-field-wrong-code');

    await field().fill('K3X9-A0B2-C4DU');
    expect(await field().getAttribute('aria-invalid')).toBeNull();
    await seat.page.getByRole('button', { name: 'Join' }).click();
    await seat.page.getByText(/“U” is in no code/).waitFor();
    expect(redeems()).toEqual([]);
  }, 60_000);

  it('sends a code of the right form, in any case and with O for 0, as the service reads it', async () => {
    await field().fill('k3x9 aob2 c4d6');
    await seat.page.getByRole('button', { name: 'Join' }).click();
    await seat.page.getByTestId('join-refused').waitFor();
    expect(redeems().map((request) => new URL(request.url).pathname)).toEqual([
      '/invitations/K3X9-A0B2-C4D6/redeem',
    ]);
    expect(await seat.page.getByTestId('code-problem').count()).toBe(0);
    expect(await field().getAttribute('aria-invalid')).toBeNull();
  }, 60_000);
});
