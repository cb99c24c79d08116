/**
 * What the page shows, read from the API's answers for any ruleset: no code here knows one ruleset's
 * state. A ruleset's state is a record with `units` (by id), `turn`, `activeSide` and `awaiting`; the
 * roster names the facts it keeps about each unit. Newer services also answer turn, active side, phase
 * and awaiting at the top of GET /matches/:id; older ones only inside `state`; both are read.
 */
import { isRecord } from '../../src/rules/common/is-record.js';
import type { TimeCalled } from './time-called.js';

export type Record_ = Record<string, unknown>;

export interface MatchAnswer {
  matchId: string;
  revision: number;
  ruleset?: { id: string; version: string; hash?: string };
  turn?: number;
  activeSide?: string;
  phase?: string;
  ended?: boolean;
  result?: unknown;
  awaiting?: Record_[];
  pending?: Pending;
  /** C-7: only once time was called on the match's round. */
  timeCalled?: TimeCalled;
  /** Where a tournament plays the match (GET /matches/:id only). */
  tournament?: MatchPlace;
  state: unknown;
  /** Each unit of `state` in words, by its id, as its ruleset says it. */
  unitWords?: Record<string, UnitWords>;
}

/** Where a tournament plays a match: its name, round and table, and who plays each side. */
export interface MatchPlace {
  tournamentId: string;
  name: string;
  round: number;
  table: number;
  players: { A: string; B: string } | null;
}

/** C-5: the open disputes and undo requests of a match. */
export interface Pending {
  disputes?: { disputeId: string; revision: number; claim: string; side: string }[];
  undoRequests?: { requestId: string; toRevision: number; reason: string; side: string }[];
}

export interface StateAtAnswer {
  at: number;
  revision: number;
  state: unknown;
  unitWords?: Record<string, UnitWords>;
}

export interface RosterUnit {
  unitId: string;
  name: string;
  side: string;
  sideName?: string;
  status: string;
  detail?: Record_;
  /** The unit in words, as its ruleset says it. */
  words?: UnitWords;
}

/** A unit in a player's words, as its ruleset says it (the play contract's `unitWords`, a roster row's `words`). */
export interface UnitWords {
  /** Said only when it is not the usual "active". */
  status?: string;
  /** What the unit is. */
  traits: string[];
  /** What holds for it now. */
  conditions: string[];
}

export interface RosterAnswer {
  revision: number;
  units: RosterUnit[];
}

export interface LogEntry {
  revision: number;
  turn: number;
  type: string;
  sentence: string;
  ruleIds: string[];
  at: string;
  actor: { role: string; side?: string };
  reverted: boolean;
  /** AA-2: only on a line that holds what this viewer alone may see: the line as every other reader has it. */
  publicSentence?: string;
}

export interface LogAnswer {
  revision: number;
  entries: LogEntry[];
}

export interface EventsPage {
  revision: number;
  events: { revision: number; type: string }[];
  next: number | null;
}

export interface Side {
  id: string;
  name: string;
}

export interface Fact {
  key: string;
  label: string;
  text: string;
  /** How to show it: a set flag stands out, an empty one fades. */
  tone: 'set' | 'unset' | 'plain';
  /** The value as the state holds it, for a page that says it in its own words. */
  value?: unknown;
}

export interface UnitRow {
  unitId: string;
  name: string;
  side: string;
  status: string;
  facts: Fact[];
}

export interface AwaitedStep {
  step: string;
  side?: string;
  unitId?: string;
  ruleId?: string;
  route?: string;
  command?: string;
  /** The step in the ruleset's words, when the answer gives its command template ("Take the melee morale test of …"). */
  label?: string;
  /** The charge or close combat the step belongs to. */
  combat?: AwaitedCombat;
  /** Whatever else the ruleset says about the step (a cause, an outcome). */
  extra: Fact[];
}

/** A charge by its id (hand-to-hand), a close combat by its pair of units (atomic-africa). */
export type AwaitedCombat =
  { kind: 'charge'; chargeId: string } | { kind: 'close-combat'; unitIds: string[] };

export interface Standing {
  turn?: number;
  activeSide?: string;
  phase?: string;
  ended: boolean;
  result?: unknown;
  awaiting: AwaitedStep[];
  /** C-7: once time was called on the match's round. */
  timeCalled?: TimeCalled;
}

const field = (record: unknown, key: string): unknown => (isRecord(record) ? record[key] : undefined);

/**
 * Turn, active side, phase and what is awaited: from the top of the answer when the service gives
 * them there (it knows best, e.g. a spectator's delay), else from the ruleset's state.
 */
export function standingOf(state: unknown, top?: MatchAnswer): Standing {
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const awaiting = top?.awaiting ?? awaitingIn(state);
  const result = top?.result ?? field(state, 'result') ?? undefined;
  return {
    turn: number(top?.turn) ?? number(field(state, 'turn')),
    activeSide: text(top?.activeSide) ?? text(field(state, 'activeSide')),
    phase: text(top?.phase) ?? text(field(state, 'phase')),
    ended: top?.ended ?? (field(state, 'ended') === true || (result !== undefined && result !== null)),
    result: result ?? undefined,
    awaiting: Array.isArray(awaiting) ? awaiting.filter(isRecord).map(awaitedStep) : [],
    ...(top?.timeCalled ? { timeCalled: top.timeCalled } : {}),
  };
}

/**
 * Older services keep a ruleset's awaited steps in its state: at its top (hand-to-hand) or in the
 * record of what is under way (atomic-africa's activation). Looked for there, by name, not by ruleset.
 */
