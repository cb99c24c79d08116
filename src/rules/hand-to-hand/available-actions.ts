import { RuleViolation, SIDES, type DiceSource, type Side } from '../common/index.js';
import { freshId, type TemplateChoice, type TemplateDraft } from '../common/play-contract.js';
import { diceFor } from './awaited-templates.js';
import type { Charge } from './commands.js';
import { decide } from './decide.js';
import { pendingSteps } from './declarations.js';
import { editionOf } from './edition.js';
import {
  declarationsClosed,
  findUnit,
  isRestricted,
  type HandToHandState,
  type MatchState,
  type UnitState,
} from './state.js';
import { ASPECTS, SLOPES, type Aspect } from './vocabulary.js';

/**
 * The play contract's available actions: what a side may do now beside what it must, each only when the
 * rules would accept it right now, with its body exactly what the route's DTO accepts. Nothing in
 * hand-to-hand is hidden, so every viewer gets the same templates.
 */

/** The largest shooting penalty a template offers (HH-18 sets none; a 2D6 test is lost beyond it). */
const MAX_PENALTY = 12;
/** The longest move a template offers for a new unit, in inches. */
const MAX_MOVE = 48;

const ASPECT_WORDS: Readonly<Record<Aspect, string>> = {
  front: 'its front',
  'left-flank': 'its left flank',
  'right-flank': 'its right flank',
  rear: 'its rear',
};

/** Faces that answer any request: the charge's willpower roll when probing whether a charge is legal. */
const PROBE_DICE: DiceSource = {
  roll: ({ purpose, count, side }) => ({
    purpose,
    faces: Array<number>(count).fill(1),
    origin: 'table',
    side,
  }),
};

/** True when decide would accept the command now (a RuleViolation is the rules refusing it). */
function accepted(state: MatchState, command: Charge): boolean {
  try {
    decide(state, command, PROBE_DICE, editionOf(state));
    return true;
  } catch (error) {
    if (error instanceof RuleViolation) return false;
    throw error;
  }
}

function active(state: MatchState, side?: Side): UnitState[] {
  return Object.values(state.units)
    .filter((unit) => unit.status === 'active' && (side === undefined || unit.side === side))
    .sort((a, b) => (a.unitId < b.unitId ? -1 : a.unitId > b.unitId ? 1 : 0));
}

/** An id no attack of this melee phase has (a charge id is unique within the phase, C-6). */
function freshChargeId(state: MatchState): string {
  return freshId(
    (id) => state.charges.some((charge) => charge.chargeId === id),
    `t${state.turn}-charge-`,
    state.charges.length + 1,
  );
}

/** the slope is the attacker's position relative to the defender, said so, with what it adds (HH-7). */
const SLOPE_WORDS: Record<(typeof SLOPES)[number], string> = {
  level: 'level with it',
  uphill: 'above it (uphill, +1)',
  downhill: 'below it (downhill, −1)',
};

const slopeChoice: TemplateChoice = {
  path: 'slope',
  label: 'Where does the attacker stand relative to the defender?',
  kind: 'one-of',
  options: SLOPES.map((slope) => ({ value: slope, label: SLOPE_WORDS[slope] })),
};

/**
 * HH-4, HH-5, HH-10, Q-17 … Q-19: one template per attacker that may attack now. A unit out of contact
 * charges (willpower 2D6) any enemy it may reach, on any aspect; an engaged unit attacks only the enemy to
 * its front, on the aspect where they touch, with no willpower test: one template per such enemy.
 */
function chargeTemplates(state: MatchState): TemplateDraft[] {
  const chargeId = freshChargeId(state);
  const templates: TemplateDraft[] = [];
  for (const attacker of active(state, state.activeSide)) {
    const enemies = active(state).filter((unit) => unit.side !== attacker.side);
    const probe = (defender: UnitState, aspect: Aspect): boolean =>
      accepted(state, {
        type: 'Charge',
        chargeId,
        attackerId: attacker.unitId,
        defenderId: defender.unitId,
        aspect,
        slope: 'level',
      });
    if (attacker.contacts.length === 0) {
      const targets = enemies.filter((defender) => probe(defender, 'front'));
      if (targets.length === 0) continue;
      templates.push({
        action: 'charge',
        label: `Charge with ${attacker.name}`,
        command: 'Charge',
        side: attacker.side,
        body: { chargeId, attackerId: attacker.unitId },
        freshIds: ['chargeId'],
        choices: [
          {
            path: 'defenderId',
            label: 'Which enemy unit does it charge?',
            kind: 'one-of',
            options: targets.map((unit) => ({ value: unit.unitId, label: unit.name })),
          },
          {
            path: 'aspect',
            label: 'Where does it contact the defender?',
            kind: 'one-of',
            options: ASPECTS.map((aspect) => ({ value: aspect, label: ASPECT_WORDS[aspect] })),
          },
          slopeChoice,
        ],
        dice: diceFor(state, 2, 'willpower', 'HH-5'),
        ruleId: 'HH-5',
        unitId: attacker.unitId,
      });
      continue;
    }
    for (const defender of enemies) {
      const touching = defender.contacts.find((contact) => contact.unitId === attacker.unitId);
      if (touching === undefined || !probe(defender, touching.aspect)) continue;
      templates.push({
        action: 'fight-back',
        label: `Attack ${defender.name} with ${attacker.name}, in contact (${ASPECT_WORDS[touching.aspect]})`,
        command: 'Charge',
        side: attacker.side,
        body: {
          chargeId,
          attackerId: attacker.unitId,
          defenderId: defender.unitId,
          aspect: touching.aspect,
        },
        freshIds: ['chargeId'],
        choices: [slopeChoice],
        ruleId: 'Q-28',
        unitId: attacker.unitId,
      });
    }
  }
  return templates;
}

