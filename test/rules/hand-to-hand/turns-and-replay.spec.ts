import {
  handToHand,
  type HandToHandCommand,
  type HandToHandEvent,
} from '../../../src/rules/hand-to-hand/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  chargedIntoContact,
  foughtBack,
  impactRolled,
  meleeTestOf,
  moraleTested,
  standardTable,
  turnEnded,
  VICTORIOUS,
} from '../../support/given-events/hand-to-hand.js';
import {
  charge,
  chargeAndHold,
  endTurn,
  giveGround,
  givenMatch,
  matchOf,
  meleeTest,
  rallyTest,
  replay,
  rollImpact,
  shootingTest,
  unitIn,
  when,
  WILL_PASS,
  withdraw,
} from './fixtures.js';

const hh = spec(handToHand);

/** Z1 charged N1 frontally in turn 1 and is in contact. */
const inContact = [...standardTable(), ...chargedIntoContact('C1', 'Z1', 'N1')];

describe('hand-to-hand: turns, victory and replay', () => {
  it('C-4 EndTurn advances the turn number and flips the active side', () => {
    hh.given(standardTable())
      .when(endTurn)
      .then([{ type: 'TurnEnded', data: { endedTurn: 1, endedSide: 'A', turn: 2, activeSide: 'B' } }]);
    hh.given([...standardTable(), turnEnded(1, 'A')])
      .when(endTurn)
      .then((events, after) => {
        expect(events[0]?.data).toEqual({ endedTurn: 2, endedSide: 'B', turn: 3, activeSide: 'A' });
        expect(matchOf(after)).toMatchObject({ turn: 3, activeSide: 'A', charges: [] });
      });
  });

  it('C-4 EndTurn is refused while the match waits for a step, naming that step', () => {
    const refusal = hh
      .given([...inContact, impactRolled('C1', 'Z1', 'N1', 2)])
      .when(endTurn)
      .thenRefuses('C-4', 'conflict');
    expect(refusal.message).toBe(
      'C-4: turn 1 cannot end while the match waits for the melee morale test of unit N1 (British) (HH-8)',
    );
  });

  it('C-4 actingSide: a unit is registered by its own side, the attacker charges and rolls impact, the tested unit tests and reports, the active side ends the turn', () => {
    const before = hh.given(standardTable()).state;
    const atStart = (command: HandToHandCommand) => handToHand.actingSide(before, command);
    expect(
      atStart({ type: 'CreateMatch', matchId: 'M2', sides: { A: 'a', B: 'b' }, diceMode: 'table' }),
    ).toBeUndefined();
    expect(atStart({ type: 'RegisterUnit', unitId: 'X', name: 'x', side: 'B', morale: 7, move: 6 })).toBe(
      'B',
    );
    expect(atStart(charge('C1', 'Z1', 'N1'))).toBe('A');
    const charged = hh.given(inContact).state;
    const side = (command: HandToHandCommand) => handToHand.actingSide(charged, command);
    expect(side(rollImpact('C1'))).toBe('A');
    expect(side(meleeTest('N1'))).toBe('B');
    expect(side(shootingTest('B1'))).toBe('B');
    expect(side(giveGround('N1', true))).toBe('B');
    expect(side(withdraw('Z2'))).toBe('A');
    expect(side(endTurn)).toBe('A');
    expect(side(rollImpact('nope'))).toBeUndefined();
  });

  it("HH-17 / Q-6 an attacker whose defender failed is victorious: +1 in its owner's next turn only", () => {
    hh.given([...inContact, impactRolled('C1', 'Z1', 'N1', 3)])
      .when(meleeTest('N1'), [2, 3]) // reform
      .then((events) =>
        expect(events[1]).toEqual({
          type: 'AttackerVictorious',
          data: { chargeId: 'C1', unitId: 'Z1', inTurn: 3 },
        }),
      );
    const failed = [...standardTable(), ...meleeTestOf(3, [2, 3])];
    const gave = hh
      .given(failed)
      .when(giveGround('N1', true))
      .then((events, after) => expect(unitIn(after, 'Z1').victoriousInTurn).toBe(3));

    // turn 3: Z1 attacks N2 with +1 victorious
    const turn3 = [
      ...failed,
      ...gave,
      turnEnded(1, 'A'),
      turnEnded(2, 'B'),
      ...chargedIntoContact('C3', 'Z1', 'N2', { turn: 3 }),
    ];
    hh.given(turn3)
      .when(rollImpact('C3'), [1])
      .then(([impact]) =>
        expect(impact?.data).toMatchObject({
          modifiers: [
            { name: 'charge', value: 1, ruleId: 'HH-7' },
            { name: 'victorious', value: 1, ruleId: 'HH-17' },
          ],
          impact: 3,
        }),
      );
    // N2 (7 − 3 = 4) holds on 1+2, so no new victory
    const held = [
      ...turn3,
      impactRolled('C3', 'Z1', 'N2', 1, { more: [VICTORIOUS] }),
      moraleTested('N2', 7, [1, 2], { chargeId: 'C3', impact: 3 }),
    ];
    hh.given(held)
      .when(endTurn)
      .then((events, after) => expect(unitIn(after, 'Z1').victoriousInTurn).toBeNull());
    // turn 5: Z1 fights N2 again (still in contact to its front): no victorious bonus any more
    hh.given([...held, turnEnded(3, 'A'), turnEnded(4, 'B'), ...foughtBack('C5', 'Z1', 'N2', 5)])
      .when(rollImpact('C5'), [1])
      .then(([later]) => expect(later?.data).toMatchObject({ modifiers: [], impact: 1 }));
  });

  it('Q-6 a defender that passes leaves its attacker not victorious', () => {
    hh.given([...inContact, impactRolled('C1', 'Z1', 'N1', 1)])
      .when(meleeTest('N1'), [1, 2])
      .then((events, after) => {
        expect(events.map((event) => event.type)).toEqual(['MoraleTested']);
        expect(unitIn(after, 'Z1').victoriousInTurn).toBeNull();
      });
  });

  /** A long match touching every event type. */
  function longMatch() {
    const given = givenMatch();
    chargeAndHold(given, 'C1', 'Z1', 'N1', 'left-flank');
    given.do(charge('C2', 'Z2', 'N1', 'right-flank'), WILL_PASS); // HH-9 surrender
    given.do(charge('C3', 'Z3', 'N2'), [6, 5]); // falters
    given.do(endTurn);
    given.do(shootingTest('Z3', 6), [5, 6]); // break
    given.do(giveGround('Z3', true));
    given.do(endTurn);
    given.do(rallyTest('Z3'), [1, 2]);
    given.do(charge('C4', 'Z1', 'B1'), WILL_PASS);
    given.do(rollImpact('C4'), [3]);
    given.do(meleeTest('B1'), [4, 5]); // 9 − 4 = 5, rolls 9: reform
    given.do(giveGround('B1', false)); // stuck
    given.do(rollImpact('C4'), [1]);
    given.do(meleeTest('B1'), [2, 3]);
    given.do(endTurn);
    given.do(withdraw('B1', true));
    return given;
  }

  it('C-3 folding the same events twice, or after a JSON round trip, gives equal states', () => {
    const given = longMatch();
    expect(new Set(given.types())).toEqual(
      new Set([
        'MatchCreated',
        'UnitRegistered',
        'ChargeDeclared',
        'WillpowerTested',
        'ChargeFaltered',
        'ContactMade',
        'DefenderSurrendered',
        'ImpactRolled',
        'MoraleTested',
        'AttackerVictorious',
        'GroundGiven',
        'ReformStuck',
        'UnitRallied',
        'UnitWithdrew',
        'UnitRemoved',
        'TurnEnded',
        'RallyTestRequired',
      ]),
    );
    const once = replay(given.events);
    const twice = replay(given.events);
    const stored = JSON.parse(JSON.stringify(given.events)) as HandToHandEvent[];
    expect(twice).toStrictEqual(once);
    expect(replay(stored)).toStrictEqual(once);
    expect(once).toStrictEqual(given.state);
    expect(JSON.parse(JSON.stringify(once))).toStrictEqual(once);
    expect(given.unit('B1')).toMatchObject({ status: 'removed', removedBecause: 'left-the-table' });
    expect(given.unit('N1')).toMatchObject({ status: 'removed', removedBecause: 'surrendered' });
  });

  it('C-3 a replayed state decides exactly as the live one did', () => {
    const given = longMatch();
    const replayed = replay(JSON.parse(JSON.stringify(given.events)) as HandToHandEvent[]);
    const next = charge('C9', 'N2', 'Z3', 'rear', 'uphill');
    expect(when(replayed, next, [2, 2])).toEqual(when(given.state, next, [2, 2]));
    // and folding never mutates the state it starts from
    const frozen = JSON.stringify(given.state);
    replay(when(given.state, next, [2, 2]), given.state);
    expect(JSON.stringify(given.state)).toBe(frozen);
  });

  it('C-3 viewState is a detached JSON copy and viewEvent shows the event as it is (no hidden information)', () => {
    const given = longMatch();
    const view = handToHand.viewState(given.state, {});
    expect(view).toEqual(given.state);
    expect(view).not.toBe(given.state);
    const [event] = given.events;
    if (event === undefined) throw new Error('no events');
    expect(handToHand.viewEvent(event, { side: 'B' })).toEqual(event);
  });
});
