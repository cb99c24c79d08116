import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, shot, until } from './support/table-browser.js';
import { openDesk } from './support/desk-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, organiser } from './support/umpire-client.js';
import { smallEvent } from './tournament-support.js';

/**
 * The desk's slips and keys, in Chromium against the real service: a refereed table's slip prints each
 * seat's invitation code in text under its QR code (the code the table page takes when typed) and no
 * result to circle; a report-only table's slip keeps its result box. The Keys section issues a judge
 * key and a hall screen (spectator) key bound to the tournament, shown once with a copy button and a
 * QR code of the page's link, and the hall screen opens with the key copied.
 */
const T = 'slips-day';

describeInBrowser("the desk's slips and keys", () => {
  let t: TestApp;
  let browser: Browser;
  let context: BrowserContext;
  let desk: Page;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    const event = await smallEvent(t, T);
    await event.org.command(`/tournaments/${T}/rounds`, { round: 1, method: 'swiss' });
    await event.org.command(`/tournaments/${T}/rounds/1/start`);
    await event.org.command(`/tournaments/${T}/matches`, {
      matchId: 'slips-day-r1-t1',
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    browser = await launchChromium();
    context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: t.url });
    desk = await context.newPage();
    await openDesk(desk, t.url, T, `Event ${T}`);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it("a participant's invitation link is copied, or scanned from its QR code in view at the desk", async () => {
    const { name } = (await organiser(t).get(`/tournaments/${T}/participants`)).body.items[0] as {
      name: string;
    };
    await desk.getByRole('button', { name: `Invite ${name}` }).click();
    const link = desk.getByLabel(`Invitation link for ${name} (opens once)`);
    const invitation = await link.inputValue();
    expect(invitation).toMatch(new RegExp(`^${t.url}/tournament/#invite=[0-9A-Z]{4}-`));
    await desk.getByRole('button', { name: `Copy the invitation link for ${name}` }).click();
    expect(await desk.evaluate('navigator.clipboard.readText()')).toBe(invitation);
    // The QR code is in view at once, as a single match's seat shows it: nothing to unfold.
    const code = desk.getByRole('img', { name: `The invitation link for ${name}` });
    await code.waitFor();
    expect((await code.boundingBox())!.width).toBeGreaterThan(100);
    await shot(desk, 'desk-invitation-qr');
    await desk.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(desk);
    await code.scrollIntoViewIfNeeded();
    await shot(desk, 'desk-invitation-qr-phone');
    await desk.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it("prints a refereed seat's invitation code under its QR code, and no result to circle on a refereed slip", async () => {
    await desk.getByRole('button', { name: 'Show slips and pairings sheet' }).click();
    await desk.locator('[aria-label="Printable sheets for round 1"][aria-busy="false"]').waitFor();
    const pairings = (await organiser(t).get(`/tournaments/${T}/rounds/1`)).body.pairings as {
      table: number;
      A: { name: string };
      B: { name: string };
    }[];
    for (const side of ['A', 'B'] as const) {
      // The invitation the slip was made under, asked for again: the same one, with its code.
      const again = await organiser(t).post('/matches/slips-day-r1-t1/invitations', {
        commandId: `slip-slips-day-r1-t1-${side}`,
        side,
        label: `round 1, table 1, ${pairings[0]![side].name}`,
      });
      expect(again.status).toBe(201);
      expect(again.body.code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
      expect(await desk.getByTestId(`slip-code-1-${side}`).textContent()).toBe(again.body.code);
    }
    const refereed = desk.locator('.match-slip[data-table="1"]');
    const reportOnly = desk.locator('.match-slip[data-table="2"]');
    expect(await refereed.textContent()).not.toContain('circle one');
    expect(await refereed.textContent()).toContain('the referee records it when the match ends');
    expect(await reportOnly.textContent()).toContain('Result (circle one)');
    expect(await reportOnly.locator('code').count()).toBe(0);
    await desk.emulateMedia({ media: 'print' });
    await refereed.scrollIntoViewIfNeeded();
    await shot(desk, 'desk-slips-print');
    await desk.emulateMedia({ media: 'screen' });
    await desk.getByRole('button', { name: 'Hide slips and pairings sheet' }).click();
  }, 60_000);

  it('issues a hall screen key bound to the tournament, shown once with a copy button and a QR code, and the hall opens with it', async () => {
    const keys = desk.getByRole('region', { name: 'Keys' });
    await keys.getByText('A key is shown once, here: copy it now.').waitFor();
    await keys.getByRole('button', { name: 'Issue a hall screen key' }).click();
    const field = keys.getByLabel('Hall screen key (spectator), shown once');
    await field.waitFor();
    const token = await field.inputValue();
    expect(token).toMatch(/^umpire_/);
    await keys.getByRole('img', { name: 'The link of the hall screen' }).waitFor();
    await keys.getByRole('button', { name: 'Copy the hall screen key' }).click();
    await keys.getByText('Hall screen key (spectator) copied.').waitFor();
    expect(await desk.evaluate('navigator.clipboard.readText()')).toBe(token);
    // Bound to this tournament, as a spectator.
    const listed = (await organiser(t).get('/keys')).body as {
      role: string;
      tournamentId?: string;
      label?: string;
    }[];
    const items = Array.isArray(listed) ? listed : (listed as unknown as { items: typeof listed }).items;
    expect(items.filter((k) => k.role === 'spectator' && k.tournamentId === T)).toHaveLength(1);
    const spectator = new Caller(t.url, token);
    expect((await spectator.get(`/tournaments/${T}`)).status).toBe(200);
    expect((await spectator.get('/tournaments/some-other')).status).not.toBe(200);
    await noSidewaysScroll(desk);
    await keys.scrollIntoViewIfNeeded();
    await shot(desk, 'desk-keys');

    const hall = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await hall.goto(
      (await keys.getByRole('link', { name: /\/hall\/\?tournament=slips-day$/ }).getAttribute('href')) ?? '',
    );
    await hall.getByLabel(/spectator key/).fill(token);
    await hall.getByRole('button', { name: 'Open' }).click();
    await hall.getByRole('heading', { level: 1, name: `Event ${T}` }).waitFor();
    await hall.context().close();
  }, 60_000);

  it('issues a judge key bound to the tournament, and says it is shown once', async () => {
    const keys = desk.getByRole('region', { name: 'Keys' });
    await keys.getByRole('button', { name: 'Issue a judge key' }).click();
    const token = await keys.getByLabel('Judge key, shown once').inputValue();
    expect(token).toMatch(/^umpire_/);
    await keys.getByRole('img', { name: 'The link of the judge console' }).waitFor();
    const judge = new Caller(t.url, token);
    // A judge of this tournament: it may override a result here.
    const override = await judge.post(`/tournaments/${T}/rounds/1/tables/2/override`, {
      commandId: 'judge-override',
      outcome: 'draw',
      reason: 'the judge ruled',
    });
    expect(override.status).toBe(201);
    await desk.setViewportSize({ width: 390, height: 844 });
    await noSidewaysScroll(desk);
    await keys.scrollIntoViewIfNeeded();
    await shot(desk, 'desk-keys-phone');
    await desk.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('lists the judge and hall screen keys in use, and revokes one once asked twice, leaving the others working', async () => {
    const keys = desk.getByRole('region', { name: 'Keys' });
    // Keys are told apart by the second they were issued at.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const shownOnce = keys.getByLabel('Judge key, shown once');
    const before = await shownOnce.inputValue();
    await keys.getByRole('button', { name: 'Issue a judge key' }).click();
    await until(
      desk,
      `document.querySelector('.issued-key input')?.value !== ${JSON.stringify(before)}`,
      5_000,
    );
    const second = new Caller(t.url, await shownOnce.inputValue());
    const others = (await organiser(t).get('/keys')).body as { role: string; keyId: string; label: string }[];
    const judges = others.filter((k) => k.role === 'judge');
    expect(judges).toHaveLength(2);
    expect(judges.every((k) => /^issued at the desk at \d\d:\d\d/.test(k.label))).toBe(true);

    await keys.getByRole('button', { name: 'Show the judge and hall screen keys in use' }).click();
    const listed = keys.getByRole('listitem');
    await listed.first().waitFor();
    const words = await listed.locator('span').first().allTextContents();
    expect(words.length).toBe(1);
    expect(await listed.count()).toBe(3); // two judge keys and the hall screen key, not the players'
    const secondLabel = judges[judges.length - 1]!.label;
    expect(new Set(judges.map((k) => k.label)).size).toBe(2);
    const row = listed.filter({ hasText: `Judge key, ${secondLabel}` });
    await row.getByRole('button', { name: `Revoke the judge key, ${secondLabel}` }).click();
    await shot(desk, 'desk-keys-revoke');
    await row.getByRole('button', { name: `Yes, revoke the judge key, ${secondLabel}` }).click();
    await keys.getByText(`Judge key, ${secondLabel} is revoked: it stopped working at once.`).waitFor();
    await until(desk, `document.activeElement?.id === 'keys-in-use'`, 5_000);
    expect(await listed.count()).toBe(2);
    expect((await second.get(`/tournaments/${T}`)).status).toBe(401);
    const first = others.find((k) => k.role === 'judge' && k.keyId !== judges[judges.length - 1]!.keyId)!;
    const left = (await organiser(t).get('/keys')).body as { keyId: string; revoked: boolean }[];
    expect(left.find((k) => k.keyId === first.keyId)!.revoked).toBe(false);
  }, 60_000);

  it('says of a judge or spectator key bound to one match which match it reaches', async () => {
    for (const [role, label] of [
      ['judge', 'table 1 judge'],
      ['spectator', 'table 1 screen'],
    ]) {
      const issued = await organiser(t).post(`/tournaments/${T}/keys`, {
        role,
        matchId: 'slips-day-r1-t1',
        label,
      });
      expect(issued.status).toBe(201);
    }
    const keys = desk.getByRole('region', { name: 'Keys' });
    await keys.getByRole('button', { name: 'Hide the keys in use' }).click();
    await keys.getByRole('button', { name: 'Show the judge and hall screen keys in use' }).click();
    const listed = keys.getByRole('listitem');
    await listed.filter({ hasText: 'Judge key for match slips-day-r1-t1, table 1 judge' }).waitFor();
    await listed
      .filter({ hasText: 'Spectator key watching match slips-day-r1-t1, table 1 screen' })
      .waitFor();
    await listed
      .getByRole('button', { name: 'Revoke the judge key for match slips-day-r1-t1, table 1 judge' })
      .waitFor();
  }, 60_000);
});
