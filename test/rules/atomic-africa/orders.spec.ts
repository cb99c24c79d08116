import { createHash } from 'node:crypto';
import {
  atomicAfrica,
  cardCode,
  orderCommitment,
  type AtomicAfricaCommand,
} from '../../../src/rules/atomic-africa/index.js';
import { spec } from '../../support/decider-spec.js';
import {
  intentDeclared,
  matchCreated,
  orderCommitted,
  orderRevealed,
  orderSealed,
  turnEnded,
  unitRegistered,
} from '../../support/given-events/atomic-africa.js';
import { card, engaged } from './fixtures.js';

const aa = spec(atomicAfrica);

const SALT = '5f0c1a7e9b3d2468ace0f13579bdf02468ace13579bdf02468ace13579bdf024';

/** Turn 1: A1 and A2 on side A, B1 on side B, no card sealed yet. */
const twoUnits = [
  matchCreated(),
  unitRegistered('A1', 'A'),
  unitRegistered('A2', 'A'),
  unitRegistered('B1', 'B'),
];

const seal = (unitId: string, code: string, turn = 1): AtomicAfricaCommand => ({
  type: 'SealOrder',
  unitId,
  turn,
  card: card(code),
});

describe('atomic-africa: orders cards, sealed and revealed', () => {
  it('AA-2 cardCode and orderCommitment are the documented ASCII codes and SHA-256 of card|unitId|turn|salt', () => {
    expect(cardCode(card('AC'))).toBe('AC');
    expect(cardCode(card('10S'))).toBe('10S');
    expect(cardCode(card('QH'))).toBe('QH');
    expect(cardCode(card('7D'))).toBe('7D');
    expect(cardCode({ joker: 'red' })).toBe('JOKER-RED');
    expect(cardCode({ joker: 'black' })).toBe('JOKER-BLACK');
    expect(orderCommitment(card('10S'), 'A1', 3, 'pepper')).toBe(
      createHash('sha256').update('10S|A1|3|pepper').digest('hex'),
    );
  });

  it('AA-1 a unit gets one orders card a turn, sealed in the open or as a commitment, never both', () => {
    aa.given(twoUnits)
      .when(seal('A1', '7S'))
      .then([
        {
          type: 'OrderSealed',
          data: { unitId: 'A1', side: 'A', turn: 1, sealedAs: 'card', card: card('7S'), commitment: null },
        },
      ]);
    const given = aa.given([...twoUnits, orderSealed('A1', 'A', '7S', 1)]);
    // AA-1: re-sealing before the reveal is refused: the card is committed for the turn
    given.when(seal('A1', '8S')).thenRefuses('AA-1', 'conflict');
    const both = {
      unitId: 'A2',
      turn: 1,
      card: card('8S'),
      commitment: orderCommitment(card('8S'), 'A2', 1, SALT),
    };
    given.when({ type: 'SealOrder', ...both }).thenRefuses('AA-2', 'invalid');
    given.when({ type: 'SealOrder', unitId: 'A2', turn: 1 }).thenRefuses('AA-2', 'invalid');
    given
      .when({ type: 'SealOrder', unitId: 'A2', turn: 1, commitment: 'not-a-hash' })
      .thenRefuses('AA-2', 'invalid');
    const bad = { type: 'SealOrder', unitId: 'A2', turn: 1, card: { rank: '11', suit: 'spades' } };
    given.when(bad as unknown as AtomicAfricaCommand).thenRefuses('AA-1', 'invalid');
    const commitment = orderCommitment(card('8S'), 'A2', 1, SALT);
    given.when({ type: 'SealOrder', unitId: 'A2', turn: 1, commitment }).then(([committed]) =>
      expect(committed?.data).toEqual({
        unitId: 'A2',
        side: 'A',
        turn: 1,
        sealedAs: 'commitment',
        card: null,
        commitment,
      }),
    );
  });

  it('AA-1 the same card twice in one side’s turn is refused; the other side and the next turn may use it', () => {
    const sealedQH = [...twoUnits, orderSealed('A1', 'A', 'QH', 1)];
    const error = aa.given(sealedQH).when(seal('A2', 'QH')).thenRefuses('AA-1', 'conflict');
    expect(error.message).not.toMatch(/QH|"Q"|hearts/);
    const sealed = (events: { type: string }[]) => expect(events.map((e) => e.type)).toEqual(['OrderSealed']);
    aa.given(sealedQH).when(seal('B1', 'QH')).then(sealed); // side B has its own deck
    const bothDecks = [...sealedQH, orderSealed('B1', 'B', 'QH', 1)];
    aa.given(bothDecks).when(seal('A2', 'QD')).then(sealed);
    aa.given([...bothDecks, orderSealed('A2', 'A', 'QD', 1), ...turnEnded(1, 'B')])
      .when(seal('A2', 'QH', 2))
      .then(sealed);
  });

  it('AA-1 AA-2 with commitments the duplicate card is caught at the reveal, which is refused', () => {
    const given = aa.given([
      ...twoUnits,
      orderSealed('A1', 'A', '9C', 1),
      orderCommitted('A2', 'A', orderCommitment(card('9C'), 'A2', 1, SALT), 1),
    ]);
    const error = given
      .when({ type: 'RevealOrder', unitId: 'A2', card: card('9C'), salt: SALT })
      .thenRefuses('AA-1', 'conflict');
    expect(error.message).not.toMatch(/9C|clubs/);
    expect(given.state.orders.A2).toMatchObject({ revealed: false, card: null });
  });

  it('AA-2 a commitment reveal that does not match is refused and changes nothing; a matching one goes public with its salt', () => {
    const committed = [
      ...twoUnits,
      orderCommitted('A1', 'A', orderCommitment(card('10S'), 'A1', 1, SALT), 1),
    ];
    const given = aa.given(committed);
    given
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('10H'), salt: SALT })
      .thenRefuses('AA-2', 'conflict');
    given
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('10S'), salt: 'other' })
      .thenRefuses('AA-2', 'conflict');
    given.when({ type: 'RevealOrder', unitId: 'A1', card: card('10S') }).thenRefuses('AA-2', 'invalid');
    // a commitment made for another unit or turn does not open this one
    const misplaced = [
      ...committed,
      orderCommitted('A2', 'A', orderCommitment(card('5S'), 'A1', 1, SALT), 1),
    ];
    aa.given(misplaced)
      .when({ type: 'RevealOrder', unitId: 'A2', card: card('5S'), salt: SALT })
      .thenRefuses('AA-2', 'conflict');

    const revealed = aa
      .given(misplaced)
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('10S'), salt: SALT })
      .then([
        {
          type: 'OrderRevealed',
          data: { unitId: 'A1', side: 'A', turn: 1, card: card('10S'), salt: SALT, specialAction: null },
        },
      ]);
    aa.given([...misplaced, ...revealed])
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('10S'), salt: SALT })
      .thenRefuses('AA-5', 'conflict');
  });

  it('AA-2 a card sealed in the open must be revealed as that card; the refusal names no card', () => {
    const given = aa.given([...twoUnits, orderSealed('A1', 'A', 'JOKER-BLACK', 1)]);
    const error = given
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('4D') })
      .thenRefuses('AA-2', 'conflict');
    expect(error.message).not.toMatch(/JOKER|joker|black|4D|diamonds/);
    given
      .when({ type: 'RevealOrder', unitId: 'A1', card: { joker: 'black' }, salt: 'x' })
      .thenRefuses('AA-2', 'invalid');
    given.when({ type: 'RevealOrder', unitId: 'A2', card: card('4D') }).thenRefuses('AA-1', 'conflict');
    given
      .when({ type: 'RevealOrder', unitId: 'A1', card: { joker: 'black' } })
      .then((events) => expect(events.map((e) => e.type)).toEqual(['OrderRevealed']));
  });

  it('AA-7 AA-1 a face card announces a special action, any other card none; Sprint is for light infantry', () => {
    const sealed = [
      matchCreated(),
      unitRegistered('A1', 'A'),
      unitRegistered('L1', 'A', 'light-infantry'),
      unitRegistered('A3', 'A'),
      orderSealed('A1', 'A', 'KC', 1),
      orderSealed('L1', 'A', 'KS', 1),
      orderSealed('A3', 'A', '5H', 1),
    ];
    const given = aa.given(sealed);
    given.when({ type: 'RevealOrder', unitId: 'A1', card: card('KC') }).thenRefuses('AA-1', 'invalid');
    given
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('KC'), specialAction: 'sprint' })
      .thenRefuses('AA-7', 'invalid');
    given
      .when({ type: 'RevealOrder', unitId: 'A3', card: card('5H'), specialAction: 'rally' })
      .thenRefuses('AA-1', 'invalid');
    // outside close combat the base game's special actions are recorded as announced
    const outside = given
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('KC'), specialAction: 'ambush' })
      .then(([revealed]) => expect(revealed?.data).toMatchObject({ specialAction: 'ambush' }));
    aa.given([...sealed, ...outside])
      .when({ type: 'RevealOrder', unitId: 'L1', card: card('KS'), specialAction: 'sprint' })
      .then(([revealed]) => expect(revealed?.data).toMatchObject({ specialAction: 'sprint' }));
  });

  it('AA-7 in close combat a face card may announce only dig-in, mass-fire, rally or sprint', () => {
    const declared = [
      ...engaged().events,
      orderSealed('A1', 'A', 'JD'),
      orderSealed('B1', 'B', 'QS'),
      intentDeclared('A1', 'A', 'activating', 'fight', 'B1'),
      intentDeclared('B1', 'B', 'reacting', 'fight', 'A1'),
    ];
    const given = aa.given(declared);
    given
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('JD'), specialAction: 'ambush' })
      .thenRefuses('AA-7', 'invalid');
    given
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('JD'), specialAction: 'sprint' })
      .thenRefuses('AA-7', 'invalid');
    const massFire = given
      .when({ type: 'RevealOrder', unitId: 'A1', card: card('JD'), specialAction: 'mass-fire' })
      .then((events, after) =>
        expect(after.orders.A1).toMatchObject({ revealed: true, specialAction: 'mass-fire' }),
      );
    aa.given([...declared, ...massFire])
      .when({ type: 'RevealOrder', unitId: 'B1', card: card('QS'), specialAction: 'dig-in' })
      .then((events, after) => {
        expect(after.orders.A1).toMatchObject({ revealed: true, specialAction: 'mass-fire' });
        expect(after.orders.B1).toMatchObject({ revealed: true, specialAction: 'dig-in' });
      });
    expect(massFire).toEqual([orderRevealed('A1', 'A', 'JD', 'mass-fire')]);
  });
});
