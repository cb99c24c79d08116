import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../audit/support/cli.js';
import { readPage } from './support/doc-blocks.js';

/**
 * The rules reference (docs/rules/) covers every rule id the code cites: each id named anywhere in src/
 * is stated on a ruleset's page (written in bold where it is stated, `**HH-9 …`) and listed in the
 * index with its page; and the index lists the decisions Q-1 … Q-32 without a gap.
 */
const RULE_ID = /\b(?:HH|AA|C|Q)-\d+\b/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

const idsInCode = (): string[] => [
  ...new Set(
    sourceFiles('src').flatMap((file) => readFileSync(join(REPO_ROOT, file), 'utf8').match(RULE_ID) ?? []),
  ),
];

const RULE_PAGES = ['docs/rules/hand-to-hand.md', 'docs/rules/atomic-africa.md', 'docs/rules/match.md'];

/** Ids a page states: in bold at the start of a rule (`**HH-9 Several attackers`), or a table row's first cell. */
function statedOn(page: string): Set<string> {
  const text = readPage(page);
  const bold = [...text.matchAll(/\*\*((?:HH|AA|C|Q)-\d+)\b/g)].map((m) => m[1]!);
  return new Set(bold);
}

describe('the rules reference', () => {
  const index = readPage('docs/rules/README.md');
  const indexed = new Map(
    [...index.matchAll(/^\| ((?:HH|AA|C|Q)-\d+)\s*\| \[[^\]]+\]\(([^)#]+)/gm)].map((m) => [
      m[1]!,
      `docs/rules/${m[2]!}`,
    ]),
  );

  it('C-6 every rule id the code cites is stated on a rules page, and the index sends the reader to that page', () => {
    const ids = idsInCode();
    expect(ids.length).toBeGreaterThan(50);
    const stated = new Map(RULE_PAGES.map((page) => [page, statedOn(page)]));
    for (const id of ids) {
      const pages = RULE_PAGES.filter((page) => stated.get(page)!.has(id));
      expect([id, pages.length > 0]).toEqual([id, true]);
      expect([id, pages.includes(indexed.get(id) ?? '')]).toEqual([id, true]);
    }
  });

  it('the index lists Q-1 … Q-32, C-1 … C-7, HH-1 … HH-18 and AA-1 … AA-13, each once and each stated on its page', () => {
    const expected = [
      ...Array.from({ length: 7 }, (_, i) => `C-${i + 1}`),
      ...Array.from({ length: 18 }, (_, i) => `HH-${i + 1}`),
      ...Array.from({ length: 13 }, (_, i) => `AA-${i + 1}`),
      ...Array.from({ length: 32 }, (_, i) => `Q-${i + 1}`),
    ];
    expect([...indexed.keys()]).toEqual(expected);
    for (const [id, page] of indexed) expect([id, page, statedOn(page).has(id)]).toEqual([id, page, true]);
  });

  it('each ruleset page has a section per version, and the phases it names are the service’s', () => {
    expect(readPage('docs/rules/hand-to-hand.md')).toMatch(/### 1\.0\.0[\s\S]*### 2\.0\.0[\s\S]*### 2\.1\.0/);
    expect(readPage('docs/rules/atomic-africa.md')).toMatch(
      /### 1\.0\.0[\s\S]*### 2\.0\.0[\s\S]*### 2\.1\.0/,
    );
    // The phase words progress() returns (src/rules/<id>/roster.ts), each documented on its ruleset's page.
    for (const [page, roster] of [
      ['docs/rules/hand-to-hand.md', 'src/rules/hand-to-hand/roster.ts'],
      ['docs/rules/atomic-africa.md', 'src/rules/atomic-africa/roster.ts'],
    ] as const) {
      const source = readFileSync(join(REPO_ROOT, roster), 'utf8');
      // The string literals of the functions that say where a turn stands.
      const bodies = [...source.matchAll(/^(?:export )?function (?:progress\w*|phaseOf)\([\s\S]*?^}$/gm)].map(
        (m) => m[0],
      );
      const phases = new Set(
        bodies.flatMap((body) => [...body.matchAll(/'([a-z][a-z-]+)'/g)].map((m) => m[1]!)),
      );
      expect(phases.size).toBeGreaterThanOrEqual(3);
      for (const phase of phases)
        expect([page, phase, readPage(page).includes(`\`${phase}\``)]).toEqual([page, phase, true]);
    }
  });
});
