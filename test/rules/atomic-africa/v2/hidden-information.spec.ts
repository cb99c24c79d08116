import { createHash, randomBytes } from 'node:crypto';
import { openEscrow, sealEscrow } from '../../../../src/match/order-escrow.js';
import { atomicAfricaV2, orderCommitment } from '../../../../src/rules/atomic-africa/index.js';
import type { PrepareServices } from '../../../../src/rules/common/index.js';
import type { RulesetCommand, Viewer } from '../../../../src/rules/ruleset.js';
import type { Match } from '../fixtures.js';
import { awaitedOfA1B1, battle } from './fixtures.js';

function services(secret = 'v2-hidden-information'): PrepareServices {
  const key = createHash('sha256').update(secret).digest();
  return {
    escrow: {
      seal: (associated, plaintext) => sealEscrow(key, associated, Buffer.from(plaintext)),
      open: (associated, sealed) => openEscrow(key, associated, sealed),
    },
    randomBytes: (count) => randomBytes(count),
  };
}

const escrow = services();

/** The service's path: prepare with the escrow, then decide and record. Returns the prepared command. */
function send(match: Match, command: RulesetCommand, dice: number[] = []): RulesetCommand {
  const prepared = atomicAfricaV2.prepare(match.state, command, escrow);
  match.run(prepared as never, dice);
  return prepared;
}

/**
 * B1 in close combat with A1 and A2; every card handed to the service (escrowed). A1 activates, B1 flees
 * on 9♣, and its flee stands. A2's card, `a2`, is still sealed (or A2 sealed none).
 */
function b1Flees(a2: string | null): Match {
  const match = battle({ A1: {}, A2: { movement: 8 }, B1: {} }, [
    ['A1', 'B1'],
    ['A2', 'B1'],
  ]);
  send(match, { type: 'SealOrder', unitId: 'A1', turn: 3, card: '5H' });
  if (a2) send(match, { type: 'SealOrder', unitId: 'A2', turn: 3, card: a2 });
  send(match, { type: 'SealOrder', unitId: 'B1', turn: 3, card: '9C' });
  send(match, { type: 'DeclareIntent', unitId: 'A1', intent: 'fight' });
  send(match, { type: 'DeclareIntent', unitId: 'B1', intent: 'flee' });
  send(match, { type: 'RevealOrder', unitId: 'A1' });
  send(match, { type: 'RevealOrder', unitId: 'B1' });
  return match;
}

const A2_CARDS = ['6D', 'QS', 'JOKER-RED', '2C', null];
const OTHERS: Viewer[] = [{ side: 'B' }, {}];

describe('atomic-africa v2 hidden information (AA-2)', () => {
  it('AA-2 Q-23 after a flee the pursuit offers are the same whatever the enemies’ sealed cards', () => {
    const seen = A2_CARDS.map((a2) => {
      const match = b1Flees(a2);
      const views = OTHERS.map((viewer) => {
        const view = atomicAfricaV2.viewState(match.state, viewer, escrow.escrow) as {
          activation: { awaiting: unknown };
        };
        return view.activation.awaiting;
      });
      return JSON.stringify({ awaiting: atomicAfricaV2.awaiting(match.state), views });
    });
    expect(new Set(seen).size).toBe(1);
    expect(JSON.parse(seen[0]!).awaiting).toEqual([
      awaitedOfA1B1('Pursue', 'A1', 'AA-9'),
      awaitedOfA1B1('Pursue', 'A2', 'AA-9'),
    ]);
  });

  it('AA-2 Q-23 a declined pursuit opens no escrow and records the same event whatever the card', () => {
    const recorded = A2_CARDS.map((a2) => {
      const match = b1Flees(a2);
      const prepared = send(match, { type: 'Pursue', unitId: 'A2', pursue: false });
      expect(prepared).toEqual({ type: 'Pursue', unitId: 'A2', pursue: false });
      expect(match.state.orders.A2?.revealed ?? false).toBe(false);
      return JSON.stringify(match.last('PursuitDecided'));
    });
    expect(new Set(recorded).size).toBe(1);
  });

  it('AA-2 Q-23 a pursuit reveals the escrowed card on the way, checked against its commitment', () => {
    const match = b1Flees('6D');
    send(match, { type: 'Pursue', unitId: 'A2', pursue: true });
    const revealed = match.last('OrderRevealed');
    expect(revealed.data).toMatchObject({ unitId: 'A2', card: '6D' });
    expect(atomicAfricaV2.checkReveal?.(battleStateBefore(match, revealed), revealed)).toBeNull();
    expect(match.last('PursuitDecided').data).toMatchObject({ outcome: 'thwarted', pursuerMovement: 8 });
  });

  it('AA-2 Q-24 a ranged attack reveals the escrowed card on the way', () => {
    const match = battle({ A2: {}, B2: {} });
    send(match, { type: 'SealOrder', unitId: 'A2', turn: 3, card: 'QH' });
    send(
      match,
      { type: 'RangedAttack', attackerId: 'A2', targetId: 'B2', rangeInches: 4, specialAction: 'mass-fire' },
      [1, 2, 3, 4],
    );
    expect(match.events.slice(-2).map((e) => e.type)).toEqual(['OrderRevealed', 'RangedAttackRolled']);
    expect(match.last('OrderRevealed').data).toMatchObject({ card: 'QH', specialAction: 'mass-fire' });
  });

  it('AA-2 Q-25 a side’s own commitment to a card it already revealed from escrow is a clash, not a refusal that stalls the match', () => {
    const match = battle({ A2: {}, A3: {}, B2: {} });
    const salt = 'own-salt-5e4d3c2b1a09f8e7';
    send(match, { type: 'SealOrder', unitId: 'A2', turn: 3, card: '7S' });
    send(match, {
      type: 'SealOrder',
      unitId: 'A3',
      turn: 3,
      commitment: orderCommitment('7S', 'A3', 3, salt),
    });
    send(match, { type: 'RevealOrder', unitId: 'A2' });
    send(match, { type: 'RevealOrder', unitId: 'A3', card: '7S', salt });
    expect(match.last('OrderClashed').data).toEqual({
      unitId: 'A3',
      side: 'A',
      turn: 3,
      card: '7S',
      salt,
      clashesWith: 'A2',
    });
    const clash = match.last('OrderClashed');
    expect(atomicAfricaV2.checkReveal?.(battleStateBefore(match, clash), clash)).toBeNull();
  });
});

/** The state just before an event of the match (for the verifier's reveal check). */
function battleStateBefore(match: Match, event: unknown) {
  const index = match.events.indexOf(event as never);
  return match.events
    .slice(0, index)
    .reduce(atomicAfricaV2.decider.evolve, atomicAfricaV2.decider.initialState());
}
