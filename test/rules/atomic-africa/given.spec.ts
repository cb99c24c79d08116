import { atomicAfrica } from '../../../src/rules/atomic-africa/index.js';
import { spec } from '../../support/decider-spec.js';
import { engaged, Match } from './fixtures.js';
import { contactReported, matchCreated, unitRegistered } from '../../support/given-events/atomic-africa.js';

const aa = spec(atomicAfrica);

/** The given events the rules tests start from are what decide() records for the same facts. */
describe('atomic-africa: given events', () => {
  it('C-4 AA-3 a match, its units and a contact, written as events, are what the commands record', () => {
    const parameters = { jokerPosture: 'by-colour', rangedAttack: { hitOn: 5 } };
    for (const overrides of [undefined, parameters]) {
      aa.given([])
        .when({
          type: 'CreateMatch',
          matchId: 'm1',
          sides: { A: 'Legion', B: 'Askari' },
          diceMode: 'table',
          parameters: overrides,
        } as never)
        .then([matchCreated(overrides)]);
    }
    aa.given([matchCreated()])
      .when({
        type: 'RegisterUnit',
        unitId: 'V1',
        name: 'unit V1',
        side: 'B',
        unitType: 'vehicle',
        movement: 10,
        firepower: 1,
      } as never)
      .then([unitRegistered('V1', 'B', 'vehicle', 10, 1)]);
    aa.given([matchCreated(), unitRegistered('A1', 'A'), unitRegistered('B1', 'B')])
      .when({ type: 'ReportContact', unitId: 'B1', enemyId: 'A1' } as never)
      .then([contactReported('A1', 'B1', 1)]);
  });

  it('C-4 AA-3 two units engaged, given as events, are what ending the turns and reporting contact record', () => {
    const byCommands = new Match().create().unit('A1', 'A').unit('B1', 'B');
    byCommands.run({ type: 'EndTurn' });
    byCommands.contact('A1', 'B1');
    byCommands.run({ type: 'EndTurn' });
    expect(engaged().events).toEqual(byCommands.events);
  });
});
