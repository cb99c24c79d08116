import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RULESET_IDS } from '../../src/rulesets/registry.js';

/**
 * A ruleset is one plug-in. Outside its own folder (src/rules/), no source names a ruleset
 * by its id: the match path, the verifier, the read models, the feeds and the API work over the
 * registry, so adding a ruleset touches its folder and the registry's list, not ten files kept in
 * step by strings.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('ruleset ids outside src/rules', () => {
  it('the registry knows more than one ruleset, so the check below has something to find', () => {
    expect(RULESET_IDS.length).toBeGreaterThan(1);
  });

  it('no source outside src/rules/ writes a ruleset id as a string', () => {
    const quoted = RULESET_IDS.flatMap((id) => [`'${id}'`, `"${id}"`, `\`${id}\``]);
    const found = sources(SRC)
      .filter((file) => !relative(SRC, file).startsWith('rules'))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            quoted.some((q) => line.includes(q)) ? [`${relative(SRC, file)}:${i + 1}: ${line.trim()}`] : [],
          ),
      );
    expect(found).toEqual([]);
  });
});
