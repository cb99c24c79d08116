import { assertNever, opponentOf, violation } from '../common/index.js';
import { requireAwaited } from './awaiting.js';
import type { ReportGiveGround } from './commands.js';
import type { GroundGiven, HandToHandEvent, RestrictionEntry } from './events.js';
import { requireBoolean, requireText } from './input.js';
import {
  nameOf,
  nextTurnOf,
  requireActiveUnit,
  type AwaitedStep,
  type MatchState,
  type UnitState,
} from './state.js';
import type { ImpactBonus } from './vocabulary.js';

type GiveGroundStep = Extract<AwaitedStep, { step: 'give-ground-report' }>;

/** Two failures in one turn both leave a bonus for the same enemy turn: the larger one stands. */
function strongerBonus(existing: ImpactBonus | null, fresh: ImpactBonus): ImpactBonus {
  return existing !== null && existing.inTurn === fresh.inTurn && existing.value > fresh.value
    ? existing
    : fresh;
}

interface Context {
  state: MatchState;
  unit: UnitState;
  step: GiveGroundStep;
  /** C-4: the unit owner's next player turn ("its next phase"). */
  ownerNext: number;
  /** HH-11 / HH-12: "that enemy side's next turn". */
  enemyNext: number;
  given: GroundGiven['data'];
}

function groundGiven(ctx: Context, change: Partial<GroundGiven['data']>): GroundGiven {
  return { type: 'GroundGiven', data: { ...ctx.given, ...change } };
}

function restriction(
  restriction: RestrictionEntry['restriction'],
  inTurn: number,
  ruleId: string,
): RestrictionEntry {
  return { restriction, inTurn, ruleId };
}

/** HH-11 (margin 1–4): half a move directly away. */
function reform(ctx: Context, couldMove: boolean): HandToHandEvent[] {
  const { state, unit, step, ownerNext, enemyNext } = ctx;
  if (!couldMove) {
    if (step.cause === 'shooting') {
      return [
        groundGiven(ctx, { disordered: true, restrictions: [restriction('fire', ownerNext, 'HH-11')] }),
      ];
    }
    // Melee: the process repeats with the attacker at +1, and the third stuck reform in a row surrenders.
    if (step.chargeId === null) throw new Error(`melee give-ground of unit ${unit.unitId} without a charge`);
    const count = unit.stuckReformCount + 1;
    const surrenders = count >= state.parameters.stuckReformSurrenderCount;
    const events: HandToHandEvent[] = [
      groundGiven(ctx, { disordered: true }),
      { type: 'ReformStuck', data: { unitId: unit.unitId, chargeId: step.chargeId, count, surrenders } },
    ];
    if (surrenders) {
      events.push({
        type: 'UnitRemoved',
        data: { unitId: unit.unitId, reason: 'stuck-reform-surrender', ruleId: 'HH-11' },
      });
    }
    return events;
  }
  if (step.cause === 'shooting') {
    // It may still return fire.
    return [
      groundGiven(ctx, { disordered: false, restrictions: [restriction('advance', ownerNext, 'HH-11')] }),
    ];
  }
  return [
    groundGiven(ctx, {
      disordered: false,
      restrictions: [restriction('attack', ownerNext, 'HH-11')],
      impactBonusAgainst: strongerBonus(unit.impactBonusAgainst, {
        value: state.parameters.modifiers.reformBonus,
        inTurn: enemyNext,
        ruleId: 'HH-11',
      }),
    }),
  ];
}

/** HH-12 (margin 5–7): a full move back, in disorder. */
function retreat(ctx: Context, couldMove: boolean): HandToHandEvent[] {
  const { state, unit, step, ownerNext, enemyNext } = ctx;
  if (!couldMove) {
    return [
      groundGiven(ctx, {}),
      { type: 'UnitRemoved', data: { unitId: unit.unitId, reason: 'retreat-blocked', ruleId: 'HH-12' } },
    ];
  }
  if (step.cause === 'shooting') {
    return [
      groundGiven(ctx, {
        disordered: true,
        restrictions: [restriction('advance', ownerNext, 'HH-12'), restriction('fire', ownerNext, 'HH-12')],
      }),
    ];
  }
  return [
    groundGiven(ctx, {
      disordered: true,
      restrictions: [restriction('attack', ownerNext, 'HH-12')],
      impactBonusAgainst: strongerBonus(unit.impactBonusAgainst, {
        value: state.parameters.modifiers.retreatBonus,
        inTurn: enemyNext,
        ruleId: 'HH-12',
      }),
    }),
  ];
}

/**
 * HH-13 (margin 8–9): flee twice the move, in disorder. Shooting or melee alike: in its next phase it
 * does not move and takes the rally test (put on the waiting list when that turn starts).
 */
function flee(ctx: Context, couldMove: boolean): HandToHandEvent[] {
  const { unit, ownerNext } = ctx;
  if (!couldMove) {
    return [
      groundGiven(ctx, {}),
      { type: 'UnitRemoved', data: { unitId: unit.unitId, reason: 'break-blocked', ruleId: 'HH-13' } },
    ];
  }
  return [
    groundGiven(ctx, {
      disordered: true,
      broken: true,
      restrictions: [restriction('move', ownerNext, 'HH-13')],
    }),
  ];
}

export function decideReportGiveGround(state: MatchState, command: ReportGiveGround): HandToHandEvent[] {
  const unitId = requireText(command.unitId, 'unitId');
  const couldMove = requireBoolean(command.couldMove, 'couldMove');
  const leftTable = requireBoolean(command.leftTable, 'leftTable');
  if (leftTable && !couldMove) {
    violation('HH-15', 'leftTable: a unit that could not move cannot have left the table', 'invalid');
  }
  const step = requireAwaited(state, 'give-ground-report', (awaited) => awaited.unitId === unitId, {
    ruleId: 'HH-11',
    message: `${nameOf(state, unitId)} has no ground to give`,
  });
  const unit = requireActiveUnit(state, unitId);
  const ctx: Context = {
    state,
    unit,
    step,
    ownerNext: nextTurnOf(state, unit.side),
    enemyNext: nextTurnOf(state, opponentOf(unit.side)),
    given: {
      unitId,
      chargeId: step.chargeId,
      cause: step.cause,
      outcome: step.outcome,
      couldMove,
      leftTable,
      // Moving breaks contact.
      brokeContactWith: couldMove ? unit.contacts.map((contact) => contact.unitId) : [],
      disordered: unit.disordered,
      broken: unit.broken,
      restrictions: [],
      impactBonusAgainst: null,
    },
  };
  if (leftTable) {
    // HH-15: a forced withdrawal off the table loses the unit, whatever the degree of failure.
    return [
      groundGiven(ctx, {}),
      { type: 'UnitRemoved', data: { unitId, reason: 'left-the-table', ruleId: 'HH-15' } },
    ];
  }
  switch (step.outcome) {
    case 'reform':
      return reform(ctx, couldMove);
    case 'retreat':
      return retreat(ctx, couldMove);
    case 'break':
      return flee(ctx, couldMove);
    default:
      return assertNever(step.outcome, 'give-ground outcome');
  }
}
