import { handToHand } from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  charge,
  chargeAndHold,
  createMatch,
  endTurn,
  Given,
  givenMatch,
  registerUnit,
  rollImpact,
  WILL_PASS,
} from './fixtures.js';
import {
  chargedAndHeld,
  chargedIntoContact,
  impactRolled,
  matchCreated,
  standardTable,
  turnEnded,
  unitRegistered,
} from './given.js';

/** The given events the rules tests start from are what decide() records for the same facts. */
describe('hand-to-hand: given events', () => {
  it('C-4 HH-1 the standard table, written as events, is what creating it by commands records', () => {
    for (const parameters of [undefined, { options: { doublesAutoPass: false } }]) {
      const byCommands = new Given();
      byCommands.do(createMatch(parameters));
      for (const id of ['Z1', 'Z2', 'Z3']) byCommands.do(registerUnit(id, 'A', 8));
      for (const id of ['N1', 'N2']) byCommands.do(registerUnit(id, 'B', 7));
      byCommands.do(registerUnit('B1', 'B', 9));
      expect(standardTable(parameters)).toEqual(byCommands.events);
    }
    spec(handToHand).given([]).when(createMatch()).then([matchCreated()]);
    spec(handToHand)
      .given([matchCreated()])
      .when(registerUnit('Z1', 'A', 8))
      .then([unitRegistered('Z1', 'A', 8)]);
  });

  it('HH-4 HH-5 HH-7 a charge into contact and its impact, written as events, are what decide() records', () => {
    spec(handToHand)
      .given(standardTable())
      .when(charge('C1', 'Z1', 'N1'), WILL_PASS)
      .then(chargedIntoContact('C1', 'Z1', 'N1'));
    spec(handToHand)
      .given([...standardTable(), ...chargedIntoContact('C1', 'Z1', 'N1')])
      .when(rollImpact('C1'), [3])
      .then([impactRolled('C1', 'Z1', 'N1', 3)]);
  });

  it('HH-8 C-4 a charge held on the front or a flank, and the end of the turn, written as events, are what the commands record', () => {
    for (const aspect of ['front', 'left-flank'] as const) {
      const byCommands = givenMatch();
      chargeAndHold(byCommands, 'C1', 'Z1', 'N1', aspect);
      byCommands.do(endTurn);
      expect(byCommands.events).toEqual([
        ...standardTable(),
        ...chargedAndHeld('C1', 'Z1', 'N1', aspect),
        turnEnded(1, 'A'),
      ]);
    }
  });
});
