import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../test/e2e/support/chromium.js';
import {
  FIRST_VISITS,
  loadOnSlow4G,
  SCRIPT_BUDGET,
  USABLE_WITHIN_MS,
} from '../test/e2e/support/page-load.js';
import type { Figure } from './catch-up.bench.js';
import { openTable } from './http-write.bench.js';
import { Service } from './support/service.js';

/**
 * The pages' budget, on the built service: each page, cold (no cache) on a phone over Chromium's
 * slow-4G emulation, usable within 3 s with at most 150 KB of gzipped script. The table page is
 * measured as a player first opens it: from the invitation link of a seat, through joining, to the
 * match's first step. LOADS cold loads a page; the slowest is the figure (the target is for every
 * visit, not the typical one). Skipped where Debian's Chromium is not installed.
 */
const LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 5);

interface Visit {
  name: string;
  url: () => Promise<string>;
  usable: (page: Page) => ReturnType<Page['getByLabel']>;
}

export async function benchPageLoad(): Promise<Figure[]> {
  if (!existsSync(CHROMIUM)) {
    console.log(`page loads on slow 4G: skipped (no ${CHROMIUM})`);
    return [];
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'umpire-bench-pages-'));
  const service = await Service.start({ dataDir });
  let browser: Browser | undefined;
  try {
    await openTable(service, 'page-load');
    browser = await launchChromium();
    const visits: Visit[] = [
      {
        name: '/table/ from a seat invitation',
        url: async () => {
          const reply = await service.organiser.post('/matches/page-load/invitations', { side: 'A' });
          if (reply.status !== 201) throw new Error(`invitation answered ${reply.status}: ${reply.text}`);
          return `${service.url}${(reply.body as { link: string }).link}`;
        },
        usable: (page) => page.getByTestId('must-do').getByRole('heading', { level: 2 }),
      },
      ...FIRST_VISITS.map(([path, usable]) => ({
        name: path,
        url: () => Promise.resolve(`${service.url}${path}`),
        usable,
      })),
    ];
    const figures: Figure[] = [];
    for (const visit of visits) {
      const loads = [];
      for (let i = 0; i < LOADS; i += 1)
        loads.push(await loadOnSlow4G(browser, await visit.url(), visit.usable));
      const times = loads.map((load) => load.ms).sort((a, b) => a - b);
      figures.push(
        {
          name: `${visit.name} on slow 4G, cold: slowest of ${LOADS} loads until usable`,
          value: times[times.length - 1]!,
          unit: 'ms',
          atMost: USABLE_WITHIN_MS,
          note: `median ${times[Math.floor(times.length / 2)]} ms; load average ${loadavg()[0]!.toFixed(1)}`,
        },
        {
          name: `${visit.name}: script fetched, gzipped`,
          value: Math.max(...loads.map((load) => load.gzippedScript)) / 1024,
          unit: 'KB',
          atMost: SCRIPT_BUDGET / 1024,
        },
      );
    }
    return figures;
  } finally {
    await browser?.close();
    await service.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('page-load.bench.ts')) {
  const { printFigures } = await import('./catch-up.bench.js');
  process.exitCode = printFigures(await benchPageLoad()) > 0 ? 1 : 0;
}
