import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { finishedTournament } from './finished-tournament.js';
import { launchChromium } from './support/chromium.js';
import { describeInBrowser } from './support/describe-in-browser.js';
import { ensurePagesBuilt } from './support/pages-build.js';
import { shot } from './support/table-browser.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY } from './support/umpire-client.js';

/**
 * The desk verifies the tournament export in the page, in Chromium against the real service: the
 * export fetched with the desk's key and checked by the published verifier (VERIFIED), and a file
 * picked from disk with one byte changed, checked without sending it anywhere (FAILED, naming the line).
 */

describeInBrowser('the desk verifies the tournament export in the page', () => {
  let t: TestApp;
  let browser: Browser;
  let desk: Page;
  let dir: string;
  let exportText: string;
  const requests: string[] = [];
  const T = 'desk-verify-cup';

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    browser = await launchChromium();
    dir = mkdtempSync(join(tmpdir(), 'umpire-desk-verify-'));
    const { org } = await finishedTournament(t, T);
    exportText = (await org.get(`/tournaments/${T}/export`)).text ?? '';
    desk = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    desk.on('request', (r) => requests.push(new URL(r.url()).pathname));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the export, fetched with the desk key and verified in the page: VERIFIED, every match listed', async () => {
    await desk.goto(`${t.url}/desk/?tournament=${T}`);
    await desk.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await desk.getByRole('button', { name: 'Open' }).click();
    await desk.getByRole('heading', { level: 1, name: `Event ${T}` }).waitFor();
    // The verifier is not part of the desk's first load: its worker comes only when asked.
    expect(requests.some((path) => path.includes('verify-worker'))).toBe(false);
    await desk.getByRole('button', { name: 'Verify the export' }).click();
    const result = desk.getByTestId('verify-result');
    await result.waitFor({ timeout: 30_000 });
    expect(await desk.getByTestId('verify-verdict').textContent()).toBe('VERIFIED');
    expect(requests).toContain(`/tournaments/${T}/export`);
    expect(requests.some((path) => path.includes('verify-worker'))).toBe(true);
    await result.getByText('Closing checkpoint: verified').waitFor();
    await result.getByText(/Summary and standings, recomputed from the events: matches the events/).waitFor();
    expect(await desk.getByTestId('verify-match').textContent()).toMatch(
      new RegExp(`Match ${T}-r1-t1: \\d+ events, verified`),
    );
    await shot(desk, 'desk-verify-phone');
  }, 60_000);

  it('a downloaded file with one byte changed, picked from disk and checked in the page only: FAILED, naming the line', async () => {
    const changed = exportText.split('\n').findIndex((line) => line.includes('the square broke')) + 1;
    const file = join(dir, `${T}.ndjson`);
    writeFileSync(file, exportText.replace('the square broke', 'the square brake'));
    requests.length = 0;
    await desk.getByLabel('Verify a downloaded file').setInputFiles(file);
    await desk.getByTestId('verify-verdict').getByText('FAILED').waitFor({ timeout: 30_000 });
    expect(await desk.getByTestId('verify-finding').textContent()).toMatch(
      new RegExp(`^match ${T}-r1-t1: .*\\(line ${changed} of the file\\)$`),
    );
    // Nothing went to the service for it: the file is read in the page (the key was fetched already).
    expect(requests).not.toContain(`/tournaments/${T}/export`);
    expect(requests).not.toContain('/audit/public-key');
    await shot(desk, 'desk-verify-failed-phone');
    await desk.setViewportSize({ width: 1280, height: 800 });
    await shot(desk, 'desk-verify-failed-wide');
    await desk.setViewportSize({ width: 390, height: 844 });

    // The same file untouched verifies.
    writeFileSync(file, exportText);
    await desk.getByLabel('Verify a downloaded file').setInputFiles(file);
    await desk.getByTestId('verify-verdict').getByText('VERIFIED').waitFor({ timeout: 30_000 });
  }, 60_000);
});
