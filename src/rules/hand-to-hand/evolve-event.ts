import { assertNever } from '../common/index.js';
import { editionOf } from './edition.js';
import type { HandToHandEvent, RestrictionEntry } from './events.js';
import type { AwaitedStep, ChargeState, HandToHandState, MatchState, UnitState } from './state.js';
import type { TurnRestriction } from './vocabulary.js';

/**
 * Applies one recorded event. Evolve never refuses: the event already happened. It only throws on a
 * stream that could not have been produced by decide (a programming or storage error), never a
 * RuleViolation. Every update is a copy: states are plain JSON values, shared with nobody.
 */

function requireCreated(state: HandToHandState, type: string): MatchState {
  if (!state.created) throw new Error(`event ${type} before MatchCreated`);
  return state;
}

function unitOf(state: MatchState, unitId: string): UnitState {
  return unitIn(state.units, unitId);
}

function unitIn(units: MatchState['units'], unitId: string): UnitState {
  const unit = Object.prototype.hasOwnProperty.call(units, unitId) ? units[unitId] : undefined;
  if (unit === undefined) throw new Error(`event names unknown unit ${unitId}`);
  return unit;
}

function updateUnit(state: MatchState, unitId: string, change: (unit: UnitState) => UnitState): MatchState {
  return { ...state, units: { ...state.units, [unitId]: change(unitOf(state, unitId)) } };
}

/**
 * The units one event changes, changed in a single copy of the units map: a unit that moves changes
 * with every unit in contact with it, and a copy of the whole map for each of them was the largest part
 * of folding such an event. The copy belongs to the event until the state that holds it is returned;
 * the map of the state given is never written.
 */
class UnitsEdit {
  private copy: MatchState['units'] | null = null;

  constructor(private readonly units: MatchState['units']) {}

  /** The unit as the event has left it so far. */
  unit(unitId: string): UnitState {
    return unitIn(this.copy ?? this.units, unitId);
  }

