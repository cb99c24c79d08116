import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * DESIGN.md: the rules are pure, with no module-level state. Read from the sources: no `let` or `var`
 * at the top level of a file in src/rules, and no top-level Map, Set or WeakMap made there (a memo, a
 * registry that grows) unless it is typed read-only: state that changes lives outside the pure core.
 */
const RULES = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/rules');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

const TOP_LEVEL_STATE =
  /^(?:export\s+)?(?:let|var)\s|^(?:export\s+)?const\s+\w+(?::(?!\s*Readonly)[^=]+)?\s*=\s*new\s+(?:Map|Set|WeakMap)\b/;

describe('the pure core holds no state', () => {
  it('C-3 no file in src/rules keeps module-level mutable state', () => {
    const found = sources(RULES).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, at) => ({ line, at }))
        .filter(({ line }) => TOP_LEVEL_STATE.test(line))
        .map(({ line, at }) => `${relative(RULES, file)}:${at + 1}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});
