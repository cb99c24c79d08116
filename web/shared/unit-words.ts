import { isRecord } from '../../src/rules/common/is-record.js';
import { describeValue, type Fact, labelOf, type RosterAnswer, type UnitRow } from './match-view.js';

/**
 * A unit as a player reads it at the table: what it is (its numbers and kinds: "base morale 8",
 * "move 6\"", "light infantry") and what holds for it now ("disordered", "cannot attack in turn 4
 * (HH-11)", "won its combat: +1 to impact in turn 3 (HH-17)"). The facts the service's rulesets keep
 * are said in a player's words (FACT_WORDS, by the fact's name); any other fact, of a ruleset this page
 * does not know, is said from its name and the shape of its value. What says nothing (an unset flag,
 * an empty list, a count of 0) is left unsaid.
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

interface FactWords {
  /** The fact in words, or nothing when it says nothing. */
  say: (value: unknown, nameOf: NameOf) => string | undefined;
  /** What the unit is, rather than what holds for it now. */
  trait?: boolean;
  /** Why the unit has its status: said as its status. */
  status?: boolean;
}

/** Inches as the turn log writes them (src/rules/common/turn-log.ts): 6". */
const inches = (value: unknown) => (typeof value === 'number' ? `${value}"` : undefined);
const turnOf = (value: unknown) =>
  isRecord(value) && typeof value.inTurn === 'number' ? value.inTurn : undefined;
const ruleOf = (value: unknown, fallback: string) =>
  isRecord(value) && typeof value.ruleId === 'string' ? value.ruleId : fallback;
const signed = (amount: number) => (amount > 0 ? `+${amount}` : String(amount));
const times = (count: number) => (count === 1 ? 'once' : count === 2 ? 'twice' : `${count} times`);

/** C-4: a restriction names the one player turn it holds in ("cannot attack in turn 4 (HH-11)"). */
const restriction =
  (verb: string): FactWords['say'] =>
  (value) => {
    const turn = turnOf(value);
    return turn === undefined ? undefined : `cannot ${verb} in turn ${turn} (${ruleOf(value, 'C-4')})`;
  };

/** Why a unit left play, with the rule that removed it (hand-to-hand's REMOVAL_RULES). */
const REMOVED_WORDS: Record<string, string> = {
  surrendered: 'removed: surrendered (HH-9)',
  rout: 'removed: routed (HH-14)',
  'retreat-blocked': 'removed: could not retreat (HH-12)',
  'break-blocked': 'removed: could not flee (HH-13)',
  'left-the-table': 'removed: left the table (HH-15)',
  'failed-rally': 'removed: failed its rally test (HH-13)',
  'stuck-reform-surrender': 'removed: surrendered, stuck a third time when giving ground (HH-11)',
};

/**
 * The words for each fact the service's rulesets keep about a unit (hand-to-hand's UnitState,
 * atomic-africa's Unit and its roster's contacts), by the fact's name.
 */
const FACT_WORDS: Readonly<Record<string, FactWords>> = {
  baseMorale: { say: (value) => `base morale ${String(value)}`, trait: true },
  move: { say: (value) => (inches(value) ? `move ${inches(value)}` : undefined), trait: true },
  movement: { say: (value) => (inches(value) ? `movement ${inches(value)}` : undefined), trait: true },
  firepower: { say: (value) => `firepower ${String(value)}`, trait: true },
  unitType: { say: (value) => wordsOf(String(value)), trait: true },
  removedBecause: {
    say: (value) => REMOVED_WORDS[String(value)] ?? `removed: ${wordsOf(String(value))}`,
    status: true,
  },
  disordered: { say: () => 'disordered' },
  broken: { say: () => 'broken' },
  cannotAttack: { say: restriction('attack') },
  cannotAdvance: { say: restriction('advance') },
  cannotFire: { say: restriction('fire') },
  cannotMove: { say: restriction('move') },
  // HH-11, HH-12: the bonus goes to any enemy attacking this unit in that turn.
  impactBonusAgainst: {
    say: (value) => {
      const turn = turnOf(value);
      if (turn === undefined || !isRecord(value) || typeof value.value !== 'number') return undefined;
      return `an enemy attacking it in turn ${turn} gets ${signed(value.value)} to impact (${ruleOf(value, 'HH-11')})`;
    },
  },
  // HH-17: the state keeps the turn the +1 applies in, its owner's next turn, not the turn it won in.
  victoriousInTurn: {
    say: (value) =>
      typeof value === 'number' ? `won its combat: +1 to impact in turn ${value} (HH-17)` : undefined,
  },
  // HH-11: a third time in a row it cannot give ground in one melee, it surrenders.
  stuckReformCount: {
    say: (value) =>
      typeof value === 'number' && value > 0
        ? `could not give ground ${value === 1 ? 'once' : `${times(value)} in a row`} (HH-11: a third time in a row, it surrenders)`
        : undefined,
  },
  contacts: {
    say: (value, nameOf) => {
      if (!Array.isArray(value)) return undefined;
      const each = value.filter(isRecord).map((contact) => {
        const enemy =
          typeof contact.unitId === 'string' ? (nameOf(contact.unitId) ?? contact.unitId) : 'an enemy';
        // HH-4: the aspect names which of this unit's own sides the enemy touches.
        const where = typeof contact.aspect === 'string' ? ` at its ${wordsOf(contact.aspect)}` : '';
        const since = typeof contact.sinceTurn === 'number' ? ` since turn ${contact.sinceTurn}` : '';
        return `${enemy}${where}${since}`;
      });
      return each.length === 0 ? undefined : `in contact with ${each.join(', and ')}`;
    },
  },
  inContactWith: {
    say: (value, nameOf) =>
      Array.isArray(value) && value.length > 0
        ? `in contact with ${value.map((id) => nameOf(String(id)) ?? wordsOf(String(id))).join(', ')}`
        : undefined,
  },
  inCloseCombat: { say: () => 'in close combat' },
};

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
    const known = Object.hasOwn(FACT_WORDS, fact.key) ? FACT_WORDS[fact.key] : undefined;
    const said = known
      ? isEmpty(value)
        ? undefined
        : known.say(value, nameOf)
      : phrase(label, value, nameOf);
    if (said === undefined) continue;
    // Why it has its status ("removed because rout") is said as its status.
    if (
      known?.status ||
      (status !== undefined && typeof value === 'string' && label.startsWith(`${status} `))
    )
      status = said;
    else ((known ? known.trait : isTrait(label, value)) ? traits : conditions).push(said);
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
