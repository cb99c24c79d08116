import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from './support/test-app.js';
import { atomicAfricaInContact, type MatchTable } from './support/umpire-client.js';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  asked,
  bigEnoughTargets,
  buildPages,
  caughtUp,
  landedAfter,
  joinSeats,
  mustDo,
  noSidewaysScroll,
  PHONE,
  type SeatBrowser,
  seatBrowser,
  send,
  shot,
  unitsFitThePhone,
} from './support/table-browser.js';

/** A request's URL without its stream ticket or invitation code: both are random, and may spell anything. */
const withoutSecrets = (url: string) =>
  url.replace(/([?&]ticket=)[^&]*/, '$1…').replace(/(\/invitations\/)[^/]+/, '$1…');

/**
 * The player's table page in a real browser (Debian's Chromium through playwright-core), one browser
 * context per seat at phone size, against the real service over HTTP on a real SQLite file: each
 * player joins from an invitation link and plays through the page alone.
 */
const SUIT_SYMBOLS: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

async function launch(): Promise<Browser> {
  return launchChromium();
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An answer without the options templates offer (a side's own deck to seal from). */
function withoutOptions(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutOptions);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => key !== 'options')
        .map(([key, inner]) => [key, withoutOptions(inner)]),
    );
  return value;
}

/**
 * Everything a page keeps in this browser's storage, its seats' keys taken out: a key is random text,
 * which may hold "9S" by chance and names no card.
 */
async function storageBesideKeys(seat: SeatBrowser): Promise<string> {
  const storage = (await seat.page.evaluate(
    'JSON.stringify({ ...localStorage, ...sessionStorage })',
  )) as string;
  const seats = JSON.parse((JSON.parse(storage) as Record<string, string>)['umpire.table.seats'] ?? '[]') as {
    token: string;
  }[];
  return seats.reduce((text, { token }) => text.replaceAll(token, ''), storage);
}

