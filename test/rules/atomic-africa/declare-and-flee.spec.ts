import { engaged, Match, revealed } from './fixtures.js';

describe('atomic-africa: declaring fight or flee, revealing, and whether a flee stands', () => {
  it('AA-4 declaring for a unit not in close combat is refused', () => {
    const match = engaged().unit('A2', 'A');
    match.seal('A2', '7S');
    match.refuse({ type: 'DeclareIntent', unitId: 'A2', intent: 'fight' }, 'AA-4', 'conflict');
    match.refuse({ type: 'DeclareIntent', unitId: 'A1', intent: 'charge' } as never, 'AA-4', 'invalid');
  });

  it('AA-4 the activating player declares first, then the reacting player for the opposing unit only', () => {
    const match = engaged().unit('B2', 'B');
    match.seal('A1', '7S').seal('B1', '8C');
    // the reacting side cannot open the close combat
    match.refuse({ type: 'DeclareIntent', unitId: 'B1', intent: 'fight' }, 'AA-4', 'conflict');
    const [activating] = match.run({ type: 'DeclareIntent', unitId: 'A1', intent: 'flee' });
    expect(activating).toEqual({
      type: 'IntentDeclared',
      data: { unitId: 'A1', side: 'A', turn: 3, role: 'activating', intent: 'flee', opponentId: 'B1' },
    });
    expect(match.state.activation).toMatchObject({
      activating: { unitId: 'A1', intent: 'flee' },
      reacting: { unitId: 'B1', intent: null },
    });
    match.refuse({ type: 'DeclareIntent', unitId: 'B2', intent: 'fight' }, 'AA-4', 'conflict');
    match.refuse({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight' }, 'AA-4', 'conflict');
    const [reacting] = match.run({ type: 'DeclareIntent', unitId: 'B1', intent: 'fight' });
    expect(reacting.data).toMatchObject({ role: 'reacting', side: 'B', intent: 'fight', opponentId: 'A1' });
    match.refuse({ type: 'DeclareIntent', unitId: 'B1', intent: 'flee' }, 'AA-4', 'conflict');
  });

  it('AA-4 AA-1 both orders cards are sealed before anybody declares', () => {
    const match = engaged();
    match.seal('A1', '7S');
    match.refuse({ type: 'DeclareIntent', unitId: 'A1', intent: 'flee' }, 'AA-1', 'conflict');
  });

  it('AA-4 a unit in close combat with two enemies names its opponent, and fights one close combat a turn', () => {
    const match = new Match().create().unit('A1', 'A').unit('B1', 'B').unit('B2', 'B').endTurn();
    match.contact('A1', 'B1').contact('A1', 'B2').endTurn();
    match.seal('A1', '7H').seal('B1', '8H').seal('B2', '9H');
    match.refuse({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight' }, 'AA-4', 'invalid');
    match.run({ type: 'DeclareIntent', unitId: 'A1', intent: 'fight', opponentId: 'B2' });
    expect(match.state.activation).toMatchObject({ reacting: { unitId: 'B2' } });
    match.declare('B2', 'fight');
    match.reveal('A1', '7H');
    match.reveal('B2', '9H');
    match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [1, 1]);
    match.run({ type: 'ResolveCloseCombat', unitId: 'B2' }, [1, 1]);
    expect(match.last('CloseCombatEnded').data).toEqual({
      unitIds: ['A1', 'B2'],
      turn: 3,
      inContact: true,
      escaped: [],
    });
    match.refuse(
      { type: 'DeclareIntent', unitId: 'A1', intent: 'fight', opponentId: 'B1' },
      'AA-4',
      'conflict',
    );
  });

  it('AA-5 the cards are revealed only after both declarations, then in either order', () => {
    const match = engaged();
    match.seal('A1', '7S').seal('B1', '8C');
    match.refuse(
      { type: 'RevealOrder', unitId: 'A1', card: { rank: '7', suit: 'spades' } },
      'AA-5',
      'conflict',
    );
    match.declare('A1', 'fight');
    match.refuse(
      { type: 'RevealOrder', unitId: 'A1', card: { rank: '7', suit: 'spades' } },
      'AA-5',
      'conflict',
    );
    match.declare('B1', 'fight');
    match.reveal('B1', '8C');
    expect(match.reveal('A1', '7S').map((e) => e.type)).toEqual(['OrderRevealed']);
    expect(match.state.activation?.activating.attack).toBeNull();
  });

  it('E-3 AA-6 a unit that declares flee and reveals 7♠ breaks off', () => {
    const match = revealed(engaged(), {
      a: '7S',
      b: 'KH',
      aIntent: 'flee',
      bIntent: 'fight',
      bAction: 'rally',
    });
    expect(match.last('FleeJudged').data).toEqual({
      unitId: 'A1',
      turn: 3,
      verdict: 'stands',
      allowsMovement: true,
      posture: 'defensive',
    });
    expect(match.state.activation?.activating.flee).toBe('stands');
  });

  it('E-3 AA-6 Q-9 a flee on 7♥ is refused and the unit stays and fights', () => {
    const match = revealed(engaged(), { a: '7H', b: '8C', aIntent: 'flee', bIntent: 'fight' });
    expect(match.last('FleeJudged').data).toMatchObject({
      unitId: 'A1',
      verdict: 'refused',
      allowsMovement: true,
      posture: 'offensive',
    });
    // it fights: both stay, so both attack at threshold 1
    const [attack] = match.run({ type: 'ResolveCloseCombat', unitId: 'A1' }, [6, 1]);
    expect(attack.data).toMatchObject({
      attackerId: 'A1',
      targetId: 'B1',
      threshold: 1,
      rangeInches: null,
      hits: 1,
      suppressed: true,
    });
  });

  it('E-3 AA-6 AA-7 K♣ announcing Sprint breaks off only for light infantry', () => {
    const light = revealed(engaged({ unitType: 'light-infantry' }), {
      a: 'KC',
      b: 'KH',
      aIntent: 'flee',
      bIntent: 'fight',
      aAction: 'sprint',
      bAction: 'mass-fire',
    });
    expect(light.last('FleeJudged').data).toMatchObject({
      verdict: 'stands',
      allowsMovement: true,
      posture: 'defensive',
    });

    const line = engaged({ unitType: 'infantry' });
    line.seal('A1', 'KC').seal('B1', 'KH').declare('A1', 'flee').declare('B1', 'fight');
    // line infantry cannot announce Sprint at all …
    line.refuse(
      {
        type: 'RevealOrder',
        unitId: 'A1',
        card: { rank: 'K', suit: 'clubs' },
        specialAction: 'sprint',
      },
      'AA-7',
      'invalid',
    );
    // … and with any other special action a face card does not allow movement
    line.reveal('A1', 'KC', 'rally');
    line.reveal('B1', 'KH', 'mass-fire');
    expect(line.last('FleeJudged').data).toMatchObject({
      verdict: 'refused',
      allowsMovement: false,
      posture: 'defensive',
    });
  });

  it('AA-6 a face card without Sprint cannot flee even in defensive posture (Q♠ dig-in)', () => {
    const match = revealed(engaged(), {
      a: 'QS',
      b: '8C',
      aIntent: 'flee',
      bIntent: 'flee',
      aAction: 'dig-in',
    });
    const verdicts = match.events.filter((e) => e.type === 'FleeJudged').map((e) => e.data);
    expect(verdicts).toEqual([
      { unitId: 'A1', turn: 3, verdict: 'refused', allowsMovement: false, posture: 'defensive' },
      { unitId: 'B1', turn: 3, verdict: 'stands', allowsMovement: true, posture: 'defensive' },
    ]);
  });

  it('Q-8 AA-6 with jokerPosture none a Joker has no posture, so its flee is refused', () => {
    const black = revealed(engaged(), { a: 'JOKER-BLACK', b: '8H', aIntent: 'flee', bIntent: 'fight' });
    expect(black.last('FleeJudged').data).toMatchObject({
      verdict: 'refused',
      allowsMovement: true,
      posture: 'none',
    });
  });

  it('Q-8 AA-6 with jokerPosture by-colour a black Joker is defensive and breaks off, a red one offensive', () => {
    const byColour = { jokerPosture: 'by-colour' };
    const black = revealed(engaged({}, {}, byColour), {
      a: 'JOKER-BLACK',
      b: '8H',
      aIntent: 'flee',
      bIntent: 'fight',
    });
    expect(black.last('FleeJudged').data).toMatchObject({ verdict: 'stands', posture: 'defensive' });
    const red = revealed(engaged({}, {}, byColour), {
      a: 'JOKER-RED',
      b: '8H',
      aIntent: 'flee',
      bIntent: 'fight',
    });
    expect(red.last('FleeJudged').data).toMatchObject({ verdict: 'refused', posture: 'offensive' });
  });
});
