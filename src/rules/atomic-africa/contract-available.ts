import type { Escrow } from '../common/escrow.js';
import { freshId, type TemplateChoice, type TemplateDraft } from '../common/play-contract.js';
import { SIDES, type Side } from '../common/sides.js';
import type { Viewer } from '../ruleset.js';
import { isFaceCard } from './cards.js';
import { cardHeld } from './close-combat.js';
import {
  cardChoice,
  cardKnownTo,
  cardValue,
  ownCommitment,
  saltChoice,
  specialActionLabel,
  specialActions,
  type CardKinds,
} from './contract-cards.js';
import { diceFor, rangeChoice } from './contract-facts.js';
import { intentChoice, sealTemplate } from './contract.js';
import { sealingClosed } from './decide-orders.js';
import { editionOf } from './edition.js';
import { inBaseContact, inCloseCombat } from './guards.js';
import { entry, type AtomicAfricaState, type Order } from './state.js';
import { isInfantry, UNIT_TYPES, type Unit } from './units.js';

/*
 * The play contract's available actions: what each side may do now beside what the match awaits, each
 * a template whose every filling the rules accept now (bar a unit id or name a player types that is
 * already taken). A side's cards appear in its own view only (AA-2).
 */

export function available(state: AtomicAfricaState, viewer: Viewer, escrow?: Escrow): TemplateDraft[] {
  if (state.match === null) return [];
  return [
    ...registrations(state),
    ...seals(state, viewer, escrow),
    ...contacts(state),
    ...activations(state),
    ...rangedAttacks(state, viewer, escrow),
    ...endTurn(state),
  ];
}

function units(state: AtomicAfricaState): Unit[] {
  return Object.values(state.units);
}

/** Nothing has been activated yet in the first turn: the armies are still being set up. */
function inSetup(state: AtomicAfricaState): boolean {
  return (
    state.turn === 1 &&
    state.activation === null &&
    (state.activated ?? []).length === 0 &&
    !Object.values(state.orders).some((order) => order.revealed)
  );
}

/**
 * AA-3: a unit is registered with its type, movement and firepower, by either side for its own, under an
 * id no unit has yet (filled in, so the template is accepted as given).
 */
function registrations(state: AtomicAfricaState): TemplateDraft[] {
  if (!inSetup(state)) return [];
  const taken = (id: string) => state.units[id] !== undefined;
  return SIDES.map((side) => ({
    action: 'register-unit',
    label: `Register a unit for ${state.match?.sides[side] ?? `side ${side}`}`,
    command: 'RegisterUnit',
    side,
    body: {
      unitId: freshId(taken, `${side.toLowerCase()}-unit-`, Object.keys(state.units).length + 1),
      side,
    },
    freshIds: ['unitId'],
    choices: [
      { kind: 'text', path: 'name', label: 'Name', maxLength: 80 },
      {
        kind: 'one-of',
        path: 'unitType',
        label: 'Unit type',
        options: UNIT_TYPES.map((type) => ({ value: type, label: type.replace('-', ' ') })),
      },
      { kind: 'integer', path: 'movement', label: 'Movement in inches', min: 1, max: 24 },
      { kind: 'integer', path: 'firepower', label: 'Firepower (dice)', min: 0, max: 12 },
    ],
    ruleId: 'AA-3',
  }));
}

/**
 * AA-1, AA-2, Q-21: each unit still without a card this turn may seal one while sealing is open. The
 * card itself is an awaited step under version 2 (awaiting() lists it); the commitment is the other way
 * to answer it, and under version 1 either is simply available.
 */
function seals(state: AtomicAfricaState, viewer: Viewer, escrow?: Escrow): TemplateDraft[] {
  if (sealingClosed(state)) return [];
  const listsSeals = editionOf(state).sealingClosesAtFirstActivation && state.activation === null;
  return units(state)
    .filter((unit) => !entry(state.orders, unit.unitId))
    .flatMap((unit): TemplateDraft[] => {
      const base = { command: 'SealOrder', side: unit.side, unitId: unit.unitId, ruleId: 'AA-2' };
      const commitment: TemplateDraft = {
        ...base,
        action: 'seal-commitment',
        label: `Seal a commitment to the orders card of ${unit.name} for turn ${state.turn}`,
        body: { unitId: unit.unitId, turn: state.turn },
        choices: [
          {
            kind: 'text',
            path: 'commitment',
            label: `Hex SHA-256 of "CARD|${unit.unitId}|${state.turn}|salt"`,
            maxLength: 64,
            pattern: '^[0-9a-fA-F]{64}$',
          },
        ],
      };
      if (listsSeals) return [commitment];
      return [{ ...base, ruleId: 'AA-1', ...sealTemplate(state, viewer, unit, escrow) }, commitment];
    });
}

