import { createHash } from 'node:crypto';
import {
  cardCode,
  orderCommitment,
  type AtomicAfricaCommand,
} from '../../../src/rules/atomic-africa/index.js';
import { card, engaged, Match } from './fixtures.js';

const SALT = '5f0c1a7e9b3d2468ace0f13579bdf02468ace13579bdf02468ace13579bdf024';

function twoUnits(): Match {
  return new Match().create().unit('A1', 'A').unit('A2', 'A').unit('B1', 'B');
}

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
    const match = twoUnits();
    const [sealed] = match.run({ type: 'SealOrder', unitId: 'A1', turn: 1, card: card('7S') });
    expect(sealed).toEqual({
      type: 'OrderSealed',
      data: { unitId: 'A1', side: 'A', turn: 1, sealedAs: 'card', card: card('7S'), commitment: null },
    });
    // AA-1: re-sealing before the reveal is refused: the card is committed for the turn
    match.refuse({ type: 'SealOrder', unitId: 'A1', turn: 1, card: card('8S') }, 'AA-1', 'conflict');
    const both = {
      unitId: 'A2',
      turn: 1,
      card: card('8S'),
      commitment: orderCommitment(card('8S'), 'A2', 1, SALT),
    };
    match.refuse({ type: 'SealOrder', ...both }, 'AA-2', 'invalid');
    match.refuse({ type: 'SealOrder', unitId: 'A2', turn: 1 }, 'AA-2', 'invalid');
    match.refuse({ type: 'SealOrder', unitId: 'A2', turn: 1, commitment: 'not-a-hash' }, 'AA-2', 'invalid');
    const bad = { type: 'SealOrder', unitId: 'A2', turn: 1, card: { rank: '11', suit: 'spades' } };
    match.refuse(bad as unknown as AtomicAfricaCommand, 'AA-1', 'invalid');
    const commitment = orderCommitment(card('8S'), 'A2', 1, SALT);
    const [committed] = match.run({ type: 'SealOrder', unitId: 'A2', turn: 1, commitment });
    expect(committed.data).toEqual({
      unitId: 'A2',
      side: 'A',
      turn: 1,
      sealedAs: 'commitment',
      card: null,
      commitment,
    });
  });

  it('AA-1 the same card twice in one side’s turn is refused; the other side and the next turn may use it', () => {
    const match = twoUnits();
    match.seal('A1', 'QH');
    const error = match.refuse(
      { type: 'SealOrder', unitId: 'A2', turn: 1, card: card('QH') },
      'AA-1',
      'conflict',
    );
    expect(error.message).not.toMatch(/QH|"Q"|hearts/);
    match.seal('B1', 'QH'); // side B has its own deck
    match.seal('A2', 'QD');
    match.endTurn();
    match.seal('A2', 'QH');
  });

  it('AA-1 AA-2 with commitments the duplicate card is caught at the reveal, which is refused', () => {
    const match = twoUnits();
    match.run({ type: 'SealOrder', unitId: 'A1', turn: 1, card: card('9C') });
    match.run({
      type: 'SealOrder',
      unitId: 'A2',
      turn: 1,
      commitment: orderCommitment(card('9C'), 'A2', 1, SALT),
    });
    const error = match.refuse(
      { type: 'RevealOrder', unitId: 'A2', card: card('9C'), salt: SALT },
      'AA-1',
      'conflict',
    );
    expect(error.message).not.toMatch(/9C|clubs/);
    expect(match.state.orders.A2).toMatchObject({ revealed: false, card: null });
  });

  it('AA-2 a commitment reveal that does not match is refused and changes nothing; a matching one goes public with its salt', () => {
    const match = twoUnits();
    const commitment = orderCommitment(card('10S'), 'A1', 1, SALT);
    match.run({ type: 'SealOrder', unitId: 'A1', turn: 1, commitment });
    match.refuse({ type: 'RevealOrder', unitId: 'A1', card: card('10H'), salt: SALT }, 'AA-2', 'conflict');
    match.refuse({ type: 'RevealOrder', unitId: 'A1', card: card('10S'), salt: 'other' }, 'AA-2', 'conflict');
    match.refuse({ type: 'RevealOrder', unitId: 'A1', card: card('10S') }, 'AA-2', 'invalid');
    // a commitment made for another unit or turn does not open this one
    match.run({
      type: 'SealOrder',
      unitId: 'A2',
      turn: 1,
      commitment: orderCommitment(card('5S'), 'A1', 1, SALT),
    });
    match.refuse({ type: 'RevealOrder', unitId: 'A2', card: card('5S'), salt: SALT }, 'AA-2', 'conflict');

    const [revealed] = match.run({
      type: 'RevealOrder',
      unitId: 'A1',
      card: card('10S'),
      salt: SALT,
    });
    expect(revealed).toEqual({
      type: 'OrderRevealed',
      data: { unitId: 'A1', side: 'A', turn: 1, card: card('10S'), salt: SALT, specialAction: null },
    });
    match.refuse({ type: 'RevealOrder', unitId: 'A1', card: card('10S'), salt: SALT }, 'AA-5', 'conflict');
  });

  it('AA-2 a card sealed in the open must be revealed as that card; the refusal names no card', () => {
    const match = twoUnits();
    match.seal('A1', 'JOKER-BLACK');
    const error = match.refuse({ type: 'RevealOrder', unitId: 'A1', card: card('4D') }, 'AA-2', 'conflict');
    expect(error.message).not.toMatch(/JOKER|joker|black|4D|diamonds/);
    match.refuse(
      { type: 'RevealOrder', unitId: 'A1', card: { joker: 'black' }, salt: 'x' },
      'AA-2',
      'invalid',
    );
    match.refuse({ type: 'RevealOrder', unitId: 'A2', card: card('4D') }, 'AA-1', 'conflict');
    match.run({ type: 'RevealOrder', unitId: 'A1', card: { joker: 'black' } });
  });

  it('AA-7 AA-1 a face card announces a special action, any other card none; Sprint is for light infantry', () => {
    const match = new Match().create().unit('A1', 'A').unit('L1', 'A', 'light-infantry').unit('A3', 'A');
    match.seal('A1', 'KC').seal('L1', 'KS').seal('A3', '5H');
    match.refuse({ type: 'RevealOrder', unitId: 'A1', card: card('KC') }, 'AA-1', 'invalid');
    match.refuse(
      { type: 'RevealOrder', unitId: 'A1', card: card('KC'), specialAction: 'sprint' },
      'AA-7',
      'invalid',
    );
    match.refuse(
      { type: 'RevealOrder', unitId: 'A3', card: card('5H'), specialAction: 'rally' },
      'AA-1',
      'invalid',
    );
    // outside close combat the base game's special actions are recorded as announced
    const [outside] = match.run({
      type: 'RevealOrder',
      unitId: 'A1',
      card: card('KC'),
      specialAction: 'ambush',
    });
    expect(outside.data).toMatchObject({ specialAction: 'ambush' });
    match.run({ type: 'RevealOrder', unitId: 'L1', card: card('KS'), specialAction: 'sprint' });
  });

  it('AA-7 in close combat a face card may announce only dig-in, mass-fire, rally or sprint', () => {
    const match = engaged();
    match.seal('A1', 'JD').seal('B1', 'QS').declare('A1', 'fight').declare('B1', 'fight');
    match.refuse(
      { type: 'RevealOrder', unitId: 'A1', card: card('JD'), specialAction: 'ambush' },
      'AA-7',
      'invalid',
    );
    match.refuse(
      { type: 'RevealOrder', unitId: 'A1', card: card('JD'), specialAction: 'sprint' },
      'AA-7',
      'invalid',
    );
    match.reveal('A1', 'JD', 'mass-fire');
    match.reveal('B1', 'QS', 'dig-in');
    expect(match.state.orders.A1).toMatchObject({ revealed: true, specialAction: 'mass-fire' });
    expect(match.state.orders.B1).toMatchObject({ revealed: true, specialAction: 'dig-in' });
  });
});