/** HH-18: before the melee phase, either side's unit may take a test caused by shooting. */
function shootingTemplates(state: MatchState): TemplateDraft[] {
  return SIDES.flatMap((side): TemplateDraft[] => {
    const units = active(state, side);
    if (units.length === 0) return [];
    return [
      {
        action: 'shooting-test',
        label: `Test the morale of a ${state.sides[side]} unit shot at`,
        command: 'TakeMoraleTest',
        side,
        body: { cause: 'shooting' },
        choices: [
          {
            path: 'unitId',
            label: 'Which unit was shot at?',
            kind: 'one-of',
            options: units.map((unit) => ({ value: unit.unitId, label: unit.name })),
          },
          {
            path: 'penalty',
            label: 'The shooting’s morale penalty',
            kind: 'integer',
            min: 0,
            max: MAX_PENALTY,
          },
        ],
        dice: diceFor(state, 2, 'morale test', 'HH-18'),
        ruleId: 'HH-18',
      },
    ];
  });
}

/** HH-15: in its own movement a unit of the side to play that is in contact may withdraw. */
function withdrawalTemplates(state: MatchState): TemplateDraft[] {
  const units = active(state, state.activeSide).filter(
    (unit) => unit.contacts.length > 0 && !isRestricted(unit.cannotMove, state.turn),
  );
  if (units.length === 0) return [];
  return [
    {
      action: 'withdraw',
      label: 'Withdraw a unit from contact',
      command: 'Withdraw',
      side: state.activeSide,
      body: {},
      choices: [
        {
          path: 'unitId',
          label: 'Which unit withdraws?',
          kind: 'one-of',
          options: units.map((unit) => ({ value: unit.unitId, label: unit.name })),
        },
        { path: 'leftTable', label: 'Did it leave the table?', kind: 'yes-no' },
      ],
      ruleId: 'HH-15',
    },
  ];
}

/**
 * Setup: before turn 1's melee phase, each side's units are registered (by an organiser, a judge or
 * that side's player), with a fresh id filled in.
 */
function registrationTemplates(state: MatchState): TemplateDraft[] {
  const { min, max } = state.parameters.morale;
  const taken = (id: string) => findUnit(state, id) !== undefined;
  return SIDES.map((side) => ({
    action: 'register-unit',
    label: `Register a unit for ${state.sides[side]}`,
    command: 'RegisterUnit',
    side,
    body: {
      unitId: freshId(taken, `${side.toLowerCase()}-unit-`, Object.keys(state.units).length + 1),
      side,
    },
    freshIds: ['unitId'],
    choices: [
      { path: 'name', label: 'Its name', kind: 'text', maxLength: 80 },
      { path: 'morale', label: 'Its base morale', kind: 'integer', min, max },
      { path: 'move', label: 'Its move, in inches', kind: 'integer', min: 1, max: MAX_MOVE },
    ],
    ruleId: 'HH-1',
  }));
}

function endTurnTemplate(state: MatchState): TemplateDraft {
  return {
    action: 'end-turn',
    label: `End the turn of ${state.sides[state.activeSide]}`,
    command: 'EndTurn',
    side: state.activeSide,
    body: {},
    choices: [],
    ruleId: 'C-4',
  };
}

/** Whether a new attack may be declared: what charge.ts requires before it looks at the units. */
function declarationsOpen(state: MatchState): boolean {
  if (!editionOf(state).declareBeforeResolve) return state.awaiting.length === 0;
  return !declarationsClosed(state) && pendingSteps(state).length === 0;
}

export function available(state: HandToHandState): TemplateDraft[] {
  if (!state.created) return [];
  const templates: TemplateDraft[] = [];
  const idle = state.awaiting.length === 0;
  // HH-4: movement and shooting come before the melee phase; its first declaration ends them.
  const beforeMelee = idle && state.charges.length === 0;
  if (beforeMelee && state.turn === 1) templates.push(...registrationTemplates(state));
  if (beforeMelee) templates.push(...withdrawalTemplates(state), ...shootingTemplates(state));
  if (declarationsOpen(state)) templates.push(...chargeTemplates(state));
  if (idle) templates.push(endTurnTemplate(state));
  return templates;
}
