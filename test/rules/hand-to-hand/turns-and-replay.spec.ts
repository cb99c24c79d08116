import {
  handToHand,
  type HandToHandCommand,
  type HandToHandEvent,
} from '../../../src/rules/hand-to-hand/index.js';
import {
  charge,
  chargeAndHold,
  endTurn,
  giveGround,
  givenMatch,
  givenMeleeTest,
  meleeTest,
  rallyTest,
  replay,
  rollImpact,
  shootingTest,
  when,
  WILL_PASS,
  withdraw,
} from './fixtures.js';

describe('hand-to-hand: turns, victory and replay', () => {
  it('C-4 EndTurn advances the turn number and flips the active side', () => {
    const given = givenMatch();
    expect(given.do(endTurn)).toEqual([
      { type: 'TurnEnded', data: { endedTurn: 1, endedSide: 'A', turn: 2, activeSide: 'B' } },
    ]);
    expect(given.do(endTurn)[0]?.data).toEqual({ endedTurn: 2, endedSide: 'B', turn: 3, activeSide: 'A' });
    expect(given.match).toMatchObject({ turn: 3, activeSide: 'A', charges: [] });
  });

  it('C-4 EndTurn is refused while the match waits for a step, naming that step', () => {
    const given = givenMatch();
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    given.do(rollImpact('C1'), [2]);
    const refusal = given.refused(endTurn);
    expect(refusal.ruleId).toBe('C-4');
    expect(refusal.kind).toBe('conflict');
    expect(refusal.message).toBe(
      'C-4: turn 1 cannot end while the match waits for the melee morale test of unit N1 (side B) (HH-8)',
    );
  });

  it('C-4 actingSide: the attacker charges and rolls impact, the tested unit tests and reports, the active side ends the turn', () => {
    const given = givenMatch();
    const side = (command: HandToHandCommand) => handToHand.actingSide(given.state, command);
    expect(
      side({ type: 'CreateMatch', matchId: 'M2', sides: { A: 'a', B: 'b' }, diceMode: 'table' }),
    ).toBeUndefined();
    expect(
      side({ type: 'RegisterUnit', unitId: 'X', name: 'x', side: 'B', morale: 7, move: 6 }),
    ).toBeUndefined();
    expect(side(charge('C1', 'Z1', 'N1'))).toBe('A');
    given.do(charge('C1', 'Z1', 'N1'), WILL_PASS);
    expect(side(rollImpact('C1'))).toBe('A');
    expect(side(meleeTest('N1'))).toBe('B');
    expect(side(shootingTest('B1'))).toBe('B');
    expect(side(giveGround('N1', true))).toBe('B');
    expect(side(withdraw('Z2'))).toBe('A');
    expect(side(endTurn)).toBe('A');
    expect(side(rollImpact('nope'))).toBeUndefined();
  });

  it("HH-17 / Q-6 an attacker whose defender failed is victorious: +1 in its owner's next turn only", () => {
    const given = givenMatch();
    const events = givenMeleeTest(given, 3, [2, 3]); // reform
    expect(events[1]).toEqual({
      type: 'AttackerVictorious',
      data: { chargeId: 'C1', unitId: 'Z1', inTurn: 3 },
    });
    given.do(giveGround('N1', true));
    expect(given.unit('Z1').victoriousInTurn).toBe(3);

    given.do(endTurn);
    given.do(endTurn);
    // turn 3: Z1 attacks N2 with +1 victorious
    given.do(charge('C3', 'Z1', 'N2'), WILL_PASS);
    const [impact] = given.do(rollImpact('C3'), [1]);
    expect(impact?.data).toMatchObject({
      modifiers: [
        { name: 'charge', value: 1, ruleId: 'HH-7' },
        { name: 'victorious', value: 1, ruleId: 'HH-17' },
      ],
      impact: 3,
    });
    given.do(meleeTest('N2'), [1, 2]); // 7 − 3 = 4: holds, so no new victory
    given.do(endTurn);
    expect(given.unit('Z1').victoriousInTurn).toBeNull();
    given.do(endTurn);
    // turn 5: Z1 fights N2 again (still in contact to its front): no victorious bonus any more
    given.do(charge('C5', 'Z1', 'N2'));
    const [later] = given.do(rollImpact('C5'), [1]);
    expect(later?.data).toMatchObject({ modifiers: [], impact: 1 });
  });

  it('Q-6 a defender that passes leaves its attacker not victorious', () => {
    const given = givenMatch();
    const events = givenMeleeTest(given, 1, [1, 2]);
    expect(given.types(events)).toEqual(['MoraleTested']);
    expect(given.unit('Z1').victoriousInTurn).toBeNull();
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
