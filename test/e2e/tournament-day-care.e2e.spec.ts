import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, shot, until } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, ORGANISER_KEY, organiser } from './support/umpire-client.js';

/**
 * A report-only tournament day on the desk, the hall screen and two players' phones, in Chromium
 * against the real service, for what the pages say and where the keyboard goes:
 * - a table of a round not yet started is "not started yet", not playing; a closed round shows no clock
 *   and the desk offers no clock controls for it;
 * - the desk's cards and refusals name participants, never by id; a drop is asked once more, with a
 *   reason the organiser may give, which is the drop's reason;
 * - after an action the focus goes to what replaced its button (or the message), never to nothing;
 * - the desk's news goes once it is old and the tournament is read again;
 * - a disputed table shows on the desk what was reported (its note) and why it was disputed, or the
 *   second report;
 * - the standings show byes and mark the dropped, say where the tournament is (final once it is), use
 *   the short tie-break headings on every page and say so when they scroll sideways on a phone;
 * - the hall says a key of another tournament is one (by the key's role, and that tournament's name and
 *   hall), and offers another key; a used invitation says so once, in one message.
 */
const T = 'care-day';
const NAMES = ['Alice Archer', 'Bob Baker', 'Chen Wei', 'Dana Dunn', 'Farah Khan'];
const PHONE = { width: 390, height: 844 };

interface Seat {
  participantId: string;
  name: string;
}
interface PairingView {
  table: number;
  A: Seat;
  B: Seat;
}

