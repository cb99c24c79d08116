import { describeEvent, initialLogContext, type LogContext } from '../../../src/rules/turn-log.js';
import { namesAfter } from '../../../src/rules/common/turn-log.js';
import type { DomainEvent } from '../../../src/rules/common/decider.js';

/**
 * C-5 an undo's line says what became of the dice as this match rolls them (C-1, C-2): server dice
 * count on, so an undone roll is never rolled again; table dice were rolled at the table, and their
 * faces stay on the record. A log context kept before it knew the dice mode says what it always said.
 */
const reverted: DomainEvent = {
  type: 'ActionsReverted',
  data: {
    toRevision: 4,
    fromRevision: 5,
    throughRevision: 6,
    reason: 'wrong unit',
    requestedBy: 'A',
    agreedBy: 'B',
    orderedBy: 'players',
    requestId: 'r-1',
    disputeId: null,
  },
};

function contextOf(diceMode: 'server' | 'table'): LogContext {
  return namesAfter(initialLogContext('hand-to-hand'), {
    type: 'MatchCreated',
    data: { matchId: 'm', sides: { A: 'Zulus', B: 'British' }, diceMode, turn: 1, activeSide: 'A' },
  });
}

describe('C-5 an undo’s line and the dice', () => {
  it('given server dice, when events are undone, then the line says the dice count on and no undone roll is rolled again', () => {
    const { sentence } = describeEvent(undefined, contextOf('server'), reverted);
    expect(sentence).toBe(
      'Turn 1: events 5 to 6 were undone, back to the match as it stood after event 4 (asked by Zulus, agreed by British): “wrong unit”; they stay in the log, and the server dice count on: an undone roll is never rolled again.',
    );
  });

  it('given table dice, when events are undone, then the line says the faces rolled at the table stay on the record, not that dice count on', () => {
    const { sentence } = describeEvent(undefined, contextOf('table'), reverted);
    expect(sentence).toMatch(/; they stay in the log, with the faces rolled for them at the table\.$/);
    expect(sentence).not.toMatch(/count/);
  });

  it('given a context kept before it recorded the dice mode, when events are undone, then the line reads as it always did', () => {
    const { diceMode: _mode, ...older } = contextOf('table');
    const { sentence } = describeEvent(undefined, older, reverted);
    expect(sentence).toMatch(/; they stay in the log and the dice keep counting\.$/);
  });
});