describeInBrowser('table page in Chromium: joining a seat and an Atomic Africa close combat', () => {
  let t: TestApp;
  let browser: Browser;
  let m: MatchTable;
  let A: SeatBrowser;
  let B: SeatBrowser;
  const matchId = 'aa-table';
  const invitations: Record<'A' | 'B', string> = { A: '', B: '' };

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    m = await atomicAfricaInContact(t, matchId);
    for (const side of ['A', 'B'] as const) {
      const invited = await m.organiser.post(`/matches/${matchId}/invitations`, { side });
      invitations[side] = invited.body.link as string;
    }
    browser = await launch();
    A = await seatBrowser(browser);
    B = await seatBrowser(browser);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('joins each seat from its link: the invitation leaves the address bar, the key stays in this browser only', async () => {
    for (const [seat, side] of [
      [A, 'A'],
      [B, 'B'],
    ] as const) {
      const requests: string[] = [];
      seat.page.on('request', (request) => requests.push(request.url()));
      await seat.page.goto(`${t.url}${invitations[side]}`);
      await seat.page.getByRole('heading', { level: 1, name: `Side ${side} side ${side}` }).waitFor();
      expect(seat.page.url()).toBe(`${t.url}/table/`);
      const stored = JSON.parse(
        (await seat.page.evaluate("localStorage.getItem('umpire.table.seats')")) as string,
      );
      expect(stored).toEqual([
        expect.objectContaining({ matchId, side, token: expect.stringMatching(/^umpire_/) }),
      ]);
      // Not in any address the page asked for, nor in session storage or a cookie.
      const token = stored[0].token as string;
      expect(requests.filter((url) => url.includes(token))).toEqual([]);
      expect(await seat.page.evaluate('sessionStorage.length')).toBe(0);
      expect(await seat.context.cookies()).toEqual([]);
    }
  }, 60_000);

  it('a used invitation answers a clear refusal', async () => {
    const other = await seatBrowser(browser);
    await other.page.goto(`${t.url}${invitations.A}`);
    const refusal = other.page.getByTestId('join-refused');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/already used/);
    expect(await other.page.evaluate("localStorage.getItem('umpire.table.seats')")).toBeNull();
    await other.context.close();
  }, 30_000);

  it('AA-1 AA-2 both sides seal from the card picker; before the reveal the opponent holds no sealed card: not in its DOM, storage or any answer', async () => {
    await asked(A.page, /Seal the orders card of a1/);
    await noSidewaysScroll(A.page);
    await bigEnoughTargets(A.page);
    await shot(A.page, 'table-seal');
    // Each suit a named row of the hand, each card named in full as it is said aloud.
    const spades = mustDo(A.page).getByRole('group', { name: 'Spades', exact: true });
    for (const card of ['Ace of spades', 'Jack of spades', 'Queen of spades', 'King of spades'])
      expect(await spades.getByRole('button', { name: card, exact: true }).count()).toBe(1);
    expect(await mustDo(A.page).getByRole('group', { name: 'Hearts', exact: true }).count()).toBe(1);
    await mustDo(A.page).getByRole('button', { name: '7 of spades' }).click();
    await send(A.page);
    await asked(B.page, /Seal the orders card of b1/);
    await mustDo(B.page).getByRole('button', { name: '5 of clubs' }).click();
    await send(B.page);
    // Side B plays turn 2: nothing is awaited, its choices are its own; side A waits for it.
    await mustDo(B.page).getByRole('heading', { name: 'Your turn' }).waitFor();
    await mustDo(A.page).getByRole('heading', { name: 'Waiting' }).waitFor();

    // Each side's own card is said as sealed on its phone, which the opponent across the table can
    // read, in the words the opponent reads (each seal is a commitment the service keeps for its side);
    // a tap shows it in the log's words, on that phone only, and another hides it again.
    const outcomes = (seat: SeatBrowser) => seat.page.getByRole('region', { name: 'Last outcomes' });
    for (const [seat, own, card] of [
      [A, 'a1', '7♠'],
      [B, 'b1', '5♣'],
    ] as const) {
      const side = seat === A ? 'A' : 'B';
      const asOthersReadIt = new RegExp(
        `^Turn 2: Side ${side} sealed an orders card for the ${own}, hidden until it is revealed in close combat \\(commitment [0-9a-f]{12}…\\)\\.$`,
      );
      const hiddenLine = outcomes(seat)
        .locator('.sentence')
        .filter({ hasText: `sealed an orders card for the ${own}` });
      await hiddenLine.waitFor();
      expect((await hiddenLine.innerText()).replace(/^\d+\. /, '')).toMatch(asOthersReadIt);
      expect(await seat.page.locator('body').innerText()).not.toContain(card);
      const sentBefore = seat.sent.length;
      const show = outcomes(seat).getByRole('button', { name: /^Show the card of event \d+$/ });
      expect(await show.count()).toBe(1);
      await show.click();
      await outcomes(seat).getByText(`Side ${side} sealed ${card} as the orders of the ${own}`).waitFor();
      if (seat === A) await shot(A.page, 'table-seal-own-card-shown');
      await outcomes(seat)
        .getByRole('button', { name: /^Hide the card of event \d+$/ })
        .click();
      await hiddenLine.waitFor();
      expect((await hiddenLine.innerText()).replace(/^\d+\. /, '')).toMatch(asOthersReadIt);
      expect(await seat.page.locator('body').innerText()).not.toContain(card);
      // Shown and hidden on this phone alone: nothing was sent for it.
      expect(seat.sent.slice(sentBefore).filter((request) => request.body !== '')).toEqual([]);
    }
    await shot(A.page, 'table-seal-own-card-hidden');
    await outcomes(B)
      .getByText(
        /Side A sealed an orders card for the a1, hidden until it is revealed in close combat \(commitment [0-9a-f]{12}…\)/,
      )
      .waitFor();
    // The units read as words on the phone, each enemy in contact by its name (AA-3).
    await unitsFitThePhone(B.page);
    expect(await B.page.locator('.units li[data-unit="b1"]').innerText()).toMatch(
      /^b1: infantry, movement \d+", firepower \d+\.\s+In contact with a1; in close combat\.$/,
    );
    await shot(B.page, 'table-seal-opponent');
    await B.page.setViewportSize({ width: 1280, height: 800 });
    await noSidewaysScroll(B.page);
    await shot(B.page, 'table-seal-opponent-desk');
    await B.page.setViewportSize(PHONE);
    for (const [seat, hidden] of [
      [B, '7S'],
      [A, '5C'],
    ] as const) {
      // Word by word: a 2-character code may sit by chance inside random text (ids, tickets, codes).
      const code = new RegExp(`\\b${hidden}\\b`);
      expect(await seat.page.content()).not.toMatch(code);
      expect(await storageBesideKeys(seat)).not.toMatch(code);
      // The deck a side is offered for its own seals lists every card; no other part names the hidden one.
      // By its code (commands, events) or as the turn log writes it (7♠).
      const asShown = hidden.replace(/[CDHS]$/, (suit) => SUIT_SYMBOLS[suit]!);
      const named = seat.bodies.filter((body) =>
        new RegExp(`\\b${hidden}\\b|${asShown}`).test(JSON.stringify(withoutOptions(JSON.parse(body)))),
      );
      expect(named).toEqual([]);
    }
  }, 60_000);

  it('AA-4 AA-5 AA-6 AA-9 the active side flees, the other fights; both reveal; a pursuit; the flight is placed; the attack is rolled from tapped dice', async () => {
    await B.page.getByRole('button', { name: /Activate b1/ }).click();
    const form = B.page.locator('.may-do form');
    await form.getByRole('button', { name: 'Flee' }).click();
    await form.getByRole('button', { name: 'Send' }).click();

    // The other seat's command reaches this page by itself, within a second or two (the live feed).
    await asked(A.page, /Declare fight or flee for a1/);
    await shot(B.page, 'table-waiting');
    await mustDo(A.page).getByRole('button', { name: 'Fight' }).click();
    await send(A.page);
    await asked(A.page, /Reveal the orders card of a1/);
    await send(A.page);
    await asked(B.page, /Reveal the orders card of b1/);
    await send(B.page);
    // 5♣ allows movement and is defensive: the flee stands (AA-6); a1 may pursue.
    await asked(A.page, /Pursue with a1/);
    await mustDo(A.page).getByRole('button', { name: 'Yes' }).click();
    await send(A.page);
    await asked(B.page, /Place the Destination and In-transit figures of b1/);
    await mustDo(B.page).getByLabel('Where the Destination figure stands').fill('behind the ridge');
    await mustDo(B.page).getByLabel('Where the In-transit figure stands').fill('at the ford');
    await mustDo(B.page)
      .getByLabel(/Inches between the In-transit figures/)
      .fill('5');
    await send(B.page);
    await asked(A.page, /Attack with a1/);
    const dice = mustDo(A.page);
    expect(await dice.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await dice.getByRole('button', { name: 'Rolled a 5' }).click();
    await dice.getByRole('button', { name: 'Rolled a 4' }).click();
    // Exactly the number needed: the faces are used up.
    expect(await dice.getByRole('button', { name: 'Rolled a 6' }).isDisabled()).toBe(true);
    // AA-11: each die hits or misses on its own, so no total is shown.
    expect(await dice.locator('.entered strong').innerText()).toBe('5, 4');
    expect(await dice.locator('.entered').innerText()).not.toContain('total');
    await shot(A.page, 'table-dice');
    await send(A.page);

    const outcomes = A.page.getByRole('region', { name: 'Last outcomes' });
    await outcomes.getByText(/2D6 5 4, hitting on 4\+: 2 hits, suppressed/).waitFor();
    const text = await outcomes.innerText();
    expect(text).toContain("the b1's flee stands");
    expect(text).toContain('the a1 pursued the b1: movement 6" against 6", and the b1 escaped');
    expect(text).toContain('the b1 escaped and the contact is gone');
    // A rule id opens the rule's text, as the service publishes it.
    await outcomes.getByRole('button', { name: 'Rule AA-9: read it' }).first().click();
    const dialog = A.page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /AA-9 Pursuit/ }).waitFor();
    await shot(A.page, 'table-rule');
    await dialog.getByRole('button', { name: 'Close' }).click();
  }, 90_000);

  it('AA-2 AA-5 sealed by commitment: computed on the device; card and salt kept there alone until the reveal, which survives a reload', async () => {
    const id = 'aa-commit';
    const c = await atomicAfricaInContact(t, id);
    const [A2, B2] = [await seatBrowser(browser), await seatBrowser(browser)];
    await joinSeats(t.url, c.organiser, id, [
      [A2, 'A'],
      [B2, 'B'],
    ]);
    await asked(A2.page, /Seal the orders card of a1/);
    await A2.page.getByRole('button', { name: /Seal a commitment to the orders card of a1/ }).click();
    const form = A2.page.locator('.may-do form');
    // The page asks for the card, not for a digest: it computes the commitment itself.
    expect(await form.getByLabel(/Hex SHA-256/).count()).toBe(0);
    await shot(A2.page, 'table-atomic-africa-commitment');
    await form.getByRole('button', { name: '9 of spades' }).click();
    const beforeSealing = await c.revision();
    await form.getByRole('button', { name: 'Send' }).click();
    await landedAfter(() => c.revision(), beforeSealing, "A's sealing");
    const kept = JSON.parse(
      (await A2.page.evaluate(`localStorage.getItem('umpire.table.sealed.${id}.A')`)) as string,
    ) as { unitId: string; turn: number; card: string; salt: string }[];
    expect(kept).toEqual([
      {
        unitId: 'a1',
        turn: 2,
        card: '9S',
        salt: expect.stringMatching(/^[0-9a-f]{64}$/),
        commitment: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    ]);
    const { salt } = kept[0]!;
    const sealed = (await c.organiser.get(`/matches/${id}/log`)).body.entries as { sentence: string }[];
    expect(sealed.some((e) => /commitment/.test(e.sentence))).toBe(true);

    await asked(B2.page, /Seal the orders card of b1/);
    await mustDo(B2.page).getByRole('button', { name: '4 of clubs' }).click();
    await send(B2.page);
    await B2.page.getByRole('button', { name: /Activate b1/ }).click();
    const activate = B2.page.locator('.may-do form');
    await activate.getByRole('button', { name: 'Fight' }).click();
    await activate.getByRole('button', { name: 'Send' }).click();
    await asked(A2.page, /Declare fight or flee for a1/);
    await mustDo(A2.page).getByRole('button', { name: 'Fight' }).click();
    await send(A2.page);
    await asked(A2.page, /Reveal the orders card of a1/);

    // Before the reveal: no request of A's page carried the salt or the card; B holds neither.
    const carried = (seat: SeatBrowser, secret: string) =>
      seat.sent.filter((r) => r.url.includes(secret) || r.body.includes(secret)).map((r) => r.url);
    expect(carried(A2, salt)).toEqual([]);
    expect(A2.sent.filter((r) => /\b9S\b/.test(r.body) || /\b9S\b/.test(withoutSecrets(r.url)))).toEqual([]);
    for (const secret of [salt, '9S']) {
      // The salt, 64 random hex digits, anywhere; the card's 2-character code as a word of its own, as
      // it may sit by chance inside random text (ids, tickets, codes).
      const named = secret === salt ? secret : new RegExp(`\\b${secret}\\b`);
      expect(await B2.page.content()).not.toMatch(named);
      expect(await storageBesideKeys(B2)).not.toMatch(named);
      // B's own deck, offered for its seals, lists every card; no other part of any answer names a1's.
      expect(
        B2.bodies.filter((body) =>
          new RegExp(`\\b${secret}\\b`).test(JSON.stringify(withoutOptions(JSON.parse(body)))),
        ),
      ).toEqual([]);
    }

    // The phone reloads: the salt survived, the reveal is filled in from it and sent.
    await A2.page.reload();
    await asked(A2.page, /Reveal the orders card of a1/);
    expect(
      await mustDo(A2.page).getByRole('button', { name: '9 of spades' }).getAttribute('aria-pressed'),
    ).toBe('true');
    const before = A2.sent.length;
    const beforeReveal = await c.revision();
    await send(A2.page);
    await landedAfter(() => c.revision(), beforeReveal, "A's reveal");
    const reveal = A2.sent.slice(before).filter((r) => r.body.includes(salt));
    expect(reveal).toHaveLength(1);
    expect(JSON.parse(reveal[0]!.body)).toMatchObject({ unitId: 'a1', card: '9S', salt });
    const log = ((await c.organiser.get(`/matches/${id}/log`)).body.entries as { sentence: string }[]).map(
      (e) => e.sentence,
    );
    expect(log.some((sentence) => /9♠/.test(sentence) && /a1/.test(sentence))).toBe(true);
    expect((await c.organiser.get(`/matches/${id}/verify`)).body.ok).toBe(true);
    await A2.context.close();
    await B2.context.close();
  }, 90_000);

  it('AA-2 Q-21 a sealing by commitment refused while the phone was offline opens again with the card chosen on this phone, read from its own storage; sent again as a fresh commitment only', async () => {
    const id = 'aa-reseal';
    const c = await atomicAfricaInContact(t, id);
    const [A3, B3] = [await seatBrowser(browser), await seatBrowser(browser)];
    await joinSeats(t.url, c.organiser, id, [
      [A3, 'A'],
      [B3, 'B'],
    ]);
    await asked(A3.page, /Seal the orders card of a1/);
    await asked(B3.page, /Seal the orders card of b1/);
    const landed = (before: number, what: string) => landedAfter(() => c.revision(), before, what);
    const start = await c.revision();
    await mustDo(B3.page).getByRole('button', { name: '4 of clubs' }).click();
    await send(B3.page);
    await landed(start, "B's sealing");
    const sealedB = await c.revision();
    await caughtUp(A3.page, sealedB);

    // A's phone loses its connection and seals a1 by commitment; meanwhile B activates, which closes
    // sealing for the turn (Q-21): the sealing kept on the phone is refused once it is back.
    await A3.context.setOffline(true);
    await A3.page.getByRole('button', { name: /Seal a commitment to the orders card of a1/ }).click();
    const form = A3.page.locator('.may-do form');
    await form.getByRole('button', { name: '9 of spades' }).click();
    await form.getByRole('button', { name: 'Send' }).click();
    await A3.page.locator('.outbox-pending').waitFor();
    await B3.page.getByRole('button', { name: /Activate b1/ }).click();
    const activate = B3.page.locator('.may-do form');
    await activate.getByRole('button', { name: 'Fight' }).click();
    await activate.getByRole('button', { name: 'Send' }).click();
    await landed(sealedB, "B's activation");
    await A3.context.setOffline(false);
    const refused = A3.page.locator('.outbox-refused');
    await refused.waitFor({ timeout: 15_000 });
    expect(await refused.innerText()).toMatch(/sealing for turn 2 closed at its first activation/);
    // The match offers no sealing now: once the page shows it as it stands, nothing to send again.
    await caughtUp(A3.page, await c.revision());
    await shot(A3.page, 'table-seal-refused');
    expect(await refused.getByRole('button', { name: 'Change and send again' }).count()).toBe(0);

    // The activation is undone by agreement (C-5): sealing is open again, and so is the refused step.
    await c.A.command(`/matches/${id}/undo-requests`, {
      toRevision: sealedB,
      reason: 'my phone was offline',
    });
    const request = (await c.B.get(`/matches/${id}`)).body.pending.undoRequests[0] as { requestId: string };
    await c.B.command(`/matches/${id}/undo-requests/${request.requestId}/answer`, { agree: true });
    const changeAgain = refused.getByRole('button', { name: 'Change and send again' });
    await changeAgain.waitFor();
    // A phone that no longer holds the card cannot open the sealing as it was, and says so.
    const vaultKey = `umpire.table.sealed.${id}.A`;
    const vault = (await A3.page.evaluate(`localStorage.getItem('${vaultKey}')`)) as string;
    await A3.page.evaluate(`localStorage.removeItem('${vaultKey}')`);
    await A3.page.reload();
    expect(await refused.getByTestId('cannot-reopen').innerText()).toMatch(
      /card chosen for it is no longer kept on this phone/,
    );
    expect(await changeAgain.count()).toBe(0);
    await shot(A3.page, 'table-seal-card-gone');
    await A3.page.evaluate(`localStorage.setItem('${vaultKey}', ${JSON.stringify(vault)})`);
    await A3.page.reload();
    await changeAgain.click();
    await refused.waitFor({ state: 'detached' });
    const again = A3.page.locator('.may-do form');
    expect(await again.getByRole('button', { name: '9 of spades' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await again.locator('[aria-pressed="true"]').count()).toBe(1);
    await shot(A3.page, 'table-seal-change-again');
    const beforeResealing = await c.revision();
    await again.getByRole('button', { name: 'Send' }).click();
    // The commitment is computed on the phone before the step is even kept: wait for the service.
    await landed(beforeResealing, "A's sealing sent again");
    const kept = JSON.parse(
      (await A3.page.evaluate(`localStorage.getItem('umpire.table.sealed.${id}.A')`)) as string,
    ) as { unitId: string; card: string; salt: string; commitment: string }[];
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ unitId: 'a1', card: '9S' });
    const sealedAs = (
      (await c.organiser.get(`/matches/${id}/events`)).body.events as {
        type: string;
        data: { unitId: string; commitment: string | null };
      }[]
    ).filter((e) => e.type === 'OrderSealed' && e.data.unitId === 'a1');
    expect(sealedAs.map((e) => e.data.commitment)).toEqual([kept[0]!.commitment]);

    // Before the reveal no request of A's page named the card, and B's page holds it nowhere.
    expect(A3.sent.filter((r) => /\b9S\b/.test(r.body) || /\b9S\b/.test(withoutSecrets(r.url)))).toEqual([]);
    expect(await B3.page.content()).not.toMatch(/\b9S\b/);
    expect(await storageBesideKeys(B3)).not.toMatch(/\b9S\b/);
    expect(
      B3.bodies.filter((body) => /\b9S\b|9♠/.test(JSON.stringify(withoutOptions(JSON.parse(body))))),
    ).toEqual([]);

    // The commitment sent again is the one the reveal opens: card and salt from this phone.
    await B3.page.getByRole('button', { name: /Activate b1/ }).click();
    await activate.getByRole('button', { name: 'Fight' }).click();
    await activate.getByRole('button', { name: 'Send' }).click();
    await asked(A3.page, /Declare fight or flee for a1/);
    await mustDo(A3.page).getByRole('button', { name: 'Fight' }).click();
    await send(A3.page);
    await asked(A3.page, /Reveal the orders card of a1/);
    const beforeReveal = await c.revision();
    await send(A3.page);
    await landed(beforeReveal, "A's reveal");
    const log = ((await c.organiser.get(`/matches/${id}/log`)).body.entries as { sentence: string }[]).map(
      (e) => e.sentence,
    );
    expect(
      log.some((sentence) => /a1's orders card was revealed: 9♠.*matching its commitment/.test(sentence)),
    ).toBe(true);
    expect((await c.organiser.get(`/matches/${id}/verify`)).body.ok).toBe(true);
    await A3.context.close();
    await B3.context.close();
  }, 90_000);

  it('C-3 the service’s log of the match played through the pages verifies', async () => {
    const verified = await m.organiser.get(`/matches/${matchId}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body.ok).toBe(true);
    expect(verified.body.findings ?? []).toEqual([]);
  }, 60_000);
});

describeInBrowser('table page in Chromium: offline, undo asked and answered, a dispute', () => {
  let t: TestApp;
  let browser: Browser;
  let m: MatchTable;
  let A: SeatBrowser;
  let B: SeatBrowser;
  const matchId = 'aa-offline';

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    m = await atomicAfricaInContact(t, matchId);
    browser = await launch();
    A = await seatBrowser(browser);
    B = await seatBrowser(browser);
    await joinSeats(t.url, m.organiser, matchId, [
      [A, 'A'],
      [B, 'B'],
    ]);
    await asked(A.page, /Seal the orders card of a1/);
    await mustDo(A.page).getByRole('button', { name: '8 of spades' }).click();
    await send(A.page);
    await asked(B.page, /Seal the orders card of b1/);
    await mustDo(B.page).getByRole('button', { name: '3 of clubs' }).click();
    await send(B.page);
    await A.page
      .getByRole('button', {
        name: /Ask to undo back to an earlier event of this turn \(Side B must agree\)/,
      })
      .waitFor();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const openAction = async (seat: SeatBrowser, name: RegExp) => {
    await seat.page.getByRole('button', { name }).click();
    return seat.page.locator('.may-do form');
  };
  const dispute = async (seat: SeatBrowser, revision: number, claim: string) => {
    const form = await openAction(seat, /Dispute an event for/);
    // The event is picked by its line of the log, as this side reads it (a drop-down when there are
    // many), its own sealed card said as sealed (AA-2: the opponent may read the phone).
    const entry = (
      (await (seat === A ? m.A : m.B).get(`/matches/${matchId}/log`)).body.entries as {
        revision: number;
        sentence: string;
        publicSentence?: string;
      }[]
    ).find((e) => e.revision === revision)!;
    const line = entry.publicSentence ?? entry.sentence;
    const label = new RegExp(`^event ${revision}: ${escaped(line.replace(/\.$/, ''))}( \\(undone\\))?$`);
    const select = form.getByRole('combobox', { name: /Which event is disputed/ });
    if ((await select.count()) > 0) {
      const text = (await select.locator('option').allTextContents()).find((t) => label.test(t));
      expect(text).toBeDefined();
      await select.selectOption({ label: text! });
    } else
      await form
        .getByRole('group', { name: /Which event is disputed/ })
        .getByRole('button', { name: label })
        .click();
    await form.getByLabel('The claim').fill(claim);
    await shot(seat.page, 'table-dispute');
    await form.getByRole('button', { name: 'Send' }).click();
  };
  const askUndo = async (seat: SeatBrowser, reason: string) => {
    const form = await openAction(seat, /Ask to undo/);
    // Few targets are buttons, many a drop-down: either way the latest event is offered first.
    const select = form.getByLabel(/Back to the state right after which event/);
    if ((await form.locator('select').count()) > 0) await select.selectOption({ index: 1 });
    else
      await form
        .getByRole('group', { name: /Back to the state/ })
        .getByRole('button')
        .first()
        .click();
    await form.getByLabel('Why').fill(reason);
    await form.getByRole('button', { name: 'Send' }).click();
  };
  const matchLog = async () =>
    (await m.organiser.get(`/matches/${matchId}/log`)).body.entries as { sentence: string }[];

  it('C-5 commands made offline are kept with their commandIds, land once and in order when the connection returns; one the match no longer accepts is shown refused with its rule id', async () => {
    // The disputes name the match's last two events: the page offers events up to the one it has seen.
    const head = (await m.organiser.get(`/matches/${matchId}`)).body.revision as number;
    await caughtUp(A.page, head);
    await A.context.setOffline(true);
    await dispute(A, head - 1, 'offline claim one');
    await askUndo(A, 'offline undo');
    await dispute(A, head, 'offline claim two');
    const outbox = A.page.getByRole('region', { name: /waiting to be sent/ });
    await outbox.getByText('pending').nth(2).waitFor();
    expect(await outbox.innerText()).toContain('no connection: kept on this device');
    const kept = JSON.parse(
      (await A.page.evaluate(`localStorage.getItem('umpire.table.outbox.${matchId}.A')`)) as string,
    ) as { commandId: string; state: string }[];
    expect(kept.map((item) => item.state)).toEqual(['pending', 'pending', 'pending']);
    expect(new Set(kept.map((item) => item.commandId)).size).toBe(3);
    await shot(A.page, 'table-offline');

    // Meanwhile the other side asks for an undo first: A's own request can no longer stand (C-5).
    await askUndo(B, 'B asks first');
    // B's request stands at the service before A's connection returns: sent from B's page, it lands
    // when B's outbox gets to it, which on a loaded machine may be after A's own request.
    const deadline = Date.now() + 15_000;
    while (!((await m.organiser.get(`/matches/${matchId}`)).body.pending?.undoRequests ?? []).length) {
      if (Date.now() > deadline) throw new Error("B's undo request did not land within 15 s");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    await A.context.setOffline(false);
    const refused = A.page.locator('.outbox-refused');
    await refused.waitFor({ timeout: 15_000 });
    expect(await refused.innerText()).toMatch(/already waiting for an answer/);
    // The rule is named once, by its link: the message does not start with it again.
    expect((await refused.innerText()).match(/\bC-5\b/g)).toEqual(['C-5']);
    await shot(A.page, 'table-refused');
    expect(await refused.getByRole('button', { name: 'Rule C-5: read it' }).count()).toBe(1);
    await A.page.locator('.outbox-pending').first().waitFor({ state: 'detached' });

    const sentences = (await matchLog()).map((entry) => entry.sentence).filter((s) => /dispute/i.test(s));
    expect(sentences).toHaveLength(2);
    expect(sentences[0]).toContain('offline claim one');
    expect(sentences[1]).toContain('offline claim two');
    // Sent again (the page reloads and flushes what it kept): nothing is applied twice.
    await A.page.reload();
    await A.page.waitForTimeout(1500);
    expect((await matchLog()).map((entry) => entry.sentence).filter((s) => /dispute/i.test(s))).toHaveLength(
      2,
    );
  }, 90_000);

  it('C-5 the other side is prompted: one undo refused, one agreed', async () => {
    const prompt = A.page.getByRole('region', { name: 'The other side asks' });
    await prompt.waitFor();
    // The event the undo goes back to is named by what it was, in the log's words.
    const asked = (await m.organiser.get(`/matches/${matchId}`)).body.pending.undoRequests[0] as {
      toRevision: number;
    };
    // As side A reads the log, its own sealed card said as sealed on its phone (AA-2), as the other
    // side's always is.
    const backTo = (await m.A.get(`/matches/${matchId}/log`)).body.entries as {
      revision: number;
      sentence: string;
      publicSentence?: string;
    }[];
    const backToEntry = backTo.find((e) => e.revision === asked.toRevision)!;
    const sentence = (backToEntry.publicSentence ?? backToEntry.sentence).replace(/\.$/, '');
    expect(sentence).toMatch(/sealed an orders card for/);
    expect(await prompt.getByTestId('undo-back-to').innerText()).toContain(
      `right after event ${asked.toRevision} (${sentence});`,
    );
    await shot(A.page, 'table-undo-prompt');
    // A's own request, refused while this one is open, cannot be sent again while the match offers no
    // request to A.
    const refused = A.page.locator('.outbox-refused');
    expect(await refused.getByRole('button', { name: 'Change and send again' }).count()).toBe(0);
    await prompt.getByRole('button', { name: 'No' }).click();
    await prompt.getByRole('button', { name: 'Send' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect((await matchLog()).some((entry) => /declined the undo request/.test(entry.sentence))).toBe(true);

    // Declined, the match offers A a request again: the refused one opens filled in as it was sent.
    await refused.getByRole('button', { name: 'Change and send again' }).click();
    await refused.waitFor({ state: 'detached' });
    const again = A.page.locator('form', { has: A.page.getByLabel('Why') });
    expect(await again.getByLabel('Why').inputValue()).toBe('offline undo');
    expect(await again.locator('[aria-pressed="true"], select').count()).toBeGreaterThan(0);
    if ((await again.locator('select').count()) > 0)
      expect(await again.locator('select').inputValue()).not.toBe('');
    // The focus is in it, at its first field.
    expect(await A.page.evaluate('document.activeElement.closest("form") !== null')).toBe(true);
    await shot(A.page, 'table-change-again');
    await A.page.setViewportSize({ width: 1280, height: 800 });
    await noSidewaysScroll(A.page);
    await shot(A.page, 'table-change-again-desk');
    await A.page.setViewportSize(PHONE);
    await again.getByRole('button', { name: 'Cancel' }).click();
    await again.waitFor({ state: 'detached' });

    await askUndo(B, 'B asks again');
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Yes' }).click();
    await prompt.getByRole('button', { name: 'Send' }).click();
    await prompt.waitFor({ state: 'detached' });
    expect((await matchLog()).some((entry) => /agreed to the undo request/.test(entry.sentence))).toBe(true);
    // The undo went back before game events; the match's own records after them (disputes, requests)
    // stand and are not counted among what it undid (C-5).
    await A.page
      .getByRole('region', { name: 'Last outcomes' })
      .getByText(/\bevents? \d+( to \d+)? (was|were) undone/)
      .first()
      .waitFor();
  }, 60_000);

  it('C-5 a judge sees a dispute raised from a player’s page first, and rules on it from the console', async () => {
    await dispute(A, 9, 'the attack dice were misread');
    await A.page.locator('.outbox-pending').first().waitFor({ state: 'detached' });

    const judge = await browser.newContext({ viewport: PHONE });
    const page = await judge.newPage();
    await page.goto(`${t.url}/judge/`);
    await page.getByLabel('Your judge key').fill(m.judge.token!);
    await page.getByRole('button', { name: 'Open' }).click();
    const row = page.locator(`button[data-match="${matchId}"]`);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/3 open disputes/);
    expect(page.url()).not.toContain(m.judge.token!);
    await shot(page, 'judge-list');
    await row.click();
    await page.locator('li[data-dispute]').getByText('the attack dice were misread').waitFor();
    await noSidewaysScroll(page);
    await page.getByRole('button', { name: /Rule on Side A's dispute of event 9/ }).click();
    const form = page.locator('.may-do form');
    await form.getByRole('button', { name: 'Dismissed' }).click();
    // The rule is picked from the ruleset's rule ids.
    const rule = form.getByLabel('The rule it rests on');
    const c1 = rule.locator('option').filter({ hasText: /^C-1 / });
    await rule.selectOption((await c1.getAttribute('value'))!);
    await form.getByLabel('The note').fill('the dice stand as entered');
    await shot(page, 'judge-ruling');
    await form.getByRole('button', { name: 'Send' }).click();
    await page
      .getByTestId('judge-said')
      .getByText(/^Ruled on Side A's dispute of event \d+: dismissed/)
      .waitFor();
    expect((await matchLog()).some((entry) => /dismissed/i.test(entry.sentence))).toBe(true);
    // The player's page hears of it live.
    await A.page
      .getByRole('region', { name: 'Last outcomes' })
      .getByText(/dismissed/i)
      .first()
      .waitFor();
    await judge.close();
  }, 60_000);
});
