import fc from 'fast-check';
import {
  ATOMIC_AFRICA_VERSIONS,
  type AtomicAfricaCommand,
  type AtomicAfricaRuleset,
  type AtomicAfricaState,
} from '../../../../src/rules/atomic-africa/index.js';
import type { TemplateDraft } from '../../../../src/rules/common/play-contract.js';
import type { Viewer } from '../../../../src/rules/ruleset.js';
import { Playout, SIDES, Tape } from './playout.js';

/**
 * The play contract of every atomic-africa version, over random playouts: every template a side is
 * shown for itself, filled with any of its allowed values and the dice it asks for, is decided without
 * refusal; the match never stands with nothing to do; and what anyone but the owning side is shown
 * names none of that side's cards (AA-2).
 */

function setup(): AtomicAfricaCommand[] {
  const unit = (unitId: string, side: 'A' | 'B', unitType: string, movement: number, firepower: number) =>
    ({
      type: 'RegisterUnit',
      unitId,
      name: unitId,
      side,
      unitType,
      movement,
      firepower,
    }) as AtomicAfricaCommand;
  return [
    { type: 'CreateMatch', matchId: 'p', sides: { A: 'Legion', B: 'Askari' }, diceMode: 'table' },
    unit('A1', 'A', 'infantry', 6, 2),
    unit('A2', 'A', 'light-infantry', 4, 1),
    unit('A3', 'A', 'infantry', 8, 0),
    unit('B1', 'B', 'infantry', 6, 2),
    unit('B2', 'B', 'light-infantry', 6, 1),
    unit('B3', 'B', 'vehicle', 6, 3),
    { type: 'ReportContact', unitId: 'A1', enemyId: 'B1' },
    { type: 'ReportContact', unitId: 'A2', enemyId: 'B1' },
  ];
}

/**
 * AA-2: the state as it would be if the side's sealed cards were any others: the cards the service
 * knows are gone, and escrows hold nothing it can open. What another viewer is shown must not change.
 */
function withCardsForgotten(state: AtomicAfricaState, side: 'A' | 'B'): AtomicAfricaState {
  const orders = Object.fromEntries(
    Object.entries(state.orders).map(([unitId, order]) => [
      unitId,
      order.side !== side || order.revealed
        ? order
        : {
            ...order,
            card: null,
            ...(order.escrow === undefined ? {} : { escrow: 'A'.repeat(order.escrow.length) }),
          },
    ]),
  );
  return { ...state, orders };
}

function templatesOf(
  ruleset: AtomicAfricaRuleset,
  state: AtomicAfricaState,
  viewer: Viewer,
  escrow: Playout['services']['escrow'],
) {
  return [...ruleset.awaitedTemplates!(state, viewer, escrow), ...ruleset.available!(state, viewer, escrow)];
}

function checkPrivacy(playout: Playout): void {
  const { ruleset, state } = playout;
  const escrow = playout.services.escrow;
  for (const side of SIDES) {
    const others: Viewer[] = [{ side: side === 'A' ? 'B' : 'A' }, {}];
    for (const viewer of others) {
      const shown = templatesOf(ruleset, state, viewer, escrow).filter((t) => t.side === side);
      const forgotten = templatesOf(ruleset, withCardsForgotten(state, side), viewer, escrow).filter(
        (t) => t.side === side,
      );
      expect(shown).toEqual(forgotten);
      for (const template of shown) expectNoSealedCard(template, state, side);
    }
  }
}

function expectNoSealedCard(template: TemplateDraft, state: AtomicAfricaState, side: 'A' | 'B'): void {
  const unitId = template.unitId ?? (template.body.attackerId as string | undefined);
  const order = unitId ? state.orders[unitId] : undefined;
  if (order && order.side === side && order.revealed) return;
  expect(template.body).not.toHaveProperty('card');
  for (const choice of template.choices) {
    if (choice.path === 'card') expect(choice).toMatchObject({ kind: 'one-of', options: [] });
  }
}

describe('the atomic-africa play contract, over random playouts', () => {
  it.each(ATOMIC_AFRICA_VERSIONS.map((r) => [r.version, r] as const))(
    'AA-1 AA-2 AA-4 AA-9 AA-11 Q-21 Q-24 Q-27 Q-31 %s: every template filled with any allowed value is accepted, and shows no other side a card',
    (_version, ruleset) => {
      fc.assert(
        fc.property(fc.array(fc.nat({ max: 1 << 20 }), { minLength: 64, maxLength: 64 }), (numbers) => {
          const playout = new Playout(ruleset, setup());
          const tape = new Tape(numbers);
          for (let i = 0; i < 60; i++) {
            if (i % 2 === 0) checkPrivacy(playout);
            const { awaited, available } = playout.own();
            // No dead end: something is always to be done, and the turn can always be ended when free.
            expect(awaited.length + available.length).toBeGreaterThan(0);
            expect(playout.step(tape)).toBe(true);
          }
        }),
        { numRuns: 6 },
      );
    },
  );

  it('AA-4 AA-9 AA-10 a playout reaches declarations, reveals, pursuits, break-offs and attacks', () => {
    const actions = new Set<string>();
    const ruleset = ATOMIC_AFRICA_VERSIONS.at(-1)!;
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1 << 20 }), { minLength: 64, maxLength: 64 }), (numbers) => {
        const playout = new Playout(ruleset, setup());
        const tape = new Tape(numbers);
        for (let i = 0; i < 70; i++) playout.step(tape);
        for (const sent of playout.sent) actions.add(sent.template.action);
      }),
      { numRuns: 12, seed: 7 },
    );
    expect([...actions].sort()).toEqual(
      expect.arrayContaining([
        'break-off',
        'close-combat-attack',
        'declare',
        'end-turn',
        'pursue',
        'ranged-attack',
        'reveal',
        'seal-commitment',
        'seal-order',
      ]),
    );
  });
});
