import { assertNever } from '../common/decider.js';
import { editionFor, editionOf } from './edition.js';
import { turnBegun, type AtomicAfricaEvent } from './events.js';
import type { Activation, AtomicAfricaState, Combatant } from './state.js';
import { entry } from './state.js';

function freshCombatant(unitId: string, state: AtomicAfricaState): Combatant {
  const unit = entry(state.units, unitId);
  if (!unit) throw new Error(`unknown unit ${unitId}`);
  return {
    unitId,
    side: unit.side,
    intent: null,
    flee: null,
    brokeOff: false,
    rangeInches: null,
    attack: null,
  };
}

/** Applies `change` to the combatant `unitId` of the activation (immutably). */
function updateCombatant(
  state: AtomicAfricaState,
  unitId: string,
  change: (c: Combatant) => Combatant,
): AtomicAfricaState {
  const activation = state.activation;
  if (!activation) throw new Error('no activation to update');
  const next: Activation =
    activation.activating.unitId === unitId
      ? { ...activation, activating: change(activation.activating) }
      : { ...activation, reacting: change(activation.reacting) };
  return { ...state, activation: next };
}

function involves(pair: readonly [string, string], unitId: string): boolean {
  return pair[0] === unitId || pair[1] === unitId;
}

function samePair(a: readonly [string, string], b: readonly [string, string]): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

