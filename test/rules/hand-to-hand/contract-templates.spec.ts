import fc from 'fast-check';
import { fold, TableDice, type DiceSource, type Side } from '../../../src/rules/common/index.js';
import type { TemplateChoice, TemplateDraft } from '../../../src/rules/common/play-contract.js';
import {
  HAND_TO_HAND_VERSIONS,
  handToHandV2,
  handToHandV2_1,
  type HandToHandCommand,
  type HandToHandEvent,
  type HandToHandState,
} from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  chargedAndHeld,
  chargedIntoContact,
  standardTable,
  turnEnded,
} from '../../support/given-events/hand-to-hand.js';

/**
 * The play contract's templates (awaitedTemplates, available) for every version: each template, filled
 * with any legal choice and exactly the dice it asks for, is decided without refusal; the awaited ones
 * line up with awaiting(); a random playout never reaches a state with nothing to do.
 */

type Ruleset = (typeof HAND_TO_HAND_VERSIONS)[number];

/** The standard table of a version, with table or server dice. */
function table(version: string, diceMode: 'table' | 'server'): HandToHandEvent[] {
  const [created, ...units] = standardTable(undefined, version);
  if (created?.type !== 'MatchCreated') throw new Error('no MatchCreated');
  return [{ ...created, data: { ...created.data, diceMode } }, ...units];
}

/** A choice's value, picked by `pick(n)` (an index below n). */
function chosen(choice: TemplateChoice, pick: (n: number) => number): unknown {
  switch (choice.kind) {
    case 'one-of':
      return choice.options[pick(choice.options.length)]!.value;
    case 'yes-no':
      return pick(2) === 1;
    case 'integer':
      return choice.min + pick(choice.max - choice.min + 1);
    case 'text':
      return `unit ${pick(1000)}`.slice(0, choice.maxLength);
  }
}

/** What a client does: copy the body, set each choice asked for, add the faces the template asks for. */
function filled(
  template: TemplateDraft,
  pick: (n: number) => number,
): { body: Record<string, unknown>; faces: number[] } {
  const body: Record<string, unknown> = { ...template.body };
  for (const choice of template.choices) {
    if (choice.when !== undefined && body[choice.when.path] !== choice.when.value) continue;
    if (choice.optional === true && pick(2) === 0) continue;
    body[choice.path] = chosen(choice, pick);
  }
  const faces = Array.from({ length: template.dice?.count ?? 0 }, () => 1 + pick(6));
  return { body, faces };
}

/** Server dice: the faces come from here, and it counts what the rules asked for. */
class CountingDice implements DiceSource {
  asked = 0;
  constructor(private readonly pick: (n: number) => number) {}
  roll({ purpose, count, side }: { purpose: string; count: number; side: Side }) {
    this.asked += count;
    const faces = Array.from({ length: count }, () => 1 + this.pick(6));
    return { purpose, faces, origin: 'server' as const, side, index: this.asked };
  }
}

/** Decides a filled template; refusals fail the test with the template that caused them. */
function play(
  ruleset: Ruleset,
  state: HandToHandState,
  template: TemplateDraft,
  pick: (n: number) => number,
): HandToHandEvent[] {
  const { body, faces } = filled(template, pick);
  const command = { type: template.command, ...body } as unknown as HandToHandCommand;
  const server = state.created && state.diceMode === 'server';
  const dice = server ? new CountingDice(pick) : new TableDice(faces);
  try {
    const events = ruleset.decider.decide(state, command, dice);
    if (dice instanceof TableDice) dice.assertAllUsed();
    else expect(dice.asked).toBe(template.dice?.count ?? 0);
    return events;
  } catch (error) {
    throw new Error(
      `template ${template.action} (${JSON.stringify(command)}, faces ${JSON.stringify(faces)}) was refused: ${String(error)}`,
      { cause: error },
    );
  }
}

function templatesOf(ruleset: Ruleset, state: HandToHandState): TemplateDraft[] {
  const awaited = ruleset.awaitedTemplates!(state, {});
  // Each step of awaiting(), in the same order, answered by the command it names, from its side.
  expect(awaited.map((t) => [t.command, t.side, t.unitId, t.ruleId])).toEqual(
    ruleset.awaiting(state).map((step) => [step.command, step.side, step.unitId, step.ruleId]),
  );
  return [...awaited, ...ruleset.available!(state, {})];
}

