import { existsSync } from 'node:fs';
import { CHROMIUM } from './chromium.js';

/** Debian's Chromium is here: the browser tests run (.ci/run installs it). */
export const CHROMIUM_HERE = existsSync(CHROMIUM);

/** A browser test's `describe`: skipped where Debian's Chromium is absent. */
export const describeInBrowser = CHROMIUM_HERE ? describe : describe.skip;
