import type { Page } from 'playwright-core';
import { ORGANISER_KEY } from './umpire-client.js';

/**
 * The organiser's desk opened as an organiser opens it: the key typed into the desk's gate, then the
 * tournament's own desk, waited for until its heading (the tournament's name) stands.
 */
export async function openDesk(page: Page, url: string, tournamentId: string, name: string): Promise<Page> {
  await page.goto(`${url}/desk/`);
  await page.getByLabel('Your organiser key').fill(ORGANISER_KEY);
  await page.getByRole('button', { name: 'Open' }).click();
  await page.goto(`${url}/desk/?tournament=${encodeURIComponent(tournamentId)}`);
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return page;
}
