import { type Browser, type Page } from 'playwright-core';
import { currentMatchRules, currentRuleset } from '../../src/rulesets/registry.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { type Caller, issueKey, organiser } from './support/umpire-client.js';
import { CHROMIUM, launchChromium } from './support/chromium.js';
import { CHROMIUM_HERE, describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';

/**
 * The watch-and-replay page in a real browser (Debian's Chromium driven by playwright-core) against the
 * real service over HTTP on a real SQLite file: a spectator opens a hand-to-hand match in play, sees
 * its units, turn and log, replays it back to before the charge, sees the next command land live, and
 * verifies the match in the browser (and sees a tampered export fail).
 */
const title = CHROMIUM_HERE
  ? 'watch page in Chromium'
  : `watch page in Chromium (SKIPPED: ${CHROMIUM} is absent; apt-get install chromium to run it)`;

describeInBrowser(title, () => {
  let t: TestApp;
  let browser: Browser;
  let page: Page;
  let B: Caller;
  let spectatorKey: string;
  const requestedSinceStart: string[] = [];
  /** Every Content-Security-Policy violation any page reported in its console. */
  const cspViolations: string[] = [];
  const watchConsole = (watched: Page) =>
    watched.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) cspViolations.push(message.text());
    });
  const matchId = 'isandlwana';
  const at = (route: string) => `/matches/${matchId}/${route}`;

  beforeAll(async () => {
    // The page the service serves is the one `npm run build` makes.
    await ensurePagesBuilt();
    t = await startTestApp();
    const org = organiser(t);
    await org.command('/matches', {
      matchId,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const A = await issueKey(t, { role: 'player', matchId, side: 'A' });
    B = await issueKey(t, { role: 'player', matchId, side: 'B' });
    spectatorKey = (await issueKey(t, { role: 'spectator' })).token!;
    await org.command(at('units'), { unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    await org.command(at('units'), { unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    // Revisions 4–6: the charge, its willpower test and the contact; 7: the impact.
    await A.command(at('charges'), {
      chargeId: 'c1',
      attackerId: 'impi',
      defenderId: 'nnc',
      aspect: 'front',
      slope: 'downhill',
      dice: [2, 3],
    });
    await A.command(at('impact-rolls'), { chargeId: 'c1', dice: [4] });

    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('request', (request) => requestedSinceStart.push(new URL(request.url()).pathname));
    watchConsole(page);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const unitRow = (unitId: string) => page.locator(`li[data-unit="${unitId}"]`);
  const log = () => page.getByRole('region', { name: 'Turn log' });

  it('asks for a key, keeps it out of the URL, and shows units, turn, awaited step and the log with rule ids', async () => {
    await page.goto(`${t.url}/watch/?match=${matchId}`);
    await page.getByLabel(/your key/i).fill(spectatorKey);
    await page.getByRole('button', { name: 'Watch' }).click();

    // Headed by its sides, as the desk heads it; its id beside them.
    await page.getByRole('heading', { level: 1, name: 'Zulus v British' }).waitFor();
    await page.locator('.match-header .note').getByText(matchId, { exact: true }).waitFor();
    expect(page.url()).not.toContain(spectatorKey);
    expect(await page.evaluate('sessionStorage.length')).toBe(1);

    await page.getByRole('heading', { level: 3, name: /Zulus/ }).waitFor();
    // Each unit a card of words, as on the table page: what it is, then what holds for it now.
    expect(await unitRow('impi').locator('.unit-name').textContent()).toBe('Impi');
    expect(await unitRow('nnc').innerText()).toMatch(/^NNC: base morale 7/);
    // The roster's facts, contacts by unit name.
    expect(await unitRow('impi').innerText()).toMatch(/In contact with NNC at its front since turn 1/);
    expect(await page.getByTestId('turn').textContent()).toBe('1');
    expect(await page.getByTestId('active-side').textContent()).toBe('Zulus');
    expect(await page.getByTestId('shown-revision').textContent()).toBe('7');

    const awaited = page.getByRole('region', { name: 'Awaited' });
    // the step in the ruleset's words (which name the units), and from whom; no route, body or template field
    const said = (await awaited.textContent()) ?? '';
    expect(said).toMatch(
      /Take the melee morale test of NNC: passes on \d+ or less \(2 dice\).*, from British/,
    );
    expect(said).not.toMatch(/\/matches\/|method|body|choices|charge c1/);

    const logText = await log().textContent();
    expect(logText).toContain('Turn 1: the Impi charged the NNC in the front from below.');
    expect(logText).toContain("Turn 1: the Impi's impact on the NNC: 1D6 4 +1 charge −1 downhill = 4.");
    const impactLine = log().locator('li[data-revision="7"]');
    expect(await impactLine.locator('.rule-id').allTextContents()).toEqual(['HH-7', 'Q-14']);
  }, 60_000);

  it('moves the slider back to before the charge and shows the match as it stood then', async () => {
    await page.getByLabel('Revision shown').fill('3');
    await page.getByTestId('shown-revision').filter({ hasText: '3 of 7' }).waitFor();
    // Before the charge: no contact, nothing charged in the log, and the impact not yet rolled.
    await unitRow('impi').filter({ hasNotText: 'at its front' }).waitFor();
    const logText = await log().textContent();
    expect(logText).toContain('The NNC takes the field for British');
    expect(logText).not.toContain('charged the NNC');
    expect(await page.getByRole('region', { name: 'Awaited' }).textContent()).not.toMatch(/morale test/);

    // The arrow keys step, as the buttons do.
    await page.locator('body').press('ArrowRight');
    await page.getByTestId('shown-revision').filter({ hasText: '4 of 7' }).waitFor();
    expect(await log().textContent()).toContain('charged the NNC');
    await page.getByRole('button', { name: 'Step back' }).click();
    await page.getByTestId('shown-revision').filter({ hasText: '3 of 7' }).waitFor();

    await page.getByRole('button', { name: 'Latest' }).click();
    await page.getByTestId('shown-revision').filter({ hasText: /^7$/ }).waitFor();
    await unitRow('impi').filter({ hasText: 'at its front' }).waitFor();
  }, 60_000);

  it('shows a command the moment it lands, and says it in the live region', async () => {
    await B.command(at('morale-tests'), { unitId: 'nnc', cause: 'melee', dice: [2, 4] });

    const moraleLine = log().locator('li[data-revision="8"]');
    await moraleLine.waitFor({ timeout: 10_000 });
    expect(await moraleLine.textContent()).toContain("the NNC's morale test: morale 7 − impact 4 = 3");
    await page.getByTestId('shown-revision').filter({ hasText: /^9$/ }).waitFor();
    await page
      .getByRole('region', { name: 'Awaited' })
      .filter({ hasText: /Report how NNC gave ground after its .+, from British/ })
      .waitFor();
    expect(await page.getByRole('status').textContent()).toContain("the NNC's morale test");
  }, 60_000);

  const verdict = () => page.getByTestId('verify-result');

  it('C-3 verifies the match in the browser with a spectator key: VERIFIED, events checked, both signed checkpoints hold', async () => {
    const isWorker = (path: string) => /verify-worker.*\.js$/.test(path);
    // The verifier is fetched when asked for, not with the page.
    expect(requestedSinceStart.some(isWorker)).toBe(false);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    await page.getByRole('button', { name: 'Verify' }).click();

    await verdict().waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('verify-verdict').textContent()).toBe('VERIFIED');
    expect(await page.getByTestId('verify-events').textContent()).toBe('9 events checked');
    // The checkpoint fetched just now, and the one the export closes with: each signed by the service's key.
    expect(await page.getByTestId('verify-checkpoint').allTextContents()).toEqual([
      '✓ The signed checkpoint at event 9: signature valid, held by the log',
      "✓ The export's closing checkpoint at event 9: signature valid, held by the log",
    ]);
    expect(await verdict().textContent()).toMatch(/Hash chain: intact: 9 events/);
    expect(await page.getByTestId('verify-finding').count()).toBe(0);
    // The rules it replayed the log with: the version and hash the match records, the same code.
    expect(await page.getByTestId('verify-rules').textContent()).toMatch(
      new RegExp(
        `^✓ Rules: hand-to-hand ${currentRuleset('hand-to-hand')!.version} \\(hash [0-9a-f]{8}…\\), match rules ${currentMatchRules.version}, replayed with the same code$`,
      ),
    );
    // What was checked came from the service: the export, the checkpoint and the key, then the worker.
    expect(fetched).toEqual(
      expect.arrayContaining([
        '/audit/public-key',
        `/matches/${matchId}/checkpoint`,
        `/matches/${matchId}/export`,
      ]),
    );
    expect(fetched.some(isWorker)).toBe(true);
    // The service's own verify route was not asked: the verdict is this browser's.
    expect(fetched.some((path) => path.endsWith('/verify'))).toBe(false);

    if (process.env.WATCH_SCREENSHOT)
      await page.screenshot({ path: process.env.WATCH_SCREENSHOT, fullPage: true });
  }, 60_000);

  it('C-3 one byte of the export changed on its way: the page names the broken link, its event and rule', async () => {
    const exportRoute = `**/matches/${matchId}/export`;
    await page.route(exportRoute, async (route) => {
      const response = await route.fetch();
      const lines = (await response.text()).split('\n');
      // Event 5's timestamp, one digit earlier: the content no longer hashes to its recorded hash.
      const tampered = lines[4]!.replace('"at":"2', '"at":"1');
      expect(tampered).not.toBe(lines[4]);
      lines[4] = tampered;
      await route.fulfill({ response, body: lines.join('\n') });
    });
    try {
      await page.getByRole('button', { name: 'Verify' }).click();
      await page.getByTestId('verify-verdict').filter({ hasText: 'FAILED' }).waitFor({ timeout: 20_000 });
      const finding = await page.getByTestId('verify-finding').textContent();
      expect(finding).toContain('First finding at event 5');
      expect(finding).toContain('C-3');
      expect(finding).toContain('hash does not match the event’s content');
      expect(await verdict().textContent()).toMatch(/Hash chain: intact up to event 4/);
    } finally {
      await page.unroute(exportRoute);
    }
  }, 60_000);

  it('AA-2 never shows a sealed card, to a spectator nor on a screen watched with its own side’s key, whose log holds it', async () => {
    const sealed = 'sealed-cards';
    const org = organiser(t);
    await org.command('/matches', {
      matchId: sealed,
      ruleset: 'atomic-africa',
      sides: { A: 'Askari', B: 'Legion' },
      diceMode: 'table',
    });
    const A = await issueKey(t, { role: 'player', matchId: sealed, side: 'A' });
    for (const [unitId, side] of [
      ['a1', 'A'],
      ['b1', 'B'],
    ]) {
      await org.command(`/matches/${sealed}/units`, {
        unitId,
        name: unitId,
        side,
        unitType: 'infantry',
        movement: 6,
        firepower: 2,
      });
    }
    await A.command(`/matches/${sealed}/orders`, {
      unitId: 'a1',
      turn: 1,
      card: { rank: 'Q', suit: 'diamonds' },
    });

    const pageFor = async (key: string): Promise<string> => {
      const watcher = await browser.newPage();
      watchConsole(watcher);
      try {
        await watcher.goto(`${t.url}/watch/?match=${sealed}`);
        await watcher.getByLabel(/your key/i).fill(key);
        await watcher.getByRole('button', { name: 'Watch' }).click();
        await watcher.locator('li[data-revision="4"]').waitFor();
        // The verifier runs on the whole export, sealed order included; the page shows its verdict only.
        await watcher.getByRole('button', { name: 'Verify' }).click();
        await watcher
          .getByTestId('verify-verdict')
          .filter({ hasText: 'VERIFIED' })
          .waitFor({ timeout: 20_000 });
        return await watcher.content();
      } finally {
        await watcher.close();
      }
    };
    const seenBySpectator = await pageFor(spectatorKey);
    expect(seenBySpectator).toContain(
      'sealed an orders card for the a1, hidden until it is revealed in close combat (commitment ',
    );
    expect(seenBySpectator).not.toMatch(/Q♦|\bQD\b|diamonds/);
    // The card's own side reads it in the log (the check looks where a card would be); the watch page,
    // a screen others may read, shows the line as the public reads it.
    const ownLog = (await A.get(`/matches/${sealed}/log`)).body as { entries: { sentence: string }[] };
    expect(ownLog.entries.map((e) => e.sentence).join(' ')).toMatch(/Q♦/);
    const seenByItsSide = await pageFor(A.token!);
    expect(seenByItsSide).toContain('sealed an orders card for the a1, hidden until it is revealed');
    expect(seenByItsSide).not.toMatch(/Q♦|\bQD\b|diamonds/);
  }, 60_000);
  it('C-4 an ended match reads as its result, and nobody is shown to act', async () => {
    const over = 'over-and-done';
    const org = organiser(t);
    await org.command('/matches', {
      matchId: over,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    await org.command(`/matches/${over}/units`, {
      unitId: 'impi',
      name: 'Impi',
      side: 'A',
      morale: 8,
      move: 6,
    });
    await org.command(`/matches/${over}/end`, { winner: 'A', note: 'the Impi held the field' });
    const watcher = await browser.newPage({ viewport: { width: 390, height: 844 } });
    watchConsole(watcher);
    try {
      await watcher.goto(`${t.url}/watch/?match=${over}`);
      await watcher.getByLabel(/your key/i).fill(spectatorKey);
      await watcher.getByRole('button', { name: 'Watch' }).click();
      await watcher.getByText('Zulus won — the Impi held the field').first().waitFor();
      expect(await watcher.locator('.badge', { hasText: 'to act' }).count()).toBe(0);
    } finally {
      await watcher.close();
    }
  }, 60_000);

  it('runs whole under its Content-Security-Policy: every page above loaded, live feed and verifier worker included, with no violation', async () => {
    const response = await page.goto(`${t.url}/watch/?match=${matchId}`);
    const headers = response!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(headers['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(cspViolations).toEqual([]);
  }, 60_000);

  it('cannot be framed by another page', async () => {
    const framer = await browser.newPage();
    try {
      await framer.setContent(`<iframe src="${t.url}/watch/?match=${matchId}"></iframe>`, {
        waitUntil: 'load',
      });
      const frame = framer.frames()[1]!;
      // a refused frame shows the browser's own error page, never the watch page
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(await frame.locator('#app').count()).toBe(0);
      expect(frame.url()).not.toBe(`${t.url}/watch/?match=${matchId}`);
    } finally {
      await framer.close();
    }
  }, 60_000);
});
