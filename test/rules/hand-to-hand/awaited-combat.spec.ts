import type { AwaitedInput } from '../../../src/rules/common/index.js';
import {
  handToHandV1,
  handToHandV2,
  type HandToHandCommand,
  type HandToHandEvent,
} from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  chargedIntoContact,
  fledBroken,
  impactRolled,
  meleeTestOf,
  moraleTested,
  standardTable,
} from '../../support/given-events/hand-to-hand.js';
import { endTurn, meleeTest, shootingTest } from './fixtures.js';

/**
 * Every awaited step that belongs to a charge names it (`combat`), so that a client builds the awaited
 * command from the step alone; a step that belongs to no charge names none.
 */
const v1 = spec(handToHandV1);
const v2 = spec(handToHandV2);

const ofCharge = (chargeId: string) => ({ kind: 'charge', chargeId }) as const;

/** The impact roll a client sends for an awaited step: its charge id taken from the step only. */
function impactRollFor(awaited: AwaitedInput | undefined): HandToHandCommand {
  if (awaited?.command !== 'RollImpact' || awaited.combat?.kind !== 'charge') {
    throw new Error(`not an awaited impact roll: ${JSON.stringify(awaited)}`);
  }
  return { type: 'RollImpact', chargeId: awaited.combat.chargeId };
}

const typeAndCharge = (events: HandToHandEvent[]) =>
  events.map((event) => [event.type, (event.data as { chargeId?: unknown }).chargeId]);

describe('hand-to-hand: the charge an awaited step belongs to', () => {
  it('Q-17 HH-9 two charges declared: the awaited impact rolls name C1, then C2, and each command built from them is accepted', () => {
    // given Z1 then Z2 declared charges, both in contact (2.0.0: declarations open until the first roll)
    const declared = [
      ...standardTable(undefined, '2.0.0'),
      ...chargedIntoContact('C1', 'Z1', 'N1'),
      ...chargedIntoContact('C2', 'Z2', 'N2'),
    ];
    const [first] = handToHandV2.awaiting(v2.given(declared).state);
    expect(first).toEqual({
      command: 'RollImpact',
      side: 'A',
      unitId: 'Z1',
      ruleId: 'Q-17',
      combat: ofCharge('C1'),
    });
    v2.given(declared)
      .when(impactRollFor(first), [3])
      .then((events) => expect(typeAndCharge(events)).toEqual([['ImpactRolled', 'C1']]));

    // when C1's defender has held, the next impact in declared order (HH-9) names the other charge
    const firstHeld = [
      ...declared,
      impactRolled('C1', 'Z1', 'N1', 1),
      moraleTested('N1', 7, [1, 2], { chargeId: 'C1', impact: 2 }),
    ];
    const [second] = handToHandV2.awaiting(v2.given(firstHeld).state);
    expect(second).toEqual({
      command: 'RollImpact',
      side: 'A',
      unitId: 'Z2',
      ruleId: 'HH-7',
      combat: ofCharge('C2'),
    });
    expect(second?.combat).not.toEqual(first?.combat);
    v2.given(firstHeld)
      .when(impactRollFor(second), [3])
      .then((events) => expect(typeAndCharge(events)).toEqual([['ImpactRolled', 'C2']]));
  });

  it('HH-7 HH-9 version 1.0.0: each charge is resolved before the next is declared, and its impact roll names it', () => {
    const contact = [...standardTable(), ...chargedIntoContact('C7', 'Z3', 'B1')];
    const awaited = handToHandV1.awaiting(v1.given(contact).state);
    expect(awaited).toEqual([
      { command: 'RollImpact', side: 'A', unitId: 'Z3', ruleId: 'HH-7', combat: ofCharge('C7') },
    ]);
    v1.given(contact)
      .when(impactRollFor(awaited[0]), [2])
      .then((events) => expect(typeAndCharge(events)).toEqual([['ImpactRolled', 'C7']]));
  });

  it('HH-8 the melee morale test awaited after an impact names the charge that struck', () => {
    v2.given([...standardTable(undefined, '2.0.0'), ...chargedIntoContact('C1', 'Z1', 'N1')])
      .when({ type: 'RollImpact', chargeId: 'C1' }, [3])
      .then((events, after) =>
        expect(handToHandV2.awaiting(after)).toEqual([
          { command: 'TakeMoraleTest', side: 'B', unitId: 'N1', ruleId: 'HH-8', combat: ofCharge('C1') },
        ]),
      );
  });

  // impact 3 + 1 = 4: N1 (morale 7) tests against 3; 7 fails by 4, 8 by 5, 11 by 8 (HH-3)
  it.each([
    ['HH-11', 'reform', [3, 4]],
    ['HH-12', 'retreat', [3, 5]],
    ['HH-13', 'break', [5, 6]],
  ] as const)('%s giving ground after a melee test (%s) names the charge', (ruleId, _outcome, faces) => {
    v1.given([...standardTable(), ...chargedIntoContact('C1', 'Z1', 'N1'), impactRolled('C1', 'Z1', 'N1', 3)])
      .when(meleeTest('N1'), [...faces])
      .then((events, after) =>
        expect(handToHandV1.awaiting(after)).toEqual([
          { command: 'ReportGiveGround', side: 'B', unitId: 'N1', ruleId, combat: ofCharge('C1') },
        ]),
      );
  });

  it('HH-18 giving ground after a shooting test belongs to no charge, and names none', () => {
    // N1 (morale 7) shot at with penalty 1 tests against 6 and rolls 7: Reform
    v1.given(standardTable())
      .when(shootingTest('N1', 1), [3, 4])
      .then((events, after) =>
        expect(handToHandV1.awaiting(after)).toEqual([
          { command: 'ReportGiveGround', side: 'B', unitId: 'N1', ruleId: 'HH-11' },
        ]),
      );
  });

  it('HH-13 the rally test of a broken unit belongs to no charge, and names none', () => {
    // N1 broke in side A's turn 1 and fled; side B's turn 2 opens with its rally test
    v1.given([...standardTable(), ...meleeTestOf(3, [5, 6]), fledBroken('N1', 2)])
      .when(endTurn)
      .then((events, after) =>
        expect(handToHandV1.awaiting(after)).toEqual([
          { command: 'TakeMoraleTest', side: 'B', unitId: 'N1', ruleId: 'HH-13' },
        ]),
      );
  });
});
