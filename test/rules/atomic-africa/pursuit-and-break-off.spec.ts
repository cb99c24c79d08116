import { engaged, revealed } from './fixtures.js';

/** A1 flees on 7♠ (it stands); B1 fights on 8♣ (its card allows movement, so it may pursue). */
function fleeing(aMovement: number, bMovement: number, b: { unitType?: 'light-infantry' | 'infantry' } = {}) {
  return revealed(engaged({ movement: aMovement }, { movement: bMovement, ...b }), {
    a: '7S',
    b: '8C',
    aIntent: 'flee',
    bIntent: 'fight',
  });
}

describe('atomic-africa: pursuit and breaking off', () => {
  it('AA-9 a faster pursuer thwarts the escape: both stay in close combat, threshold 1, the caught unit does not fire', () => {
    const match = fleeing(6, 8);
    expect(match.state.activation).toMatchObject({ pursuit: null });
    const [pursuit] = match.run({ type: 'Pursue', unitId: 'B1', pursue: true });
    expect(pursuit).toEqual({
      type: 'PursuitDecided',
      data: {
        unitId: 'B1',
        fleeingId: 'A1',
        turn: 3,
        pursue: true,
        pursuerMovement: 8,
        fleeingMovement: 6,
        outcome: 'thwarted',
      },
    });
    // caught: no figures to place (AA-8), and A1 does not attack
    match.refuse(
      { type: 'ReportBreakOff', unitId: 'A1', destination: 'x', inTransit: 'y', rangeInches: 3 },
      'AA-8',
      'conflict',
    );
    match.refuse({ type: 'ResolveCloseCombat', unitId: 'A1' }, 'AA-10', 'conflict', [6, 6]);
    const events = match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [3, 4]);
    expect(events.map((e) => e.type)).toEqual(['CloseCombatAttackRolled', 'CloseCombatEnded']);
    expect(events[0].data).toMatchObject({
      attackerId: 'B1',
      targetId: 'A1',
      threshold: 1,
      rangeInches: null,
      hits: 1,
      suppressed: true,
    });
    expect(events[1].data).toEqual({ unitIds: ['A1', 'B1'], turn: 3, inContact: true, escaped: [] });
    // still in contact: they begin the next turn in close combat again (AA-3)
    expect(match.run({ type: 'EndTurn' }).map((e) => e.type)).toEqual(['TurnEnded', 'CloseCombatBegan']);
  });

  it('Q-10 AA-9 at equal movement the escape succeeds, the unit places its figures, and the contact is gone', () => {
    const match = fleeing(6, 6);
    const [pursuit] = match.run({ type: 'Pursue', unitId: 'B1', pursue: true });
    expect(pursuit.data).toMatchObject({ pursuerMovement: 6, fleeingMovement: 6, outcome: 'escaped' });
    const [brokeOff] = match.run({
      type: 'ReportBreakOff',
      unitId: 'A1',
      destination: 'behind the kraal',
      inTransit: 'kraal gate',
      rangeInches: 5,
    });
    expect(brokeOff).toEqual({
      type: 'BreakOffReported',
      data: {
        unitId: 'A1',
        turn: 3,
        destination: 'behind the kraal',
        inTransit: 'kraal gate',
        rangeInches: 5,
      },
    });
    match.run({ type: 'ResolveCloseCombat', unitId: 'B1' }, [1, 2]);
    expect(match.last('CloseCombatEnded').data).toEqual({
      unitIds: ['A1', 'B1'],
      turn: 3,
      inContact: false,
      escaped: ['A1'],
    });
    expect(match.state.contacts).toEqual([]);
    expect(match.run({ type: 'EndTurn' }).map((e) => e.type)).toEqual(['TurnEnded']);
  });

  it('AA-9 a slower pursuer cannot catch the fleeing unit', () => {
    const match = fleeing(8, 4);
    const [pursuit] = match.run({ type: 'Pursue', unitId: 'B1', pursue: true });
    expect(pursuit.data).toMatchObject({ pursuerMovement: 4, fleeingMovement: 8, outcome: 'escaped' });
  });

  it('AA-9 a unit may choose not to pursue, even when faster', () => {
    const match = fleeing(4, 8);
    const [pursuit] = match.run({ type: 'Pursue', unitId: 'B1', pursue: false });
    expect(pursuit.data).toMatchObject({ pursue: false, outcome: 'not-pursued' });
    expect(match.state.activation?.pursuit).toEqual({ unitId: 'B1', outcome: 'not-pursued' });
  });

  it('AA-9 Sprint doubles a light infantry pursuer’s movement', () => {
    const match = revealed(engaged({ movement: 6 }, { movement: 4, unitType: 'light-infantry' }), {
      a: '7S',
      b: 'JH',
      aIntent: 'flee',
      bIntent: 'fight',
      bAction: 'sprint',
    });
    const [pursuit] = match.run({ type: 'Pursue', unitId: 'B1', pursue: true });
    expect(pursuit.data).toMatchObject({ pursuerMovement: 8, fleeingMovement: 6, outcome: 'thwarted' });
  });

  it('AA-9 an opponent whose card does not allow movement cannot pursue; the fleeing unit just breaks off', () => {
    const match = revealed(engaged({ movement: 4 }, { movement: 12 }), {
      a: '7S',
      b: 'QH',
      aIntent: 'flee',
      bIntent: 'fight',
      bAction: 'dig-in',
    });
    match.refuse({ type: 'Pursue', unitId: 'B1', pursue: true }, 'AA-9', 'conflict');
    expect(match.state.activation?.pursuit).toBeNull();
    match.run({
      type: 'ReportBreakOff',
      unitId: 'A1',
      destination: 'd',
      inTransit: 't',
      rangeInches: 2,
    });
    expect(match.state.activation?.activating.brokeOff).toBe(true);
  });

  it('AA-8 AA-10 the break-off report needs the range when the opponent attacks; only the fleeing side reports', () => {
    const match = fleeing(6, 6);
    match.refuse(
      { type: 'ReportBreakOff', unitId: 'A1', destination: 'd', inTransit: 't', rangeInches: 5 },
      'AA-8',
      'conflict',
    );
    match.run({ type: 'Pursue', unitId: 'B1', pursue: false });
    match.refuse(
      { type: 'ReportBreakOff', unitId: 'A1', destination: 'd', inTransit: 't' },
      'AA-10',
      'invalid',
    );
    match.refuse(
      { type: 'ReportBreakOff', unitId: 'A1', destination: '', inTransit: 't', rangeInches: 5 },
      'AA-8',
      'invalid',
    );
    match.refuse(
      { type: 'ReportBreakOff', unitId: 'A1', destination: 'd', inTransit: 't', rangeInches: -1 },
      'AA-10',
      'invalid',
    );
    // AA-8: a unit that stays moves nothing
    match.refuse(
      { type: 'ReportBreakOff', unitId: 'B1', destination: 'd', inTransit: 't', rangeInches: 5 },
      'AA-8',
      'conflict',
    );
  });

  it('AA-8 Q-15 when both flees stand, both break off, nobody pursues and nobody attacks', () => {
    const match = revealed(engaged(), { a: '7S', b: 'AC', aIntent: 'flee', bIntent: 'flee' });
    expect(match.state.activation).toMatchObject({
      activating: { flee: 'stands' },
      reacting: { flee: 'stands' },
    });
    match.refuse({ type: 'Pursue', unitId: 'B1', pursue: true }, 'AA-9', 'conflict');
    match.refuse(
      { type: 'ReportBreakOff', unitId: 'A1', destination: 'd', inTransit: 't', rangeInches: 9 },
      'AA-10',
      'invalid',
    );
    expect(
      match
        .run({ type: 'ReportBreakOff', unitId: 'B1', destination: 'd', inTransit: 't' })
        .map((e) => e.type),
    ).toEqual(['BreakOffReported']);
    const last = match.run({
      type: 'ReportBreakOff',
      unitId: 'A1',
      destination: 'd2',
      inTransit: 't2',
    });
    expect(last.map((e) => e.type)).toEqual(['BreakOffReported', 'CloseCombatEnded']);
    expect(last[1].data).toEqual({ unitIds: ['A1', 'B1'], turn: 3, inContact: false, escaped: ['A1', 'B1'] });
  });
});
