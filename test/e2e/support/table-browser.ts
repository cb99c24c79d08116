import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { PHONE } from './chromium.js';
import { ensurePagesBuilt } from './pages-build.js';
import type { Caller } from './umpire-client.js';

/** What the browser tests of the pages share: a phone-size seat, the checks every page must pass. */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export { PHONE } from './chromium.js';

/** The pages as the service serves them, built from this checkout's sources (once for every test file). */
export const buildPages = ensurePagesBuilt;

/** A seat's browser: its own context (storage), at phone size, recording every answer and request body. */
export interface SeatBrowser {
  context: BrowserContext;
  page: Page;
  /** Every JSON answer this page received. */
  bodies: string[];
  /** Every request this page made: its address and its body. */
  sent: { url: string; body: string }[];
}

export async function seatBrowser(browser: Browser): Promise<SeatBrowser> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const bodies: string[] = [];
  const sent: { url: string; body: string }[] = [];
  page.on('request', (request) => sent.push({ url: request.url(), body: request.postData() ?? '' }));
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? '';
    if (type.includes('json'))
      void response.text().then(
        (text) => bodies.push(text),
        () => undefined,
      );
  });
  return { context, page, bodies, sent };
}

export const mustDo = (page: Page) => page.getByTestId('must-do');

/** Waits until the page asks this seat, as its first step, something whose title matches `label`. */
export async function asked(page: Page, label: RegExp): Promise<void> {
  await mustDo(page).getByRole('heading', { level: 3, name: label }).waitFor({ timeout: 15_000 });
}

export async function noSidewaysScroll(page: Page): Promise<void> {
  const widths = (await page.evaluate(
    '[document.documentElement.scrollWidth, window.innerWidth]',
  )) as number[];
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
}

/**
 * At phone size the page is no wider than the phone, and no unit's words run out of the units section
 * or scroll inside it: each unit reads as a card of words, not as a table wider than the screen.
 */
export async function unitsFitThePhone(page: Page): Promise<void> {
  const [pageWidth, overflowing, scrollers] = (await page.evaluate(`[
    document.documentElement.scrollWidth,
    [...document.querySelectorAll('.units *')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth)
      .map((element) => element.tagName + ' ' + element.textContent.trim().slice(0, 40)),
    [...document.querySelectorAll('.units, .units *')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .map((element) => element.tagName + '.' + element.className),
  ]`)) as [number, string[], string[]];
  expect(pageWidth).toBeLessThanOrEqual(PHONE.width);
  expect(overflowing).toEqual([]);
  expect(scrollers).toEqual([]);
  expect(await page.locator('.units table').count()).toBe(0);
}

/** Every visible button, link, input and select is at least 44×44 px. */
export async function bigEnoughTargets(page: Page): Promise<void> {
  const small = (await page.evaluate(`[...document.querySelectorAll('button, a, input, select, textarea')]
    .filter((element) => element.offsetParent !== null)
    .map((element) => ({ element, box: element.getBoundingClientRect() }))
    .filter(({ box }) => box.width < 44 || box.height < 44)
    .map(({ element, box }) => element.tagName + ' "' + element.textContent.trim() + '" ' + box.width + '×' + box.height)`)) as string[];
  expect(small).toEqual([]);
}

/**
 * Waits until `expression` holds in the page. page.waitForFunction with a string polls by eval, which
 * the pages' Content-Security-Policy refuses; page.evaluate is the browser's own and is not refused.
 */
export async function until(page: Page, expression: string, timeout = 5_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await page.evaluate(expression))) {
    if (Date.now() > deadline) throw new Error(`${expression} did not hold within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A screenshot of the whole page, when UMPIRE_SCREENSHOTS names a folder for them. */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.UMPIRE_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: join(folder, `${name}.png`), fullPage: true });
}

/** Sends the form of what the page asks now. */
export async function send(page: Page, button: 'Send' | 'Roll' = 'Send'): Promise<void> {
  await mustDo(page).getByRole('button', { name: button, exact: true }).click();
}

/**
 * Waits until the page shows the match at `revision` or later (the table page says which it shows).
 * Read through the page's DOM, never by evaluating a string: the pages' CSP forbids eval.
 */
export async function caughtUp(page: Page, revision: number): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const shown = Number(await page.locator('main[data-revision]').getAttribute('data-revision'));
    if (shown >= revision) return;
    if (Date.now() > deadline) throw new Error(`the page shows revision ${shown}, not yet ${revision}`);
    await page.waitForTimeout(100);
  }
}

/**
 * Waits until what a page sent stands at the service: the match's revision moved past `before`. A step
 * with a stage of its own on the phone (a commitment computed first) is not in the outbox at once, so
 * the outbox emptying says nothing yet.
 */
export async function landedAfter(
  revision: () => Promise<number>,
  before: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + 15_000;
  while ((await revision()) === before) {
    if (Date.now() > deadline) throw new Error(`${what} did not land within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each seat joins from its own invitation link, as a player who scanned the organiser's QR code. */
export async function joinSeats(
  url: string,
  organiser: Caller,
  matchId: string,
  seats: readonly (readonly [SeatBrowser, 'A' | 'B'])[],
): Promise<void> {
  for (const [seat, side] of seats) {
    const link = (await organiser.post(`/matches/${matchId}/invitations`, { side })).body.link as string;
    await seat.page.goto(`${url}${link}`);
  }
}

/**
 * Both seats of a match whose sides are named Side A and Side B, each joined from its own invitation
 * link and showing its side's heading.
 */
export async function bothSeats(
  browser: Browser,
  url: string,
  organiser: Caller,
  matchId: string,
): Promise<[SeatBrowser, SeatBrowser]> {
  const A = await seatBrowser(browser);
  const B = await seatBrowser(browser);
  await joinSeats(url, organiser, matchId, [
    [A, 'A'],
    [B, 'B'],
  ]);
  for (const [seat, side] of [
    [A, 'A'],
    [B, 'B'],
  ] as const)
    await seat.page.getByRole('heading', { level: 1, name: `Side ${side} side ${side}` }).waitFor();
  return [A, B];
}
