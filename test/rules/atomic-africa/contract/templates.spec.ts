import {
  atomicAfricaV2,
  atomicAfricaV2_1,
  type AtomicAfricaRuleset,
} from '../../../../src/rules/atomic-africa/index.js';
import { TableDice } from '../../../../src/rules/common/index.js';
import type { TemplateChoice, TemplateDraft } from '../../../../src/rules/common/play-contract.js';
import type { Viewer } from '../../../../src/rules/ruleset.js';
import { spec } from '../../../support/decider-spec.js';
import { engaged, type Match, stateOf } from '../fixtures.js';
import { matchCreated } from '../../../support/given-events/atomic-africa.js';
import { battle } from '../v2/fixtures.js';

/**
 * The templates of particular moments, given as events: what each viewer is shown, and that the filled
 * template is what decide() accepts.
 */

const A: Viewer = { side: 'A' };
const B: Viewer = { side: 'B' };
const SPECTATOR: Viewer = {};

function awaited(match: Match, viewer: Viewer): TemplateDraft[] {
  return match.ruleset.awaitedTemplates!(match.state, viewer);
}

function available(match: Match, viewer: Viewer): TemplateDraft[] {
  return match.ruleset.available!(match.state, viewer);
}

function choice(template: TemplateDraft | undefined, path: string): TemplateChoice | undefined {
  return template?.choices.find((c) => c.path === path);
}

function options(template: TemplateDraft | undefined, path: string): unknown[] {
  const found = choice(template, path);
  return found?.kind === 'one-of' ? found.options.map((o) => o.value) : [];
}

const find = (templates: TemplateDraft[], action: string, unitId?: string) =>
  templates.find((t) => t.action === action && (unitId === undefined || t.unitId === unitId));

/** The command a filled template sends (no dice, no commandId: the rules see neither). */
function commandOf(template: TemplateDraft, values: Record<string, unknown> = {}) {
  return { type: template.command, ...template.body, ...values } as never;
}

