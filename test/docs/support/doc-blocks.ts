import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../../audit/support/cli.js';

/** A fenced code block of a documentation page: its language, the rest of its info string, its text. */
export interface DocBlock {
  /** The page, relative to the repository root (`README.md`, `docs/tournaments.md`). */
  page: string;
  language: string;
  /** The info string's words after the language: `no-run`, `test=<path of the test that runs it>`. */
  words: string[];
  text: string;
}

/** README.md and every Markdown page under docs/, relative to the repository root, in a fixed order. */
export function docPages(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(join(REPO_ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(join(dir, entry.name))
        : entry.name.endsWith('.md')
          ? [join(dir, entry.name)]
          : [],
    );
  return ['README.md', ...walk('docs').sort()].map((page) => relative(REPO_ROOT, join(REPO_ROOT, page)));
}

export const readPage = (page: string): string => readFileSync(join(REPO_ROOT, page), 'utf8');

/** Every fenced block of a page, in order (fences of three backticks at the start of a line). */
export function blocksOf(page: string): DocBlock[] {
  return [...readPage(page).matchAll(/^```([^\n]*)\n([\s\S]*?)^```\s*$/gm)].map((match) => {
    const [language = '', ...words] = match[1]!.trim().split(/\s+/);
    return { page, language, words, text: match[2]! };
  });
}

/** The shell blocks of a page (`sh`, `bash`, `shell`). */
export const shellBlocksOf = (page: string): DocBlock[] =>
  blocksOf(page).filter((block) => ['sh', 'bash', 'shell'].includes(block.language));

/** The test that runs a block itself (`test=<path>`), if it names one. */
export const runBy = (block: DocBlock): string | undefined =>
  block.words.find((word) => word.startsWith('test='))?.slice('test='.length);

/**
 * The one shell block of `page` that `testFile` runs (marked `test=<testFile>`), split into the groups
 * of lines a blank line parts.
 */
export function blockRunBy(page: string, testFile: string): DocBlock {
  const found = shellBlocksOf(page).filter((block) => runBy(block) === testFile);
  if (found.length !== 1)
    throw new Error(`${page} has ${found.length} shell blocks marked test=${testFile}, not 1`);
  return found[0]!;
}
