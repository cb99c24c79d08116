import { createPublicKey } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { verifyTournamentExport } from '../../src/audit/tournament-export-verifier.js';
import { SseConnections } from '../../src/live/sse.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY, issueKey, organiser } from './support/umpire-client.js';
import { CHROMIUM, launchChromium } from './support/chromium.js';
import { CHROMIUM_HERE, describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { asked, mustDo, seatBrowser, send } from './support/table-browser.js';
import { possessive } from '../../web/shared/possessive.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * A tournament day through the pages, in Debian's Chromium against the real service on SQLite: the
 * organiser creates the tournament and imports eight players at the desk, each player joins by the
 * single-use link the desk hands out, checks in and reports from their own phone-sized browser, one
 * result is disputed and overridden at the desk, time is called in round 2, the hall screen follows;
 * one table of round 3 is refereed: its players join their seats from the slips' invitations and play
 * it on the table page, a judge ends it at the console, and its result reaches the desk by itself;
 * the final standings equal the published tie-breaks computed here, and the export verifies offline.
 */
/** Where screenshots go when UMPIRE_SCREENSHOTS names a folder (docs/screenshots to renew the docs'). */
const SHOTS = process.env.UMPIRE_SCREENSHOTS;
const title = CHROMIUM_HERE
  ? 'a tournament day in Chromium'
  : `a tournament day in Chromium (SKIPPED: ${CHROMIUM} is absent)`;

const TID = 'club-day';
/** Round 3's table that a referee match decides (outcomeAt gives it A: side A's charge routs B). */
const REFEREED_TABLE = 3;
const refereedMatch = (round: number, table: number) => `club-day-r${round}-t${table}`;
const PLAYERS = [
  ['Ann Moyo', 'North', 1],
  ['Ben Carter', 'South', 2],
  ['Cat Diallo', 'North', 3],
  ['Dan Evans', 'South', 4],
  ['Eve Fofana', 'East', 5],
  ['Fay Gumede', 'West', 6],
  ['Gus Hart', 'East', 7],
  ['Hal Ito', 'West', 8],
] as const;

type Outcome = 'A' | 'B' | 'draw';
/** The result each table plays to, by round and table: the same every run. */
const outcomeAt = (round: number, table: number): Outcome =>
  (['A', 'B', 'draw'] as const)[(round + table) % 3]!;

describeInBrowser(title, () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;
  let hall: Page;
  const phones = new Map<string, Page>();

  beforeAll(async () => {
    await ensurePagesBuilt();
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    t = await startTestApp();
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    hall = await (await browser.newContext({ viewport: { width: 1600, height: 900 } })).newPage();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const noSidewaysScroll = async (page: Page) =>
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
      page.viewportSize()!.width,
    );

  /** The page at phone size for a moment: no sideways scroll, and a screenshot of it (at `at`). */
  async function atPhoneSize(page: Page, file: string, at?: Locator) {
    const size = page.viewportSize()!;
    await page.setViewportSize({ width: 390, height: 844 });
    await at?.scrollIntoViewIfNeeded();
    if (SHOTS) await page.screenshot({ path: join(SHOTS, file) });
    await noSidewaysScroll(page);
    await page.setViewportSize(size);
  }

  it('the organiser creates the tournament and imports the players at the desk', async () => {
    await desk.goto(`${t.url}/desk/`);
    await desk.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await desk.getByRole('button', { name: 'Open' }).click();
    await desk.getByLabel(/Tournament id/).fill(TID);
    await desk.getByLabel('Tournament name').fill('Club day');
    await desk.getByRole('button', { name: 'Create' }).click();
    await desk.getByRole('heading', { level: 1, name: 'Club day' }).waitFor();
    expect(desk.url()).not.toContain(ORGANISER_KEY);

    const csv = ['name,club,seed', ...PLAYERS.map(([n, c, s]) => `${n},${c},${s}`)].join('\n');
    await desk.getByLabel(/Paste participants/).fill(csv);
    await desk.getByRole('button', { name: 'Import' }).click();
    await desk.getByText('8 participants imported.').waitFor();
    await desk.getByRole('heading', { name: /0 of 8 checked in/ }).waitFor();
  }, 60_000);

  it('each player joins by the single-use link the desk hands out and checks in from their own phone, and the board fills', async () => {
    for (let i = 1; i <= PLAYERS.length; i++) {
      const name = PLAYERS[i - 1]![0];
      await desk.getByRole('button', { name: `Invite ${name}` }).click();
      const link = desk.getByLabel(`Invitation link for ${name} (opens once)`);
      await link.waitFor();
      const invitation = await link.inputValue();
      expect(invitation).toMatch(new RegExp(`^${t.url}/tournament/#invite=[0-9A-Z]{4}-`));
      if (i === 1) {
        // The card reads like a single match's seat: the QR code in view, the link, the code to type,
        // and the warning that a localhost address reaches no phone; the link field has the focus.
        const card = desk.locator('#participant-p1');
        expect(await desk.evaluate('document.activeElement?.value')).toBe(invitation);
        await card.getByRole('img', { name: `The invitation link for ${name}` }).waitFor();
        const code = invitation.slice(invitation.indexOf('=') + 1);
        await card.getByText(code, { exact: true }).waitFor();
        await desk
          .getByRole('note')
          .getByText(/cannot reach it/)
          .waitFor();
        const width = (await card.getByLabel(`Invitation link for ${name} (opens once)`).boundingBox())!
          .width;
        expect(width).toBeGreaterThan(300);
        await desk.setViewportSize({ width: 1280, height: 800 });
        await card.scrollIntoViewIfNeeded();
        if (SHOTS) await desk.screenshot({ path: join(SHOTS, 'desk-participant-invitation.png') });
        await atPhoneSize(desk, 'desk-participant-invitation-phone.png', card);
        await desk.setViewportSize({ width: 1280, height: 900 });
      }
      const phone = await (
        await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
      ).newPage();
      await phone.goto(invitation);
      await phone.getByRole('button', { name: /check in/i }).click();
      await phone.getByText('Checked in: the organiser sees you are here.', { exact: true }).waitFor();
      // The code left the address bar at once; the key never entered it.
      expect(phone.url()).toBe(`${t.url}/tournament/?tournament=${TID}&participant=p${i}`);
      phones.set(`p${i}`, phone);
      if (i === 1) {
        // The link opens once: another phone that opens it is told so and gets no key.
        const other = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
        await other.goto(invitation);
        await other
          .getByRole('alert')
          .filter({ hasText: /already used/ })
          .waitFor();
        await other.context().close();
        // The desk's card says the participant joined, and when, and shows the used link no more.
        const card = desk.locator('#participant-p1');
        await card
          .getByTestId('participant-joined')
          .getByText(/^ · joined at \d{1,2}:\d{2}/)
          .waitFor({ timeout: 15_000 });
        await card
          .getByTestId('invitation-used')
          .getByText(`${name} joined with it, and it opens no more`)
          .waitFor();
        expect(await card.getByLabel(`Invitation link for ${name} (opens once)`).count()).toBe(0);
        expect(await card.getByRole('button', { name: `New invitation for ${name}` }).count()).toBe(1);
        await desk.setViewportSize({ width: 1280, height: 800 });
        await card.scrollIntoViewIfNeeded();
        if (SHOTS) await desk.screenshot({ path: join(SHOTS, 'desk-participant-joined.png') });
        await atPhoneSize(desk, 'desk-participant-joined-phone.png', card);
        await desk.setViewportSize({ width: 1280, height: 900 });
      }
    }
    await desk.getByRole('heading', { name: /8 of 8 checked in/ }).waitFor({ timeout: 10_000 });
    await noSidewaysScroll(phones.get('p1')!);
  }, 120_000);

  it('the hall screen follows the day with a spectator key', async () => {
    const spectator = await organiser(t).post(`/tournaments/${TID}/keys`, {
      commandId: 'hall-key',
      role: 'spectator',
      label: 'hall screen',
    });
    await hall.goto(`${t.url}/hall/?tournament=${TID}`);
    await hall.getByLabel(/spectator key/).fill(spectator.body.token);
    await hall.getByRole('button', { name: 'Open' }).click();
    await hall.getByRole('heading', { level: 1, name: 'Club day' }).waitFor();
    await hall.getByText('No round has been paired yet.').waitFor();
    // Nothing on the hall screen reloads by itself: it is told of changes by the feed.
    await hall.evaluate('window.notReloaded = true');
  }, 30_000);

  async function pairingsOf(round: number): Promise<any[]> {
    return (await organiser(t).get(`/tournaments/${TID}/rounds/${round}`)).body.pairings;
  }

  /** The hall follows the tournament's live feed: a confirmed result is there within a second. */
  const hallShowsConfirmed = (table: number) =>
    hall
      .locator('.hall-pairings li', { hasText: `Table ${table}` })
      .filter({ hasText: '(confirmed)' })
      .waitFor({ timeout: 1000 });

  /**
   * Plays a round from the phones: every table reports (the `dispute` table is disputed) but the
   * `refereed` one, which gets a refereed hand-to-hand match scheduled once the round has started.
   */
  async function playRound(
    round: number,
    {
      dispute,
      refereed,
      beforeStart,
    }: { dispute?: number; refereed?: number; beforeStart?: () => Promise<void> } = {},
  ) {
    await desk.getByRole('button', { name: `Pair round ${round} (Swiss)` }).click();
    if (beforeStart) {
      await desk.getByRole('heading', { name: `Round ${round}: paired` }).waitFor();
      await beforeStart();
    }
    await desk.getByRole('button', { name: `Start round ${round}` }).click();
    await desk.getByRole('heading', { name: `Round ${round}: started` }).waitFor();
    await desk.getByLabel('Minutes').fill('90');
    await desk.getByRole('button', { name: 'Start clock' }).click();
    await desk.getByRole('button', { name: 'Call time' }).waitFor();
    const pairings = await pairingsOf(round);
    expect(pairings).toHaveLength(4);
    await hall.getByText(`Round ${round}`, { exact: true }).waitFor({ timeout: 10_000 });
    if (refereed !== undefined) {
      await organiser(t).command(`/tournaments/${TID}/matches`, {
        matchId: refereedMatch(round, refereed),
        round,
        table: refereed,
        ruleset: 'hand-to-hand',
        sides: { A: 'Zulus', B: 'NNC' },
        diceMode: 'table',
      });
    }
    for (const p of pairings) {
      if (p.table === refereed) continue;
      const a = phones.get(p.A.participantId)!;
      const b = phones.get(p.B.participantId)!;
      await a.reload();
      await a.getByText(`You play side A against ${p.B.name}.`).waitFor();
      expect(await a.locator('.table-big').textContent()).toBe(`Table ${p.table}`);
      expect(await a.locator('.round-clock-time').textContent()).toMatch(/^\d+:\d\d(:\d\d)?$/);
      const outcome = outcomeAt(round, p.table);
      const reported = p.table === dispute ? 'A' : outcome;
      const button = reported === 'A' ? 'I won' : reported === 'draw' ? 'Draw' : `${p.B.name} won`;
      await a.getByRole('button', { name: button, exact: true }).click();
      // A report cannot be changed once sent: the page asks first.
      await a.getByRole('button', { name: 'Send the report' }).click();
      await a
        .getByTestId('my-result')
        .getByText(/^You reported:/)
        .waitFor();
      // The opponent's page follows the tournament's feed: the report is there within a second.
      await b.getByRole('button', { name: 'Confirm' }).waitFor({ timeout: 1000 });
      if (p.table === dispute) {
        await b.getByLabel('If not, why').fill('I won on the last turn');
        await b.getByRole('button', { name: 'Dispute' }).click();
        await b
          .getByTestId('my-result')
          .getByText(/^You disputed .+: a judge decides it\.$/)
          .waitFor();
      } else {
        await b.getByRole('button', { name: 'Confirm' }).click();
        await b
          .getByTestId('my-result')
          .getByText(/^Result: .+, confirmed by both players\.$/)
          .waitFor();
        await hallShowsConfirmed(p.table);
      }
    }
    return pairings;
  }

  const played: { round: number; pairings: any[] }[] = [];

  /** At the desk, before the round starts: two players swapped, a table moved, a bad move refused. */
  async function editPairings(round: number) {
    const before = await pairingsOf(round);
    const [x, y] = [before[0].A, before[1].B];
    await desk.getByLabel('Swap').selectOption(x.participantId);
    await desk.getByLabel('with').selectOption(y.participantId);
    await desk.getByRole('button', { name: 'Swap players' }).click();
    await desk.getByText(`${x.name} and ${y.name} swapped.`).waitFor();
    const after = await pairingsOf(round);
    expect(after[0].A.participantId).toBe(y.participantId);
    expect(after[1].B.participantId).toBe(x.participantId);
    // Onto a table that has a pairing already: the service refuses it, saying why.
    await desk.getByLabel('Move table').selectOption('1');
    await desk.getByLabel('to number').fill('2');
    await desk.getByRole('button', { name: 'Move', exact: true }).click();
    await desk
      .getByRole('alert')
      .filter({ hasText: /^Table 2 of round 3 is given two pairings/ })
      .waitFor();
    await desk.getByLabel('to number').fill('9');
    await desk.getByRole('button', { name: 'Move', exact: true }).click();
    await desk.getByText('Table 1 is table 9 now.').waitFor();
    expect((await pairingsOf(round)).map((p: any) => p.table)).toEqual([2, 3, 4, 9]);
    await atPhoneSize(desk, 'desk-pairing-edit.png', desk.getByRole('group', { name: /Edit the pairings/ }));
  }

  it('round 1: paired with tables, club mates apart, results reported and confirmed, one disputed and overridden', async () => {
    const pairings = await playRound(1, { dispute: 2 });
    const club = new Map(PLAYERS.map(([n, c]) => [n, c]));
    for (const p of pairings) expect(club.get(p.A.name)).not.toBe(club.get(p.B.name));
    expect(pairings.map((p: any) => p.table)).toEqual([1, 2, 3, 4]);
    if (SHOTS) await desk.screenshot({ path: join(SHOTS, 'desk-round-1.png'), fullPage: true });
    await atPhoneSize(
      desk,
      'desk-results-board.png',
      desk.getByRole('heading', { name: 'Round 1: started' }),
    );
    // The disputed table: the desk overrides it with a reason.
    const row = desk.locator('li', { hasText: 'Table 2' }).filter({ hasText: 'disputed' });
    await row.getByText('Override, forfeit or void').click();
    await row.getByLabel('Result').selectOption(outcomeAt(1, 2));
    await row.getByLabel('Reason').fill('the judge watched the last turn');
    await row.getByRole('button', { name: 'Override' }).click();
    await desk.getByText('Table 2 set.').waitFor();
    await desk.getByRole('heading', { name: 'Round 1: closed' }).waitFor({ timeout: 10_000 });
    played.push({ round: 1, pairings });
  }, 180_000);

  it('round 2: time is called at the desk, and the hall screen and the players see it', async () => {
    await desk.getByRole('button', { name: 'Pair round 2 (Swiss)' }).click();
    await desk.getByRole('button', { name: 'Start round 2' }).click();
    await desk.getByLabel('Minutes').fill('90');
    await desk.getByLabel('At time').selectOption('finish-turn');
    await desk.getByRole('button', { name: 'Start clock' }).click();
    await desk.getByRole('button', { name: 'Call time' }).click();
    await desk.getByText('Time called.').waitFor();
    await hall.getByText(/Time was called: finish the turn you are playing/).waitFor({ timeout: 10_000 });
    if (SHOTS) await hall.screenshot({ path: join(SHOTS, 'hall-time-called.png') });
    await atPhoneSize(hall, 'hall-phone.png');
    const pairings = await pairingsOf(2);
    const phone = phones.get(pairings[0].A.participantId)!;
    await phone.reload();
    await phone.getByText(/Time was called/).waitFor();
    if (SHOTS) await phone.screenshot({ path: join(SHOTS, 'player-phone.png'), fullPage: true });
    await noSidewaysScroll(phone);
    const events = (await organiser(t).get(`/tournaments/${TID}/rounds/2`)).body.clock;
    expect(events).toMatchObject({ state: 'called', policy: 'finish-turn' });
    for (const p of pairings) {
      const a = phones.get(p.A.participantId)!;
      const b = phones.get(p.B.participantId)!;
      await a.reload();
      const outcome = outcomeAt(2, p.table);
      const button = outcome === 'A' ? 'I won' : outcome === 'draw' ? 'Draw' : `${p.B.name} won`;
      await a.getByRole('button', { name: button, exact: true }).click();
      // A report cannot be changed once sent: the page asks first.
      await a.getByRole('button', { name: 'Send the report' }).click();
      await a
        .getByTestId('my-result')
        .getByText(/^You reported:/)
        .waitFor();
      await b.reload();
      await b.getByRole('button', { name: 'Confirm' }).click();
      await b
        .getByTestId('my-result')
        .getByText(/^Result: .+, confirmed by both players\.$/)
        .waitFor();
      await hallShowsConfirmed(p.table);
    }
    played.push({ round: 2, pairings });
    expect(await hall.evaluate('window.notReloaded')).toBe(true);
  }, 180_000);

  it('round 3: the hall reconnects after the feeds drop, the pairings are edited, and table 3 is refereed', async () => {
    // The service drops every live feed (as a proxy timing out would): the hall reconnects by itself,
    // and round 3's results reach it within a second as before.
    const feeds = t.app.get(SseConnections) as any;
    for (const connection of [...feeds.open.keys()]) connection.close();
    await hall.getByText('Reconnecting…').waitFor({ timeout: 5_000 });
    await hall.getByText('Reconnecting…').waitFor({ state: 'detached', timeout: 10_000 });
    played.push({
      round: 3,
      pairings: await playRound(3, { refereed: REFEREED_TABLE, beforeStart: () => editPairings(3) }),
    });
  }, 180_000);

  it('round 3, table 3: the players join their seats from the slips, play a charge to its end on the table page, a judge ends it, and the result reaches the desk by itself as refereed', async () => {
    const matchId = refereedMatch(3, REFEREED_TABLE);
    const pairing = played[2]!.pairings.find((p: any) => p.table === REFEREED_TABLE);
    // The desk's slips carry each seat's invitation in its QR code, made under the slip's commandId;
    // the organiser asking again under that commandId is answered the same invitation.
    await desk.getByRole('button', { name: 'Show slips and pairings sheet' }).click();
    for (const side of ['A', 'B'] as const)
      await desk.getByRole('img', { name: `${possessive(pairing[side].name)} seat` }).waitFor();
    const seats = { A: await seatBrowser(browser), B: await seatBrowser(browser) };
    for (const side of ['A', 'B'] as const) {
      const invited = await organiser(t).post(`/matches/${matchId}/invitations`, {
        commandId: `slip-${matchId}-${side}`,
        side,
        label: `round 3, table ${REFEREED_TABLE}, ${pairing[side].name}`,
      });
      expect(invited.status).toBe(201);
      await seats[side].page.goto(`${t.url}${invited.body.link}`);
    }
    await desk.getByRole('button', { name: 'Hide slips and pairings sheet' }).click();
    const { A, B } = { A: seats.A.page, B: seats.B.page };
    const tap = async (page: Page, faces: number[], within: Locator = mustDo(page)) => {
      for (const face of faces) await within.getByRole('button', { name: `Rolled a ${face}` }).click();
    };
    const mayDo = async (page: Page, name: RegExp) => {
      await page.getByRole('button', { name }).click();
      return page.locator('.may-do form');
    };
    const register = async (page: Page, side: string, name: string, morale: number) => {
      const form = await mayDo(page, new RegExp(`Register a unit for ${side}`));
      await form.getByLabel('Its name').fill(name);
      await form.getByLabel(/Its base morale/).fill(String(morale));
      await form.getByLabel(/Its move, in inches/).fill('6');
      await form.getByRole('button', { name: 'Send' }).click();
    };
    await register(A, 'Zulus', 'Impi', 8);
    await register(B, 'NNC', 'Levy', 7);
    // The charge is offered once side A's page has both units.
    // HH-5 willpower 3 + 4 = 7 against 8 holds; HH-7 impact 6 + 1 (charge) = 7; HH-8 the Levy tests
    // 2D6 against 7 − 7 = 0 and rolls 11: it fails by 11, HH-14 a rout, removed.
    const charge = await mayDo(A, /^Charge with Impi$/);
    await charge
      .getByRole('group', { name: 'Which enemy unit does it charge?' })
      .getByRole('button', { name: 'Levy', exact: true })
      .click();
    await charge.getByRole('button', { name: 'its front', exact: true }).click();
    await charge.getByRole('button', { name: 'level with it', exact: true }).click();
    await tap(A, [3, 4], charge);
    await charge.getByRole('button', { name: 'Send' }).click();
    await asked(A, /Roll the impact of Impi on Levy/);
    await tap(A, [6]);
    await send(A);
    await asked(B, /Take the melee morale test of Levy/);
    await tap(B, [5, 6]);
    await send(B);
    await B.getByRole('region', { name: 'Last outcomes' }).getByText(/rout/i).first().waitFor();

    // The tournament's judge ends the match at the console with the table's result.
    const judge = await issueKey(t, { role: 'judge', tournamentId: TID, label: 'day judge' });
    const console_ = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await console_.goto(`${t.url}/judge/`);
    await console_.getByLabel('Your judge key').fill(judge.token!);
    await console_.getByRole('button', { name: 'Open' }).click();
    await console_.locator(`button[data-match="${matchId}"]`).click();
    await console_.getByRole('button', { name: /End the match with its result/ }).click();
    const end = console_.locator('.may-do form');
    await end.getByRole('button', { name: 'Zulus', exact: true }).click();
    await end.getByLabel(/A note/).fill('the Levy routed');
    await end.getByRole('button', { name: 'Send' }).click();
    // Ending cannot be undone (C-4): the console asks first.
    await console_.getByRole('button', { name: 'Yes, end the match' }).click();
    await console_
      .getByTestId('judge-said')
      .getByText(/^Ended the match: /)
      .waitFor();
    await console_.context().close();

    // Nobody reports it: the match's end becomes the table's result, and the desk shows it.
    expect(outcomeAt(3, REFEREED_TABLE)).toBe('A');
    await desk
      .locator('li', { hasText: `Table ${REFEREED_TABLE}` })
      .filter({ hasText: `${pairing.A.name} won (referee)` })
      .waitFor({ timeout: 10_000 });
    const table = (await pairingsOf(3)).find((p: any) => p.table === REFEREED_TABLE);
    expect(table).toMatchObject({ matchId, status: 'final', result: { outcome: 'A', source: 'referee' } });
    await desk.getByRole('heading', { name: 'Round 3: closed' }).waitFor({ timeout: 10_000 });
    for (const seat of [seats.A, seats.B]) await seat.context.close();
  }, 180_000);

  it('the final standings equal the published tie-breaks computed here, and the export verifies', async () => {
    const standings = (await organiser(t).get(`/tournaments/${TID}/standings`)).body;
    expect(standings.tieBreaks).toEqual(['buchholz', 'median-buchholz', 'sonneborn-berger', 'head-to-head']);
    const expected = independentStandings(played);
    expect(
      standings.standings.map((r: any) => [
        r.participantId,
        r.points,
        r.tieBreaks.buchholz,
        r.tieBreaks['median-buchholz'],
        r.tieBreaks['sonneborn-berger'],
      ]),
    ).toEqual(expected.map((r) => [r.id, r.points, r.bh, r.mbh, r.sb]));
    // The desk shows the same table.
    await desk.reload();
    const firstRow = desk.locator('table.standings tbody tr').first();
    expect(await firstRow.locator('th').textContent()).toBe(
      PLAYERS[Number(expected[0]!.id.slice(1)) - 1]![0],
    );
    const org = organiser(t);
    // The standings CSV downloads from the desk, as the API serves it.
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      desk.getByRole('button', { name: 'Standings CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${TID}-standings.csv`);
    const csv = readFileSync(await download.path(), 'utf8');
    expect(csv).toBe((await org.get(`/tournaments/${TID}/standings.csv`)).text);
    const exported = await org.get(`/tournaments/${TID}/export`);
    const publicKey = createPublicKey((await org.get('/audit/public-key')).body.pem);
    expect(verifyTournamentExport(exported.text!, publicKey).ok).toBe(true);
  }, 180_000);
});

/**
 * The standings as the README publishes them, computed from the pairings and the results this test
 * chose: 3 / 1 / 0; Buchholz (opponents' points), median Buchholz (without the highest and lowest of
 * three or more), Sonneborn–Berger (beaten opponents' points, half of drawn ones'), head-to-head among
 * those still tied (points scored between them), then seed.
 */
function independentStandings(rounds: { round: number; pairings: any[] }[]) {
  const games = new Map<string, { opponent: string; score: number; points: number }[]>();
  for (let i = 1; i <= PLAYERS.length; i++) games.set(`p${i}`, []);
  for (const { round, pairings } of rounds) {
    for (const p of pairings) {
      const outcome = outcomeAt(round, p.table);
      const scoreA = outcome === 'A' ? 1 : outcome === 'draw' ? 0.5 : 0;
      const pts = (s: number) => (s === 1 ? 3 : s === 0.5 ? 1 : 0);
      games.get(p.A.participantId)!.push({ opponent: p.B.participantId, score: scoreA, points: pts(scoreA) });
      games
        .get(p.B.participantId)!
        .push({ opponent: p.A.participantId, score: 1 - scoreA, points: pts(1 - scoreA) });
    }
  }
  const points = new Map([...games].map(([id, g]) => [id, g.reduce((s, x) => s + x.points, 0)]));
  const rows = [...games].map(([id, g]) => {
    const opp = g.map((x) => points.get(x.opponent)!).sort((a, b) => a - b);
    return {
      id,
      points: points.get(id)!,
      bh: opp.reduce((a, b) => a + b, 0),
      mbh: opp.slice(1, -1).reduce((a, b) => a + b, 0),
      sb: g.reduce((s, x) => s + points.get(x.opponent)! * x.score, 0),
      seed: Number(id.slice(1)),
    };
  });
  const key = (r: (typeof rows)[number]) => [r.points, r.bh, r.mbh, r.sb];
  const tiedWith = (r: (typeof rows)[number]) =>
    rows.filter((o) => key(o).every((v, i) => v === key(r)[i])).map((o) => o.id);
  const h2h = (r: (typeof rows)[number]) => {
    const among = new Set(tiedWith(r));
    return games
      .get(r.id)!
      .filter((g) => among.has(g.opponent))
      .reduce((s, g) => s + g.points, 0);
  };
  return rows.sort((a, b) => {
    for (let i = 0; i < 4; i++) if (key(a)[i] !== key(b)[i]) return key(b)[i]! - key(a)[i]!;
    return h2h(b) - h2h(a) || a.seed - b.seed;
  });
}
