import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MatchSecrets } from '../../src/audit/match-secrets.service.js';
import { configFromEnv } from '../../src/config/app-config.js';
import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import { foldMatch } from '../../src/match/match-loader.js';
import { SealedOrders } from '../../src/match/sealed-orders.js';
import { atomicAfrica, type Card, JOKER_COLOURS, RANKS, SUITS } from '../../src/rules/atomic-africa/index.js';
import { NO_DICE } from '../../src/rules/common/dice.js';

const DECK: Card[] = [
  ...SUITS.flatMap((suit) => RANKS.map((rank): Card => ({ rank, suit }))),
  ...JOKER_COLOURS.map((joker): Card => ({ joker })),
];

function matchWithUnits(): ReturnType<typeof foldMatch> {
  const { decider } = atomicAfrica;
  let state = decider.initialState();
  const events: { type: string; data: unknown }[] = [];
  for (const command of [
    { type: 'CreateMatch', matchId: 'm', sides: { A: 'Askari', B: 'Legion' }, diceMode: 'table' },
    {
      type: 'RegisterUnit',
      unitId: 'a1',
      name: 'a1',
      side: 'A',
      unitType: 'infantry',
      movement: 6,
      firepower: 2,
    },
  ] as const) {
    for (const event of decider.decide(state, command as never, NO_DICE)) {
      events.push(event);
      state = decider.evolve(state, event);
    }
  }
  const recorded = events.map((event, i): RecordedEvent => ({
    ...event,
    position: i + 1,
    metadata: {
      stream: 'match-m',
      revision: i + 1,
      commandId: `c${i}`,
      actor: { role: 'system' },
      at: '2026-11-30T10:00:00.000Z',
      ruleset: { id: 'atomic-africa', version: '1.0.0', hash: 'h' },
      prevHash: '',
      hash: '',
    },
  }));
  return foldMatch('m', recorded);
}

describe('sealed orders at the service (AA-2)', () => {
  let folder: string;
  let sealed: SealedOrders;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'umpire-sealed-'));
    sealed = new SealedOrders(new MatchSecrets({ ...configFromEnv({}), dataDir: folder }));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('AA-2 every one of the 54 cards seals to an escrow of the same length, and opens to itself', () => {
    // given a match, when each card of the deck is sealed for the same unit and turn
    const match = matchWithUnits();
    const seals = DECK.map((card) =>
      sealed.prepare(match, { type: 'SealOrder', unitId: 'a1', turn: 1, card }),
    );
    // then nothing but a commitment and an escrow goes on, all escrows alike in length
    for (const seal of seals) {
      expect(seal).not.toHaveProperty('card');
      expect(seal.commitment).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(seals.map((seal) => String(seal.escrow).length)).size).toBe(1);
    // and each opens to its own card and a 32-byte salt
    seals.forEach((seal, i) => {
      const opened = sealed.open(match, { unitId: 'a1', turn: 1, escrow: String(seal.escrow) });
      expect(opened?.card).toEqual(DECK[i]);
      expect(opened?.salt).toMatch(/^[0-9a-f]{64}$/);
    });
  });

  it('AA-2 a command whose unitId is not a string is passed on untouched: no lookup, so no answer depends on a sealed card', () => {
    const match = matchWithUnits();
    const malformed = { type: 'RevealOrder', unitId: ['a1'], card: { rank: '7', suit: 'spades' } };
    expect(sealed.prepare(match, malformed)).toBe(malformed);
  });

  it('AA-2 an escrow sealed for one unit or turn does not open for another', () => {
    const match = matchWithUnits();
    const seal = sealed.prepare(match, {
      type: 'SealOrder',
      unitId: 'a1',
      turn: 1,
      card: { rank: '7', suit: 'spades' },
    });
    expect(() => sealed.open(match, { unitId: 'a1', turn: 2, escrow: String(seal.escrow) })).toThrow(/AA-2/);
  });
});
