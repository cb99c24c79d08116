import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import jsqr from 'jsqr';
import type { Browser } from 'playwright-core';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY } from './support/umpire-client.js';
import { smallEvent } from './tournament-support.js';
import { CHROMIUM, launchChromium } from './support/chromium.js';

/**
 * The desk's match slips printed to PDF by Chromium, rasterised by poppler's pdftoppm, and every QR
 * code read back: each slip carries, for each side, the link to that side's own participant page.
 */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
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
    execFileSync(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', 'web'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'umpire-slips-'));
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('one slip a table, after the pairings sheet, with both sides and a QR code for each that reads back as that side’s link', async () => {
    const event = await smallEvent(t, 'slips');
    await event.org.command('/tournaments/slips/rounds', { round: 1, method: 'swiss' });
    const pairings = (await event.org.get('/tournaments/slips/rounds/1')).body.pairings as {
      table: number;
      A: { participantId: string };
      B: { participantId: string };
    }[];
    const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    await page.goto(`${t.url}/desk/?tournament=slips`);
    await page.getByLabel('Your organiser key').fill(ORGANISER_KEY);
    await page.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('button', { name: 'Show slips and pairings sheet' }).click();
    await page.getByRole('region', { name: 'Printable sheets for round 1' }).waitFor();
    const pdf = join(dir, 'slips.pdf');
    writeFileSync(pdf, await page.pdf({ format: 'A4', printBackground: true }));
    execFileSync('/usr/bin/pdftoppm', ['-r', '100', pdf, join(dir, 'page')]);
    const pages = readdirSync(dir)
      .filter((f) => f.endsWith('.ppm'))
      .sort();
    // The pairings sheet, then a slip for each table.
    expect(pages).toHaveLength(1 + pairings.length);
    const link = (participantId: string) =>
      `${t.url}/tournament/?tournament=slips&participant=${participantId}`;
    expect(decodeAll(readPpm(join(dir, pages[0]!)))).toEqual([]);
    for (const [i, p] of pairings.entries()) {
      const codes = decodeAll(readPpm(join(dir, pages[i + 1]!)));
      expect(codes.sort()).toEqual([link(p.A.participantId), link(p.B.participantId)].sort());
      expect(codes.join(' ')).not.toMatch(/umpire_|Bearer/);
    }
  }, 300_000);
});
