import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { REPO_ROOT, runBash } from '../audit/support/cli.js';
import { startTestApp, type TestApp } from '../e2e/support/test-app.js';
import { ORGANISER_KEY } from '../e2e/support/umpire-client.js';
import { blocksOf, docPages, readPage, runBy, shellBlocksOf } from './support/doc-blocks.js';

/**
 * Every shell block of the README and of docs/ runs as printed: the blocks of one page, in order, in
 * one bash session (`-e -o pipefail`, so any failing command or curl -f fails the page), in a scratch
 * folder, against the real service on a fresh SQLite data folder, with `U` its address and `ORG` its
 * organiser key, as the pages tell a reader to set them. A block another test runs names that test
 * (```` ```sh test=<path> ````); a block that cannot run here says `no-run`, and is listed below by page
 * and first line, so that they stay few and none is added unseen.
 */
const NOT_RUN: ReadonlyArray<readonly [page: string, firstLine: string]> = [
  ['README.md', 'npm install && npm start'],
  ['README.md', 'npm run typecheck'],
  ['docs/benchmarks.md', 'npm run bench'],
  ['docs/operations.md', 'docker compose -f docker/docker-compose.yml up --build'],
];

const firstLine = (text: string): string =>
  text
    .split('\n')[0]!
    .replace(/\s+#.*$/, '')
    .trim();

describe('the documentation’s shell blocks', () => {
  it('the blocks not run are exactly the listed ones, and each block run by another test names one that reads its page', () => {
    const notRun: [string, string][] = [];
    for (const page of docPages()) {
      for (const block of shellBlocksOf(page)) {
        if (block.words.includes('no-run')) notRun.push([page, firstLine(block.text)]);
        const test = runBy(block);
        if (test === undefined) continue;
        expect([page, test, existsSync(join(REPO_ROOT, test))]).toEqual([page, test, true]);
        expect([test, readFileSync(join(REPO_ROOT, test), 'utf8').includes(`'${page}'`)]).toEqual([
          test,
          true,
        ]);
      }
    }
    expect(notRun).toEqual(NOT_RUN.map(([page, line]) => [page, line]));
  });

  const pagesToRun = docPages().filter((page) =>
    shellBlocksOf(page).some((block) => !block.words.includes('no-run') && runBy(block) === undefined),
  );

  it('the README has blocks to run (the match with curl)', () => {
    expect(pagesToRun).toContain('README.md');
  });

  describe.each(pagesToRun)('%s', (page) => {
    let t: TestApp;
    let dir: string;
    beforeAll(async () => {
      t = await startTestApp();
      dir = mkdtempSync(join(tmpdir(), 'umpire-doc-blocks-'));
    });
    afterAll(async () => {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('runs as printed, block after block in one shell, with exit status 0 and nothing on stderr', async () => {
      const script = shellBlocksOf(page)
        .filter((block) => !block.words.includes('no-run') && runBy(block) === undefined)
        .map((block) => block.text)
        .join('\n');
      const run = await runBash(script, dir, { U: t.url, ORG: ORGANISER_KEY });
      expect({ stderr: run.stderr, code: run.code }).toEqual({ stderr: '', code: 0 });
    }, 120_000);
  });
});

describe('the README’s match with curl', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await startTestApp();
    dir = mkdtempSync(join(tmpdir(), 'umpire-readme-match-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('HH-5 HH-7 HH-8 HH-11 Q-14 prints what the README says it does: impact 4, a failed test by 3, Reform, a refused charge', async () => {
    const script = shellBlocksOf('README.md')
      .filter((block) => !block.words.includes('no-run'))
      .map((block) => block.text)
      .join('\n');
    const run = await runBash(script, dir, { U: t.url, ORG: ORGANISER_KEY });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('"impact":4');
    expect(run.stdout).toContain(
      '{"effectiveMorale":3,"total":6,"passed":false,"margin":3,"outcome":"reform"}',
    );
    expect(run.stdout).toContain('{"turn":2,"activeSide":"B","phase":"play","awaiting":[]}');
    expect(run.stdout).toContain('replayed with the same code');
    expect(run.stdout).toContain('{"status":409,"ruleId":"HH-11"}');
  }, 120_000);
});

describe('the documentation’s words and links', () => {
  it('names no tracker number, wave or commit hash', () => {
    for (const page of docPages()) {
      const text = readPage(page);
      const found = [
        ...text.matchAll(
          /\b(?:issue|ticket|tracker)s?\s+#?\d+|(?<=^|\s|\()#\d{1,4}\b(?!-)|\bwaves?\b|`[0-9a-f]{7,40}`/gi,
        ),
      ]
        .map((m) => m[0])
        // A hash has letters and digits; a number in backticks (a default) is no hash.
        .filter((word) => !/^`\d+`$/.test(word));
      expect([page, found]).toEqual([page, []]);
    }
  });

  it('every relative link leads to a file or folder of the repository', () => {
    for (const page of docPages()) {
      const links = [...readPage(page).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((m) => m[1]!.split('#')[0]!)
        .filter((target) => target !== '' && !/^[a-z]+:/.test(target));
      const missing = links.filter(
        (target) => !existsSync(normalize(join(REPO_ROOT, dirname(page), target))),
      );
      expect([page, missing]).toEqual([page, []]);
    }
  });

  it('every link to a section names a heading that the page it leads to has', () => {
    /** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-');
    const anchorsOf = (page: string) =>
      new Set(
        [
          ...readPage(page)
            .replace(/^```[\s\S]*?^```/gm, '')
            .matchAll(/^#{1,6} (.+)$/gm),
        ].map((m) => slug(m[1]!)),
      );
    for (const page of docPages()) {
      for (const [, target = '', anchor] of readPage(page).matchAll(/\]\(([^)#\s]*)#([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const linked = target === '' ? page : normalize(join(dirname(page), target));
        expect([page, `${target}#${anchor}`, anchorsOf(linked).has(anchor!)]).toEqual([
          page,
          `${target}#${anchor}`,
          true,
        ]);
      }
    }
  });

  it('every page’s code blocks are closed (an odd fence would swallow the rest of the page)', () => {
    for (const page of docPages()) {
      const fences = readPage(page).match(/^```/gm) ?? [];
      expect([page, fences.length % 2]).toEqual([page, 0]);
      expect(blocksOf(page).length).toBe(fences.length / 2);
    }
  });
});
