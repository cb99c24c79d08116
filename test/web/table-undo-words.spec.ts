import { initialLogContext } from '../../src/rules/common/turn-log.js';
import { describeMatchLevel } from '../../src/rules/match/describe.js';
import type { LogEntry } from '../../web/shared/match-view.js';
import { diceModeOf, textWithDiceWords, withDiceWords } from '../../web/table/undo-words.js';

/** An undo's line as the service's turn log writes it (C-5). */
function undoLine(): LogEntry {
  const context = { ...initialLogContext('hand-to-hand'), sides: { A: 'Zulus', B: 'British' }, turn: 1 };
  const line = describeMatchLevel(
    {
      type: 'ActionsReverted',
      data: {
        toRevision: 4,
        fromRevision: 5,
        throughRevision: 6,
        reason: 'wrong unit',
        requestedBy: 'A',
        agreedBy: 'B',
        orderedBy: 'players',
        requestId: 'u1',
        disputeId: null,
      },
    },
    context,
  );
  return {
    revision: 8,
    turn: 1,
    type: 'ActionsReverted',
    sentence: line.sentence,
    ruleIds: line.ruleIds,
    at: '2026-04-11T10:00:00.000Z',
    actor: { role: 'player', side: 'B' },
    reverted: false,
  };
}

describe('table page: what an undo does to the dice, in each dice mode (C-1, C-5)', () => {
  it('C-5 with table dice an undo’s line says the rolls stay in the log, not that the dice keep counting', () => {
    const [said] = withDiceWords([undoLine()], 'table');
    expect(said!.sentence).toBe(
      'Turn 1: events 5 to 6 were undone, back to the match as it stood after event 4 (asked by Zulus, agreed by British): “wrong unit”; they stay in the log, with the dice rolled for them at the table.',
    );
    expect(said!.sentence).not.toMatch(/count/);
  });

  it('C-2 C-5 with server dice it says that the service’s dice count on, so an undone roll is never rolled again', () => {
    const [said] = withDiceWords([undoLine()], 'server');
    expect(said!.sentence).toMatch(
      /“wrong unit”; they stay in the log, and the service’s dice count on: an undone roll is never rolled again\.$/,
    );
  });

  it('what a screen reader is told is new says it alike; other lines, and a match whose dice mode is unknown, are left as they are', () => {
    const undo = undoLine();
    const other = { ...undo, revision: 9, type: 'UnitRegistered', sentence: 'Turn 1: the Impi joined.' };
    const entries = [undo, other];
    expect(withDiceWords(entries, undefined)).toBe(entries);
    expect(withDiceWords(entries, 'table')[1]).toBe(other);
    expect(textWithDiceWords(`${undo.sentence} ${other.sentence}`, 'table')).toBe(
      `${withDiceWords([undo], 'table')[0]!.sentence} ${other.sentence}`,
    );
    expect(diceModeOf({ diceMode: 'table' })).toBe('table');
    expect(diceModeOf({ diceMode: 'server' })).toBe('server');
    expect(diceModeOf({})).toBeUndefined();
    expect(diceModeOf(null)).toBeUndefined();
  });
});
