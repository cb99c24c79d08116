import { createHash, randomBytes } from 'node:crypto';
import { openEscrow, sealEscrow } from '../../../src/match/order-escrow.js';
import {
  atomicAfrica,
  type AtomicAfricaState,
  type Card,
  JOKER_COLOURS,
  orderCommitment,
  RANKS,
  SUITS,
} from '../../../src/rules/atomic-africa/index.js';
import { openOrder, prepare } from '../../../src/rules/atomic-africa/sealed-orders.js';
import { type PrepareServices, RuleViolation } from '../../../src/rules/common/index.js';
import type { RulesetCommand } from '../../../src/rules/ruleset.js';
import { Match } from './fixtures.js';

const DECK: Card[] = [
  ...SUITS.flatMap((suit) => RANKS.map((rank): Card => ({ rank, suit }))),
  ...JOKER_COLOURS.map((joker): Card => ({ joker })),
];

/** The crypto the service supplies, under a key of the test's own. */
function services(secret = 'sealed-orders-test'): PrepareServices {
  const key = createHash('sha256').update(secret).digest();
  return {
    escrow: {
      seal: (associated, plaintext) => sealEscrow(key, associated, Buffer.from(plaintext)),
      open: (associated, sealed) => openEscrow(key, associated, sealed),
    },
    randomBytes: (count) => randomBytes(count),
  };
}

function matchWithUnits(): Match {
  return new Match().create().unit('a1', 'A').unit('a2', 'A').unit('b1', 'B');
}

/** The service's path for a command: prepare with the escrow, then decide, and record. */
function sealed(match: Match, command: RulesetCommand, escrow = services()): RulesetCommand {
  const prepared = prepare(match.state, command, escrow);
  match.run(prepared as never);
  return prepared;
}

function refusal(run: () => unknown): { ruleId: string; kind: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof RuleViolation) return { ruleId: error.ruleId, kind: error.kind };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('sealed orders, prepared for the rules (AA-1, AA-2)', () => {
  const escrow = services();

  it('AA-2 every one of the 54 cards seals to an escrow of the same length, and opens to itself', () => {
    // given a match, when each card of the deck is sealed for the same unit and turn
    const state = matchWithUnits().state;
    const seals = DECK.map((card) =>
      prepare(state, { type: 'SealOrder', unitId: 'a1', turn: 1, card }, escrow),
    );
    // then nothing but a commitment and an escrow goes on, all escrows alike in length
    for (const seal of seals) {
      expect(seal).not.toHaveProperty('card');
      expect(seal.commitment).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(seals.map((seal) => String(seal.escrow).length)).size).toBe(1);
    // and each opens to its own card and a 32-byte salt
    seals.forEach((seal, i) => {
      const opened = openOrder(escrow.escrow, { unitId: 'a1', turn: 1, escrow: String(seal.escrow) });
      expect(opened?.card).toEqual(DECK[i]);
      expect(opened?.salt).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  it('AA-2 a command whose unitId is not a string is passed on untouched: no lookup, so no answer depends on a sealed card', () => {
    const malformed = { type: 'RevealOrder', unitId: ['a1'], card: { rank: '7', suit: 'spades' } };
    expect(prepare(matchWithUnits().state, malformed, escrow)).toBe(malformed);
  });

  it('AA-2 an escrow sealed for one unit or turn does not open for another', () => {
    const seal = prepare(
      matchWithUnits().state,
      { type: 'SealOrder', unitId: 'a1', turn: 1, card: { rank: '7', suit: 'spades' } },
      escrow,
    );
    expect(() => openOrder(escrow.escrow, { unitId: 'a1', turn: 2, escrow: String(seal.escrow) })).toThrow(
      /AA-2/,
    );
  });

  it('AA-2 the sealed card goes into the event only as a commitment, and is revealed from escrow with its salt', () => {
    const match = matchWithUnits();
    sealed(match, { type: 'SealOrder', unitId: 'a1', turn: 1, card: { rank: '7', suit: 'spades' } });
    const order = (match.state as AtomicAfricaState).orders.a1!;
    expect(order.card).toBeNull();
    const reveal = prepare(match.state, { type: 'RevealOrder', unitId: 'a1' }, escrow);
    expect(reveal.card).toEqual({ rank: '7', suit: 'spades' });
    expect(orderCommitment(reveal.card as Card, 'a1', 1, String(reveal.salt))).toBe(order.commitment);
  });

  it('AA-2 revealing another card than the one in escrow is refused', () => {
    const match = matchWithUnits();
    sealed(match, { type: 'SealOrder', unitId: 'a1', turn: 1, card: { rank: '7', suit: 'spades' } });
    expect(
      refusal(() =>
        prepare(
          match.state,
          { type: 'RevealOrder', unitId: 'a1', card: { rank: '8', suit: 'spades' } },
          escrow,
        ),
      ),
    ).toEqual({ ruleId: 'AA-2', kind: 'conflict' });
  });

  it('AA-1 a card already in escrow for another unit of the side is refused to a second unit', () => {
    const match = matchWithUnits();
    sealed(match, { type: 'SealOrder', unitId: 'a1', turn: 1, card: { rank: '7', suit: 'spades' } });
    expect(
      refusal(() =>
        prepare(
          match.state,
          { type: 'SealOrder', unitId: 'a2', turn: 1, card: { rank: '7', suit: 'spades' } },
          escrow,
        ),
      ),
    ).toEqual({ ruleId: 'AA-1', kind: 'conflict' });
    // the other side may hold the same card
    expect(() =>
      sealed(match, { type: 'SealOrder', unitId: 'b1', turn: 1, card: { rank: '7', suit: 'spades' } }),
    ).not.toThrow();
  });

  it('AA-1 a commitment of the side’s own is not revealed as a card the service holds in escrow for another unit', () => {
    const match = matchWithUnits();
    sealed(match, { type: 'SealOrder', unitId: 'a1', turn: 1, card: { rank: '7', suit: 'spades' } });
    const card: Card = { rank: '7', suit: 'spades' };
    const commitment = orderCommitment(card, 'a2', 1, 'own-salt');
    sealed(match, { type: 'SealOrder', unitId: 'a2', turn: 1, commitment });
    expect(
      refusal(() =>
        prepare(match.state, { type: 'RevealOrder', unitId: 'a2', card, salt: 'own-salt' }, escrow),
      ),
    ).toEqual({ ruleId: 'AA-1', kind: 'conflict' });
  });

  it('AA-2 an escrow this service cannot open is refused by name, and the view stays hidden instead of failing', () => {
    const match = matchWithUnits();
    sealed(match, { type: 'SealOrder', unitId: 'a1', turn: 1, card: { rank: '7', suit: 'spades' } });
    const other = services('another secret');
    expect(refusal(() => prepare(match.state, { type: 'RevealOrder', unitId: 'a1' }, other))).toEqual({
      ruleId: 'AA-2',
      kind: 'conflict',
    });
    const view = atomicAfrica.viewState(match.state, { side: 'A' }, other.escrow) as AtomicAfricaState;
    expect(view.orders.a1!.card).toBeNull();
    const own = atomicAfrica.viewState(match.state, { side: 'A' }, escrow.escrow) as AtomicAfricaState;
    expect(own.orders.a1!.card).toEqual({ rank: '7', suit: 'spades' });
    const theirs = atomicAfrica.viewState(match.state, { side: 'B' }, escrow.escrow) as AtomicAfricaState;
    expect(theirs.orders.a1!.card).toBeNull();
  });
});
