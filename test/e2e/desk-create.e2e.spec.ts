import type { Browser, Locator, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY, organiser } from './support/umpire-client.js';

/**
 * Creating a tournament at the desk, in Chromium against the real service, as an organiser does it:
 * the tie-breaks ticked and put in order with the keyboard, club mates apart unticked, a refusal in
 * between (an id already taken, which the desk points to), and the tournament created with exactly
 * what the form showed. The id's pattern is one the browser checks; each checkbox and radio sits on
 * its label's line, control first; the key's tournaments are listed with links to their desks.
 */

describeInBrowser('the desk creates a tournament with the choices shown', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    await organiser(t).command('/tournaments', { tournamentId: 'taken', name: 'Autumn Cup' });
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    desk.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await desk.goto(`${t.url}/desk/`);
    await desk.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await desk.getByRole('button', { name: 'Open' }).click();
    await desk.getByRole('heading', { name: 'New tournament' }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const tieBreaks = () => desk.getByRole('group', { name: /Tie-breaks after points/ });
  const ticked = async () => {
    const boxes = tieBreaks().getByRole('checkbox');
    const out: string[] = [];
    for (let i = 0; i < (await boxes.count()); i++) {
      const box = boxes.nth(i);
      const name = (await box.evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
      out.push(`${(await box.isChecked()) ? '+' : '-'}${name}`);
    }
    return out;
  };
  const focusedName = () =>
    desk.evaluate("document.activeElement?.getAttribute('aria-label')") as Promise<string | null>;

  it("lists the key's tournaments with links to their desks, and points to one whose id is typed again", async () => {
    const list = desk.getByRole('region', { name: 'Your tournaments' });
    const link = list.getByRole('link', { name: 'Autumn Cup' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe('/desk/?tournament=taken');
    await desk.getByLabel(/Tournament id/).fill('taken');
    const pointer = desk.getByRole('link', { name: 'open Autumn Cup' });
    await pointer.waitFor();
    expect(await pointer.getAttribute('href')).toBe('/desk/?tournament=taken');
  }, 30_000);

  it('checks the id with the browser: the pattern compiles, and a bad id is not sent', async () => {
    const id = desk.getByLabel(/Tournament id/);
    await id.fill('bad id!');
    expect(
      await id.evaluate(
        (el) =>
          (el as unknown as { validity: { patternMismatch: boolean; valid: boolean } }).validity
            .patternMismatch,
      ),
    ).toBe(true);
    await id.fill('good-id_2');
    expect(
      await id.evaluate(
        (el) => (el as unknown as { validity: { patternMismatch: boolean; valid: boolean } }).validity.valid,
      ),
    ).toBe(true);
    expect(consoleErrors.filter((e) => /pattern/i.test(e))).toEqual([]);
  }, 30_000);

  it('each checkbox and radio sits on the line of its words, control first', async () => {
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await desk.setViewportSize(size);
      const controls = desk.locator('form input[type="checkbox"], form input[type="radio"]');
      expect(await controls.count()).toBe(8);
      for (let i = 0; i < (await controls.count()); i++) {
        const where = await controls.nth(i).evaluate((input) => {
          const label = input.closest('label')!;
          const range = input.ownerDocument.createRange();
          range.selectNodeContents(label);
          const text = [...range.getClientRects()].filter(
            (r) => r.width > 0 && r.left >= input.getBoundingClientRect().right - 1,
          );
          const box = input.getBoundingClientRect();
          const first = text[0];
          return {
            label: label.textContent?.trim(),
            middle: box.top + box.height / 2,
            lineTop: first?.top ?? -1,
            lineBottom: first?.bottom ?? -1,
            controlRight: box.right,
            textLeft: first?.left ?? -1,
          };
        });
        // The control's middle is within the first line of its words, and the words start after it.
        expect({
          label: where.label,
          onLine: where.middle >= where.lineTop && where.middle <= where.lineBottom,
        }).toEqual({
          label: where.label,
          onLine: true,
        });
        expect(where.textLeft).toBeGreaterThanOrEqual(where.controlRight);
      }
      await noSidewaysScroll(desk);
      await shot(desk, `desk-create-${size.width}`);
    }
    await desk.setViewportSize({ width: 1280, height: 800 });
  }, 30_000);

  it('keeps the tie-breaks as ticked and ordered with the keyboard through a refusal, and creates the tournament with them in that order', async () => {
    await desk.getByLabel(/Tournament id/).fill('taken');
    await desk.getByLabel('Tournament name').fill('Ordered Open');
    // Buchholz unticked, Wins ticked, by keyboard (Space on a focused checkbox).
    await tieBreaks()
      .getByRole('checkbox', { name: /Buchholz \(opponents/ })
      .focus();
    await desk.keyboard.press('Space');
    await tieBreaks().getByRole('checkbox', { name: 'Wins' }).focus();
    await desk.keyboard.press('Space');
    // Wins moved to the top with four presses of Enter; the focus stays on its button.
    await tieBreaks().getByRole('button', { name: 'Move Wins up' }).focus();
    for (let i = 0; i < 4; i++) {
      await desk.keyboard.press('Enter');
      expect(await focusedName()).toMatch(/^Move Wins (up|down)$/);
    }
    // At the top its up button is spent: the focus is on its down button.
    expect(await focusedName()).toBe('Move Wins down');
    expect(await tieBreaks().getByRole('button', { name: 'Move Wins up' }).isDisabled()).toBe(true);
    // Sonneborn–Berger up one, above median Buchholz.
    await tieBreaks().getByRole('button', { name: 'Move Sonneborn–Berger up' }).focus();
    await desk.keyboard.press('Space');
    await desk
      .getByText('Sonneborn–Berger is now 3rd in the list, applied 2nd.')
      .waitFor({ state: 'attached' });
    await desk.getByLabel('Keep club mates apart in round 1').uncheck();
    const chosen = [
      '+Wins',
      '-Buchholz (opponents’ points)',
      '+Sonneborn–Berger',
      '+Median Buchholz',
      '+Head-to-head',
    ];
    expect(await ticked()).toEqual(chosen);
    await shot(desk, 'desk-create-ordered');

    // The id is taken: refused, and the desk links to the tournament that has it.
    await desk.getByRole('button', { name: 'Create' }).click();
    const alert = desk.getByRole('alert').filter({ hasText: /exists already/ });
    await alert.waitFor();
    expect(await alert.getByRole('link', { name: 'Open taken' }).getAttribute('href')).toBe(
      '/desk/?tournament=taken',
    );
    // The refusal's re-render kept every choice.
    expect(await ticked()).toEqual(chosen);
    expect(await desk.getByLabel('Keep club mates apart in round 1').isChecked()).toBe(false);

    await desk.getByLabel(/Tournament id/).fill('ordered');
    await desk.getByRole('button', { name: 'Create' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Ordered Open' }).waitFor();

    const org = organiser(t);
    await org.command('/tournaments/ordered/participants', { name: 'Ann' });
    const standings = (await org.get('/tournaments/ordered/standings')).body;
    expect(standings.tieBreaks).toEqual(['wins', 'sonneborn-berger', 'median-buchholz', 'head-to-head']);
    const exported = (await org.get('/tournaments/ordered/export')).text ?? '';
    const created = exported
      .split('\n')
      .filter((line) => line.includes('"TournamentCreated"'))
      .map((line) => JSON.parse(line) as { data: { clubsApartInRoundOne?: boolean } })[0];
    expect(created?.data.clubsApartInRoundOne ?? false).toBe(false);
  }, 60_000);

  it('moves a tie-break with the mouse too, at phone size', async () => {
    await desk.setViewportSize({ width: 390, height: 844 });
    await desk.goto(`${t.url}/desk/`);
    const down = (name: string): Locator => tieBreaks().getByRole('button', { name: `Move ${name} down` });
    await down('Buchholz (opponents’ points)').click();
    expect((await ticked()).slice(0, 2)).toEqual(['+Median Buchholz', '+Buchholz (opponents’ points)']);
    await noSidewaysScroll(desk);
    await shot(desk, 'desk-create-phone-moved');
  }, 30_000);
});
