import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { configFromEnv } from '../../src/config/app-config.js';
import { REPO_ROOT } from '../audit/support/cli.js';

/**
 * docs/configuration.md and src/config never differ: every environment variable the configuration
 * reads is in the page's settings table and every variable the table lists is read, and each default
 * the table states is the one the code applies (setting a variable to its documented default changes
 * nothing). Defaults the code does not have, a key or secret generated on first start or a setting
 * left out, are written `unset` or `generated`.
 */
interface Row {
  name: string;
  default: string;
}

function documentedSettings(): Row[] {
  const page = readFileSync(join(REPO_ROOT, 'docs/configuration.md'), 'utf8');
  const table = page.split('<!-- settings table: begin -->')[1]?.split('<!-- settings table: end -->')[0];
  if (!table) throw new Error('docs/configuration.md has no settings table');
  return table
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [name, value] = line
        .split('|')
        .slice(1, 3)
        .map((cell) => cell.trim());
      return { name: name!.replace(/`/g, ''), default: value!.replace(/`/g, '') };
    });
}

/** The variables configFromEnv reads, watched as it reads them from an empty environment. */
function variablesRead(): Set<string> {
  const read = new Set<string>();
  const watched = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_target, name) => {
      if (typeof name === 'string') read.add(name);
      return undefined;
    },
    has: (_target, name) => {
      if (typeof name === 'string') read.add(name);
      return false;
    },
  });
  configFromEnv(watched);
  return read;
}

/** The variable names written in the configuration's source, for any read only on some branch. */
function variablesNamedInSource(): Set<string> {
  const names = new Set<string>();
  for (const file of ['src/config/app-config.ts', 'src/config/server-secret.ts']) {
    const source = readFileSync(join(REPO_ROOT, file), 'utf8');
    for (const match of source.matchAll(/env\.([A-Z][A-Z0-9_]+)|\(env, '([A-Z][A-Z0-9_]+)'/g)) {
      names.add(match[1] ?? match[2]!);
    }
  }
  return names;
}

describe('docs/configuration.md against src/config', () => {
  const rows = documentedSettings();

  it('lists each setting once', () => {
    expect(rows.length).toBeGreaterThan(20);
    expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
  });

  it('every variable the code reads is documented, and every documented one is read', () => {
    const code = new Set([...variablesRead(), ...variablesNamedInSource()]);
    expect([...code].sort()).toEqual(rows.map((row) => row.name).sort());
  });

  it('each documented default is the code’s: setting it changes nothing', () => {
    const defaults = configFromEnv({});
    for (const row of rows) {
      if (row.default === 'unset' || row.default === 'generated') continue;
      expect([row.name, configFromEnv({ [row.name]: row.default })]).toEqual([row.name, defaults]);
    }
  });
});
