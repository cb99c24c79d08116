import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import {
  buildPages,
  caughtUp,
  joinSeats,
  PHONE,
  type SeatBrowser,
  seatBrowser,
  shot,
  unitsFitThePhone,
} from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, issueKey, organiser } from './support/umpire-client.js';

/**
 * The watch page says a unit's facts in the table page's words: a contact's aspect is "left flank", as
 * the players' phones say it, not the state's "left-flank". A hand-to-hand charge into a left flank, in
 * a real browser against the real service, read on a spectator's watch page at phone and desk size and
 * on the defending side's own table page.
 */

describeInBrowser('watch page unit words in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let org: Caller;
  let spectator: string;
  let romans: SeatBrowser;
  let playerA: Caller;
  let playerB: Caller;
  const matchId = 'trebia';
  const at = (route: string) => `/matches/${matchId}/${route}`;

  beforeAll(async () => {
    await buildPages();
    t = await startTestApp();
    org = organiser(t);
    await org.command('/matches', {
      matchId,
      ruleset: 'hand-to-hand',
      sides: { A: 'Carthaginians', B: 'Romans' },
      diceMode: 'table',
    });
    const A = await issueKey(t, { role: 'player', matchId, side: 'A' });
    playerA = A;
    playerB = await issueKey(t, { role: 'player', matchId, side: 'B' });
    spectator = (await issueKey(t, { role: 'spectator' })).token!;
    await org.command(at('units'), { unitId: 'numid', name: 'Numidians', side: 'A', morale: 8, move: 6 });
    await org.command(at('units'), { unitId: 'hast', name: 'Hastati', side: 'B', morale: 7, move: 6 });
    await A.command(at('charges'), {
      chargeId: 'c1',
      attackerId: 'numid',
      defenderId: 'hast',
      aspect: 'left-flank',
      slope: 'level',
      dice: [2, 3],
    });
    browser = await launchChromium();
    romans = await seatBrowser(browser);
    await joinSeats(t.url, org, matchId, [[romans, 'B']]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const card = (page: Page, unitId: string) => page.locator(`.unit-cards [data-unit="${unitId}"]`);

  async function watch(viewport: { width: number; height: number }): Promise<Page> {
    const page = await browser.newPage({ viewport });
    await page.goto(`${t.url}/watch/?match=${matchId}`);
    await page.getByLabel(/your key/i).fill(spectator);
    await page.getByRole('button', { name: 'Watch' }).click();
    await card(page, 'hast').waitFor();
    return page;
  }

  it('says the contact’s aspect as "left flank", word for word as the table page’s card says it', async () => {
    await caughtUp(romans.page, (await org.get(`/matches/${matchId}`)).body.revision as number);
    const atTable = await card(romans.page, 'hast').innerText();
    expect(atTable).toMatch(/In contact with Numidians at its left flank since turn 1\./);

    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desk', { width: 1280, height: 800 }],
    ] as const) {
      const page = await watch(viewport);
      try {
        expect(await card(page, 'hast').innerText()).toBe(atTable);
        // No id of the state's is said as it is stored, in any unit's words.
        expect(await page.locator('.unit-cards').innerText()).not.toMatch(/left-flank|\bnumid\b|\bhast\b/);
        if (name === 'phone') await unitsFitThePhone(page);
        await shot(page, `watch-unit-words-${name}`);
        const folder = process.env.UMPIRE_SCREENSHOTS;
        if (folder)
          await page
            .locator('.unit-cards')
            .screenshot({ path: join(folder, `watch-unit-words-${name}-cards.png`) });
      } finally {
        await page.close();
      }
    }
  }, 90_000);

  it('HH-11 HH-17 after a won combat: the winner’s +1 and the loser’s restrictions read as sentences, calmly, the move in inches as in the log', async () => {
    // Impact 1 + charge 1 + flank 1 = 3 against morale 7: the Hastati need 4 or less, roll 6, fail by 2: reform.
    await playerA.command(at('impact-rolls'), { chargeId: 'c1', dice: [1] });
    await playerB.command(at('morale-tests'), { unitId: 'hast', cause: 'melee', dice: [2, 4] });
    await playerB.command(at('give-ground-reports'), { unitId: 'hast', couldMove: true, leftTable: false });
    const reported = (await org.get(`/matches/${matchId}`)).body.revision as number;
    // C-5: an open dispute, which the watch page counts in words.
    await playerB.command(at('disputes'), {
      disputeId: 'd1',
      revision: reported,
      claim: 'we gave ground less',
    });
    const revision = (await org.get(`/matches/${matchId}`)).body.revision as number;
    await caughtUp(romans.page, revision);
    const log = (await org.get(`/matches/${matchId}/log`)).body.entries as { sentence: string }[];
    expect(log.map((entry) => entry.sentence).join(' ')).toContain('move 6"');

    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    const winner = 'Numidians: base morale 8, move 6". Won its combat: +1 to impact in turn 3 (HH-17).';
    const loser =
      'Hastati: base morale 7, move 6". Cannot attack in turn 2 (HH-11); an enemy attacking it in turn 3 gets +1 to impact (HH-11).';
    await card(romans.page, 'numid')
      .getByText(/Won its combat/)
      .waitFor();
    for (const [name, viewport] of [
      ['phone', PHONE],
      ['desk', { width: 1280, height: 800 }],
    ] as const) {
      const pages = [romans.page, await watch(viewport)];
      try {
        for (const page of pages) {
          await page.setViewportSize(viewport);
          await card(page, 'numid')
            .getByText(/Won its combat/)
            .waitFor();
          expect(words(await card(page, 'numid').innerText())).toBe(winner);
          expect(words(await card(page, 'hast').innerText())).toBe(loser);
          // What holds for a unit is no error: not in the red the page marks its errors with.
          const [conditions, ink] = (await page.evaluate(`(() => {
            const probe = document.createElement('p');
            probe.style.color = 'var(--set)';
            document.body.append(probe);
            const error = getComputedStyle(probe).color;
            probe.remove();
            return [getComputedStyle(document.querySelector('.unit-conditions')).color, error];
          })()`)) as [string, string];
          expect(conditions).not.toBe(ink);
        }
        expect(await pages[1]!.getByTestId('pending').innerText()).toBe('no undo request, 1 dispute');
        if (name === 'phone') for (const page of pages) await unitsFitThePhone(page);
        await shot(pages[1]!, `watch-unit-words-victory-${name}`);
        const folder = process.env.UMPIRE_SCREENSHOTS;
        if (folder)
          for (const [who, page] of [
            ['table', pages[0]!],
            ['watch', pages[1]!],
          ] as const)
            await page
              .locator('.unit-cards')
              .screenshot({ path: join(folder, `${who}-unit-words-victory-${name}-cards.png`) });
      } finally {
        await pages[1]!.close();
      }
    }
    await romans.page.setViewportSize(PHONE);
  }, 90_000);

  it('HH-4 HH-11 HH-17 the words come from the service, with each unit, as its ruleset says them: the roster, the play contract, and a replayed revision its own', async () => {
    const reformed = {
      traits: ['base morale 7', 'move 6"'],
      conditions: [
        'cannot attack in turn 2 (HH-11)',
        'an enemy attacking it in turn 3 gets +1 to impact (HH-11)',
      ],
    };
    const roster = (await org.get(at('roster'))).body.units as { unitId: string; words: unknown }[];
    expect(roster.find((unit) => unit.unitId === 'hast')?.words).toEqual(reformed);
    const now = (await org.get(`/matches/${matchId}`)).body as { unitWords: Record<string, unknown> };
    expect(now.unitWords.hast).toEqual(reformed);
    // Right after the contact (event 6): in contact at its left flank, not yet reformed.
    const then = (await org.get(at('state?at=6'))).body as { unitWords: Record<string, unknown> };
    expect(then.unitWords.hast).toEqual({
      traits: ['base morale 7', 'move 6"'],
      conditions: ['in contact with Numidians at its left flank since turn 1'],
    });

    const page = await watch(PHONE);
    try {
      await page.getByLabel('Revision shown').fill('6');
      await page
        .getByTestId('shown-revision')
        .filter({ hasText: /^6 of / })
        .waitFor();
      await card(page, 'hast').filter({ hasText: 'at its left flank' }).waitFor();
      expect((await card(page, 'hast').innerText()).replace(/\s+/g, ' ').trim()).toBe(
        'Hastati: base morale 7, move 6". In contact with Numidians at its left flank since turn 1.',
      );
      await shot(page, 'watch-unit-words-replayed');
    } finally {
      await page.close();
    }
  }, 90_000);
});
