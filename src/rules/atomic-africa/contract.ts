import type { Escrow } from '../common/escrow.js';
import type { TemplateChoice, TemplateDraft } from '../common/play-contract.js';
import type { Viewer } from '../ruleset.js';
import { diceFor, rangeChoice, unitOf } from './contract-facts.js';
import {
  cardChoice,
  cardKnownTo,
  cardValue,
  isFaceCard,
  knownCardChoice,
  ownCommitment,
  saltChoice,
  specialActionChoice,
} from './contract-cards.js';
import { cardHeld, progress as closeCombatProgress, specialActionOf } from './close-combat.js';
import { editionOf } from './edition.js';
import { awaiting } from './roster.js';
import { entry, type AtomicAfricaState } from './state.js';
import type { Unit } from './units.js';

/*
 * The play contract's awaited templates (common/play-contract.ts): each step of awaiting(), in the same
 * order, as the command that answers it, with every field the service knows filled in and the rest left
 * as choices holding only values the rules accept now. A template shown to anyone but the unit's own
 * side names no card of that side (AA-2): its card choices carry no options, and its special actions
 * are the same whatever the card.
 */

const PURSUING = { path: 'pursue', value: true } as const;

export function awaitedTemplates(state: AtomicAfricaState, viewer: Viewer, escrow?: Escrow): TemplateDraft[] {
  const next = closeCombatProgress(state);
  const steps = next.kind === 'awaiting' ? next.steps : [];
  return awaiting(state).map((step) => {
    const unit = unitOf(state, step.unitId);
    const base = {
      command: step.command,
      side: step.side,
      ruleId: step.ruleId,
      unitId: unit.unitId,
      ...(step.combat ? { combat: step.combat } : {}),
    };
    switch (step.command) {
      case 'DeclareIntent':
        return { ...base, ...reactingDeclaration(state, unit) };
      case 'RevealOrder':
        return { ...base, ...revealTemplate(state, viewer, unit, escrow) };
      case 'Pursue':
        return { ...base, ...pursuitTemplate(state, viewer, unit, escrow) };
      case 'ReportBreakOff': {
        const rangeNeeded = steps.some(
          (s) => s.step === 'break-off' && s.unitId === unit.unitId && s.rangeNeeded,
        );
        return { ...base, ...breakOffTemplate(state, unit, rangeNeeded) };
      }
      case 'ResolveCloseCombat':
        return { ...base, ...attackTemplate(state, unit) };
      case 'SealOrder':
        return { ...base, ...sealTemplate(state, viewer, unit, escrow) };
      default:
        throw new Error(`no template for the awaited ${step.command}`);
    }
  });
}

type Part = Omit<TemplateDraft, 'command' | 'side' | 'ruleId' | 'unitId' | 'combat'>;

/** AA-4, Q-21: the reacting unit answers fight or flee; without a card for the turn it must fight. */
function reactingDeclaration(state: AtomicAfricaState, unit: Unit): Part {
  const mayFlee =
    !editionOf(state).sealingClosesAtFirstActivation || cardHeld(state, unit.unitId) !== undefined;
  return {
    action: 'declare',
    label: `Declare fight or flee for ${unit.name}`,
    body: { unitId: unit.unitId },
    choices: [intentChoice(mayFlee)],
  };
}

export function intentChoice(mayFlee: boolean): TemplateChoice {
  return {
    kind: 'one-of',
    path: 'intent',
    label: 'Fight or flee?',
    options: [{ value: 'fight', label: 'Fight' }, ...(mayFlee ? [{ value: 'flee', label: 'Flee' }] : [])],
  };
}

/**
 * AA-5, AA-7: the owning side's card is filled in when the service knows it (sealed in the open or in
 * escrow); with a commitment of its own, the side names card and salt. A face card announces one of
 * the close-combat special actions.
 */
