import type { AwaitedInput } from '../../../src/rules/common/index.js';
import {
  atomicAfrica,
  atomicAfricaV2,
  type AtomicAfricaCommand,
  type AtomicAfricaEvent,
} from '../../../src/rules/atomic-africa/index.js';
import { spec } from '../../support/decider-spec.js';
import { turnEnded } from '../../support/given-events/atomic-africa.js';
import { engaged } from './fixtures.js';
import { battle, declaredAndRevealed, foughtOut, sealedEvent, V2 } from './v2/fixtures.js';

/**
 * Every awaited step of a close combat names it (`combat`: its pair of units, side A's first, AA-3), so
 * that a client builds the awaited command from the step alone; sealing a card belongs to none.
 */
const v2 = spec(atomicAfricaV2);

const closeCombat = (a: string, b: string) => ({ kind: 'close-combat', unitIds: [a, b] }) as const;

/**
 * The reacting declaration a client sends for an awaited step (AA-4): its unit from the step, and the
 * opponent it fights from the step's close combat (the other unit of the pair).
 */
function declarationFor(awaited: AwaitedInput | undefined, intent: 'fight' | 'flee'): AtomicAfricaCommand {
  if (awaited?.command !== 'DeclareIntent' || awaited.combat?.kind !== 'close-combat' || !awaited.unitId) {
    throw new Error(`not an awaited declaration: ${JSON.stringify(awaited)}`);
  }
  const { unitIds } = awaited.combat;
  const opponentId = unitIds[0] === awaited.unitId ? unitIds[1] : unitIds[0];
  return { type: 'DeclareIntent', unitId: awaited.unitId, intent, opponentId };
}

/** AA-6: B1's flee on 9♣ stands (A–10 moves, ♣ is defensive). */
const B1_FLEE_STANDS: AtomicAfricaEvent = {
  type: 'FleeJudged',
  data: { unitId: 'B1', turn: 3, verdict: 'stands', allowsMovement: true, posture: 'defensive' },
};

/** A1 and A2 both in close combat with B1 (A2 faster), every card sealed for turn 3. */
function b1EngagedTwice() {
  return battle({ A1: {}, A2: { movement: 8 }, B1: {} }, [
    ['A1', 'B1'],
    ['A2', 'B1'],
  ]).given(sealedEvent('A1', '5H'), sealedEvent('A2', '6D'), sealedEvent('B1', '9C'));
}