describeInBrowser('a tournament day, with care for what the pages say and where the focus goes', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;
  let hall: Page;
  const phones = new Map<string, Page>();
  const keys = new Map<string, string>();
  let pairings: PairingView[] = [];
  const org = () => organiser(t);
  const player = (id: string) => new Caller(t.url, keys.get(id)!);
  const activeId = (page: Page) => page.evaluate('document.activeElement?.id ?? ""') as Promise<string>;
  /** The focus moves once the page has read the tournament again after the action: waited for, briefly. */
  const focusGoesTo = (page: Page, id: string) =>
    until(page, `document.activeElement?.id === ${JSON.stringify(id)}`);
  const news = () => desk.locator('#desk-news');

  /** A player's page on a phone, opened with the key the organiser issued (as a player given one would). */
  async function phoneOf(id: string): Promise<Page> {
    const page = await (
      await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
    ).newPage();
    await page.goto(`${t.url}/tournament/?tournament=${T}&participant=${id}`);
    await page.getByText('I was given a key instead').click();
    await page.getByLabel('The key your organiser gave you').fill(keys.get(id)!);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { level: 1, name: 'Care Day' }).waitFor();
    phones.set(id, page);
    return page;
  }

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    await org().command('/tournaments', {
      tournamentId: T,
      name: 'Care Day',
      numberOfRounds: 2,
      tieBreaks: ['buchholz', 'median-buchholz', 'sonneborn-berger', 'head-to-head'],
    });
    for (const [i, name] of NAMES.entries()) {
      const id = `p${i + 1}`;
      await org().command(`/tournaments/${T}/participants`, { name, club: 'Hussars', seed: i + 1 });
      const key = await org().post(`/tournaments/${T}/participants/${id}/keys`, { label: id });
      keys.set(id, key.body.token as string);
      // Dana checks in at the desk, Farah from her phone; the others are here already.
      if (i < 3) await org().command(`/tournaments/${T}/participants/${id}/check-in`);
    }
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await desk.goto(`${t.url}/desk/`);
    await desk.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await desk.getByRole('button', { name: 'Open' }).click();
    await desk.goto(`${t.url}/desk/?tournament=${T}`);
    await desk.getByRole('heading', { level: 1, name: 'Care Day' }).waitFor();
    const spectator = await org().post(`/tournaments/${T}/keys`, { role: 'spectator', label: 'hall' });
    hall = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await hall.goto(`${t.url}/hall/?tournament=${T}`);
    await hall.getByLabel(/spectator key/).fill(spectator.body.token);
    await hall.getByRole('button', { name: 'Open' }).click();
    await hall.getByRole('heading', { level: 1, name: 'Care Day' }).waitFor();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('checks in at the desk and on the phone, the focus on the card or the message, no ids shown', async () => {
    await desk.getByRole('button', { name: 'Check in Dana Dunn', exact: true }).click();
    await news().getByText('Dana Dunn checked in.').waitFor();
    await desk.locator('#participant-p4', { hasText: 'checked in' }).waitFor();
    await focusGoesTo(desk, 'participant-p4');
    const board = await desk.locator('.checkin-board').innerText();
    expect(board).not.toMatch(/\bp\d\b/);

    const farah = await phoneOf('p5');
    await farah.getByRole('button', { name: 'I am here: check in' }).click();
    await farah.getByText('Checked in: the organiser sees you are here.', { exact: true }).waitFor();
    await focusGoesTo(farah, 'player-news');
    await desk.getByRole('heading', { name: /5 of 5 checked in/ }).waitFor();
  }, 60_000);

  it('pairs round 1 with the focus on its heading, and says its tables are not started yet, not playing', async () => {
    await desk.getByRole('button', { name: 'Pair round 1 (Swiss)' }).click();
    await desk.getByRole('heading', { name: 'Round 1: paired' }).waitFor();
    await focusGoesTo(desk, 'round-1-heading');
    const round = (await org().get(`/tournaments/${T}/rounds/1`)).body;
    pairings = round.pairings;
    expect(round.byes.map((b: Seat) => b.participantId)).toEqual(['p5']);
    const deskRound = desk.getByRole('region', { name: 'Round 1: paired' });
    await deskRound.getByText('· not started yet').first().waitFor();
    expect(await deskRound.innerText()).not.toMatch(/playing/);
    await hall.getByText('The round has not started.').waitFor();
    await hall.getByText('not started yet').first().waitFor();
    expect(await hall.locator('.hall-pairings').innerText()).not.toMatch(/playing/);
    await shot(hall, 'care-hall-paired');
  }, 60_000);

  it('asks before a drop, keyboard first, and names the participant in what the service refused', async () => {
    const first = pairings[0]!.A;
    const drop = desk.getByRole('button', { name: `Drop ${first.name}`, exact: true });
    await drop.click();
    // The reason box has the focus; Escape goes back to the Drop button, nothing sent.
    const reason = desk.locator(`#drop-confirm-${first.participantId}-reason`);
    await reason.waitFor();
    expect(await activeId(desk)).toBe(`drop-confirm-${first.participantId}-reason`);
    await desk.keyboard.press('Escape');
    await drop.waitFor();
    await focusGoesTo(desk, `drop-${first.participantId}`);
    expect((await org().get(`/tournaments/${T}/participants/${first.participantId}`)).body.status).toBe(
      'active',
    );
    // Asked again and sent with Enter: refused (placed in a round not started), in names.
    await desk.keyboard.press('Enter');
    await reason.fill('felt unwell');
    await desk.keyboard.press('Enter');
    const refusal = desk.getByRole('alert').filter({ hasText: 'which has not started' });
    await refusal.waitFor();
    const said = await refusal.innerText();
    expect(said).toContain(`${first.name} is paired in round 1`);
    expect(said).not.toMatch(/\bp\d\b/);
    await shot(desk, 'care-desk-drop-refused');
  }, 60_000);

  it('starts the round and its clock, the focus on the round each time, and lets old news go', async () => {
    await desk.getByRole('button', { name: /^Keep / }).click();
    await desk.getByRole('button', { name: 'Start round 1' }).click();
    await desk.getByRole('heading', { name: 'Round 1: started' }).waitFor();
    await focusGoesTo(desk, 'round-1-heading');
    await desk.getByLabel('Minutes').fill('60');
    await desk.getByRole('button', { name: 'Start clock' }).click();
    await news().getByText('Clock started.').waitFor();
    await desk.getByRole('button', { name: 'Call time' }).waitFor();
    await focusGoesTo(desk, 'round-1-heading');
    // Read again soon after: the news stands. Read again once it is old: it goes.
    const t2 = pairings[1];
    await player(t2!.A.participantId).command(`/tournaments/${T}/rounds/1/tables/${t2!.table}/report`, {
      outcome: 'A',
    });
    await desk.getByText(`reported: ${t2!.A.name} won`, { exact: false }).waitFor();
    expect(await news().textContent()).toBe('Clock started.');
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    await player(t2!.B.participantId).command(`/tournaments/${T}/rounds/1/tables/${t2!.table}/report`, {
      outcome: 'B',
      note: 'his general fled',
    });
    await desk
      .locator('li', { hasText: `Table ${t2!.table}` })
      .getByText('disputed')
      .first()
      .waitFor();
    await until(desk, "document.getElementById('desk-news')?.textContent === ''", 30_000);
  }, 60_000);

  it('reports and disputes on the phones, the focus on the result line each time', async () => {
    const t1 = pairings[0]!;
    const reporter = await phoneOf(t1.A.participantId);
    await reporter.getByRole('button', { name: 'I won', exact: true }).click();
    await reporter.getByLabel(/A note for the judge/).fill('routed his left');
    await reporter.getByRole('button', { name: 'Send the report' }).click();
    await reporter
      .getByTestId('my-result')
      .getByText(/You reported: you won/)
      .waitFor();
    await focusGoesTo(reporter, 'my-result');

    const opponent = await phoneOf(t1.B.participantId);
    await opponent.getByLabel('If not, why').fill('the left held at the end');
    await opponent.getByRole('button', { name: 'Dispute' }).click();
    await opponent
      .getByTestId('my-result')
      .getByText(/You disputed/)
      .waitFor();
    await focusGoesTo(opponent, 'my-result');
  }, 60_000);

  it('shows on the desk, beside each disputed table, what was reported and why it was disputed', async () => {
    const [t1, t2] = pairings;
    const said1 = desk.getByTestId(`dispute-said-${t1!.table}`);
    await said1
      .getByText(`${t1!.A.name} reported: ${t1!.A.name} won. Their note: “routed his left”`)
      .waitFor();
    await said1.getByText(`${t1!.B.name} disputed it: “the left held at the end”`).waitFor();
    const said2 = desk.getByTestId(`dispute-said-${t2!.table}`);
    await said2.getByText(`${t2!.A.name} reported: ${t2!.A.name} won.`).waitFor();
    await said2
      .getByText(`${t2!.B.name} reported another result: ${t2!.B.name} won. Their note: “his general fled”`)
      .waitFor();
    await shot(desk, 'care-desk-disputes');
    await desk.setViewportSize(PHONE);
    await noSidewaysScroll(desk);
    await shot(desk, 'care-desk-disputes-phone');
    await desk.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('once the round closes, no page shows a clock, and the desk offers no clock controls', async () => {
    for (const p of pairings)
      await org().command(`/tournaments/${T}/rounds/1/tables/${p.table}/override`, {
        outcome: 'A',
        reason: 'the judge saw it',
      });
    await desk.getByRole('heading', { name: 'Round 1: closed' }).waitFor({ timeout: 10_000 });
    const deskRound = desk.getByRole('region', { name: 'Round 1: closed' });
    await deskRound.getByText('The round is over: every table has its result.').waitFor();
    for (const control of ['Pause', 'Resume', '+5 min', 'Call time', 'Start clock'])
      expect(await deskRound.getByRole('button', { name: control }).count()).toBe(0);
    expect(await desk.locator('.round-clock-time').count()).toBe(0);
    await hall.getByText('The round is over: every table has its result.').waitFor();
    expect(await hall.locator('.round-clock-time').count()).toBe(0);
    const farah = phones.get('p5')!;
    await farah.getByRole('heading', { name: 'Round 1 (closed)' }).waitFor();
    await farah.getByText('The round is over: every table has its result.').waitFor();
    expect(await farah.locator('main').innerText()).not.toMatch(/When time is called|\d+:\d\d\b/);
    await shot(desk, 'care-desk-round-closed');
    await shot(hall, 'care-hall-round-closed');
    await shot(farah, 'care-farah-round-closed');
  }, 60_000);

  it('drops with the reason the organiser gave, and marks the dropped and the byes in every standings', async () => {
    await desk.getByRole('button', { name: 'Drop Dana Dunn', exact: true }).click();
    await desk.locator('#drop-confirm-p4-reason').fill('left to catch a train');
    await desk.getByRole('button', { name: 'Yes, drop Dana Dunn' }).click();
    await news().getByText('Dana Dunn dropped.').waitFor();
    await desk.locator('#participant-p4', { hasText: 'dropped' }).waitFor();
    await focusGoesTo(desk, 'participant-p4');
    const exported = (await org().get(`/tournaments/${T}/export`)).text!;
    const dropped = exported
      .split('\n')
      .filter((line) => line.includes('"ParticipantDropped"'))
      .map((line) => JSON.stringify(JSON.parse(line)));
    expect(dropped).toHaveLength(1);
    expect(dropped[0]).toContain('left to catch a train');

    const farah = phones.get('p5')!;
    for (const page of [desk, hall, farah]) {
      await page.getByRole('heading', { name: 'Standings after 1 round' }).waitFor();
      const table = page.getByRole('table', { name: 'Standings after 1 round' });
      await table.getByRole('row', { name: /Dana Dunn \(dropped\)/ }).waitFor();
      const farahRow = table.getByRole('row', { name: /Farah Khan/ });
      await farahRow.getByRole('cell', { name: '0-0-0, 1 bye', exact: true }).waitFor();
      // The hall's short headings on every page, with their full names for readers.
      const header = table.getByRole('columnheader', { name: 'Median Buchholz', exact: true });
      expect(await header.locator('abbr').textContent()).toBe('MBh');
      expect(await page.locator('main').innerText()).not.toMatch(/its results so far/);
    }
    await hall.setViewportSize(PHONE);
    await noSidewaysScroll(hall);
    await shot(hall, 'care-hall-standings-phone');
    await hall.setViewportSize({ width: 1280, height: 800 });
  }, 60_000);

  it('on a phone, standings too wide for the screen say they scroll sideways, and the page does not', async () => {
    const farah = phones.get('p5')!;
    await noSidewaysScroll(farah);
    const box = farah.locator('.table-scroll');
    const fit = await box.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    const cue = farah.getByTestId('standings-scroll-cue');
    if (fit.scroll > fit.client + 1) {
      await cue.waitFor();
      expect(await box.getAttribute('tabindex')).toBe('0');
    } else {
      expect(await cue.count()).toBe(0);
    }
    // Made narrower than any table of four tie-breaks: the cue is there.
    await farah.setViewportSize({ width: 320, height: 700 });
    await cue.waitFor();
    await shot(farah, 'care-farah-standings-phone');
    await farah.setViewportSize(PHONE);
  }, 60_000);

  it('after the last round every page says the standings are final', async () => {
    await desk.getByRole('button', { name: 'Pair round 2 (Swiss)' }).click();
    await desk.getByRole('button', { name: 'Start round 2' }).click();
    await desk.getByRole('heading', { name: 'Round 2: started' }).waitFor();
    await desk.getByRole('heading', { name: 'Standings after 1 round (round 2 in play)' }).waitFor();
    const round2 = (await org().get(`/tournaments/${T}/rounds/2`)).body.pairings as PairingView[];
    for (const p of round2)
      await org().command(`/tournaments/${T}/rounds/2/tables/${p.table}/override`, {
        outcome: 'draw',
        reason: 'agreed',
      });
    for (const page of [desk, hall, phones.get('p5')!])
      await page
        .getByRole('heading', { name: 'Final standings after 2 rounds' })
        .waitFor({ timeout: 10_000 });
    await shot(desk, 'care-desk-complete');
    await shot(hall, 'care-hall-complete');
    await shot(phones.get('p5')!, 'care-farah-complete');
  }, 60_000);

  it('the hall says a key for another tournament is one, by its role and that tournament’s name, with a link to its hall, and offers to enter another', async () => {
    await org().command('/tournaments', { tournamentId: 'other-cup', name: 'Other Cup' });
    /** The hall of this tournament, opened with the key: what it says. */
    async function hallWith(tournamentId: string, token: string) {
      const page = await (await browser.newContext({ viewport: PHONE })).newPage();
      await page.goto(`${t.url}/hall/?tournament=${tournamentId}`);
      await page.getByLabel(/spectator key/).fill(token);
      await page.getByRole('button', { name: 'Open' }).click();
      const alert = page.getByRole('alert');
      await alert.waitFor();
      return { page, alert };
    }
    const other = await org().post('/tournaments/other-cup/keys', { role: 'spectator', label: 'hall' });
    const { page, alert } = await hallWith(T, other.body.token);
    await alert
      .getByText(`This spectator key is for another tournament, Other Cup, not for ${T}.`, { exact: true })
      .waitFor();
    expect(await alert.innerText()).not.toMatch(/does not exist/);
    const link = alert.getByRole('link', { name: 'open the hall screen of Other Cup' });
    expect(await link.getAttribute('href')).toBe('/hall/?tournament=other-cup');
    await shot(page, 'care-hall-other-key');
    await page.getByRole('button', { name: 'Enter another key' }).click();
    await page.getByLabel(/spectator key/).waitFor();
    await page.context().close();

    // The key's role is the key's own, read from the service: a judge key is not called a spectator's.
    const judge = await org().post('/tournaments/other-cup/keys', { role: 'judge', label: 'judge' });
    const asJudge = await hallWith(T, judge.body.token);
    await asJudge.alert
      .getByText(`This judge key is for another tournament, Other Cup, not for ${T}.`, { exact: true })
      .waitFor();
    await asJudge.page.context().close();

    // A key bound to no tournament is not for another one: a tournament it cannot find does not exist.
    const unbound = await org().post('/keys', { role: 'spectator', label: 'press' });
    const asUnbound = await hallWith('no-such-day', unbound.body.token);
    await asUnbound.alert.getByText('tournament no-such-day does not exist').waitFor();
    expect(await asUnbound.alert.innerText()).not.toMatch(/another tournament/);
    await asUnbound.page.context().close();
  }, 60_000);

  it('an invitation opened again says so once, in a player’s words', async () => {
    const invited = await org().command(`/tournaments/${T}/participants/p2/invitations`, { label: 'Bob' });
    const link = `${t.url}${invited.body.link as string}`;
    const first = await (await browser.newContext({ viewport: PHONE })).newPage();
    await first.goto(link);
    await first.getByRole('heading', { level: 1, name: 'Care Day' }).waitFor();
    const second = await (await browser.newContext({ viewport: PHONE })).newPage();
    await second.goto(link);
    const alert = second.getByRole('alert');
    await alert.waitFor();
    const text = await second.locator('main').innerText();
    expect(await alert.innerText()).toMatch(/^This invitation was already used: .*place in the tournament/);
    expect(text).not.toMatch(/seat|participant link/);
    await shot(second, 'care-invite-used');
    await first.context().close();
    await second.context().close();
  }, 60_000);
});