function revealTemplate(state: AtomicAfricaState, viewer: Viewer, unit: Unit, escrow?: Escrow): Part {
  const order = entry(state.orders, unit.unitId);
  if (!order) throw new Error(`no order to reveal for ${unit.unitId}`);
  const action = { action: 'reveal', label: `Reveal the orders card of ${unit.name}` };
  const known = cardKnownTo(viewer, order, escrow);
  if (known) {
    return {
      ...action,
      body: { unitId: unit.unitId, card: cardValue(state, known) },
      choices: isFaceCard(known) ? [specialActionChoice(unit)] : [],
    };
  }
  return {
    ...action,
    body: { unitId: unit.unitId },
    choices: [
      cardChoice(state, viewer, unit, { escrow }),
      ...(ownCommitment(order) ? [saltChoice()] : []),
      specialActionChoice(unit, { optional: true }),
    ],
  };
}

/**
 * AA-9, Q-23, Q-31: pursue or not. Version 2 reveals a card still sealed on the way, and only when it
 * pursues: the reveal's fields are asked only then, and a face card announces a close-combat action.
 */
function pursuitTemplate(state: AtomicAfricaState, viewer: Viewer, unit: Unit, escrow?: Escrow): Part {
  const pursue: TemplateChoice = { kind: 'yes-no', path: 'pursue', label: `Does ${unit.name} pursue?` };
  const action = {
    action: 'pursue',
    label: `Pursue with ${unit.name}, or not`,
    body: { unitId: unit.unitId },
  };
  const order = entry(state.orders, unit.unitId);
  if (!editionOf(state).cardsAsCodes || !order || order.revealed) return { ...action, choices: [pursue] };
  const known = cardKnownTo(viewer, order, escrow);
  if (known) {
    return {
      ...action,
      choices: [
        pursue,
        // A card the service holds in escrow is revealed by the service itself; one sealed in the open
        // (the rules' own tests) is named by its owner.
        ...(order.escrow === undefined ? [knownCardChoice(state, unit, known, PURSUING)] : []),
        ...(isFaceCard(known) ? [specialActionChoice(unit, { when: PURSUING })] : []),
      ],
    };
  }
  return {
    ...action,
    choices: [
      pursue,
      cardChoice(state, viewer, unit, { escrow, when: PURSUING }),
      ...(ownCommitment(order) ? [saltChoice(PURSUING)] : []),
      specialActionChoice(unit, { optional: true, when: PURSUING }),
    ],
  };
}

/** AA-8, AA-10: the figures' places, and the range between the In-transit figures when it is shot at. */
function breakOffTemplate(state: AtomicAfricaState, unit: Unit, rangeNeeded: boolean): Part {
  const place = (path: string, label: string): TemplateChoice => ({
    kind: 'text',
    path,
    label,
    maxLength: 200,
  });
  return {
    action: 'break-off',
    label: `Place the Destination and In-transit figures of ${unit.name}`,
    body: { unitId: unit.unitId },
    choices: [
      place('destination', 'Where the Destination figure stands'),
      place('inTransit', 'Where the In-transit figure stands'),
      ...(rangeNeeded ? [rangeChoice(state, 'Inches between the In-transit figures', 'beyond')] : []),
    ],
  };
}

/** AA-10, AA-11: one D6 per point of firepower, Mass Fire doubling them; the unit's own side rolls. */
function attackTemplate(state: AtomicAfricaState, unit: Unit): Part {
  const massFire = specialActionOf(state, unit.unitId) === 'mass-fire';
  const dice = diceFor(state, unit, massFire, `close-combat attack by ${unit.name}`, 'AA-10');
  return {
    action: 'close-combat-attack',
    label: `Attack with ${unit.name}`,
    body: { unitId: unit.unitId },
    choices: [],
    ...(dice ? { dice } : {}),
  };
}

/** AA-1, Q-21: seal the unit's card for this turn; the owning side picks from the cards still free. */
export function sealTemplate(state: AtomicAfricaState, viewer: Viewer, unit: Unit, escrow?: Escrow): Part {
  return {
    action: 'seal-order',
    label: `Seal the orders card of ${unit.name} for turn ${state.turn}`,
    body: { unitId: unit.unitId, turn: state.turn },
    choices: [cardChoice(state, viewer, unit, { escrow, leaveOutHeld: true })],
  };
}
