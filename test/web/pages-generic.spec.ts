import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SUITS, JOKER_COLOURS } from '../../src/rules/atomic-africa/cards.js';
import { CLOSE_COMBAT_SPECIAL_ACTIONS } from '../../src/rules/atomic-africa/special-actions.js';
import { UNIT_TYPES } from '../../src/rules/atomic-africa/units.js';
import { FAILURE_OUTCOMES } from '../../src/rules/hand-to-hand/parameters.js';
import { ASPECTS, SLOPES, TEST_CAUSES } from '../../src/rules/hand-to-hand/vocabulary.js';
import { allRulesets, RULESET_IDS } from '../../src/rulesets/registry.js';

/**
 * The pages are generic by construction: they build every form from the play contract's templates,
 * so no page code names a ruleset, its commands, its events, its routes or its vocabulary. A ruleset's
 * own presentation lives in one place kept for it, web/table/presenters/, and nowhere else. Each word
 * is looked for as a string in the code (quoted, or as a segment of an address), not in comments.
 */
const WEB = resolve(fileURLToPath(import.meta.url), '../../../web');
const PRESENTERS = join(WEB, 'table/presenters');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === PRESENTERS ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The file's code without its comments, so that a comment may still speak of the rules. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A word as a whole string, or as one segment of an address in a string. */
const asString = (word: string) => new RegExp(`(['"\`/])${escape(word)}(['"\`/?])`);

/** A word as a field: read (`.word`), written as a key (`word:`) or quoted. */
const asField = (word: string) =>
  new RegExp(
    `(\\.\\s*${escape(word)}\\b)|((^|[{,(\\s])${escape(word)}\\??\\s*:)|(['"\`]${escape(word)}['"\`])`,
    'm',
  );

/**
 * The names of a ruleset's facts about a unit: the members of its roster detail, and the members of
 * their records ({ inTurn, ruleId }, { unitId, aspect, sinceTurn }), but for the ids every ruleset's
 * records share.
 */
function factFields(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const record = schema as { properties?: Record<string, unknown> };
  const own = Object.keys(record.properties ?? {});
  const inner = Object.values(schema).flatMap((value) =>
    Array.isArray(value) ? value.flatMap(factFields) : factFields(value),
  );
  return [...own, ...inner];
}
const SHARED_FIELDS = new Set(['unitId', 'ruleId', 'value']);

/** The shape every ruleset's state shares (web/shared/match-view.ts reads it): not one ruleset's word. */
const COMMON_SHAPE = new Set(['units']);

describe('the pages know no ruleset', () => {
  const rulesets = allRulesets();
  const words = new Set<string>([
    ...RULESET_IDS,
    ...rulesets.flatMap((r) => [
      ...r.commandTypes,
      ...r.eventTypes,
      ...Object.values(r.routes).filter((route): route is string => route !== undefined),
    ]),
    ...ASPECTS,
    ...SLOPES,
    ...TEST_CAUSES,
    ...FAILURE_OUTCOMES,
    ...SUITS,
    ...JOKER_COLOURS,
    ...UNIT_TYPES,
    ...CLOSE_COMBAT_SPECIAL_ACTIONS,
  ]);
  for (const word of COMMON_SHAPE) words.delete(word);
  const files = sources(WEB);

  it('reads the words to look for from the registry, and the pages to look in', () => {
    expect(rulesets.length).toBeGreaterThanOrEqual(2);
    expect(words).toContain('Charge');
    expect(words).toContain('SealOrder');
    expect(files.some((file) => file.endsWith('table/table.tsx'))).toBe(true);
    expect(files.some((file) => file.startsWith(PRESENTERS))).toBe(false);
  });

  it('no page source outside web/table/presenters/ names a ruleset, its commands, events, routes or vocabulary', () => {
    const found = files.flatMap((file) => {
      const text = code(file);
      return [...words]
        .filter((word) => word.length > 0 && asString(word).test(text))
        .map((word) => `${relative(WEB, file)}: ${word}`);
    });
    expect(found).toEqual([]);
  });

  it('no page source outside web/table/presenters/ names a ruleset’s fact about a unit: the service sends each unit’s words', () => {
    const fields = new Set(
      rulesets.flatMap((r) => factFields(r.schemas.rosterDetail)).filter((f) => !SHARED_FIELDS.has(f)),
    );
    expect(fields).toContain('victoriousInTurn');
    expect(fields).toContain('sinceTurn');
    expect(fields).toContain('inContactWith');
    const found = files.flatMap((file) => {
      const text = code(file);
      return [...fields]
        .filter((field) => asField(field).test(text))
        .map((field) => `${relative(WEB, file)}: ${field}`);
    });
    expect(found).toEqual([]);
  });

  it('the scan finds a fact field where one is named', () => {
    expect(
      asField('baseMorale').test('const WORDS = { baseMorale: { say: (v) => `base morale ${v}` } };'),
    ).toBe(true);
    expect(asField('sinceTurn').test('const since = contact.sinceTurn;')).toBe(true);
    expect(asField('move').test("if (key === 'move') return inches;")).toBe(true);
    expect(asField('move').test('you may move a unit')).toBe(false);
    expect(asField('contacts').test('const contactsShown = 2;')).toBe(false);
  });

  it('the scan finds a ruleset word where one is written', () => {
    expect(asString('SealOrder').test("const type = 'SealOrder';")).toBe(true);
    expect(asString('charges').test('post(`/matches/${id}/charges`)')).toBe(true);
    expect(asString('Charge').test('a Charge is declared')).toBe(false);
  });

  it('the pages other than the table page take nothing from web/table: what they share is in web/shared', () => {
    const borrowing = files
      .filter((file) => !file.startsWith(join(WEB, 'table')))
      .filter((file) => /from\s+['"][^'"]*\/table\//.test(code(file)))
      .map((file) => relative(WEB, file));
    expect(borrowing).toEqual([]);
  });
});
