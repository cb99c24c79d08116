import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runBash, umpire } from '../audit/support/cli.js';
import { blockRunBy } from '../docs/support/doc-blocks.js';
import { startTestApp, type TestApp } from './support/test-app.js';
import { ORGANISER_KEY, organiser } from './support/umpire-client.js';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are asserted field by field */

/**
 * The tournament day with curl of docs/tournaments.md, run as printed against the real service (with U
 * and ORG set as the page says), in a scratch folder. Its last line, `npx umpire verify …`, is run as the
 * checkout's `umpire verify` from source with the same arguments (npx would need a build).
 */
describe("the tournaments page's walk-through, as printed", () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'umpire-readme-tournament-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function walkThrough(): string[] {
    const block = blockRunBy('docs/tournaments.md', 'test/e2e/tournament-readme.e2e.spec.ts');
    expect(block.text).toContain('T=/tournaments/spring-open');
    return block.text.split('\n');
  }

  const shell = (script: string) => runBash(script, dir, { U: t.url, ORG: ORGANISER_KEY });

  it('runs from registration to the standings and an export that verifies, with the figures the page states', async () => {
    const lines = walkThrough();
    const verifyLine = lines.find((line) => line.startsWith('npx umpire verify '));
    expect(verifyLine).toBeDefined();
    const run = await shell(lines.filter((line) => line !== verifyLine).join('\n'));
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    // The standings as the page states them: p4 6, then p1 and p3 on 3 split by Buchholz, p2 0.
    expect(run.stdout).toContain('[1,"p4",6]\n[2,"p1",3]\n[3,"p3",3]\n[4,"p2",0]\n');
    const standings = (await organiser(t).get('/tournaments/spring-open/standings')).body.standings as any[];
    expect(standings.map((row) => [row.participantId, row.points, row.tieBreaks.buchholz])).toEqual([
      ['p4', 6, 3],
      ['p1', 3, 9],
      ['p3', 3, 3],
      ['p2', 0, 9],
    ]);
    const rounds = (await organiser(t).get('/tournaments/spring-open/rounds')).body.items as any[];
    expect(
      rounds.map((r) => r.pairings.map((p: any) => [p.A.participantId, p.B.participantId, p.result.source])),
    ).toEqual([
      [
        ['p1', 'p3', 'confirmed'],
        ['p2', 'p4', 'referee'],
      ],
      [
        ['p4', 'p1', 'overridden'],
        ['p3', 'p2', 'forfeit'],
      ],
    ]);
    expect(readFileSync(join(dir, 'standings.csv'), 'utf8')).toMatch(/^rank,participantId,name/);

    const args = verifyLine!
      .replace(/#.*$/, '')
      .trim()
      .split(/\s+/)
      .slice(3)
      .map((arg) => (arg.endsWith('.ndjson') || arg.endsWith('.json') ? join(dir, arg) : arg));
    const verified = await umpire('verify', ...args);
    expect(verified.stderr).toBe('');
    expect(verified.code).toBe(0);
    expect(verified.stdout.trim().split('\n').at(-1)).toBe('VERIFIED: every check holds');
  });
});
