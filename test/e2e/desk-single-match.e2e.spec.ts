import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, PHONE, seatBrowser, shot, until } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, issueKey, ORGANISER_KEY, organiser } from './support/umpire-client.js';

/**
 * A single match, outside any tournament, set up at the organiser's desk in Chromium against the real
 * service: made from a form (no JSON typed), then each seat joined by its invitation from the desk's
 * screen, on a phone, which plays that side from then on. Opened again, the desk shows the same
 * invitations; a new one for a seat is another code, for another phone.
 */

describeInBrowser('a single match set up at the desk', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await desk.goto(`${t.url}/desk/`);
    await desk.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await desk.getByRole('button', { name: 'Open' }).click();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const codeOf = async (name: string) =>
    (
      await desk
        .getByRole('region', { name: new RegExp(`: ${name}$`) })
        .locator('.invite-code')
        .innerText()
    ).trim();

  it('C-1 the match is made from a form: ruleset, side names and dice; the service holds it as chosen', async () => {
    await desk.getByRole('link', { name: 'set up a single match' }).click();
    await desk.getByRole('heading', { level: 1, name: 'A single match' }).waitFor();
    await desk.getByLabel('Name of side A').fill('Zulus');
    await desk.getByLabel('Name of side B').fill('British');
    await desk.getByLabel('Ruleset', { exact: true }).selectOption('hand-to-hand');
    await desk.getByLabel('Table dice: the players roll real dice and enter the faces').check();
    await desk.getByLabel(/Match id/).fill('friendly-1');
    await shot(desk, 'desk-single-match-form');
    await desk.getByRole('button', { name: 'Create the match' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Zulus v British' }).waitFor();
    expect(new URL(desk.url()).search).toBe('?match=friendly-1');

    const match = (await organiser(t).get('/matches/friendly-1')).body;
    expect(match.ruleset.id).toBe('hand-to-hand');
    expect(match.state.sides).toEqual({ A: 'Zulus', B: 'British' });
    expect(match.state.diceMode).toBe('table');
  }, 60_000);

  it('each seat has its invitation on the screen: a QR code, a link and a code, the same when opened again', async () => {
    for (const name of ['Zulus', 'British']) {
      await desk.getByRole('img', { name: `The invitation link for ${name}` }).waitFor();
      expect(await codeOf(name)).toMatch(/\S{6,}/);
    }
    // Opened at 127.0.0.1, the codes would point a phone at itself: the desk says so before them.
    expect(await desk.getByRole('note').innerText()).toMatch(
      /open at this computer's own address \(127\.0\.0\.1:\d+\): a phone that scans these codes cannot reach it/,
    );
    await shot(desk, 'desk-single-match-seats');
    const before = await codeOf('British');
    await desk.reload();
    await desk.getByRole('img', { name: 'The invitation link for British' }).waitFor();
    expect(await codeOf('British')).toBe(before);
    await desk.setViewportSize(PHONE);
    await noSidewaysScroll(desk);
    await shot(desk, 'desk-single-match-seats-phone');
    await desk.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('C-1 a phone joins side A from its link and is asked to register its units; a new invitation joins a second phone', async () => {
    const link = await desk.getByLabel('Invitation link for Zulus (opens once)').inputValue();
    const phone = await seatBrowser(browser);
    await phone.page.goto(link);
    await phone.page.getByRole('button', { name: 'Register a unit for Zulus' }).waitFor({ timeout: 15_000 });
    expect(await phone.page.getByRole('button', { name: 'Register a unit for British' }).count()).toBe(0);
    await shot(phone.page, 'table-single-match-joined');

    // HH-1: a morale of 10 typed key by key, as a phone keyboard sends it: the 1 (below 6) stays in the
    // field, said to be out of range, and the 0 makes it 10; a 12 is said out of range and not sent.
    await phone.page.getByRole('button', { name: 'Register a unit for Zulus' }).click();
    const form = phone.page.locator('.may-do form');
    await form.getByLabel('Its name').fill('Impi');
    const morale = form.getByLabel(/Its base morale/);
    await morale.pressSequentially('12');
    expect(await morale.inputValue()).toBe('12');
    expect(await form.getByText('12 is not between 6 and 10.').count()).toBe(1);
    await morale.fill('');
    await morale.pressSequentially('1');
    expect(await morale.inputValue()).toBe('1');
    await form.getByText('1 is not between 6 and 10.').waitFor();
    await morale.pressSequentially('0');
    expect(await morale.inputValue()).toBe('10');
    expect(await form.locator('.error').count()).toBe(0);
    await form.getByLabel(/Its move, in inches/).pressSequentially('6');
    await form.getByRole('button', { name: 'Send' }).click();
    const deadline = Date.now() + 15_000;
    const registered = async () =>
      ((await organiser(t).get('/matches/friendly-1')).body.state.units as Record<
        string,
        { baseMorale: number }
      >) ?? {};
    while (Object.keys(await registered()).length === 0) {
      if (Date.now() > deadline) throw new Error('the unit was not registered within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(Object.values(await registered()).map((unit) => unit.baseMorale)).toEqual([10]);

    // The code is used: the desk says so and shows it no more, nor its QR code; it makes another for
    // the seat, and a second phone joins the same side by typing it as a player might.
    const seatA = desk.locator('[aria-labelledby="seat-A"]');
    await seatA
      .getByTestId('invitation-used')
      .getByText(/was used at .+: a phone joined the seat with it, and it opens no more/)
      .waitFor({ timeout: 15_000 });
    expect(await seatA.locator('.invite-code').count()).toBe(0);
    expect(await seatA.getByRole('img').count()).toBe(0);
    await shot(desk, 'desk-single-match-used');
    await desk.getByRole('button', { name: 'New invitation for Zulus' }).click();
    await seatA.locator('.invite-code').waitFor();
    expect(await seatA.getByTestId('invitation-used').count()).toBe(0);
    const second = await seatBrowser(browser);
    await second.page.goto(`${t.url}/table/`);
    const typed = (await codeOf('Zulus')).toLowerCase().replace(/-/g, '');
    await second.page.getByLabel('Invitation code').pressSequentially(typed);
    await second.page.getByRole('button', { name: /Join/ }).click();
    await second.page.getByRole('button', { name: 'Register a unit for Zulus' }).waitFor({ timeout: 15_000 });

    // The first phone's code opens no third seat.
    const third = await seatBrowser(browser);
    await third.page.goto(link);
    await third.page.getByRole('alert').waitFor();
    expect(await third.page.getByRole('alert').innerText()).toMatch(/used|expired/);
    for (const seat of [phone, second, third]) await seat.context.close();
    // The desk follows the seats' keys: two phones play side A, none side B yet.
    await desk.locator('[aria-labelledby="seat-A"]').getByText('Joined: 2 phones play this seat.').waitFor();
    expect(await desk.locator('[aria-labelledby="seat-B"] [data-testid="seat-joined"]').innerText()).toBe(
      'Not joined yet.',
    );
  }, 90_000);

  it('C-1 a lost phone: one phone of two is shut out after one more yes, the other plays on; then the last; a new code joins another phone', async () => {
    const seatA = desk.locator('[aria-labelledby="seat-A"]');
    // Both invitations were used: the seat shows no code until one is made.
    expect(await seatA.locator('.invite-code').count()).toBe(0);
    const seatKeys = async () =>
      (
        (await organiser(t).get('/keys?match=friendly-1')).body as {
          keyId: string;
          side: string;
          revoked: boolean;
          issuedAt: string;
        }[]
      )
        .filter((k) => k.side === 'A')
        .sort((a, b) => a.issuedAt.localeCompare(b.issuedAt));
    const inUse = async () => (await seatKeys()).filter((k) => !k.revoked).length;
    expect(await inUse()).toBe(2);
    // Two phones play the seat: each is told apart by when it joined, and all can go at once.
    const lost = seatA.getByRole('button', { name: /^Lost phone: shut out the phone that joined at / });
    expect(await lost.count()).toBe(2);
    await seatA.getByRole('button', { name: "Shut out all of Zulus' phones" }).waitFor();
    const first = lost.first();
    const firstName = (await first.innerText()).replace(/^Lost phone: shut out /, '');
    await first.click();
    const ask = seatA.getByRole('group', { name: `Shut out ${firstName}?` });
    await ask.getByText('Its key stops working at once').waitFor();
    // Kept, nothing is revoked and the focus is back on the button that asked.
    await desk.keyboard.press('Escape');
    await ask.waitFor({ state: 'detached' });
    expect(await lost.first().evaluate((b) => b === b.ownerDocument.activeElement)).toBe(true);
    expect(await inUse()).toBe(2);

    await lost.first().click();
    await ask.getByRole('button', { name: `Yes, shut out ${firstName}` }).click();
    await desk
      .getByRole('status')
      .getByText(/is shut out: its key was revoked\. The seat's other phone plays on/)
      .waitFor();
    // The phone that joined first is the one shut out; the other's key still plays.
    const [earlier, later] = await seatKeys();
    expect([earlier!.revoked, later!.revoked]).toEqual([true, false]);
    await seatA.getByText('Joined: one phone plays this seat.').waitFor();
    await shot(desk, 'desk-single-match-one-shut-out');

    await seatA.getByRole('button', { name: "Lost phone: shut out Zulus' phone" }).click();
    await seatA
      .getByRole('group', { name: "Shut out Zulus' phone?" })
      .getByRole('button', { name: "Yes, shut out Zulus' phone" })
      .click();
    await desk.getByRole('status').getByText("Zulus' phone is shut out: its key was revoked.").waitFor();
    expect(await inUse()).toBe(0);
    await seatA.getByText('Not joined yet.').waitFor();
    // Shutting out makes a new invitation, for the player's other phone.
    await seatA.locator('.invite-code').waitFor();
    await shot(desk, 'desk-single-match-shut-out');
    const next = await seatBrowser(browser);
    await next.page.goto(await desk.getByLabel('Invitation link for Zulus (opens once)').inputValue());
    await next.page.getByRole('button', { name: 'Register a unit for Zulus' }).waitFor({ timeout: 15_000 });
    await seatA.getByText('Joined: one phone plays this seat.').waitFor({ timeout: 10_000 });
    await next.context.close();
  }, 60_000);

  it('the desk lists the single matches in play, each a link to its seats, and no tournament match among them', async () => {
    await organiser(t).command('/tournaments', { tournamentId: 'cup', name: 'Cup' });
    await organiser(t).command('/tournaments/cup/matches', {
      matchId: 'cup-1',
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Alice', B: 'Bob' },
      diceMode: 'table',
    });
    await desk.goto(`${t.url}/desk/`);
    const list = desk.getByRole('region', { name: 'Single matches in play' });
    await list.waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Zulus v British (friendly-1)']);
    await list.getByRole('link', { name: 'Zulus v British' }).click();
    await desk.getByRole('img', { name: 'The invitation link for British' }).waitFor();
    expect(new URL(desk.url()).search).toBe('?match=friendly-1');
  }, 60_000);

  it('a tournament match’s seats page makes no invitation until asked: its players join from their own pages and slips', async () => {
    const posted: string[] = [];
    const watch = (request: { method(): string; url(): string }) => {
      if (request.method() === 'POST' && request.url().includes('/invitations')) posted.push(request.url());
    };
    desk.on('request', watch);
    try {
      await desk.goto(`${t.url}/desk/?match=cup-1`);
      await desk.getByRole('heading', { level: 1, name: 'Alice v Bob' }).waitFor();
      await desk.getByText(/its slips are printed from/).waitFor();
      const ask = desk.getByRole('button', { name: "Invite a phone to Alice's seat" });
      await ask.waitFor();
      expect(await desk.locator('.invite-code').count()).toBe(0);
      expect(posted).toEqual([]);
      await shot(desk, 'desk-tournament-match-seats');
      await ask.click();
      await desk.getByRole('img', { name: 'The invitation link for Alice' }).waitFor();
      expect(posted).toHaveLength(1);
      expect(await desk.locator('.invite-code').count()).toBe(1);
    } finally {
      desk.off('request', watch);
    }
  }, 60_000);

  it("C-5 C-4 'Judge this match' opens the console with a judge key: a dispute raised at the table is ruled on, and the match ended", async () => {
    const zulus = await issueKey(t, { role: 'player', matchId: 'friendly-1', side: 'A' });
    const disputed = await zulus.command('/matches/friendly-1/disputes', {
      revision: 1,
      claim: 'we agreed on server dice',
    });
    expect(disputed.status).toBeLessThan(300);
    // The desk's first page lists the match with its dispute waiting for a judge.
    await desk.goto(`${t.url}/desk/`);
    const inPlay = desk.getByRole('region', { name: 'Single matches in play' });
    await inPlay.getByText('a dispute waits for a judge').waitFor();
    expect(await inPlay.getByRole('listitem').allTextContents()).toEqual([
      'Zulus v British (friendly-1) · a dispute waits for a judge',
    ]);
    await shot(desk, 'desk-first-page-dispute');
    await desk.goto(`${t.url}/desk/?match=friendly-1`);
    // The desk hands its key to the watch page in this tab: it does not ask for it again.
    await desk.getByRole('link', { name: 'watch it live' }).click();
    await desk.getByText(/The match began: Zulus \(side A\) against British/).waitFor();
    expect(await desk.getByLabel(/key/i).count()).toBe(0);
    // Its phase in the words of the table page, not its id.
    expect(await desk.getByTestId('phase').innerText()).toBe('Moving and shooting');
    await desk.goBack();
    // A single match has no judge until one is asked for: its open dispute waits on the seats page.
    await desk
      .getByTestId('open-disputes')
      .getByText(/^A dispute is open \(C-5\): Zulus disputes event 1\. It waits for a judge/)
      .waitFor();
    await shot(desk, 'desk-single-match-dispute');
    await desk.getByRole('button', { name: 'Judge this match' }).click();
    // The console opens at this match, which its address names.
    await desk.getByRole('button', { name: /Rule on Zulus' dispute of event 1/ }).waitFor();
    expect(new URL(desk.url()).search).toBe('?match=friendly-1');
    // The console's key judges this match alone: the only one it lists, and the same key each time.
    const judgeKey = String(await desk.evaluate("sessionStorage.getItem('umpire.judge.key')"));
    const judge = new Caller(t.url, judgeKey);
    expect((await judge.get('/keys/current')).body).toMatchObject({ role: 'judge', matchId: 'friendly-1' });
    await desk.getByRole('button', { name: 'All matches' }).click();
    await desk.locator('button[data-match="friendly-1"]').waitFor();
    expect(await desk.locator('button[data-match]').count()).toBe(1);
    await desk.goto(`${t.url}/desk/?match=friendly-1`);
    await desk.getByRole('button', { name: 'Judge this match' }).click();
    await desk.getByRole('button', { name: /Rule on Zulus' dispute of event 1/ }).waitFor();
    expect(await desk.evaluate("sessionStorage.getItem('umpire.judge.key')")).toBe(judgeKey);
    await desk.getByRole('button', { name: /Rule on Zulus' dispute of event 1/ }).click();
    let form = desk.locator('.may-do form');
    await form.getByRole('button', { name: 'Dismissed' }).click();
    const rule = form.getByLabel('The rule it rests on');
    await rule.selectOption(await rule.locator('option').filter({ hasText: /^C-2 / }).getAttribute('value'));
    await form.getByLabel('The note').fill('table dice were chosen at the desk');
    await form.getByRole('button', { name: 'Send' }).click();
    await desk
      .getByRole('region', { name: /Open disputes/ })
      .getByText('None.')
      .waitFor();
    const log = (await organiser(t).get('/matches/friendly-1/log')).body.entries as { sentence: string }[];
    expect(log.some((e) => /dismissed/i.test(e.sentence) && /table dice were chosen/.test(e.sentence))).toBe(
      true,
    );

    await desk.getByRole('button', { name: /End the match with its result/ }).click();
    form = desk.locator('.may-do form');
    await form.getByRole('button', { name: 'Zulus', exact: true }).click();
    await form.getByRole('button', { name: 'Send' }).click();
    await desk.getByRole('button', { name: 'Yes, end the match' }).click();
    const deadline = Date.now() + 10_000;
    while (!(await organiser(t).get('/matches/friendly-1')).body.ended) {
      if (Date.now() > deadline) throw new Error('the match did not end within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Ended, its seats page says so and invites nobody.
    await desk.goto(`${t.url}/desk/?match=friendly-1`);
    await desk.getByText(/^The match has ended: Zulus won/).waitFor();
    expect(await desk.locator('.invite-code').count()).toBe(0);
    expect(await desk.getByRole('button', { name: /^New invitation for/ }).count()).toBe(0);
    await shot(desk, 'desk-single-match-ended');
    // Ended, it is no longer among the single matches in play; another one still is.
    await organiser(t).command('/matches', {
      matchId: 'friendly-2',
      ruleset: 'atomic-africa',
      sides: { A: 'Impi', B: 'NNC' },
      diceMode: 'server',
    });
    await desk.goto(`${t.url}/desk/`);
    const list = desk.getByRole('region', { name: 'Single matches in play' });
    await list.waitFor();
    expect(await list.getByRole('listitem').allTextContents()).toEqual(['Impi v NNC (friendly-2)']);
    // Ended, it is found again among those ended lately, its result said, a link to its seats page.
    await desk.getByRole('heading', { level: 1, name: "Organiser's desk" }).waitFor();
    const ended = desk.getByRole('region', { name: 'Single matches ended lately' });
    await ended.waitFor();
    const items = await ended.getByRole('listitem').allTextContents();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatch(/^Zulus v British \(friendly-1\): Zulus won, ended /);
    await shot(desk, 'desk-first-page-ended');
    await desk.setViewportSize(PHONE);
    await noSidewaysScroll(desk);
    await shot(desk, 'desk-first-page-ended-phone');
    await desk.setViewportSize({ width: 1280, height: 800 });
    await ended.getByRole('link', { name: 'Zulus v British' }).click();
    await desk.getByText(/^The match has ended: Zulus won/).waitFor();
    expect(new URL(desk.url()).search).toBe('?match=friendly-1');
  }, 60_000);

  it("'Watch this match' gives a link for another device, its spectator key in the fragment, that watches this match alone", async () => {
    await desk.goto(`${t.url}/desk/?match=friendly-2`);
    await desk.getByRole('button', { name: 'Watch this match' }).click();
    const field = desk.getByLabel(/Link to watch Impi v NNC/);
    await field.waitFor();
    await desk.getByRole('img', { name: 'The link to watch Impi v NNC' }).waitFor();
    // The button pressed is gone: the focus is on the link it gave, under a heading one can see.
    await until(desk, `document.activeElement === document.querySelector('.watch-this-match input')`, 5_000);
    const heading = desk.getByRole('heading', { name: 'Watch this match from another device' });
    expect((await heading.boundingBox())!.width).toBeGreaterThan(100);
    // Kept compact: both seats' QR codes stay in view at 1280x800.
    await desk.evaluate('window.scrollTo(0, 0)');
    await shot(desk, 'desk-single-match-watch');
    for (const side of ['Impi', 'NNC']) {
      const box = (await desk.getByRole('img', { name: `The invitation link for ${side}` }).boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(800);
    }
    const link = new URL(await field.inputValue());
    expect(`${link.origin}${link.pathname}${link.search}`).toBe(`${t.url}/watch/?match=friendly-2`);
    const token = new URLSearchParams(link.hash.slice(1)).get('key')!;
    expect(token).toMatch(/^umpire_/);
    const spectator = new Caller(t.url, token);
    expect((await spectator.get('/keys/current')).body).toMatchObject({
      role: 'spectator',
      matchId: 'friendly-2',
    });
    expect((await spectator.get('/matches/friendly-1')).status).toBe(404);
    await noSidewaysScroll(desk);
    await desk.setViewportSize(PHONE);
    await noSidewaysScroll(desk);
    await shot(desk, 'desk-single-match-watch-phone');
    await desk.setViewportSize({ width: 1280, height: 800 });
    // Opened again, the same link: the same key, not another.
    await desk.reload();
    await desk.getByRole('button', { name: 'Watch this match' }).click();
    expect(await desk.getByLabel(/Link to watch Impi v NNC/).inputValue()).toBe(link.href);

    // Another device: the link alone opens the match, asks for no key, and leaves none in the address.
    const phone = await (
      await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true })
    ).newPage();
    await phone.goto(link.href);
    await phone.getByText(/The match began: Impi \(side A\) against NNC/).waitFor();
    expect(await phone.getByLabel(/key/i).count()).toBe(0);
    expect(phone.url()).toBe(`${t.url}/watch/?match=friendly-2`);
    expect(await phone.evaluate("sessionStorage.getItem('umpire.watch.key')")).toBe(token);
    await phone.context().close();
  }, 60_000);

  it('C-6 a refusal names what is wrong and the form keeps what was typed', async () => {
    await desk.goto(`${t.url}/desk/?new=match`);
    await desk.getByLabel('Name of side A').fill('Impi');
    await desk.getByLabel('Name of side B').fill('NNC');
    await desk.getByLabel(/Match id/).fill('friendly-1');
    await desk.getByRole('button', { name: 'Create the match' }).click();
    const refusal = desk.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.innerText()).toMatch(/friendly-1|exists/);
    expect(await desk.getByLabel('Name of side A').inputValue()).toBe('Impi');
    expect((await organiser(t).get('/matches/friendly-1')).body.state.sides.A).toBe('Zulus');
  }, 60_000);

  it('a seat joined with another invitation: the one on the screen says it opens no more, and a new one is a button away', async () => {
    await organiser(t).command('/matches', {
      matchId: 'friendly-gauls',
      ruleset: 'hand-to-hand',
      sides: { A: 'Romans', B: 'Gauls' },
      diceMode: 'table',
    });
    await desk.goto(`${t.url}/desk/?match=friendly-gauls`);
    await desk.getByRole('img', { name: 'The invitation link for Gauls' }).waitFor();
    const elsewhere = await organiser(t).post('/matches/friendly-gauls/invitations', { side: 'B' });
    expect(
      (await new Caller(t.url, undefined).post(`/invitations/${elsewhere.body.code}/redeem`)).status,
    ).toBe(200);
    const seat = desk.getByRole('region', { name: /: Gauls$/ });
    await seat
      .getByText(/The invitation shown here opens no more: the seat was joined with another at/)
      .waitFor({
        timeout: 15_000,
      });
    expect(await seat.locator('.invite-code').count()).toBe(0);
    await seat.getByRole('button', { name: 'New invitation for Gauls' }).click();
    await seat.getByRole('img', { name: 'The invitation link for Gauls' }).waitFor();
  }, 60_000);
});