function inContact(state: AtomicAfricaState, a: string, b: string): boolean {
  return state.contacts.some((pair) => pair.includes(a) && pair.includes(b));
}

/** AA-3: opposing infantry not yet reported in base contact. Either player reports what both see. */
function contacts(state: AtomicAfricaState): TemplateDraft[] {
  return units(state)
    .filter(isInfantry)
    .flatMap((unit) => {
      const enemies = units(state).filter(
        (enemy) =>
          enemy.side !== unit.side && isInfantry(enemy) && !inContact(state, unit.unitId, enemy.unitId),
      );
      if (enemies.length === 0) return [];
      return [
        {
          action: 'report-contact',
          label: `Report ${unit.name} in base contact with an enemy`,
          command: 'ReportContact',
          side: unit.side,
          body: { unitId: unit.unitId },
          choices: [
            {
              kind: 'one-of',
              path: 'enemyId',
              label: 'Which enemy unit does it touch?',
              options: enemies.map((enemy) => ({ value: enemy.unitId, label: enemy.name })),
            },
          ],
          ruleId: 'AA-3',
          unitId: unit.unitId,
        },
      ];
    });
}

function pendingEnemies(state: AtomicAfricaState, unitId: string): string[] {
  return state.closeCombats
    .filter((cc) => !cc.resolved && cc.unitIds.includes(unitId))
    .map(({ unitIds: [a, b] }) => (a === unitId ? b : a));
}

function hasFought(state: AtomicAfricaState, unitId: string): boolean {
  return state.closeCombats.some((cc) => cc.resolved && cc.unitIds.includes(unitId));
}

/**
 * AA-4, Q-21, Q-22: the active side activates a unit in close combat by declaring fight or flee, naming
 * its opponent when it has several. Whether a unit holds a card is public; its card is not.
 */
function activations(state: AtomicAfricaState): TemplateDraft[] {
  if (state.activation !== null) return [];
  const edition = editionOf(state);
  return units(state)
    .filter((unit) => unit.side === state.activeSide)
    .flatMap((unit): TemplateDraft[] => {
      const enemies = pendingEnemies(state, unit.unitId);
      if (enemies.length === 0) return [];
      let legal = enemies;
      if (edition.reactingUnitMayBeEngagedAgain) {
        if ((state.activated ?? []).includes(unit.unitId)) return [];
      } else if (hasFought(state, unit.unitId)) return [];
      if (edition.sealingClosesAtFirstActivation) {
        if (!cardHeld(state, unit.unitId)) return [];
      } else {
        if (!entry(state.orders, unit.unitId)) return [];
        legal = enemies.filter((id) => !hasFought(state, id) && entry(state.orders, id) !== undefined);
      }
      if (legal.length === 0) return [];
      const opponent: TemplateChoice[] =
        enemies.length > 1
          ? [
              {
                kind: 'one-of',
                path: 'opponentId',
                label: 'Which enemy does it fight?',
                options: legal.map((id) => ({ value: id, label: entry(state.units, id)?.name ?? id })),
              },
            ]
          : [];
      return [
        {
          action: 'declare',
          label: `Activate ${unit.name}: declare fight or flee`,
          command: 'DeclareIntent',
          side: unit.side,
          body: { unitId: unit.unitId },
          choices: [intentChoice(true), ...opponent],
          ruleId: 'AA-4',
          unitId: unit.unitId,
        },
      ];
    });
}

/** AA-4, AA-12, Q-24, Q-27: whether the unit may make a ranged attack now, by the match's version. */
function mayFire(state: AtomicAfricaState, unit: Unit): boolean {
  const edition = editionOf(state);
  if (edition.rangedAttackRefusedInBaseContact) {
    if (pendingEnemies(state, unit.unitId).length > 0 || inBaseContact(state, unit.unitId)) return false;
  } else if (inCloseCombat(state, unit.unitId)) return false;
  if (!edition.rangedAttackIsActivation) return true;
  return (
    unit.side === state.activeSide &&
    !(state.activated ?? []).includes(unit.unitId) &&
    !hasFought(state, unit.unitId) &&
    cardHeld(state, unit.unitId) !== undefined
  );
}

/** AA-12, Q-26, Q-27: whether units outside may fire at it. */
function mayBeFiredAt(state: AtomicAfricaState, unit: Unit): boolean {
  return editionOf(state).rangedAttackRefusedInBaseContact
    ? !inBaseContact(state, unit.unitId)
    : !inCloseCombat(state, unit.unitId);
}