  update(unitId: string, change: (unit: UnitState) => UnitState): void {
    const next = change(this.unit(unitId));
    this.copy ??= { ...this.units };
    // defineProperty, not assignment: a unit called __proto__ stays a plain own entry.
    Object.defineProperty(this.copy, unitId, {
      value: next,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }

  /** Moving (or leaving play) breaks contact on both sides. */
  breakContacts(unitId: string): void {
    const touching = this.unit(unitId).contacts;
    this.update(unitId, (unit) => ({ ...unit, contacts: [] }));
    for (const { unitId: otherId } of touching) {
      this.update(otherId, (other) => ({
        ...other,
        contacts: other.contacts.filter((contact) => contact.unitId !== unitId),
      }));
    }
  }

  /** The state with the units as the event left them. */
  into(state: MatchState): MatchState {
    return this.copy === null ? state : { ...state, units: this.copy };
  }
}

function withoutStep(state: MatchState, drop: (step: AwaitedStep) => boolean): MatchState {
  return { ...state, awaiting: state.awaiting.filter((step) => !drop(step)) };
}

function withStep(state: MatchState, step: AwaitedStep): MatchState {
  return { ...state, awaiting: [...state.awaiting, step] };
}

const RESTRICTION_FIELDS = {
  attack: 'cannotAttack',
  advance: 'cannotAdvance',
  fire: 'cannotFire',
  move: 'cannotMove',
} as const;

function restrict(unit: UnitState, restrictions: readonly RestrictionEntry[]): UnitState {
  return restrictions.reduce<UnitState>(
    (next, { restriction, inTurn, ruleId }) => ({
      ...next,
      [RESTRICTION_FIELDS[restriction]]: { inTurn, ruleId },
    }),
    unit,
  );
}

/** C-4: a restriction or bonus for an earlier player turn no longer means anything. */
function expire<T extends { inTurn: number }>(value: T | null, turn: number): T | null {
  return value !== null && value.inTurn < turn ? null : value;
}

/** True when a flag of the unit belongs to an earlier player turn (C-4). */
function hasExpiringFlag(unit: UnitState, turn: number): boolean {
  return (
    (unit.cannotAttack !== null && unit.cannotAttack.inTurn < turn) ||
    (unit.cannotAdvance !== null && unit.cannotAdvance.inTurn < turn) ||
    (unit.cannotFire !== null && unit.cannotFire.inTurn < turn) ||
    (unit.cannotMove !== null && unit.cannotMove.inTurn < turn) ||
    (unit.impactBonusAgainst !== null && unit.impactBonusAgainst.inTurn < turn) ||
    (unit.victoriousInTurn !== null && unit.victoriousInTurn < turn)
  );
}

function expireFlags(unit: UnitState, turn: number): UnitState {
  return {
    ...unit,
    cannotAttack: expire<TurnRestriction>(unit.cannotAttack, turn),
    cannotAdvance: expire<TurnRestriction>(unit.cannotAdvance, turn),
    cannotFire: expire<TurnRestriction>(unit.cannotFire, turn),
    cannotMove: expire<TurnRestriction>(unit.cannotMove, turn),
    impactBonusAgainst: expire(unit.impactBonusAgainst, turn),
    victoriousInTurn:
      unit.victoriousInTurn !== null && unit.victoriousInTurn < turn ? null : unit.victoriousInTurn,
  };
}

/**
 * C-4 at a turn's end. Most units carry no flag from an earlier turn: those are kept as they are (states
 * are immutable values), and the units map is copied only when some unit changes, so a turn's end costs
 * a look at each unit rather than a copy of every one.
 */
function expireUnits(units: MatchState['units'], turn: number): MatchState['units'] {
  let copy: MatchState['units'] | null = null;
  for (const unitId in units) {
    if (!Object.prototype.hasOwnProperty.call(units, unitId)) continue;
    const unit = units[unitId]!;
    if (!hasExpiringFlag(unit, turn)) continue;
    copy ??= { ...units };
    // defineProperty, not assignment: a unit called __proto__ stays a plain own entry.
    Object.defineProperty(copy, unitId, {
      value: expireFlags(unit, turn),
      writable: true,
      enumerable: true,
      configurable: true,
    });
  }
  return copy ?? units;
}

/**
 * One event's own effect on the state. From 2.0.0 the awaited impact of the next declared attack is
 * then set by evolve() (evolve.ts), which wraps this.
 */
export function evolveEvent(state: HandToHandState, event: HandToHandEvent): HandToHandState {
  if (event.type === 'MatchCreated') {
    if (state.created) throw new Error(`MatchCreated for a match that exists (${state.matchId})`);
    const { matchId, sides, diceMode, diceCommitment, parameters, ruleset, turn, activeSide } = event.data;
    return {
      created: true,
      matchId,
      ruleset: { ...ruleset },
      parameters: structuredClone(parameters),
      sides: { ...sides },
      diceMode,
      diceCommitment,
      turn,
      activeSide,
      units: {},
      charges: [],
      awaiting: [],
    };
  }

  const match = requireCreated(state, event.type);
  switch (event.type) {
    case 'UnitRegistered': {
      const { unitId, name, side, morale, move } = event.data;
      const unit: UnitState = {
        unitId,
        name,
        side,
        baseMorale: morale,
        move,
        status: 'active',
        removedBecause: null,
        disordered: false,
        broken: false,
        cannotAttack: null,
        cannotAdvance: null,
        cannotFire: null,
        cannotMove: null,
        impactBonusAgainst: null,
        victoriousInTurn: null,
        stuckReformCount: 0,
        contacts: [],
      };
      return { ...match, units: { ...match.units, [unitId]: unit } };
    }

    case 'ChargeDeclared': {
      const { chargeId, attackerId, defenderId, aspect, slope, kind, turn } = event.data;
      const declared: ChargeState = {
        chargeId,
        attackerId,
        defenderId,
        aspect,
        slope,
        kind,
        status: 'declared',
        lastImpact: null,
      };
      // HH-17: the victory the attack is made with belongs to the attack, so that the attacker's next
      // victory (won by this very attack) cannot take it from a repeated impact.
      if (editionOf(match).repeatedImpactCountsVictorious) {
        declared.victorious = unitOf(match, attackerId).victoriousInTurn === turn;
      }
      return { ...match, charges: [...match.charges, declared] };
    }

    case 'WillpowerTested':
      // The roll is on record; the outcome shows in ChargeFaltered or ContactMade.
      return match;

    case 'ChargeFaltered':
      return {
        ...match,
        charges: match.charges.map((c) =>
          c.chargeId === event.data.chargeId ? { ...c, status: 'faltered' } : c,
        ),
      };

    case 'ContactMade': {
      const { chargeId, attackerId, defenderId, aspect, turn } = event.data;
      let next: MatchState = {
        ...match,
        charges: match.charges.map((c) => (c.chargeId === chargeId ? { ...c, status: 'contact' } : c)),
      };
      // The attacker strikes with its front; the defender is touched on the declared aspect.
      const units = new UnitsEdit(next.units);
      units.update(attackerId, (unit) => ({
        ...unit,
        contacts: [
          ...unit.contacts.filter((c) => c.unitId !== defenderId),
          { unitId: defenderId, aspect: 'front', sinceTurn: turn },
        ],
      }));
      units.update(defenderId, (unit) => ({
        ...unit,
        contacts: [
          ...unit.contacts.filter((c) => c.unitId !== attackerId),
          { unitId: attackerId, aspect, sinceTurn: turn },
        ],
      }));
      next = units.into(next);
      // from 2.0.0 the declared order is the queue; evolve() awaits the impact of its head.
      if (editionOf(match).declareBeforeResolve) return next;
      const attacker = unitOf(next, attackerId);
      return withStep(next, {
        step: 'impact-roll',
        unitId: attackerId,
        chargeId,
        side: attacker.side,
        ruleId: 'HH-7',
      });
    }

    case 'DefenderSurrendered':
      // The removal itself is the UnitRemoved that follows.
      return match;

    case 'AttackEndedWithoutImpact':
      return withoutStep(
        {
          ...match,
          charges: match.charges.map((c) =>
            c.chargeId === event.data.chargeId ? { ...c, status: 'ended' } : c,
          ),
        },
        (step) => step.chargeId === event.data.chargeId,
      );

    case 'ImpactRolled': {
      const { chargeId, defenderId, impact } = event.data;
      // from 2.0.0 an attack's first impact takes it off the queue (and closes the declarations).
      const struck = editionOf(match).declareBeforeResolve;
      const next = withoutStep(
        {
          ...match,
          charges: match.charges.map((c) =>
            c.chargeId === chargeId
              ? { ...c, lastImpact: impact, ...(struck ? { status: 'struck' as const } : {}) }
              : c,
          ),
        },
        (step) => step.step === 'impact-roll' && step.chargeId === chargeId,
      );
      const defender = unitOf(next, defenderId);
      return withStep(next, {
        step: 'morale-test',
        unitId: defenderId,
        chargeId,
        side: defender.side,
        ruleId: 'HH-8',
      });
    }

    case 'MoraleTested': {
      const { unitId, chargeId, cause, passed, outcome } = event.data;
      let next = withoutStep(
        match,
        (step) =>
          step.unitId === unitId &&
          ((cause === 'melee' && step.step === 'morale-test') ||
            (cause === 'rally' && step.step === 'rally-test')),
      );
      // a pass ends the run of stuck reforms.
      if (passed && cause === 'melee')
        next = updateUnit(next, unitId, (unit) => ({ ...unit, stuckReformCount: 0 }));
      if (cause !== 'rally' && (outcome === 'reform' || outcome === 'retreat' || outcome === 'break')) {
        const unit = unitOf(next, unitId);
        next = withStep(next, {
          step: 'give-ground-report',
          unitId,
          chargeId,
          side: unit.side,
          ruleId: outcome === 'reform' ? 'HH-11' : outcome === 'retreat' ? 'HH-12' : 'HH-13',
          cause,
          outcome,
        });
      }
      return next;
    }

    case 'AttackerVictorious':
      return updateUnit(match, event.data.unitId, (unit) => ({
        ...unit,
        victoriousInTurn: event.data.inTurn,
      }));

    case 'GroundGiven': {
      const { unitId, couldMove, disordered, broken, restrictions, impactBonusAgainst } = event.data;
      const next = withoutStep(match, (step) => step.step === 'give-ground-report' && step.unitId === unitId);
      const units = new UnitsEdit(next.units);
      if (couldMove) {
        units.breakContacts(unitId);
        // moving ends the run of stuck reforms.
        units.update(unitId, (unit) => ({ ...unit, stuckReformCount: 0 }));
      }
      units.update(unitId, (unit) => ({
        ...restrict(unit, restrictions),
        disordered,
        broken,
        impactBonusAgainst: impactBonusAgainst ?? unit.impactBonusAgainst,
      }));
      return units.into(next);
    }

    case 'ReformStuck': {
      const { unitId, chargeId, count, surrenders } = event.data;
      const next = updateUnit(match, unitId, (unit) => ({ ...unit, stuckReformCount: count }));
      if (surrenders) return next;
      // HH-11: the process repeats, starting again with the attacker's impact.
      const charge = next.charges.find((c) => c.chargeId === chargeId);
      if (charge === undefined) throw new Error(`ReformStuck names charge ${chargeId}, not in this phase`);
      const attacker = unitOf(next, charge.attackerId);
      return withStep(next, {
        step: 'impact-roll',
        unitId: attacker.unitId,
        chargeId,
        side: attacker.side,
        ruleId: 'HH-7',
      });
    }

    case 'UnitRallied':
      return updateUnit(match, event.data.unitId, (unit) => ({
        ...restrict(unit, event.data.restrictions),
        broken: false,
        disordered: false,
      }));

    case 'UnitWithdrew': {
      const units = new UnitsEdit(match.units);
      units.breakContacts(event.data.unitId);
      units.update(event.data.unitId, (unit) => ({
        ...restrict(unit, event.data.restrictions ?? []),
        stuckReformCount: 0,
      }));
      return units.into(match);
    }

    case 'UnitRemoved': {
      const { unitId, reason } = event.data;
      const involved = match.charges
        .filter((c) => c.attackerId === unitId || c.defenderId === unitId)
        .map((c) => c.chargeId);
      const next = withoutStep(
        match,
        (step) => step.unitId === unitId || (step.chargeId !== null && involved.includes(step.chargeId)),
      );
      const units = new UnitsEdit(next.units);
      units.breakContacts(unitId);
      units.update(unitId, (unit) => ({ ...unit, status: 'removed', removedBecause: reason }));
      return units.into(next);
    }

    case 'TurnEnded': {
      const { turn, activeSide } = event.data;
      return { ...match, turn, activeSide, units: expireUnits(match.units, turn), charges: [] };
    }

    case 'RallyTestRequired': {
      const { unitId, side } = event.data;
      return withStep(match, { step: 'rally-test', unitId, chargeId: null, side, ruleId: 'HH-13' });
    }

    default:
      return assertNever(event, 'event');
  }
}