describe('atomic-africa play-contract templates', () => {
  for (const ruleset of [atomicAfricaV2, atomicAfricaV2_1]) {
    it(`C-6 AA-3 (${ruleset.version}) given a match in setup, then the registration template names its fresh unit id, and another id not yet used is accepted as well`, () => {
      const state = stateOf([matchCreated(undefined, ruleset.version)], ruleset);
      const template = ruleset.available!(state, A).find(
        (t) => t.action === 'register-unit' && t.side === 'A',
      )!;
      expect(template.freshIds).toEqual(['unitId']);
      const unitId = `${String(template.body.unitId)}-9`;
      const command = commandOf(template, {
        unitId,
        name: 'uThulwana',
        unitType: 'infantry',
        movement: 6,
        firepower: 2,
      });
      const events = ruleset.decider.decide(state, command, new TableDice([]));
      expect(events).toMatchObject([{ type: 'UnitRegistered', data: { unitId } }]);
    });
  }

  describe('AA-1 AA-2 sealing an order', () => {
    const sealing = () =>
      battle({ A1: {}, A2: {}, B1: {} }, [['A1', 'B1']], atomicAfricaV2_1).seal('A1', '7S');

    it('AA-1 the owning side is offered every card but those its other units hold this turn', () => {
      const a2 = find(awaited(sealing(), A), 'seal-order', 'A2');
      expect(a2).toMatchObject({
        command: 'SealOrder',
        side: 'A',
        body: { unitId: 'A2', turn: 3 },
        ruleId: 'Q-21',
      });
      expect(options(a2, 'card')).toHaveLength(53);
      expect(options(a2, 'card')).not.toContain('7S');
      spec(atomicAfricaV2_1)
        .given(sealing().events)
        .when(commandOf(a2!, { card: '7S' }))
        .thenRefuses('AA-1', 'conflict');
      spec(atomicAfricaV2_1)
        .given(sealing().events)
        .when(commandOf(a2!, { card: '8S' }))
        .then((events) => expect(events).toMatchObject([{ type: 'OrderSealed', data: { unitId: 'A2' } }]));
    });

    it('AA-2 the opponent and a spectator are offered no card for it at all, not even the full deck', () => {
      for (const viewer of [B, SPECTATOR]) {
        const a2 = find(awaited(sealing(), viewer), 'seal-order', 'A2');
        expect(choice(a2, 'card')).toEqual({
          kind: 'one-of',
          path: 'card',
          label: expect.any(String),
          options: [],
        });
      }
    });

    it('AA-2 a commitment may be sealed instead, as 64 hex digits', () => {
      const commitment = find(available(sealing(), A), 'seal-commitment', 'A2');
      expect(commitment).toMatchObject({
        body: { unitId: 'A2', turn: 3 },
        choices: [{ path: 'commitment', kind: 'text', maxLength: 64, pattern: '^[0-9a-fA-F]{64}$' }],
      });
      const [choice] = commitment?.choices ?? [];
      const pattern = new RegExp(choice?.kind === 'text' ? (choice.pattern ?? '') : '');
      expect(pattern.test('5e1bfdee06fbe8e577a67a7fcca4584a68e8f8852898efebf846c8254d9c3a7f')).toBe(true);
      expect(pattern.test('not a commitment')).toBe(false);
    });

    it('AA-1 version 1 offers its cards as { rank, suit } objects, the form its commands take', () => {
      const match = engaged().seal('A1', '7S');
      const b1 = find(available(match, B), 'seal-order', 'B1');
      expect(options(b1, 'card')).toContainEqual({ rank: '7', suit: 'spades' });
      expect(options(find(available(match, A), 'seal-order', 'B1'), 'card')).toEqual([]);
    });
  });

  describe('AA-5 AA-7 revealing', () => {
    /** A1 (K♣) activated and fought, B1 (4♠) fights: both cards to reveal. */
    const toReveal = () => {
      const match = battle({ A1: {}, B1: { unitType: 'light-infantry' } }, [['A1', 'B1']], atomicAfricaV2_1)
        .seal('A1', 'KC')
        .seal('B1', '4S');
      return match.declare('A1', 'fight').declare('B1', 'fight');
    };

    it('AA-5 AA-7 the owner’s face card is filled in, with the close-combat special actions to announce', () => {
      const a1 = find(awaited(toReveal(), A), 'reveal', 'A1');
      expect(a1?.body).toEqual({ unitId: 'A1', card: 'KC' });
      expect(options(a1, 'specialAction')).toEqual(['dig-in', 'mass-fire', 'rally']);
      for (const action of ['dig-in', 'mass-fire', 'rally']) {
        spec(atomicAfricaV2_1)
          .given(toReveal().events)
          .when(commandOf(a1!, { specialAction: action }))
          .then((events) =>
            expect(events[0]).toMatchObject({ type: 'OrderRevealed', data: { specialAction: action } }),
          );
      }
    });

    it('AA-2 the opponent’s view of the same reveal names no card, and its special actions do not depend on it', () => {
      const a1 = find(awaited(toReveal(), B), 'reveal', 'A1');
      expect(a1?.body).toEqual({ unitId: 'A1' });
      expect(choice(a1, 'card')).toMatchObject({ options: [] });
      expect(choice(a1, 'specialAction')).toMatchObject({ optional: true });
      // B1 holds a number card: its own reveal asks for no special action.
      expect(find(awaited(toReveal(), B), 'reveal', 'B1')).toMatchObject({
        body: { unitId: 'B1', card: '4S' },
        choices: [],
      });
    });
  });

  describe('Q-21 Q-31 AA-9 a pursuit', () => {
    /** B1 fled A1 (7♠ stands); A2, light infantry in contact since this turn, holds K♣ still sealed. */
    const offered = () => {
      const match = battle(
        { A1: {}, A2: { unitType: 'light-infantry', movement: 4 }, B1: {} },
        [['A1', 'B1']],
        atomicAfricaV2_1,
      );
      match.contact('A2', 'B1');
      match.seal('A1', '5H').seal('A2', 'KC').seal('B1', '7S');
      match.declare('A1', 'fight').declare('B1', 'flee');
      match.reveal('A1', '5H');
      match.reveal('B1', '7S');
      return match;
    };

    it('Q-31 AA-9 a pursuer whose contact began this turn reveals on the way only when it pursues, announcing a close-combat action', () => {
      const a2 = find(awaited(offered(), A), 'pursue', 'A2');
      expect(a2?.body).toEqual({ unitId: 'A2' });
      const pursuing = { path: 'pursue', value: true };
      expect(choice(a2, 'card')).toMatchObject({ when: pursuing, options: [{ value: 'KC' }] });
      expect(choice(a2, 'specialAction')).toMatchObject({ when: pursuing });
      expect(options(a2, 'specialAction')).toEqual(['dig-in', 'mass-fire', 'rally', 'sprint']);
      spec(atomicAfricaV2_1)
        .given(offered().events)
        .when(commandOf(a2!, { pursue: false }))
        .then((events) =>
          expect(events[0]).toMatchObject({ type: 'PursuitDecided', data: { outcome: 'not-pursued' } }),
        );
      spec(atomicAfricaV2_1)
        .given(offered().events)
        .when(commandOf(a2!, { pursue: true, card: 'KC', specialAction: 'sprint' }))
        .then((events) =>
          expect(events[1]).toMatchObject({ data: { outcome: 'thwarted', pursuerMovement: 8 } }),
        );
    });

    it('Q-21 a reacting unit without a card for the turn is offered only to fight', () => {
      const match = battle({ A1: {}, B1: {} }, [['A1', 'B1']], atomicAfricaV2_1).seal('A1', '5H');
      match.declare('A1', 'fight');
      expect(options(find(awaited(match, B), 'declare', 'B1'), 'intent')).toEqual(['fight']);
    });
  });

  describe('AA-12 Q-24 Q-27 ranged attacks', () => {
    /** A1–B1 in close combat; A2 free; B2 touched A3 this turn; B3 free. */
    const field = (ruleset: AtomicAfricaRuleset) => {
      const match = battle({ A1: {}, A2: {}, A3: {}, B1: {}, B2: {}, B3: {} }, [['A1', 'B1']], ruleset);
      match.contact('A3', 'B2');
      return match.seal('A1', '2C').seal('A2', '3C').seal('A3', '4C');
    };

    it('Q-27 AA-12 2.1.0 offers only units touching nobody, at enemies touching nobody', () => {
      const shots = available(field(atomicAfricaV2_1), A).filter((t) => t.action === 'ranged-attack');
      expect(shots.map((t) => t.unitId)).toEqual(['A2']);
      expect(options(shots[0], 'targetId')).toEqual(['B3']);
      expect(choice(shots[0], 'rangeInches')).toMatchObject({ kind: 'integer', min: 0, max: 24 });
      expect(shots[0]?.dice).toMatchObject({ source: 'table', count: 2, path: 'dice' });
    });

    it('Q-27 2.0.0 keeps offering what 2.0.0 accepts: a contact of this turn does not count yet', () => {
      const shots = available(field(atomicAfricaV2), A).filter((t) => t.action === 'ranged-attack');
      expect(shots.map((t) => t.unitId)).toEqual(['A2', 'A3']);
      expect(options(shots[0], 'targetId')).toEqual(['B2', 'B3']);
    });

    it('Q-24 AA-7 a sealed face card fires once per special action, Mass Fire doubling the dice', () => {
      const match = battle({ A2: {}, B3: {} }, [], atomicAfricaV2_1).seal('A2', 'QD');
      const shots = available(match, A).filter((t) => t.action === 'ranged-attack');
      expect(shots.map((t) => [t.body.specialAction, t.dice?.count])).toEqual([
        ['dig-in', 2],
        ['mass-fire', 4],
        ['rally', 2],
      ]);
      // B sees as many shots, whatever A's card, and no card in any of them (AA-2).
      const seenByB = available(match, B).filter((t) => t.action === 'ranged-attack');
      expect(seenByB.map((t) => t.body.specialAction)).toEqual([undefined, 'dig-in', 'mass-fire', 'rally']);
      for (const shot of seenByB) expect(choice(shot, 'card')).toMatchObject({ options: [] });
    });

    it('AA-11 version 1 carries no card in a ranged attack, and offers both sides’ free units', () => {
      const match = engaged().unit('A2', 'A').unit('B2', 'B');
      const shots = available(match, A).filter((t) => t.action === 'ranged-attack');
      expect(shots.map((t) => [t.side, t.unitId, options(t, 'targetId')])).toEqual([
        ['A', 'A2', ['B2']],
        ['B', 'B2', ['A2']],
      ]);
    });
  });
});
