import { isRecord } from '../../src/rules/common/is-record.js';
import { describeValue, type Fact, labelOf, type RosterAnswer, type UnitRow } from './match-view.js';

/**
 * A unit as a player reads it at the table, for any ruleset: what it is (its numbers and kinds: "base
 * morale 8", "unit type: light infantry") and what holds for it now (its set flags, restrictions and
 * contacts: "disordered", "cannot attack in turn 4 (HH-11)", "contacts: NNC (aspect front, since turn
 * 1)"). Said from each fact's name and the shape of its value, never from one ruleset's fields; what
 * says nothing (an unset flag, an empty list, a count of 0) is left unsaid.
 */
export interface UnitWords {
  unitId: string;
  name: string;
  side: string;
  /** Said only when it is not the usual "active". */
  status?: string;
  /** What the unit is. */
  traits: string[];
  /** What holds for it now. */
  conditions: string[];
}

/** A name ending in one of these reads on into its value: "removed because rout", "in turn 4". */
const RUNS_ON = /\b(because|against|with|in|of|since|to|for|by|at|on|from)$/;

type NameOf = (id: string) => string | undefined;

export function unitWords(row: UnitRow, nameOf: NameOf): UnitWords {
  const traits: string[] = [];
  const conditions: string[] = [];
  let status = row.status === 'active' ? undefined : wordsOf(row.status);
  for (const fact of row.facts) {
    const value = 'value' in fact ? fact.value : fact.text;
    const label = labelOf(fact.key);
    const said = phrase(label, value, nameOf);
    if (said === undefined) continue;
    // Why it has its status ("removed because rout") is said as its status.
    if (status !== undefined && typeof value === 'string' && label.startsWith(`${status} `)) status = said;
    else (isTrait(label, value) ? traits : conditions).push(said);
  }
  return {
    unitId: row.unitId,
    name: row.name,
    side: row.side,
    ...(status === undefined ? {} : { status }),
    traits,
    conditions,
  };
}

/**
 * A number or a word is what the unit is; a flag, a record or a list is what holds for it now, and so
 * does a number that names a turn ("victorious in turn 3").
 */
const isTrait = (label: string, value: unknown) =>
  (typeof value === 'number' && !/\bturn\b/.test(label)) || typeof value === 'string';

/** An id's words: "light-infantry" → "light infantry". */
const wordsOf = (text: string) => text.replace(/[-_]+/g, ' ');

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/** One fact in words, or nothing when it says nothing. */
export function phrase(label: string, value: unknown, nameOf: NameOf): string | undefined {
  if (isEmpty(value)) return undefined;
  if (value === true) return label;
  if (typeof value === 'number')
    return value === 0 && /\bcount$/.test(label) ? undefined : `${label} ${value}`;
  const text = inWords(value, nameOf);
  if (text === '') return undefined;
  // A record reads on from its name ("cannot attack in turn 4"); a word or a list is named first.
  return isRecord(value) || RUNS_ON.test(label) ? `${label} ${text}` : `${label}: ${text}`;
}

/** A value in words: unit ids by name, a record's parts each named, its rule id last in brackets. */
function inWords(value: unknown, nameOf: NameOf): string {
  if (typeof value === 'string') return nameOf(value) ?? wordsOf(value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((item) => inWords(item, nameOf)).join(', ');
  if (!isRecord(value)) return String(value);
  const { unitId, value: amount, ruleId, ...rest } = value;
  const parts = Object.entries(rest)
    .filter(([, inner]) => !isEmpty(inner))
    .map(([key, inner]) => {
      const name = labelOf(key);
      return typeof inner === 'boolean' ? name : `${name} ${inWords(inner, nameOf)}`;
    });
  const rule = typeof ruleId === 'string' ? ` (${ruleId})` : '';
  const signed = typeof amount === 'number' ? (amount > 0 ? `+${amount}` : String(amount)) : undefined;
  if (typeof unitId === 'string') {
    // A record about another unit: that unit first, the rest of what it says about it in brackets.
    const more = [...(signed ? [signed] : []), ...parts];
    return `${nameOf(unitId) ?? unitId}${more.length > 0 ? ` (${more.join(', ')})` : ''}${rule}`;
  }
  const head = signed ?? (amount === undefined || amount === null ? '' : inWords(amount, nameOf));
  return `${[head, parts.join(', ')].filter((part) => part !== '').join(' ')}${rule}`;
}

/**
 * The names of these units by id, and nothing for any other word: a value that names no unit
 * ("left-flank") is then said in words ("left flank"), as the table page says it.
 */
export function unitNamesOf(rows: readonly UnitRow[]): NameOf {
  const names = new Map(rows.map((row) => [row.unitId, row.name]));
  return (id) => names.get(id);
}

/**
 * The rows with what the roster keeps about each unit beyond the state's own fields (whom it is in
 * contact with, whether it is in a close combat, when a ruleset keeps those beside its units rather
 * than in them). Only while the roster stands at the revision the rows were read at: a roster of
 * another moment would say the contacts of another moment.
 */
export function withRosterFacts(rows: UnitRow[], roster: RosterAnswer, revision: number): UnitRow[] {
  if (roster.revision !== revision) return rows;
  const byId = new Map(roster.units.map((unit) => [unit.unitId, unit.detail]));
  const names = new Map(rows.map((row) => [row.unitId, row.name]));
  const nameOf = (id: string) => names.get(id);
  return rows.map((row) => {
    const detail = byId.get(row.unitId);
    if (!detail) return row;
    const held = new Set(row.facts.map((fact) => fact.key));
    const more = Object.entries(detail)
      .filter(([key]) => !held.has(key))
      .map(([key, value]): Fact => {
        const text = typeof value === 'boolean' ? (value ? 'yes' : 'no') : describeValue(value, nameOf);
        const tone = value === true ? 'set' : value === false || text === '—' ? 'unset' : 'plain';
        return { key, label: labelOf(key), text, tone, value };
      });
    return more.length === 0 ? row : { ...row, facts: [...row.facts, ...more] };
  });
}
