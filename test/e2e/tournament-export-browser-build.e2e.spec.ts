import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { answerTo } from '../../packages/verify/src/verify-export.js';
import type { TournamentVerdict } from '../../packages/verify/src/verdict.js';
import { REPO_ROOT, runNode, umpire } from '../audit/support/cli.js';
import { finishedTournament } from './finished-tournament.js';
import { startTestApp, type TestApp } from './support/test-app.js';

/**
 * The tournament export verified by the package's browser build (what the desk's worker runs), in a
 * Node.js without Buffer, gives the verdict `umpire verify` gives on the same file: the same report
 * and the same last line. One byte changed is FAILED in both, naming the line of the file to look at.
 */
describe('a tournament export verified by the browser build of @umpire/verify', () => {
  let t: TestApp;
  let dir: string;
  let bundle: string;
  let text: string;
  let key: string;
  const T = 'browser-cup';

  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'umpire-tournament-browser-'));
    const { org } = await finishedTournament(t, T);
    const exported = await org.get(`/tournaments/${T}/export`);
    expect(exported.status).toBe(200);
    text = exported.text ?? '';
    key = JSON.stringify((await org.get('/audit/public-key')).body);
    writeFileSync(join(dir, 'key.json'), key);
    const built = await runNode([
      join(REPO_ROOT, 'node_modules/vite/bin/vite.js'),
      'build',
      '--config',
      join(REPO_ROOT, 'packages/verify/vite.browser.config.ts'),
      '--outDir',
      join(dir, 'browser'),
    ]);
    if (built.code !== 0) throw new Error(`the browser build fails: ${built.stderr}`);
    bundle = join(dir, 'browser', 'index.js');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The bundle's verdict on a text, with the global Buffer removed first (a page has none). */
  async function inBrowserBuild(exportText: string): Promise<TournamentVerdict> {
    writeFileSync(join(dir, 'input.json'), JSON.stringify({ exportText, publicKey: key }));
    writeFileSync(
      join(dir, 'run.mjs'),
      `import { readFileSync } from 'node:fs';
delete globalThis.Buffer;
const { verifyTournamentText } = await import(process.argv[3]);
process.stdout.write(JSON.stringify(verifyTournamentText(JSON.parse(readFileSync(process.argv[2], 'utf8')))));
`,
    );
    const run = await runNode([join(dir, 'run.mjs'), join(dir, 'input.json'), bundle], dir);
    if (run.code !== 0) throw new Error(run.stderr);
    return JSON.parse(run.stdout) as TournamentVerdict;
  }

  /** What `umpire verify FILE --public-key KEY` says: its exit status, last line and --json report. */
  async function byTheCli(name: string, exportText: string) {
    const file = join(dir, name);
    writeFileSync(file, exportText);
    const plain = await umpire('verify', file, '--public-key', join(dir, 'key.json'));
    const json = await umpire('verify', file, '--public-key', join(dir, 'key.json'), '--json');
    return {
      code: plain.code,
      last: plain.stdout.trim().split('\n').at(-1),
      report: JSON.parse(json.stdout) as Record<string, unknown>,
    };
  }

  const asReport = (verdict: TournamentVerdict) => {
    const { verified: _verified, summary: _summary, ...rest } = verdict;
    return rest;
  };

  it('the bundle imports nothing from Node.js: no node: built-in, no require', () => {
    for (const file of readdirSync(join(dir, 'browser'), { recursive: true, withFileTypes: true })) {
      if (!file.isFile() || !file.name.endsWith('.js')) continue;
      const code = readFileSync(join(file.parentPath, file.name), 'utf8');
      expect(code).not.toMatch(/^(?:import|export)\b[^'"\n]*?from\s*["']node:/m);
      expect(code).not.toMatch(/\brequire\(|\bimport\(\s*["']node:/);
    }
  });

  it('gives VERIFIED on the real export, with the very report and last line of umpire verify', async () => {
    const [browser, cli] = await Promise.all([inBrowserBuild(text), byTheCli('cup.ndjson', text)]);
    expect(cli.code).toBe(0);
    expect(browser.verified).toBe(true);
    expect(browser.summary).toBe(cli.last);
    expect(browser.summary).toBe('VERIFIED: every check holds');
    expect(asReport(browser)).toEqual(
      (({ ok: _ok, ...rest }) => rest)(cli.report as { ok: boolean } & Record<string, unknown>),
    );
    expect(browser.tournament).toMatchObject({ checkpoint: 'verified', summary: 'matches the events' });
    expect(browser.matches).toEqual([expect.objectContaining({ matchId: `${T}-r1-t1`, ok: true })]);
  }, 60_000);

  it('one byte changed in a match log: FAILED in both, the same line, naming the line changed', async () => {
    const lines = text.split('\n');
    const changed = lines.findIndex((line) => line.includes('the square broke')) + 1;
    expect(changed).toBeGreaterThan(1);
    const tampered = text.replace('the square broke', 'the square brake');
    const [browser, cli] = await Promise.all([
      inBrowserBuild(tampered),
      byTheCli('tampered.ndjson', tampered),
    ]);
    expect(cli.code).toBe(1);
    expect(browser.verified).toBe(false);
    expect(browser.summary).toBe(cli.last);
    expect(browser.summary).toMatch(
      new RegExp(`^FAILED: match ${T}-r1-t1: .* \\(line ${changed} of the file\\)$`),
    );
    expect(asReport(browser)).toEqual(
      (({ ok: _ok, ...rest }) => rest)(cli.report as { ok: boolean } & Record<string, unknown>),
    );
  }, 60_000);

  it('the worker tells a tournament export from a match export, as umpire verify does', async () => {
    const answer = await answerTo({ exportText: text, publicKey: key });
    expect(answer).toMatchObject({ tournament: { verified: true, tournamentId: T } });
    const unreadableKey = await answerTo({ exportText: text, publicKey: 'not a key' });
    expect(unreadableKey).toMatchObject({ unreadable: expect.stringMatching(/^the public key: /) });
  });
});
