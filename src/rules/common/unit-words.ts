import { isRecord } from './is-record.js';
import type { RosterRow } from './roster.js';

/**
 * A unit as a player reads it at the table: what it is (its numbers and kinds: "base morale 8",
 * "move 6\"", "light infantry") and what holds for it now ("disordered", "cannot attack in turn 4
 * (its rule)"). Each ruleset words its own facts (its FactWordings); a fact it does not word, and every
 * fact of a ruleset that words none, is said from its name and the shape of its value. What says
 * nothing (an unset flag, an empty list, a count of 0) is left unsaid.
 */
export interface UnitWords {
  /** Said only when it is not the usual "active". */
  status?: string;
  /** What the unit is. */
  traits: string[];
  /** What holds for it now. */
  conditions: string[];
}

/** A unit's name by its id, undefined for any other word ("left-flank" names no unit). */
export type NameOf = (id: string) => string | undefined;

/** How a ruleset says one of its facts about a unit. */
export interface FactWords {
  /** The fact in words, or nothing when it says nothing. */
  say: (value: unknown, nameOf: NameOf) => string | undefined;
  /** What the unit is, rather than what holds for it now. */
  trait?: boolean;
  /** Why the unit has its status: said as its status. */
  status?: boolean;
}

/** A ruleset's words for its facts, by the fact's name in a roster row's `detail`. */
export type FactWordings = Readonly<Record<string, FactWords>>;

/** What a unit is said from: its status and its facts (a roster row's), in the order they are held. */
export type DescribedUnit = { status: string; detail: Readonly<Record<string, unknown>> };

/** How a ruleset says one unit of a roster, the other units' names at hand. */
export type UnitDescriber = (row: DescribedUnit, nameOf: NameOf) => UnitWords;

/** A roster row with its unit in words. */
export type WordedRosterRow = RosterRow & { words: UnitWords };

/** The turn a record names ({ inTurn: 4, … }). */
export const turnOf = (value: unknown): number | undefined =>
  isRecord(value) && typeof value.inTurn === 'number' ? value.inTurn : undefined;

/** The rule a record names ({ ruleId, … }), else the one given. */
export const ruleOf = (value: unknown, fallback: string): string =>
  isRecord(value) && typeof value.ruleId === 'string' ? value.ruleId : fallback;

/** +1, -1: an amount as a page's words write it. */
export const signedAmount = (amount: number): string => (amount > 0 ? `+${amount}` : String(amount));

/** An id's words: "light-infantry" → "light infantry". */
export const wordsOf = (text: string): string => text.replace(/[-_]+/g, ' ');

/** "baseMorale" → "base morale", "sinceTurn" → "since turn". */
export function labelOf(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

/** A name ending in one of these reads on into its value: "removed because rout", "in turn 4". */
const RUNS_ON = /\b(because|against|with|in|of|since|to|for|by|at|on|from)$/;

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  value === false ||
  (Array.isArray(value) && value.length === 0);

/**
 * A describer that says each fact of a row with these words, and any other fact from its name and the
 * shape of its value; facts in the order the row holds them.
 */
export function unitWordsWith(wordings: FactWordings): UnitDescriber {
  return (row, nameOf) => {
    const traits: string[] = [];
    const conditions: string[] = [];
    let status = row.status === 'active' ? undefined : wordsOf(row.status);
    for (const [key, value] of Object.entries(row.detail)) {
      const known = Object.hasOwn(wordings, key) ? wordings[key] : undefined;
      if (known) {
        const said = isEmpty(value) ? undefined : known.say(value, nameOf);
        if (said === undefined) continue;
        if (known.status || (status !== undefined && typeof value === 'string' && namesStatus(key, status)))
          status = said;
        else (known.trait ? traits : conditions).push(said);
        continue;
      }
      const label = labelOf(key);
      const said = phrase(label, value, nameOf);
      if (said === undefined) continue;
      // Why it has its status ("removed because rout") is said as its status.
      if (status !== undefined && typeof value === 'string' && label.startsWith(`${status} `)) status = said;
      else (isTrait(label, value) ? traits : conditions).push(said);
    }
    // A unit removed from play has nothing holding for it any more: its status says what became of it.
    return {
      ...(status === undefined ? {} : { status }),
      traits,
      conditions: row.status === 'removed' ? [] : conditions,
    };
  };
}

/** A fact named after the unit's status ("removedBecause" for "removed") says why it has it. */
const namesStatus = (key: string, status: string) => labelOf(key).startsWith(`${status} `);

/** The words of a ruleset that words none of its facts: each from its name and its value's shape. */
export const genericUnitWords: UnitDescriber = unitWordsWith({});

/**
 * A number or a word is what the unit is; a flag, a record or a list is what holds for it now, and so
 * does a number that names a turn ("victorious in turn 3").
 */
const isTrait = (label: string, value: unknown) =>
  (typeof value === 'number' && !/\bturn\b/.test(label)) || typeof value === 'string';

/** One fact in words from its name and its value, or nothing when it says nothing. */
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
  const amountSigned = typeof amount === 'number' ? signedAmount(amount) : undefined;
  if (typeof unitId === 'string') {
    // A record about another unit: that unit first, the rest of what it says about it in brackets.
    const more = [...(amountSigned ? [amountSigned] : []), ...parts];
    return `${nameOf(unitId) ?? unitId}${more.length > 0 ? ` (${more.join(', ')})` : ''}${rule}`;
  }
  const head = amountSigned ?? (amount === undefined || amount === null ? '' : inWords(amount, nameOf));
  return `${[head, parts.join(', ')].filter((part) => part !== '').join(' ')}${rule}`;
}

/** The names of these units by id, and nothing for any other word. */
export function unitNamesOf(rows: readonly Pick<RosterRow, 'unitId' | 'name'>[]): NameOf {
  const names = new Map(rows.map((row) => [row.unitId, row.name]));
  return (id) => names.get(id);
}

/** Each row with its unit in words, as the ruleset's describer says it (generic without one). */
export function wordedRows(
  rows: readonly RosterRow[],
  describe: UnitDescriber = genericUnitWords,
): WordedRosterRow[] {
  const nameOf = unitNamesOf(rows);
  return rows.map((row) => ({ ...row, words: describe(row, nameOf) }));
}

/** Each unit's words by its id. */
export function unitWordsById(
  rows: readonly RosterRow[],
  describe: UnitDescriber = genericUnitWords,
): Record<string, UnitWords> {
  const nameOf = unitNamesOf(rows);
  return Object.fromEntries(rows.map((row) => [row.unitId, describe(row, nameOf)]));
}
