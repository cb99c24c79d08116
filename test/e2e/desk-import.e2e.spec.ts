import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { noSidewaysScroll, shot } from './support/table-browser.js';
import { openDesk } from './support/desk-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { organiser } from './support/umpire-client.js';

/**
 * The desk's pasted import, in Chromium against the real service: a name already registered is
 * skipped, a line the page cannot read or the service refuses is reported and the rest still imported,
 * each line says what became of it, the refused lines are left in the box, and pasting the whole list
 * again (fixed) registers only what was missing.
 */
const T = 'import-day';

describeInBrowser('the desk imports pasted participants line by line', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    const org = organiser(t);
    await org.command('/tournaments', { tournamentId: T, name: 'Import Day' });
    await org.command(`/tournaments/${T}/participants`, { name: 'Ben', club: 'South', seed: 2 });
    browser = await launchChromium();
    desk = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await openDesk(desk, t.url, T, 'Import Day');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const names = async () =>
    ((await organiser(t).get(`/tournaments/${T}/participants?limit=100`)).body.items as { name: string }[])
      .map((p) => p.name)
      .sort();
  const report = () => desk.getByRole('list', { name: 'What became of each line' }).getByRole('listitem');

  it('skips names registered already, goes on past refused lines, and says what became of each', async () => {
    const pasted = [
      'name,club,seed',
      'Ann,North,1',
      'ben,South,2',
      ',East,3',
      'Cat,West,x',
      'Dan,East,4',
      'Eve\u0007Moyo,East,5',
      'Fay,East,6',
    ].join('\n');
    await desk.getByLabel(/Paste participants/).fill(pasted);
    await desk.getByRole('button', { name: 'Import' }).click();
    await desk.getByText('3 participants imported.', { exact: false }).waitFor();
    const lines = await report().allTextContents();
    expect(lines.slice(0, 5)).toEqual([
      'Line 2 (Ann): registered.',
      'Line 3 (ben): already registered, skipped.',
      'Line 4: not registered: the name is empty.',
      'Line 5 (Cat): not registered: seed "x" is not a whole number from 1.',
      'Line 6 (Dan): registered.',
    ]);
    expect(lines[5]).toMatch(/^Line 7 \(Eve.Moyo\): not registered: .*name/);
    expect(lines[6]).toBe('Line 8 (Fay): registered.');
    expect(lines).toHaveLength(7);
    expect(await names()).toEqual(['Ann', 'Ben', 'Dan', 'Fay']);
    // The refused lines are left in the box, to be fixed.
    expect(await desk.getByLabel(/Paste participants/).inputValue()).toBe(
      [',East,3', 'Cat,West,x', 'Eve\u0007Moyo,East,5'].join('\n'),
    );
    await desk.getByRole('heading', { name: /0 of 4 checked in/ }).waitFor();
    await noSidewaysScroll(desk);
    await shot(desk, 'desk-import-report');
  }, 60_000);

  it('registers only what is missing when the whole list is pasted again, fixed', async () => {
    const pasted = [
      'name,club,seed',
      'Ann,North,1',
      'Ben,South,2',
      'Cat,West,3',
      'Eve Moyo,East,5',
      'Fay,East,6',
    ];
    await desk.getByLabel(/Paste participants/).fill(pasted.join('\n'));
    await desk.getByRole('button', { name: 'Import' }).click();
    await desk.getByText('2 participants imported. 3 already registered, skipped.').waitFor();
    expect(await report().allTextContents()).toEqual([
      'Line 2 (Ann): already registered, skipped.',
      'Line 3 (Ben): already registered, skipped.',
      'Line 4 (Cat): registered.',
      'Line 5 (Eve Moyo): registered.',
      'Line 6 (Fay): already registered, skipped.',
    ]);
    expect(await names()).toEqual(['Ann', 'Ben', 'Cat', 'Dan', 'Eve Moyo', 'Fay']);
    expect(await desk.getByLabel(/Paste participants/).inputValue()).toBe('');
  }, 60_000);
});
