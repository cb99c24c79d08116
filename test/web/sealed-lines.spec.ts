import type { LogEntry } from '../../web/shared/match-view.js';
import { hideSealedCards, withoutSealedCards } from '../../web/table/sealed-lines.js';

/**
 * AA-2 on the player's own phone (web/table/sealed-lines.ts): the log names this side's sealed card, and
 * the page says it as sealed, keeping the line's own words to show when the player asks.
 */
const entry = (revision: number, sentence: string): LogEntry => ({
  revision,
  turn: 1,
  type: 'OrderSealed',
  sentence,
  ruleIds: ['AA-1', 'AA-2'],
  at: '2026-12-04T20:00:00Z',
  actor: { role: 'player', side: 'A' },
  reverted: false,
});

describe('table page: a sealed card on the own phone', () => {
  it.each([
    ['Turn 1: Zulus sealed 5♥ as the orders of Z1.', 'Turn 1: Zulus sealed an orders card for Z1.'],
    [
      'Turn 2: Side A sealed the red Joker as the orders of the a1.',
      'Turn 2: Side A sealed an orders card for the a1.',
    ],
    [
      'Turn 2: Side A sealed 10♠ as the orders of the Rifles.',
      'Turn 2: Side A sealed an orders card for the Rifles.',
    ],
  ])('given %j, when it is shown, then it reads %j, the card kept for a tap', (sentence, hidden) => {
    const { entries, cards } = hideSealedCards([entry(4, sentence)]);
    expect(entries.map((e) => e.sentence)).toEqual([hidden]);
    expect([...cards]).toEqual([[4, sentence]]);
  });

  it('given lines without a card (the opponent’s seal, a commitment, a reveal), when shown, then they are as the log says them', () => {
    const lines = [
      entry(5, 'Turn 1: Side B sealed an orders card for the b1.'),
      entry(
        6,
        'Turn 1: Side A sealed an orders card for the a1, hidden until it is revealed in close combat (commitment 0123456789ab…).',
      ),
      entry(7, 'Turn 1: Side A revealed 5♥ for the a1.'),
    ];
    const { entries, cards } = hideSealedCards(lines);
    expect(entries).toEqual(lines);
    expect(cards.size).toBe(0);
  });

  it('given an announcement of several lines, when it is read aloud, then no sealed card is in it', () => {
    expect(
      withoutSealedCards(
        'Turn 1: Zulus sealed 5♥ as the orders of Z1. Turn 1: Zulus sealed K♣ as the orders of Z2.',
      ),
    ).toBe('Turn 1: Zulus sealed an orders card for Z1. Turn 1: Zulus sealed an orders card for Z2.');
  });
});
