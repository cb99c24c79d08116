import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsqr from 'jsqr';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from './support/test-app.js';
import { Caller, ORGANISER_KEY } from './support/umpire-client.js';
import { smallEvent } from './tournament-support.js';
import { CHROMIUM, launchChromium } from './support/chromium.js';
import { ensurePagesBuilt } from './support/pages-build.js';

/**
 * The desk's match slips printed to PDF by Chromium, rasterised by poppler's pdftoppm, and every QR
 * code read back: a refereed table's slip carries, for each side, a seat invitation that redeems to
 * that side of that table's match; a report-only table's carries that side's own participant page.
 */
const ready = existsSync(CHROMIUM) && existsSync('/usr/bin/pdftoppm');
const describeInBrowser = ready ? describe : describe.skip;
const title = ready
  ? 'match slips printed to PDF'
  : 'match slips printed to PDF (SKIPPED: chromium or pdftoppm absent)';

type JsQr = (
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options?: { inversionAttempts?: 'dontInvert' },
) => { data: string } | null;
// jsqr is CommonJS: its function is the default import at run time, its types say `.default`.
const loaded = jsqr as unknown as JsQr | { default: JsQr };
const jsQR: JsQr = typeof loaded === 'function' ? loaded : loaded.default;

/** A binary PPM (P6), as pdftoppm writes it, to RGBA for jsQR. */
function readPpm(file: string): { data: Uint8ClampedArray; width: number; height: number } {
  const bytes = readFileSync(file);
  const header = bytes.subarray(0, 50).toString('latin1').split(/\s+/);
  const [magic, w, h, max] = header;
  if (magic !== 'P6' || max !== '255') throw new Error(`${file} is not an 8-bit P6 PPM`);
  const width = Number(w);
  const height = Number(h);
  const offset = `${magic}\n${w} ${h}\n${max}\n`.length;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = bytes[offset + i * 3]!;
    data[i * 4 + 1] = bytes[offset + i * 3 + 1]!;
    data[i * 4 + 2] = bytes[offset + i * 3 + 2]!;
    data[i * 4 + 3] = 255;
  }
  return { data, width, height };
}

/**
 * Every QR code on the page: jsQR reads one code an image, so the page is read in overlapping windows
 * (each larger than a printed code) and what they read is gathered.
 */
function decodeAll(image: { data: Uint8ClampedArray; width: number; height: number }): string[] {
  const found = new Set<string>();
  const size = 320;
  const stride = 110;
  // A slip's codes sit in the top half of its page, under its heading.
  for (let top = 0; top < image.height / 2; top += stride) {
    for (let left = 0; left < image.width; left += stride) {
      const w = Math.min(size, image.width - left);
      const h = Math.min(size, image.height - top);
      const window = new Uint8ClampedArray(w * h * 4);
      for (let y = 0; y < h; y++) {
        const from = ((top + y) * image.width + left) * 4;
        window.set(image.data.subarray(from, from + w * 4), y * w * 4);
      }
      const code = jsQR(window, w, h, { inversionAttempts: 'dontInvert' });
      if (code) found.add(code.data);
    }
  }
  return [...found];
}

describeInBrowser(title, () => {
  let t: TestApp;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    await ensurePagesBuilt();
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'umpire-slips-'));
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('one slip a table, after the pairings sheet; a refereed table’s QR codes are seat invitations to its match, a report-only table’s the players’ pages; printing again prints the same invitations', async () => {
    const event = await smallEvent(t, 'slips');
    await event.org.command('/tournaments/slips/rounds', { round: 1, method: 'swiss' });
    await event.org.command('/tournaments/slips/rounds/1/start');
    await event.org.command('/tournaments/slips/matches', {
      matchId: 'slips-r1-t1',
      round: 1,
      table: 1,
      ruleset: 'hand-to-hand',
      sides: { A: 'Zulus', B: 'British' },
      diceMode: 'table',
    });
    const pairings = (await event.org.get('/tournaments/slips/rounds/1')).body.pairings as {
      table: number;
      matchId: string | null;
      A: { participantId: string; name: string };
      B: { participantId: string; name: string };
    }[];
    expect(pairings.map((p) => p.matchId)).toEqual(['slips-r1-t1', null]);
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${t.url}/desk/?tournament=slips`);
    await page.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await page.getByRole('button', { name: 'Open' }).click();
    /** Prints the sheets and reads back the codes of each page (of the pages asked for, the others []). */
    const print = async (name: string, only?: number): Promise<string[][]> => {
      await page.getByRole('button', { name: 'Show slips and pairings sheet' }).click();
      await page.locator('[aria-label="Printable sheets for round 1"][aria-busy="false"]').waitFor();
      const pdf = join(dir, `${name}.pdf`);
      writeFileSync(pdf, await page.pdf({ format: 'A4', printBackground: true }));
      execFileSync('/usr/bin/pdftoppm', ['-r', '100', pdf, join(dir, name)]);
      const pages = readdirSync(dir)
        .filter((f) => f.startsWith(`${name}-`) && f.endsWith('.ppm'))
        .sort();
      await page.getByRole('button', { name: 'Hide slips and pairings sheet' }).click();
      return pages.map((file, i) =>
        only === undefined || only === i ? decodeAll(readPpm(join(dir, file))) : [],
      );
    };
    const pages = await print('first');
    // The pairings sheet, then a slip for each table.
    expect(pages).toHaveLength(1 + pairings.length);
    expect(pages[0]).toEqual([]);
    const link = (participantId: string) =>
      `${t.url}/tournament/?tournament=slips&participant=${participantId}`;
    const [refereed, reportOnly] = [pages[1]!, pages[2]!];
    expect(reportOnly.sort()).toEqual(
      [link(pairings[1]!.A.participantId), link(pairings[1]!.B.participantId)].sort(),
    );
    expect(refereed).toHaveLength(2);
    for (const code of [...refereed, ...reportOnly]) expect(code).not.toMatch(/umpire_|Bearer/);

    // Printed again: the same two invitations, not two more.
    expect((await print('again', 1))[1]!.sort()).toEqual([...refereed].sort());

    const anyone = new Caller(t.url, undefined);
    const bySide = new Map<string, string>();
    for (const url of refereed) {
      expect(url).toMatch(new RegExp(`^${t.url}/table/#invite=[0-9A-Z]{4}-`));
      const code = new URLSearchParams(new URL(url).hash.slice(1)).get('invite')!;
      const seat = await anyone.post(`/invitations/${code}/redeem`);
      expect(seat.status).toBe(200);
      expect(seat.body).toMatchObject({ matchId: 'slips-r1-t1' });
      // The seat is the side of the player the slip names with it.
      expect(seat.body.label).toBe(`round 1, table 1, ${pairings[0]![seat.body.side as 'A' | 'B'].name}`);
      bySide.set(seat.body.side, code);
      const player = new Caller(t.url, seat.body.token);
      expect((await player.get('/matches/slips-r1-t1')).status).toBe(200);
      // Spent: the same slip joins no second phone.
      expect((await anyone.post(`/invitations/${code}/redeem`)).status).toBe(410);
    }
    expect([...bySide.keys()].sort()).toEqual(['A', 'B']);
  }, 300_000);
});