describe('hand-to-hand play contract: templates that are accepted as they stand', () => {
  for (const ruleset of HAND_TO_HAND_VERSIONS) {
    for (const diceMode of ['table', 'server'] as const) {
      it(`C-6 HH-4 HH-7 HH-8 HH-11 HH-13 HH-15 HH-18 Q-17 (${ruleset.version}, ${diceMode} dice) every template, filled with any legal choice and the dice it asks for, is decided without refusal, and play never stalls`, () => {
        const seen = new Set<string>();
        fc.assert(
          fc.property(fc.infiniteStream(fc.nat()), (stream) => {
            const numbers = stream[Symbol.iterator]();
            const pick = (n: number) => (numbers.next().value as number) % n;
            let state = fold(ruleset.decider, table(ruleset.version, diceMode));
            for (let step = 0; step < 120; step++) {
              const templates = templatesOf(ruleset, state);
              // No dead end: something is always awaited or available.
              expect(templates.length).toBeGreaterThan(0);
              // What is awaited comes first; while something is, the other templates are what the
              // rules still allow beside it (Q-17: more declarations).
              const template = templates[pick(templates.length)]!;
              const events = play(ruleset, state, template, pick);
              for (const event of events) {
                seen.add(event.type === 'ChargeDeclared' ? `${event.type}:${event.data.kind}` : event.type);
              }
              state = fold(ruleset.decider, events, state);
            }
          }),
          // A fixed seed: the coverage asserted below must not hang on a lucky draw (the HTTP playout explores).
          { numRuns: 25, seed: 7 },
        );
        // The playouts reach the melee's every kind of step, not just the turn's end.
        for (const type of [
          'UnitRegistered',
          'ChargeDeclared:charge',
          'ChargeDeclared:fight-back',
          'ImpactRolled',
          'MoraleTested',
          'GroundGiven',
          'UnitWithdrew',
          'TurnEnded',
        ]) {
          expect([...seen]).toContain(type);
        }
      });
    }
  }

  for (const ruleset of HAND_TO_HAND_VERSIONS) {
    it(`C-6 HH-1 HH-5 (${ruleset.version}) given the templates that make a new unit or charge, then they name their fresh id, and another id not yet used is accepted as well`, () => {
      const setUp = table(ruleset.version, 'table');
      const cases: [HandToHandState, string, string][] = [
        [fold(ruleset.decider, setUp.slice(0, 1)), 'register-unit', 'unitId'],
        [fold(ruleset.decider, setUp), 'charge', 'chargeId'],
      ];
      for (const [state, action, field] of cases) {
        const template = ruleset.available!(state, {}).find((t) => t.action === action)!;
        expect(template.freshIds).toEqual([field]);
        expect(typeof template.body[field]).toBe('string');
        const other = {
          ...template,
          body: { ...template.body, [field]: `${String(template.body[field])}-9` },
        };
        expect(play(ruleset, state, other, () => 0).length).toBeGreaterThan(0);
      }
    });
  }

  it('Q-17 the closing template of both flank charges asks for no die, and the impact roll asks for 1D6', () => {
    const bothFlanks = [
      ...table('2.1.0', 'table'),
      ...chargedIntoContact('C1', 'Z1', 'N1', { aspect: 'left-flank' }),
      ...chargedIntoContact('C2', 'Z2', 'N1', { aspect: 'right-flank' }),
    ];
    const state = spec(handToHandV2_1).given(bothFlanks).state;
    const [closing] = handToHandV2_1.awaitedTemplates!(state, {});
    expect(closing).toMatchObject({ command: 'RollImpact', body: { chargeId: 'C1' }, ruleId: 'Q-17' });
    expect(closing?.dice).toBeUndefined();
    const third = spec(handToHandV2_1).given([...bothFlanks, ...chargedIntoContact('C3', 'Z3', 'N2')]).state;
    expect(handToHandV2_1.awaitedTemplates!(third, {})[0]).toMatchObject({
      body: { chargeId: 'C3' },
      dice: { source: 'table', count: 1, sides: 6, path: 'dice', ruleId: 'HH-7' },
    });
  });

  it('HH-2 HH-8 the melee morale test template carries exactly the body the route accepts: unitId and cause, no chargeId; 2D6', () => {
    const given = [...table('2.1.0', 'server'), ...chargedIntoContact('C1', 'Z1', 'N1')];
    const state = spec(handToHandV2_1).given(given).state;
    const [impact] = handToHandV2_1.awaitedTemplates!(state, {});
    const events = play(handToHandV2_1, state, impact!, () => 0);
    const after = fold(handToHandV2_1.decider, events, state);
    const [test] = handToHandV2_1.awaitedTemplates!(after, {});
    expect(test).toMatchObject({
      command: 'TakeMoraleTest',
      body: { unitId: 'N1', cause: 'melee' },
      dice: { source: 'server', count: 2 },
      combat: { kind: 'charge', chargeId: 'C1' },
    });
    expect(Object.keys(test!.body).sort()).toEqual(['cause', 'unitId']);
  });

  it('HH-10 Q-28 an engaged unit is offered only the enemy to its front, on the aspect where they touch, with no willpower dice', () => {
    // Z1 charged N1's front in turn 1 and N1 held; in turn 2 N1 may attack Z1 again, and nobody else
    const given = [
      ...table('2.0.0', 'table'),
      ...chargedAndHeld('C1', 'Z1', 'N1', 'front'),
      turnEnded(1, 'A'),
    ];
    const state = spec(handToHandV2).given(given).state;
    const n1 = handToHandV2.available!(state, {}).filter((t) => t.command === 'Charge' && t.unitId === 'N1');
    expect(n1).toEqual([
      expect.objectContaining({
        action: 'fight-back',
        body: expect.objectContaining({ attackerId: 'N1', defenderId: 'Z1', aspect: 'front' }),
        ruleId: 'Q-28',
      }),
    ]);
    expect(n1[0]?.dice).toBeUndefined();
    // a free unit charges with a willpower test, and may pick any enemy it can reach
    const n2 = handToHandV2.available!(state, {}).find((t) => t.unitId === 'N2' && t.command === 'Charge');
    expect(n2).toMatchObject({ action: 'charge', dice: { count: 2, ruleId: 'HH-5' } });
    expect(n2?.choices[0]).toMatchObject({
      path: 'defenderId',
      options: [{ value: 'Z1' }, { value: 'Z2' }, { value: 'Z3' }],
    });
  });

  it('Q-18 Q-19 HH-4 a unit barred from attacking, or one that has attacked this phase, is offered no attack', () => {
    const given = [
      ...table('2.1.0', 'table'),
      ...chargedIntoContact('C1', 'Z1', 'N1', { aspect: 'left-flank' }),
    ];
    const state = spec(handToHandV2_1).given(given).state;
    expect(handToHandV2_1.available!(state, {}).filter((t) => t.unitId === 'Z1')).toEqual([]);
  });
});
