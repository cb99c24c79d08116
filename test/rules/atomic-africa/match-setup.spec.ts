import { parametersHash, rulesetRef } from '../../../src/rules/common/index.js';
import {
  atomicAfrica,
  defaultParameters,
  type AtomicAfricaCommand,
} from '../../../src/rules/atomic-africa/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  contactReported,
  intentDeclared,
  matchCreated,
  orderSealed,
  turnEnded,
  unitRegistered,
} from '../../support/given-events/atomic-africa.js';
import { card, engaged, Match, stateOf } from './fixtures.js';

const aa = spec(atomicAfrica);

describe('atomic-africa: match, units, contact and turns', () => {
  it('C-4 nothing is accepted before CreateMatch', () => {
    const match = new Match();
    match.refuse(
      {
        type: 'RegisterUnit',
        unitId: 'A1',
        name: 'x',
        side: 'A',
        unitType: 'infantry',
        movement: 6,
        firepower: 2,
      },
      'C-4',
      'conflict',
    );
    match.refuse({ type: 'EndTurn' }, 'C-4', 'conflict');
    match.refuse({ type: 'SealOrder', unitId: 'A1', turn: 1, card: card('7S') }, 'C-4', 'conflict');
  });

  it('C-4 CreateMatch starts turn 1 with side A active and records the full parameters and the ruleset', () => {
    const match = new Match();
    const [created] = match.run({
      type: 'CreateMatch',
      matchId: 'm1',
      sides: { A: 'Legion', B: 'Askari' },
      diceMode: 'table',
    });
    expect(created).toEqual({
      type: 'MatchCreated',
      data: {
        matchId: 'm1',
        sides: { A: 'Legion', B: 'Askari' },
        diceMode: 'table',
        diceCommitment: null,
        parameters: defaultParameters,
        ruleset: rulesetRef('atomic-africa', '1.0.0', defaultParameters),
        turn: 1,
        activeSide: 'A',
      },
    });
    expect(match.state).toMatchObject({ turn: 1, activeSide: 'A' });
    match.refuse(
      { type: 'CreateMatch', matchId: 'm1', sides: { A: 'a', B: 'b' }, diceMode: 'table' },
      'C-4',
      'conflict',
    );
  });

  it('C-2 server dice need the published seed commitment; table dice take none', () => {
    const commitment = 'ab'.repeat(32);
    const server = new Match();
    server.refuse(
      { type: 'CreateMatch', matchId: 'm', sides: { A: 'a', B: 'b' }, diceMode: 'server' },
      'C-2',
      'invalid',
    );
    const [created] = server.run({
      type: 'CreateMatch',
      matchId: 'm',
      sides: { A: 'a', B: 'b' },
      diceMode: 'server',
      diceCommitment: commitment.toUpperCase(),
    });
    expect(created.data).toMatchObject({ diceMode: 'server', diceCommitment: commitment });
    new Match().refuse(
      {
        type: 'CreateMatch',
        matchId: 'm',
        sides: { A: 'a', B: 'b' },
        diceMode: 'table',
        diceCommitment: commitment,
      },
      'C-2',
      'invalid',
    );
  });

  it('Q-11 Q-8 parameters are deep-merged over the defaults, validated, and hashed into the ruleset ref', () => {
    // CreateMatch itself, not the given MatchCreated: this is the test of what it records
    const match = new Match();
    match.run({
      type: 'CreateMatch',
      matchId: 'm1',
      sides: { A: 'Legion', B: 'Askari' },
      diceMode: 'table',
      parameters: { jokerPosture: 'by-colour', rangedAttack: { hitOn: 5 } },
    });
    const created = match.last('MatchCreated');
    expect(created.data.parameters).toEqual({
      ...defaultParameters,
      jokerPosture: 'by-colour',
      rangedAttack: { ...defaultParameters.rangedAttack, hitOn: 5 },
    });
    expect(created.data.ruleset.hash).toBe(parametersHash(created.data.parameters));
    expect(created.data.ruleset.hash).not.toBe(parametersHash(defaultParameters));

    const create = (parameters: unknown): AtomicAfricaCommand => ({
      type: 'CreateMatch',
      matchId: 'm',
      sides: { A: 'a', B: 'b' },
      diceMode: 'table',
      parameters,
    });
    new Match().refuse(create({ jokerPosture: 'sometimes' }), 'Q-8', 'invalid');
    new Match().refuse(create({ rangedAttack: { hitOn: 0 } }), 'AA-11', 'invalid');
    new Match().refuse(
      create({
        rangedAttack: {
          rangeBands: [
            { upTo: 12, threshold: 1 },
            { upTo: 6, threshold: 2 },
          ],
        },
      }),
      'AA-11',
      'invalid',
    );
    new Match().refuse(create({ rangedAttack: { rangeBands: [] } }), 'AA-11', 'invalid');
    new Match().refuse(create({ sprintMultiplier: 0.5 }), 'AA-9', 'invalid');
    new Match().refuse(create({ morale: 7 }), 'Q-11', 'invalid');
    // the published defaults are not mutated by a match's overrides
    expect(defaultParameters.rangedAttack.hitOn).toBe(4);
  });

  it('AA-3 a unit is registered with a type, a movement and a firepower; bad values are refused', () => {
    const match = new Match().create();
    const [registered] = match.run({
      type: 'RegisterUnit',
      unitId: 'A1',
      name: 'Rifles',
      side: 'A',
      unitType: 'light-infantry',
      movement: 8,
      firepower: 3,
    });
    expect(registered).toEqual({
      type: 'UnitRegistered',
      data: {
        unitId: 'A1',
        name: 'Rifles',
        side: 'A',
        unitType: 'light-infantry',
        movement: 8,
        firepower: 3,
      },
    });
    const register = (data: Record<string, unknown>): AtomicAfricaCommand =>
      ({
        type: 'RegisterUnit',
        unitId: 'A2',
        name: 'x',
        side: 'A',
        unitType: 'infantry',
        movement: 6,
        firepower: 2,
        ...data,
      }) as AtomicAfricaCommand;
    match.refuse(register({ unitId: 'A1' }), 'AA-3', 'conflict');
    match.refuse(register({ unitType: 'cavalry' }), 'AA-3', 'invalid');
    match.refuse(register({ movement: 0 }), 'AA-3', 'invalid');
    match.refuse(register({ firepower: 1.5 }), 'AA-3', 'invalid');
    match.refuse(register({ side: 'C' }), 'AA-3', 'invalid');
    match.refuse(register({ unitId: '__proto__' }), 'AA-3', 'invalid');
  });

  it('AA-3 opposing infantry reported in contact begin the next turn in close combat, not this one', () => {
    const units = [matchCreated(), unitRegistered('A1', 'A', 'light-infantry'), unitRegistered('B1', 'B')];
    aa.given(units)
      .when({ type: 'ReportContact', unitId: 'B1', enemyId: 'A1' })
      .then((events, after) => {
        expect(events).toEqual([{ type: 'ContactReported', data: { unitIds: ['A1', 'B1'], turn: 1 } }]);
        expect(after.closeCombats).toEqual([]);
      });
    const reported = aa.given([...units, contactReported('A1', 'B1', 1)]);
    reported.when({ type: 'ReportContact', unitId: 'A1', enemyId: 'B1' }).thenRefuses('AA-3', 'conflict');

    reported.when({ type: 'EndTurn' }).then((ended, after) => {
      expect(ended).toEqual([
        { type: 'TurnEnded', data: { turn: 1, nextTurn: 2, activeSide: 'B' } },
        { type: 'CloseCombatBegan', data: { unitIds: ['A1', 'B1'], turn: 2 } },
      ]);
      expect(after.closeCombats).toEqual([{ unitIds: ['A1', 'B1'], resolved: false, inContact: true }]);
    });
  });

  it('AA-3 AA-13 a vehicle never enters close combat, and contact is only with an enemy', () => {
    const match = new Match().create().unit('A1', 'A').unit('A2', 'A').unit('V1', 'B', 'vehicle');
    match.refuse({ type: 'ReportContact', unitId: 'A1', enemyId: 'V1' }, 'AA-3', 'invalid');
    match.refuse({ type: 'ReportContact', unitId: 'A1', enemyId: 'A2' }, 'AA-3', 'invalid');
    match.refuse({ type: 'ReportContact', unitId: 'A1', enemyId: 'B9' }, 'AA-3', 'conflict');
    // AA-13: so a vehicle can never be declared for in close combat either
    match.refuse({ type: 'DeclareIntent', unitId: 'V1', intent: 'fight' }, 'AA-4', 'conflict');
  });

  it('C-4 EndTurn advances the turn and flips the active side; orders belong to their turn', () => {
    const units = [matchCreated(), unitRegistered('A1', 'A'), unitRegistered('B1', 'B')];
    const sealed = aa.given([...units, orderSealed('A1', 'A', '7S', 1)]);
    sealed
      .when({ type: 'SealOrder', unitId: 'B1', turn: 2, card: card('7S') })
      .thenRefuses('C-4', 'conflict');
    sealed
      .when({ type: 'EndTurn' })
      .then((events, after) => expect(after).toMatchObject({ turn: 2, activeSide: 'B', orders: {} }));
    const turn2 = aa.given([...units, orderSealed('A1', 'A', '7S', 1), ...turnEnded(1, 'B')]);
    turn2.when({ type: 'SealOrder', unitId: 'A1', turn: 1, card: card('8S') }).thenRefuses('C-4', 'conflict');
    // a new turn, a new hand
    turn2
      .when({ type: 'SealOrder', unitId: 'A1', turn: 2, card: card('7S') })
      .then([orderSealed('A1', 'A', '7S', 2)]);
    aa.given([
      ...units,
      orderSealed('A1', 'A', '7S', 1),
      ...turnEnded(1, 'B'),
      orderSealed('A1', 'A', '7S', 2),
    ])
      .when({ type: 'EndTurn' })
      .then((events, after) => expect(after).toMatchObject({ turn: 3, activeSide: 'A' }));
  });

  it('C-4 a turn cannot end while a close combat is half resolved', () => {
    aa.given([
      ...engaged().events,
      orderSealed('A1', 'A', '7S'),
      orderSealed('B1', 'B', '8C'),
      intentDeclared('A1', 'A', 'activating', 'fight', 'B1'),
    ])
      .when({ type: 'EndTurn' })
      .thenRefuses('C-4', 'conflict');
  });

  it('C-3 replaying the events gives the same state, and the same commands and dice give the same events', () => {
    const play = () => {
      const match = engaged();
      match.seal('A1', '7H').seal('B1', '8C').declare('A1', 'fight').declare('B1', 'fight');
      match.reveal('A1', '7H');
      match.reveal('B1', '8C');
      match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [4, 2]);
      match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [1, 6]);
      match.endTurn();
      return match;
    };
    const first = play();
    const second = play();
    expect(JSON.stringify(second.events)).toBe(JSON.stringify(first.events));
    const replayed = stateOf(JSON.parse(JSON.stringify(first.events)));
    expect(replayed).toEqual(first.state);
  });

  it('C-4 actingSide: the owner acts for its unit, the active side ends the turn, anyone creates, a unit is registered by its own side', () => {
    const match = engaged();
    const { state } = match;
    expect(
      atomicAfrica.actingSide(state, {
        type: 'SealOrder',
        unitId: 'B1',
        turn: 3,
        card: card('7S'),
      }),
    ).toBe('B');
    expect(atomicAfrica.actingSide(state, { type: 'DeclareIntent', unitId: 'A1', intent: 'fight' })).toBe(
      'A',
    );
    expect(atomicAfrica.actingSide(state, { type: 'RevealOrder', unitId: 'B1', card: card('7S') })).toBe('B');
    expect(atomicAfrica.actingSide(state, { type: 'Pursue', unitId: 'B1', pursue: true })).toBe('B');
    expect(
      atomicAfrica.actingSide(state, {
        type: 'ReportBreakOff',
        unitId: 'A1',
        destination: 'd',
        inTransit: 't',
      }),
    ).toBe('A');
    expect(atomicAfrica.actingSide(state, { type: 'ResolveCloseCombat', unitId: 'B1' })).toBe('B');
    expect(
      atomicAfrica.actingSide(state, {
        type: 'RangedAttack',
        attackerId: 'B1',
        targetId: 'A1',
        rangeInches: 3,
      }),
    ).toBe('B');
    expect(atomicAfrica.actingSide(state, { type: 'EndTurn' })).toBe('A');
    expect(
      atomicAfrica.actingSide(state, { type: 'ReportContact', unitId: 'A1', enemyId: 'B1' }),
    ).toBeUndefined();
    expect(
      atomicAfrica.actingSide(state, {
        type: 'RegisterUnit',
        unitId: 'A9',
        name: 'x',
        side: 'A',
        unitType: 'infantry',
        movement: 6,
        firepower: 1,
      }),
    ).toBe('A');
    expect(
      atomicAfrica.actingSide(state, { type: 'DeclareIntent', unitId: 'nobody', intent: 'fight' }),
    ).toBeUndefined();
  });

  it('C-6 an unknown command type is refused', () => {
    new Match().create().refuse({ type: 'Teleport' } as unknown as AtomicAfricaCommand, 'C-6', 'invalid');
  });
});
