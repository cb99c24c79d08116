import type { Side } from './sides.js';

/** One unit of a match as the roster shows it: public facts only (no orders, AA-2). */
export interface RosterRow {
  unitId: string;
  name: string;
  side: Side;
  sideName: string;
  status: 'active' | 'removed';
  /** The ruleset's own facts about the unit (morale and move; type, movement, firepower …). */
  detail: Record<string, unknown>;
}

interface PublicUnit {
  unitId: string;
  name: string;
  side: Side;
  status?: string;
}

/**
 * The roster rows of a public (viewed with no side) state: every field of a unit but its id, name,
 * side and status is its detail, with whatever the ruleset adds from elsewhere in the state.
 */
export function rosterRows(
  view: {
    sides?: Record<Side, string>;
    match?: { sides: Record<Side, string> } | null;
    units?: Record<string, PublicUnit & Record<string, unknown>>;
  },
  moreDetail: (unitId: string) => Record<string, unknown> = () => ({}),
): RosterRow[] {
  const sides = view.sides ?? view.match?.sides ?? { A: 'side A', B: 'side B' };
  return Object.values(view.units ?? {}).map((unit) => {
    const { unitId, name, side, status, ...rest } = unit;
    return {
      unitId,
      name,
      side,
      sideName: sides[side],
      status: status === 'removed' ? 'removed' : 'active',
      detail: { ...rest, ...moreDetail(unitId) },
    };
  });
}

/**
 * What a match waits for, and from whom, in the one shape every ruleset shares (the play contract).
 * `command` is the command type that answers it; the ruleset's `routes` name the route that sends it,
 * so a client reads the step and posts there.
 */
export interface AwaitedInput {
  command: string;
  side: Side;
  unitId?: string;
  /** The rule that asks for it. */
  ruleId: string;
  /** The charge or close combat the step belongs to; absent when it belongs to none. */
  combat?: AwaitedCombat;
}

/**
 * The charge or close combat an awaited step belongs to, in one field for every ruleset, each kind named
 * the way its own commands and events name it, so that a client builds the awaited command from the
 * step alone. Why not a bare `chargeId`: only hand-to-hand gives its fights ids (the player's
 * `chargeId`, which RollImpact quotes). An atomic-africa close combat has no id: it is the pair of units
 * that began the turn in contact (AA-3), named [side A's unit, side B's unit] as in its state's
 * `closeCombats` and its CloseCombatEnded event; an id made up here would be one no command accepts.
 */
export type AwaitedCombat =
  { kind: 'charge'; chargeId: string } | { kind: 'close-combat'; unitIds: [string, string] };

/** Where a match stands, in the one shape every ruleset shares. */
export interface MatchProgress {
  /** C-4: the player turn (0 before the first). */
  turn: number;
  /** The side whose turn it is. */
  activeSide: Side;
  /** The ruleset's own name for where the turn stands (each ruleset documents its phases). */
  phase: string;
}

/**
 * The combat of an awaited step rebuilt field by field, for a view that lets nothing a ruleset adds ride
 * along (AA-2): only the kind and its name.
 */
export function awaitedCombatOf(combat: AwaitedCombat): AwaitedCombat {
  return combat.kind === 'charge'
    ? { kind: 'charge', chargeId: combat.chargeId }
    : { kind: 'close-combat', unitIds: [combat.unitIds[0], combat.unitIds[1]] };
}