/** One way of firing: what the body and choices hold, and whether Mass Fire doubles the dice. */
interface FiringVariant {
  label: string;
  body: Record<string, unknown>;
  choices: TemplateChoice[];
  massFire: boolean;
}

/**
 * Q-24, AA-7: how the attack reveals the attacker's card when it is still sealed. The owning side with a
 * card the service knows fires with it (a face card once per special action, Mass Fire changing the
 * dice); with its own commitment, or for anyone else's view, one template for a card of no special
 * action and one per special action, the card left to choose (AA-2: anyone else is offered none).
 */
function firingVariants(
  state: AtomicAfricaState,
  viewer: Viewer,
  unit: Unit,
  escrow?: Escrow,
): FiringVariant[] {
  const order = editionOf(state).rangedAttackIsActivation ? entry(state.orders, unit.unitId) : undefined;
  if (!order || order.revealed) {
    // Version 1 carries no card; a revealed card announced what it announced.
    const announced = order?.revealed ? order.specialAction : revealedAction(state, unit.unitId);
    return [{ label: '', body: {}, choices: [], massFire: announced === 'mass-fire' }];
  }
  const known = cardKnownTo(viewer, order, escrow);
  const actions = specialActions(unit);
  const announcing = (action: string, body: Record<string, unknown>, choices: TemplateChoice[]) => ({
    label: `, announcing ${specialActionLabel(action)}`,
    body: { ...body, specialAction: action },
    choices,
    massFire: action === 'mass-fire',
  });
  if (known) {
    // A card sealed in the open (the rules' own tests) is named; one in escrow the service reveals.
    const body = order.escrow === undefined ? { card: cardValue(state, known) } : {};
    if (!isFaceCard(known)) return [{ label: '', body, choices: [], massFire: false }];
    return actions.map((action) => announcing(action, body, []));
  }
  const cardOf = (kinds: CardKinds): TemplateChoice[] => [
    cardChoice(state, viewer, unit, { escrow, kinds }),
    ...(ownCommitment(order) ? [saltChoice()] : []),
  ];
  return [
    {
      label: ', revealing a card of no special action',
      body: {},
      choices: cardOf('not-face'),
      massFire: false,
    },
    ...actions.map((action) => announcing(action, {}, cardOf('face'))),
  ];
}

function revealedAction(state: AtomicAfricaState, unitId: string): string | null {
  const order: Order | undefined = entry(state.orders, unitId);
  return order?.revealed ? order.specialAction : null;
}

/** AA-11, Q-24: each unit that may fire now, at the enemies it may fire at, within the range bands. */
function rangedAttacks(state: AtomicAfricaState, viewer: Viewer, escrow?: Escrow): TemplateDraft[] {
  if (state.activation !== null) return [];
  return units(state)
    .filter((unit) => mayFire(state, unit))
    .flatMap((unit) => {
      const targets = units(state).filter((t) => t.side !== unit.side && mayBeFiredAt(state, t));
      if (targets.length === 0) return [];
      return firingVariants(state, viewer, unit, escrow).map((variant): TemplateDraft => {
        const dice = diceFor(state, unit, variant.massFire, `ranged attack by ${unit.name}`, 'AA-11');
        return {
          action: 'ranged-attack',
          label: `Ranged attack by ${unit.name}${variant.label}`,
          command: 'RangedAttack',
          side: unit.side,
          body: { attackerId: unit.unitId, ...variant.body },
          choices: [
            {
              kind: 'one-of',
              path: 'targetId',
              label: 'At which enemy unit?',
              options: targets.map((t) => ({ value: t.unitId, label: t.name })),
            },
            rangeChoice(state, 'Range in inches', 'within-bands'),
            ...variant.choices,
          ],
          ...(dice ? { dice } : {}),
          ruleId: editionOf(state).rangedAttackIsActivation ? 'Q-24' : 'AA-11',
          unitId: unit.unitId,
        };
      });
    });
}

/** C-4: the active side ends its turn once no close combat is being resolved. */
function endTurn(state: AtomicAfricaState): TemplateDraft[] {
  if (state.activation !== null) return [];
  const side: Side = state.activeSide;
  return [
    {
      action: 'end-turn',
      label: `End the turn of ${state.match?.sides[side] ?? `side ${side}`}`,
      command: 'EndTurn',
      side,
      body: {},
      choices: [],
      ruleId: 'C-4',
    },
  ];
}
