import { engaged, Match, revealed } from './fixtures.js';

/** A1 flees on 7♠ and escapes unpursued to `rangeInches`; B1 (firepower 2) fights on 8♥ (no pursuit). */
function escapedTo(rangeInches: number, parameters?: unknown) {
  const match = revealed(engaged({}, {}, parameters), {
    a: '7S',
    b: '8H',
    aIntent: 'flee',
    bIntent: 'fight',
  });
  match.run({ type: 'Pursue', unitId: 'B1', pursue: false });
  return {
    match,
    events: match.run({
      type: 'ReportBreakOff',
      unitId: 'A1',
      destination: 'd',
      inTransit: 't',
      rangeInches,
    }),
  };
}

describe('atomic-africa: combat and ranged attacks', () => {
  it('AA-10 when both stay the threshold is 1, the activating unit attacks first, and an attack can still fail to suppress', () => {
    const match = revealed(engaged(), { a: '7H', b: '8C', aIntent: 'fight', bIntent: 'fight' });
    expect(match.state.activation?.reacting.attack).toBeNull();
    match.refuse({ type: 'ResolveCloseCombat', unitId: 'B1' }, 'AA-10', 'conflict', [6, 6]);
    const [first] = match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [3, 1]);
    expect(first).toEqual({
      type: 'CloseCombatAttackRolled',
      data: {
        attackerId: 'A1',
        targetId: 'B1',
        turn: 3,
        rangeInches: null,
        firepower: 2,
        massFire: false,
        targetDugIn: false,
        diceCount: 2,
        hitOn: 4,
        threshold: 1,
        roll: { purpose: 'close-combat attack by A1 on B1', faces: [3, 1], origin: 'table', side: 'A' },
        hits: 0,
        suppressed: false,
      },
    });
    const second = match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [4, 2]);
    expect(second[0].data).toMatchObject({ attackerId: 'B1', hits: 1, threshold: 1, suppressed: true });
    expect(second[0].data).toMatchObject({ roll: { side: 'B', origin: 'table' } });
    expect(second[1]).toEqual({
      type: 'CloseCombatEnded',
      data: { unitIds: ['A1', 'B1'], turn: 3, inContact: true, escaped: [] },
    });
    expect(match.state.activation).toBeNull();
  });

  it('C-1 each attack rolls one D6 per firepower point from its own side, and needs exactly those faces', () => {
    const match = revealed(engaged({ firepower: 3 }), {
      a: '7H',
      b: '8C',
      aIntent: 'fight',
      bIntent: 'fight',
    });
    match.refuse({ type: 'ResolveCloseCombat', unitId: 'A1' }, 'C-1', 'invalid', [6, 6]);
    const [attack] = match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [6, 5, 4]);
    expect(attack.data).toMatchObject({
      diceCount: 3,
      hits: 3,
      roll: { faces: [6, 5, 4], side: 'A', origin: 'table' },
    });
  });

  it('AA-10 AA-11 the range between the In-transit figures sets the threshold: 1 to 6", 2 to 12", 3 to 24"', () => {
    expect(escapedTo(6).events[1]).toBeUndefined();
    const cases: [number, number][] = [
      [0.5, 1],
      [6, 1],
      [6.5, 2],
      [12, 2],
      [20, 3],
      [24, 3],
    ];
    for (const [range, threshold] of cases) {
      const { match } = escapedTo(range);
      const [attack] = match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [5, 6]);
      expect(attack.data).toMatchObject({
        rangeInches: range,
        threshold,
        hits: 2,
        suppressed: threshold <= 2,
      });
    }
  });

  it('AA-11 no attack beyond 24": the attack is recorded as forgone and nothing is rolled', () => {
    const { match, events } = escapedTo(24.5);
    expect(events).toEqual([
      {
        type: 'BreakOffReported',
        data: { unitId: 'A1', turn: 3, destination: 'd', inTransit: 't', rangeInches: 24.5 },
      },
      {
        type: 'CloseCombatAttackForgone',
        data: { attackerId: 'B1', targetId: 'A1', turn: 3, rangeInches: 24.5, reason: 'beyond-range' },
      },
      {
        type: 'CloseCombatEnded',
        data: { unitIds: ['A1', 'B1'], turn: 3, inContact: false, escaped: ['A1'] },
      },
    ]);
    expect(match.state.activation).toBeNull();
  });

  it('Q-15 a unit whose flee stands does not attack; its opponent does', () => {
    const { match } = escapedTo(3);
    match.refuse({ type: 'ResolveCloseCombat', unitId: 'A1' }, 'AA-10', 'conflict', [6, 6]);
    const events = match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [1, 1]);
    expect(events.map((e) => e.type)).toEqual(['CloseCombatAttackRolled', 'CloseCombatEnded']);
    expect(match.events.filter((e) => e.type === 'CloseCombatAttackRolled')).toHaveLength(1);
  });

  it('AA-11 Mass Fire doubles the attacker’s dice and Dig-in on the target makes each hit need 5', () => {
    const match = revealed(engaged(), {
      a: 'JD',
      b: 'QS',
      aIntent: 'fight',
      bIntent: 'fight',
      aAction: 'mass-fire',
      bAction: 'dig-in',
    });
    const [massFire] = match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [4, 4, 5, 1]);
    expect(massFire.data).toMatchObject({
      massFire: true,
      targetDugIn: true,
      diceCount: 4,
      hitOn: 5,
      hits: 1,
      suppressed: true,
    });
    const [plain] = match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [4, 3]);
    expect(plain.data).toMatchObject({
      massFire: false,
      targetDugIn: false,
      diceCount: 2,
      hitOn: 4,
      hits: 1,
    });
  });

  it('Q-11 the stand-in is data: another hit number and other bands change the outcome', () => {
    const parameters = { rangedAttack: { hitOn: 6, rangeBands: [{ upTo: 30, threshold: 2 }] } };
    const { match, events } = escapedTo(28, parameters);
    expect(events.map((e) => e.type)).toEqual(['BreakOffReported']);
    const [attack] = match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [5, 6]);
    expect(attack.data).toMatchObject({ hitOn: 6, threshold: 2, hits: 1, suppressed: false });
  });

  it('AA-11 an ordinary ranged attack uses the stand-in; beyond 24" it is refused; no firepower rolls nothing', () => {
    const match = new Match()
      .create()
      .unit('A1', 'A', 'infantry', 6, 3)
      .unit('V1', 'B', 'vehicle', 10, 2)
      .unit('B0', 'B', 'infantry', 6, 0);
    const [shot] = match.run(
      { type: 'RangedAttack', attackerId: 'V1', targetId: 'A1', rangeInches: 10 },
      [4, 6],
    );
    expect(shot).toEqual({
      type: 'RangedAttackRolled',
      data: {
        attackerId: 'V1',
        targetId: 'A1',
        turn: 1,
        rangeInches: 10,
        firepower: 2,
        massFire: false,
        targetDugIn: false,
        diceCount: 2,
        hitOn: 4,
        threshold: 2,
        roll: { purpose: 'ranged attack by V1 on A1', faces: [4, 6], origin: 'table', side: 'B' },
        hits: 2,
        suppressed: true,
      },
    });
    match.refuse(
      { type: 'RangedAttack', attackerId: 'A1', targetId: 'V1', rangeInches: 25 },
      'AA-11',
      'invalid',
      [6, 6, 6],
    );
    match.refuse(
      { type: 'RangedAttack', attackerId: 'A1', targetId: 'B0', rangeInches: -2 },
      'AA-11',
      'invalid',
      [6, 6, 6],
    );
    const [none] = match.run({
      type: 'RangedAttack',
      attackerId: 'B0',
      targetId: 'A1',
      rangeInches: 1,
    });
    expect(none.data).toMatchObject({ diceCount: 0, roll: null, hits: 0, suppressed: false });
  });

  it('AA-11 a revealed Mass Fire or Dig-in counts in ordinary shooting too; a sealed one does not', () => {
    const match = new Match().create().unit('A1', 'A', 'infantry', 6, 1).unit('B1', 'B', 'infantry', 6, 1);
    match.seal('A1', 'KH').seal('B1', 'JS');
    const [sealed] = match.run(
      { type: 'RangedAttack', attackerId: 'A1', targetId: 'B1', rangeInches: 4 },
      [4],
    );
    expect(sealed.data).toMatchObject({ massFire: false, targetDugIn: false, diceCount: 1, hitOn: 4 });
    match.reveal('A1', 'KH', 'mass-fire');
    match.reveal('B1', 'JS', 'dig-in');
    const [open] = match.run(
      { type: 'RangedAttack', attackerId: 'A1', targetId: 'B1', rangeInches: 4 },
      [4, 5],
    );
    expect(open.data).toMatchObject({ massFire: true, targetDugIn: true, diceCount: 2, hitOn: 5, hits: 1 });
  });

  it('AA-12 a unit outside a close combat may not fire at a unit in close combat, nor may one in it shoot out', () => {
    const match = engaged().unit('A2', 'A').unit('B2', 'B');
    match.refuse(
      { type: 'RangedAttack', attackerId: 'A2', targetId: 'B1', rangeInches: 4 },
      'AA-12',
      'conflict',
      [6, 6],
    );
    match.refuse(
      { type: 'RangedAttack', attackerId: 'B1', targetId: 'A2', rangeInches: 4 },
      'AA-4',
      'conflict',
      [6, 6],
    );
    match.run({ type: 'RangedAttack', attackerId: 'A2', targetId: 'B2', rangeInches: 4 }, [6, 6]);
  });

  it('AA-12 once a unit has broken off and escaped it is no longer in close combat and may be fired at', () => {
    const { match } = escapedTo(3);
    match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [1, 1]);
    match.unit('B2', 'B', 'infantry', 6, 1);
    match.run({ type: 'RangedAttack', attackerId: 'B2', targetId: 'A1', rangeInches: 8 }, [2]);
    // B1 stayed: it is no longer in contact either, so it may shoot again
    match.run({ type: 'RangedAttack', attackerId: 'B1', targetId: 'A1', rangeInches: 8 }, [2, 3]);
  });
});
