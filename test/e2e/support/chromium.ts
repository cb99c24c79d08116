import { type Browser, chromium } from 'playwright-core';

/** A phone's screen, as the pages are tested at: 390×844. */
export const PHONE = { width: 390, height: 844 };

/** Debian's Chromium, which .ci/run installs; a browser test skips itself, saying why, when it is absent. */
export const CHROMIUM = '/usr/bin/chromium';

/**
 * Chromium headless as these tests run it: no sandbox (root in CI), and none of its own connections out
 * (this machine's network is closed; they would only be refused, many at a time).
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
