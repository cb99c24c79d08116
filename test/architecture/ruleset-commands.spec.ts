import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JsonSchema } from '../../src/rules/common/json-schema.js';
import { allRulesets } from '../../src/rulesets/registry.js';

/**
 * A ruleset is one folder: its commands and their words are declared in src/rules/<id>/ and nowhere
 * else. Outside src/rules/, no source names a ruleset's command type ('Charge', 'SealOrder' …) or a
 * word of its vocabulary ('left-flank', 'flee' …) as a string: the API, the command path and the
 * verifier serve them from the declarations. The match's own commands (CreateMatch, EndTurn) are
 * the match's, whatever the ruleset.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');
const MATCH_COMMANDS = new Set(['CreateMatch', 'EndTurn']);
/**
 * The API document's worked example is a match of the example ruleset, written out whole so that each
 * route's example holds together: documentation, not code that serves or decides anything.
 */
const WORKED_EXAMPLES = new Set([
  'api/dto/match.dto.ts',
  'api/dto/play-contract.dto.ts',
  'metrics/metrics.controller.ts',
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function wordsOf(schema: JsonSchema): string[] {
  return [
    ...(schema.enum ?? []).filter((word): word is string => typeof word === 'string'),
    ...Object.values(schema.properties ?? {}).flatMap(wordsOf),
    ...(schema.items ? wordsOf(schema.items) : []),
    ...(schema.oneOf ?? []).flatMap(wordsOf),
  ];
}

const rulesets = allRulesets();
const commandTypes = [
  ...new Set(
    rulesets.flatMap((ruleset) => [...ruleset.commandTypes, ...ruleset.commands.map((c) => c.type)]),
  ),
].filter((type) => !MATCH_COMMANDS.has(type));
const vocabulary = [
  ...new Set(rulesets.flatMap((ruleset) => ruleset.commands.flatMap((command) => wordsOf(command.body)))),
  // Words, not the sides (A, B) or a card's rank (2, J): those are no ruleset's alone.
].filter((word) => /^[A-Za-z][A-Za-z-]{2,}$/.test(word));

function quotedOutsideRules(names: readonly string[]): string[] {
  const quoted = names.flatMap((name) => [`'${name}'`, `"${name}"`, `\`${name}\``]);
  return sources(SRC)
    .filter((file) => !relative(SRC, file).startsWith('rules') && !WORKED_EXAMPLES.has(relative(SRC, file)))
    .flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((text, i) =>
          quoted.some((q) => text.includes(q)) ? [`${relative(SRC, file)}:${i + 1}: ${text.trim()}`] : [],
        ),
    );
}

describe('a ruleset’s commands and words outside src/rules', () => {
  it('the registry declares commands and words, so the checks below have something to find', () => {
    expect(commandTypes).toEqual(expect.arrayContaining(['Charge', 'RegisterUnit', 'SealOrder']));
    expect(vocabulary).toEqual(expect.arrayContaining(['left-flank', 'flee', 'light-infantry']));
  });

  it('no source outside src/rules/ names a ruleset’s command type as a string', () => {
    expect(quotedOutsideRules(commandTypes)).toEqual([]);
  });

  it('no source outside src/rules/ writes a word of a ruleset’s vocabulary as a string', () => {
    expect(quotedOutsideRules(vocabulary)).toEqual([]);
  });
});
