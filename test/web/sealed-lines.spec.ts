import type { LogEntry } from '../../web/shared/match-view.js';
import { hideSealedCards, withoutSealedCards } from '../../web/shared/sealed-lines.js';

/**
 * AA-2 on the player's own phone (web/shared/sealed-lines.ts): the service marks a line that holds this
 * side's secret with `publicSentence`, and the page shows that, keeping the line's own words to show when
 * the player asks. The page goes by the mark alone, never by the words.
 */
const entry = (revision: number, sentence: string, publicSentence?: string): LogEntry => ({
  revision,
  turn: 1,
  type: 'OrderSealed',
  sentence,
  ruleIds: ['AA-1', 'AA-2'],
  at: '2026-12-04T20:00:00Z',
  actor: { role: 'player', side: 'A' },
  reverted: false,
  ...(publicSentence === undefined ? {} : { publicSentence }),
});

describe('table page: a sealed card on the own phone', () => {
  it.each([
    ['Turn 1: Zulus sealed 5♥ as the orders of Z1.', 'Turn 1: Zulus sealed an orders card for Z1.'],
    // Other words for the same step: the mark hides it all the same.
    [
      'Turn 2: Side A picked the red Joker for the a1, face down.',
      'Turn 2: Side A picked a card for the a1.',
    ],
    ['Turn 2: 10♠ is what the Rifles will do.', 'Turn 2: the Rifles have their orders.'],
  ])(
    'AA-2 given the own line %j marked public as %j, when it is shown, then it reads the public words, its own kept for a tap',
    (sentence, hidden) => {
      const { entries, cards } = hideSealedCards([entry(4, sentence, hidden)]);
      expect(entries.map((e) => e.sentence)).toEqual([hidden]);
      expect(entries[0]).not.toHaveProperty('publicSentence');
      expect([...cards]).toEqual([[4, sentence]]);
    },
  );

  it('AA-2 given unmarked lines (the opponent’s seal, a commitment, a reveal, and one that reads like an own seal), when shown, then they are as the log says them', () => {
    const lines = [
      entry(5, 'Turn 1: Side B sealed an orders card for the b1.'),
      entry(
        6,
        'Turn 1: Side A sealed an orders card for the a1, hidden until it is revealed in close combat (commitment 0123456789ab…).',
      ),
      entry(7, "Turn 1: the a1's orders card was revealed: 5♥."),
      entry(8, 'Turn 1: Side A sealed 5♥ as the orders of the a1.'),
    ];
    const { entries, cards } = hideSealedCards(lines);
    expect(entries).toEqual(lines);
    expect(cards.size).toBe(0);
  });

  it('AA-2 given an announcement of several new lines, when it is read aloud, then each marked line is read in its public words', () => {
    const log = [
      entry(3, 'Turn 1: Zulus put 5♥ under Z1.', 'Turn 1: Zulus sealed an orders card for Z1.'),
      entry(4, 'Turn 1: Zulus put K♣ under Z2.', 'Turn 1: Zulus sealed an orders card for Z2.'),
      entry(5, 'Turn 1: Zulus ended their turn; turn 2: British to play.'),
    ];
    expect(withoutSealedCards(log.map((e) => e.sentence).join(' '), log)).toBe(
      'Turn 1: Zulus sealed an orders card for Z1. Turn 1: Zulus sealed an orders card for Z2. Turn 1: Zulus ended their turn; turn 2: British to play.',
    );
  });
});