function awaitingIn(state: unknown): unknown {
  const own = field(state, 'awaiting');
  if (own !== undefined || !isRecord(state)) return own;
  for (const value of Object.values(state)) {
    const inner = field(value, 'awaiting');
    if (Array.isArray(inner)) return inner;
  }
  return undefined;
}

/** What an awaited step says of itself; the rest of a command template (its body, choices, dice) is for a form. */
const AWAITED_KEYS = new Set([
  'step',
  'side',
  'unitId',
  'ruleId',
  'route',
  'command',
  'combat',
  'action',
  'label',
  'method',
  'body',
  'choices',
  'dice',
]);

/**
 * The step's `combat`; a step kept in an older hand-to-hand state has only its `chargeId` (null when it
 * belongs to no charge).
 */
function combatOf(record: Record_): AwaitedCombat | undefined {
  const combat = record.combat;
  if (isRecord(combat)) {
    if (combat.kind === 'charge' && typeof combat.chargeId === 'string') {
      return { kind: 'charge', chargeId: combat.chargeId };
    }
    const unitIds = combat.unitIds;
    if (
      combat.kind === 'close-combat' &&
      Array.isArray(unitIds) &&
      unitIds.every((id) => typeof id === 'string')
    ) {
      return { kind: 'close-combat', unitIds: unitIds as string[] };
    }
  }
  return typeof record.chargeId === 'string' ? { kind: 'charge', chargeId: record.chargeId } : undefined;
}

function awaitedStep(record: Record_): AwaitedStep {
  const text = (key: string) => (typeof record[key] === 'string' ? (record[key] as string) : undefined);
  return {
    step: text('step') ?? 'a step',
    side: text('side'),
    unitId: text('unitId'),
    ruleId: text('ruleId'),
    route: text('route'),
    command: text('command'),
    label: text('label'),
    combat: combatOf(record),
    extra: Object.entries(record)
      .filter(([key, value]) => !AWAITED_KEYS.has(key) && !key.endsWith('Id') && value !== null)
      .map(([key, value]) => fact(key, value, () => undefined)),
  };
}

/** The two sides and their names: from the state (either ruleset's place for them), else the roster. */
export function sidesOf(state: unknown, roster: RosterUnit[]): Side[] {
  const named = field(state, 'sides') ?? field(field(state, 'match'), 'sides');
  const names: Record<string, string> = {};
  if (isRecord(named)) for (const [id, name] of Object.entries(named)) names[id] = String(name);
  for (const unit of roster) if (unit.sideName && !names[unit.side]) names[unit.side] = unit.sideName;
  const ids = Object.keys(names).length > 0 ? Object.keys(names) : ['A', 'B'];
  return ids.sort().map((id) => ({ id, name: names[id] ?? `Side ${id}` }));
}

const IDENTITY = new Set(['unitId', 'name', 'side', 'sideName', 'status']);

/**
 * Each unit as it stood in `state`, with the facts the roster names for it (the roster says which of
 * the ruleset's fields are a unit's facts); a unit missing from the roster shows every field it has.
 * A unit not yet registered at that point of the match is not there at all.
 */
export function unitRows(state: unknown, roster: RosterUnit[]): UnitRow[] {
  const units = field(state, 'units');
  if (!isRecord(units)) return [];
  const names = new Map<string, string>();
  for (const [id, unit] of Object.entries(units)) names.set(id, String(field(unit, 'name') ?? id));
  const nameOf = (id: string) => names.get(id);
  const rosterById = new Map(roster.map((unit) => [unit.unitId, unit]));
  return Object.entries(units)
    .filter((entry): entry is [string, Record_] => isRecord(entry[1]))
    .map(([unitId, unit]) => {
      const known = rosterById.get(unitId)?.detail;
      const keys = known ? Object.keys(known) : Object.keys(unit).filter((key) => !IDENTITY.has(key));
      return {
        unitId,
        name: nameOf(unitId) ?? unitId,
        side: String(unit.side ?? rosterById.get(unitId)?.side ?? '?'),
        status: String(unit.status ?? rosterById.get(unitId)?.status ?? 'active'),
        facts: keys.filter((key) => key in unit).map((key) => fact(key, unit[key], nameOf)),
      };
    });
}

/** "baseMorale" → "base morale", "sinceTurn" → "since turn". */
export function labelOf(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]/g, ' ')
    .toLowerCase();
}

function fact(key: string, value: unknown, nameOf: (id: string) => string | undefined): Fact {
  if (typeof value === 'boolean')
    return { key, label: labelOf(key), text: value ? 'yes' : 'no', tone: value ? 'set' : 'unset', value };
  const text = describeValue(value, nameOf);
  return { key, label: labelOf(key), text, tone: text === '—' ? 'unset' : 'plain', value };
}

/** Any value of a ruleset's state in words: unit ids by their names, records as "key value" pairs. */
export function describeValue(value: unknown, nameOf: (id: string) => string | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return nameOf(value) ?? value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    return value.map((item) => describeValue(item, nameOf)).join('; ');
  }
  if (isRecord(value)) {
    const parts = Object.entries(value)
      .filter(([, inner]) => inner !== null && inner !== undefined)
      .map(([key, inner]) =>
        key === 'unitId' ? describeValue(inner, nameOf) : `${labelOf(key)} ${describeValue(inner, nameOf)}`,
      );
    return parts.length > 0 ? parts.join(', ') : '—';
  }
  return String(value);
}
