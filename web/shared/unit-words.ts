import { genericUnitWords, type NameOf } from '../../src/rules/common/unit-words.js';
import type { UnitRow, UnitWords } from './match-view.js';

/**
 * A unit's words as the service's ruleset says them (the play contract's `unitWords`), shown as given:
 * no page names a ruleset's fields. Only for an answer without them is each fact said from its name and
 * the shape of its value, as the service says the facts of a ruleset that words none.
 */
export function wordsOf(
  row: UnitRow,
  words: Readonly<Record<string, UnitWords>> | undefined,
  nameOf: NameOf,
) {
  const given = words && Object.hasOwn(words, row.unitId) ? words[row.unitId] : undefined;
  if (given) return given;
  const detail = Object.fromEntries(
    row.facts.map((fact) => [fact.key, 'value' in fact ? fact.value : fact.text]),
  );
  return genericUnitWords({ status: row.status, detail }, nameOf);
}

/**
 * The names of these units by id, and nothing for any other word: a value that names no unit
 * ("left-flank") is then said in words ("left flank").
 */
export function unitNamesOf(rows: readonly UnitRow[]): NameOf {
  const names = new Map(rows.map((row) => [row.unitId, row.name]));
  return (id) => names.get(id);
}
