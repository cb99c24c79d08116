import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { allRulesets, RULESET_IDS, rulesetFor, versionsOf } from '../../src/rulesets/registry.js';
import { ruleTextsOf } from '../../src/rules/rule-texts.js';

const RULES = resolve(dirname(fileURLToPath(import.meta.url)), '../../src/rules');

/** Every rule id written as a string in a folder's sources: what its refusals and outcomes can name. */
function ruleIdsNamedIn(folder: string): Set<string> {
  const ids = new Set<string>();
  for (const entry of readdirSync(join(RULES, folder))) {
    if (!entry.endsWith('.ts') || entry === 'rule-texts.ts') continue;
    const text = readFileSync(join(RULES, folder, entry), 'utf8');
    for (const match of text.matchAll(/'((?:C|HH|AA|Q)-\d+)'/g)) ids.add(match[1]!);
  }
  return ids;
}

describe('rule texts (players’ words for every rule id a page can show)', () => {
  it.each(allRulesets().map((r) => [r.id, r.version]))(
    'C-6 %s %s: every rule id its code, the common rules and the match rules can name has a text',
    (id, version) => {
      const texts = new Set(ruleTextsOf(rulesetFor({ id, version }))!.map((r) => r.ruleId));
      const named = [...ruleIdsNamedIn(id), ...ruleIdsNamedIn('common'), ...ruleIdsNamedIn('match')];
      expect(named.filter((ruleId) => !texts.has(ruleId))).toEqual([]);
    },
  );

  it('C-6 every text has a title and words, and the ids come C-*, the ruleset’s own, then Q-*', () => {
    for (const id of RULESET_IDS) {
      const texts = ruleTextsOf(versionsOf(id)[0])!;
      for (const rule of texts) {
        expect(rule.title.length).toBeGreaterThan(2);
        expect(rule.text.length).toBeGreaterThan(10);
      }
      const prefixes = texts.map((r) => r.ruleId.split('-')[0]);
      expect(prefixes[0]).toBe('C');
      expect(prefixes[prefixes.length - 1]).toBe('Q');
      expect(texts.find((r) => r.ruleId === 'C-5')?.title).toMatch(/undo/i);
    }
  });

  it('an unknown ruleset or version has no texts', () => {
    expect(ruleTextsOf(rulesetFor({ id: 'nowhere', version: '1.0.0' }))).toBeUndefined();
    expect(ruleTextsOf(rulesetFor({ id: RULESET_IDS[0]!, version: '0.0.0-none' }))).toBeUndefined();
  });
});