/** Pure fold step. Trusts the event: decide() checked everything before it was recorded (C-3). */
export function evolve(state: AtomicAfricaState, event: AtomicAfricaEvent): AtomicAfricaState {
  switch (event.type) {
    case 'MatchCreated': {
      const { matchId, sides, diceMode, diceCommitment, parameters, ruleset, turn, activeSide } = event.data;
      return {
        ...state,
        match: { matchId, sides, diceMode, diceCommitment, parameters, ruleset },
        turn,
        activeSide,
        ...(editionFor(ruleset.version).rangedAttackIsActivation ? { activated: [] } : {}),
      };
    }
    case 'UnitRegistered':
      return { ...state, units: { ...state.units, [event.data.unitId]: { ...event.data } } };
    case 'ContactReported':
      return { ...state, contacts: [...state.contacts, event.data.unitIds] };
    case 'OrderSealed': {
      const { unitId, side, turn, sealedAs, card, commitment, escrow } = event.data;
      return {
        ...state,
        orders: {
          ...state.orders,
          [unitId]: {
            unitId,
            side,
            turn,
            sealedAs,
            card,
            commitment,
            ...(escrow === undefined ? {} : { escrow }),
            revealed: false,
            salt: null,
            specialAction: null,
          },
        },
      };
    }
    case 'IntentDeclared': {
      const { unitId, intent, role, opponentId, turn } = event.data;
      if (role === 'activating') {
        const activating = { ...freshCombatant(unitId, state), intent };
        const activation: Activation = {
          turn,
          activating,
          reacting: freshCombatant(opponentId, state),
          pursuit: null,
        };
        // version 2 remembers who activated, so that nobody activates twice in a turn.
        if (state.activated) {
          return {
            ...state,
            activation: { ...activation, pursuits: [] },
            activated: [...state.activated, unitId],
          };
        }
        return { ...state, activation };
      }
      return updateCombatant(state, unitId, (c) => ({ ...c, intent }));
    }
    case 'OrderRevealed': {
      const { unitId, card, salt, specialAction } = event.data;
      const order = entry(state.orders, unitId);
      if (!order) throw new Error(`no sealed order for ${unitId}`);
      return {
        ...state,
        orders: { ...state.orders, [unitId]: { ...order, card, salt, specialAction, revealed: true } },
      };
    }
    case 'OrderClashed': {
      // shown like any reveal, but the unit holds no card for the rest of the turn.
      const { unitId, card, salt, clashesWith } = event.data;
      const order = entry(state.orders, unitId);
      if (!order) throw new Error(`no sealed order for ${unitId}`);
      return {
        ...state,
        orders: {
          ...state.orders,
          [unitId]: { ...order, card, salt, specialAction: null, revealed: true, clashedWith: clashesWith },
        },
      };
    }
    case 'FleeJudged':
      return updateCombatant(state, event.data.unitId, (c) => ({ ...c, flee: event.data.verdict }));
    case 'PursuitDecided': {
      if (!state.activation) throw new Error('no activation for a pursuit');
      const decisions = state.activation.pursuits;
      if (decisions) {
        const { unitId: pursuerId, fleeingId, outcome } = event.data;
        return {
          ...state,
          activation: { ...state.activation, pursuits: [...decisions, { pursuerId, fleeingId, outcome }] },
        };
      }
      return {
        ...state,
        activation: {
          ...state.activation,
          pursuit: { unitId: event.data.unitId, outcome: event.data.outcome },
        },
      };
    }
    case 'BreakOffReported':
      return updateCombatant(state, event.data.unitId, (c) => ({
        ...c,
        brokeOff: true,
        rangeInches: event.data.rangeInches,
      }));
    case 'CloseCombatAttackRolled':
      return updateCombatant(state, event.data.attackerId, (c) => ({ ...c, attack: 'rolled' }));
    case 'CloseCombatAttackForgone':
      return updateCombatant(state, event.data.attackerId, (c) => ({ ...c, attack: 'forgone' }));
    case 'CloseCombatEnded': {
      if (event.data.fled) return closeCombatEndedV2(state, event.data);
      const { unitIds, escaped } = event.data;
      const gone = (pair: readonly [string, string]) => escaped.some((unitId) => involves(pair, unitId));
      return {
        ...state,
        activation: null,
        // AA-8, AA-9: a unit that broke off and escaped has left every base contact, and any close
        // combat it was still due to fight this turn.
        contacts: state.contacts.filter((pair) => !gone(pair)),
        closeCombats: state.closeCombats
          .filter((cc) => samePair(cc.unitIds, unitIds) || cc.resolved || !gone(cc.unitIds))
          .map((cc) =>
            samePair(cc.unitIds, unitIds) ? { ...cc, resolved: true, inContact: escaped.length === 0 } : cc,
          ),
      };
    }
    case 'RangedAttackRolled':
      // under version 2 a ranged attack is the unit's activation of the turn.
      return state.activated ? { ...state, activated: [...state.activated, event.data.attackerId] } : state;
    case 'TurnEnded':
      // C-4, AA-1: a new turn, a new hand of orders; the close combats of the turn are rebuilt below.
      return {
        ...state,
        turn: turnBegun(event.data),
        activeSide: event.data.activeSide,
        orders: {},
        closeCombats: [],
        activation: null,
        ...(editionOf(state).rangedAttackIsActivation ? { activated: [] } : {}),
      };
    case 'CloseCombatBegan':
      return {
        ...state,
        closeCombats: [
          ...state.closeCombats,
          { unitIds: event.data.unitIds, resolved: false, inContact: true },
        ],
      };
    default:
      return assertNever(event, 'atomic-africa event');
  }
}

type Ended = Extract<AtomicAfricaEvent, { type: 'CloseCombatEnded' }>['data'];

/**
 * Version 2, Q-23: each unit whose flee stood left every contact but with the pursuers that caught it;
 * the close combats it was still due to fight this turn with the others are gone too.
 */
function closeCombatEndedV2(state: AtomicAfricaState, data: Ended): AtomicAfricaState {
  const fled = data.fled ?? [];
  const leftContact = (pair: readonly [string, string]) =>
    fled.some(
      ({ unitId, caughtBy }) =>
        involves(pair, unitId) && !caughtBy.some((catcher) => involves(pair, catcher)),
    );
  return {
    ...state,
    activation: null,
    contacts: state.contacts.filter((pair) => !leftContact(pair)),
    closeCombats: state.closeCombats
      .filter((cc) => samePair(cc.unitIds, data.unitIds) || cc.resolved || !leftContact(cc.unitIds))
      .map((cc) =>
        samePair(cc.unitIds, data.unitIds) ? { ...cc, resolved: true, inContact: data.inContact } : cc,
      ),
  };
}