describe('atomic-africa: the close combat an awaited step belongs to', () => {
  it('AA-4 the reacting declaration names the close combat the activation opened, and the command built from it is accepted', () => {
    const sealed = b1EngagedTwice();
    v2.given(sealed.events)
      .when({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight', opponentId: 'B1' })
      .then((events, after) => {
        const awaited = atomicAfricaV2.awaiting(after);
        expect(awaited).toEqual([
          {
            command: 'DeclareIntent',
            side: 'B',
            unitId: 'B1',
            ruleId: 'AA-4',
            combat: closeCombat('A1', 'B1'),
          },
        ]);
        v2.given([...sealed.events, ...events])
          .when(declarationFor(awaited[0], 'fight'))
          .then((declared) =>
            expect(declared).toMatchObject([
              { type: 'IntentDeclared', data: { unitId: 'B1', role: 'reacting', opponentId: 'A1' } },
            ]),
          );
      });
  });

  it('Q-22 AA-4 a reacting unit engaged by a second activating enemy: its second declaration names the other close combat', () => {
    const firstFought = b1EngagedTwice().given(
      ...declaredAndRevealed(['A1', '5H', 'fight'], ['B1', '9C', 'fight']),
      ...foughtOut('A1', 'B1'),
    );
    v2.given(firstFought.events)
      .when({ type: 'DeclareIntent', unitId: 'A2', intent: 'fight' })
      .then((events, after) =>
        expect(atomicAfricaV2.awaiting(after)).toEqual([
          {
            command: 'DeclareIntent',
            side: 'B',
            unitId: 'B1',
            ruleId: 'AA-4',
            combat: closeCombat('A2', 'B1'),
          },
        ]),
      );
  });

  it('AA-5 both reveals name the close combat', () => {
    const declared = b1EngagedTwice();
    declared.declare('A1', 'fight').declare('B1', 'flee');
    expect(atomicAfricaV2.awaiting(declared.state)).toEqual([
      { command: 'RevealOrder', side: 'A', unitId: 'A1', ruleId: 'AA-5', combat: closeCombat('A1', 'B1') },
      { command: 'RevealOrder', side: 'B', unitId: 'B1', ruleId: 'AA-5', combat: closeCombat('A1', 'B1') },
    ]);
  });

  it('AA-9 Q-23 every pursuit offered names the close combat it belongs to, an enemy outside that pair too', () => {
    const fled = b1EngagedTwice().given(
      ...declaredAndRevealed(['A1', '5H', 'fight'], ['B1', '9C', 'flee'], [B1_FLEE_STANDS]),
    );
    expect(atomicAfricaV2.awaiting(fled.state)).toEqual([
      { command: 'Pursue', side: 'A', unitId: 'A1', ruleId: 'AA-9', combat: closeCombat('A1', 'B1') },
      { command: 'Pursue', side: 'A', unitId: 'A2', ruleId: 'AA-9', combat: closeCombat('A1', 'B1') },
    ]);
  });

  it('AA-8 AA-11 the break-off report and the attack that follows name the close combat', () => {
    const fled = b1EngagedTwice().given(
      ...declaredAndRevealed(['A1', '5H', 'fight'], ['B1', '9C', 'flee'], [B1_FLEE_STANDS]),
    );
    fled.run({ type: 'Pursue', unitId: 'A1', pursue: false });
    v2.given(fled.events)
      .when({ type: 'Pursue', unitId: 'A2', pursue: false })
      .then((events, after) =>
        expect(atomicAfricaV2.awaiting(after)).toEqual([
          {
            command: 'ReportBreakOff',
            side: 'B',
            unitId: 'B1',
            ruleId: 'AA-8',
            combat: closeCombat('A1', 'B1'),
          },
        ]),
      );
    fled.run({ type: 'Pursue', unitId: 'A2', pursue: false });
    v2.given(fled.events)
      .when({
        type: 'ReportBreakOff',
        unitId: 'B1',
        destination: 'the kraal',
        inTransit: 'the drift',
        rangeInches: 8,
      })
      .then((events, after) =>
        expect(atomicAfricaV2.awaiting(after)).toEqual([
          {
            command: 'ResolveCloseCombat',
            side: 'A',
            unitId: 'A1',
            ruleId: 'AA-11',
            combat: closeCombat('A1', 'B1'),
          },
        ]),
      );
  });

  it('AA-4 AA-3 a close combat side B activates is still named side A’s unit first', () => {
    // turn 4, side B to play, A1 and B1 still in contact: B1 activates
    const turn4 = battle({ A1: {}, B1: {} }, [['A1', 'B1']]).given(...turnEnded(3, 'B', [['A1', 'B1']], V2));
    turn4.seal('A1', '5H').seal('B1', '9C');
    v2.given(turn4.events)
      .when({ type: 'DeclareIntent', unitId: 'B1', intent: 'fight' })
      .then((events, after) =>
        expect(atomicAfricaV2.awaiting(after)).toEqual([
          {
            command: 'DeclareIntent',
            side: 'A',
            unitId: 'A1',
            ruleId: 'AA-4',
            combat: closeCombat('A1', 'B1'),
          },
        ]),
      );
  });

  it('Q-21 sealing a card belongs to no close combat, and names none', () => {
    const engagedUnsealed = battle({ A1: {}, B1: {} }, [['A1', 'B1']]);
    expect(atomicAfricaV2.awaiting(engagedUnsealed.state)).toEqual([
      { command: 'SealOrder', side: 'A', unitId: 'A1', ruleId: 'Q-21' },
      { command: 'SealOrder', side: 'B', unitId: 'B1', ruleId: 'Q-21' },
    ]);
  });

  it('AA-4 AA-5 version 1.0.0 names its close combats the same way', () => {
    const match = engaged().seal('A1', '5H').seal('B1', '9C');
    spec(atomicAfrica)
      .given(match.events)
      .when({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight' })
      .then((events, after) =>
        expect(atomicAfrica.awaiting(after)).toEqual([
          {
            command: 'DeclareIntent',
            side: 'B',
            unitId: 'B1',
            ruleId: 'AA-4',
            combat: closeCombat('A1', 'B1'),
          },
        ]),
      );
    match.declare('A1', 'fight').declare('B1', 'fight');
    expect(atomicAfrica.awaiting(match.state)).toEqual([
      { command: 'RevealOrder', side: 'A', unitId: 'A1', ruleId: 'AA-5', combat: closeCombat('A1', 'B1') },
      { command: 'RevealOrder', side: 'B', unitId: 'B1', ruleId: 'AA-5', combat: closeCombat('A1', 'B1') },
    ]);
  });
});
