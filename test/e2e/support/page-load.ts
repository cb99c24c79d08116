import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { PHONE } from './chromium.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * One cold load of a page on a phone over Chromium's slow-4G emulation (no cache), as a player's or
 * organiser's first visit: how long until the page is usable (`usable` shows), and how much script it
 * fetched, gzipped. In `context` when given (a phone that keeps a key, coming back), else in a fresh one.
 */
export interface PageLoad {
  /** From asking for the page to `usable` showing, in ms. */
  ms: number;
  /** The gzipped size of every script the page fetched, in bytes. */
  gzippedScript: number;
  scripts: number;
}

/** The pages' budget: at most this much script, gzipped, per page. */
export const SCRIPT_BUDGET = 150 * 1024;
/** The pages' budget: usable within this long on slow 4G (measured by `npm run bench`). */
export const USABLE_WITHIN_MS = 3000;

/** The pages that open without a seat, each with what shows once it is usable on a first visit. */
export const FIRST_VISITS: readonly (readonly [path: string, usable: (page: Page) => Locator])[] = [
  ['/desk/', (page) => page.getByLabel('Your organiser key')],
  [
    '/tournament/?tournament=any&participant=p1',
    (page) => page.getByRole('heading', { name: 'This phone has not joined the tournament' }),
  ],
  ['/hall/?tournament=any', (page) => page.getByLabel('A spectator key for the tournament')],
  ['/watch/?match=any', (page) => page.getByLabel('Your key (spectator, player, judge or organiser)')],
  ['/judge/', (page) => page.getByLabel('Your judge key')],
];

export async function loadOnSlow4G(
  browser: Browser,
  url: string,
  usable: (page: Page) => Locator,
  context?: BrowserContext,
): Promise<PageLoad> {
  const home = context ?? (await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true }));
  const page = await home.newPage();
  try {
    await onSlow4G(home, page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.endsWith('.js')) scripts.push(path);
    });
    const started = Date.now();
    await page.goto(url);
    await usable(page).waitFor({ timeout: 20_000 });
    const ms = Date.now() - started;
    const gzippedScript = scripts.reduce(
      (sum, path) => sum + gzipSync(readFileSync(join(ROOT, 'dist/web', path))).length,
      0,
    );
    return { ms, gzippedScript, scripts: scripts.length };
  } finally {
    await page.close();
    if (home !== context) await home.close();
  }
}

/** Chromium's slow-4G preset on one page, through CDP: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export async function onSlow4G(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}
