import type { DomainEvent } from '../../../src/rules/common/decider.js';
import {
  type MatchLevelActor,
  type MatchLevelCommand,
  matchLevelDecider,
  matchLevelDeciderV2,
  matchRulesFor,
} from '../../../src/rules/match/index.js';
import { spec } from '../../support/decider-spec.js';

/**
 * an undo or a backup goes back to the last event of a command, never into the middle of one
 * command's events (a rout's morale test without the removal it caused). Match-level rules 2.1.0 hold
 * it; 1.0.0, which older logs record, keeps accepting any earlier event that still counts.
 */
const v2 = spec(matchLevelDeciderV2);
const v1 = spec(matchLevelDecider);
const playerA: MatchLevelActor = { role: 'player', side: 'A' };
const playerB: MatchLevelActor = { role: 'player', side: 'B' };
const judge: MatchLevelActor = { role: 'judge' };

type Recorded = DomainEvent & { metadata: { commandId: string } };

/** The events one command appended: they share its commandId. */
function command(commandId: string, ...types: string[]): Recorded[] {
  return types.map((type) => ({ type, data: {}, metadata: { commandId } }));
}

// Event 1 MatchCreated; events 2–3 one command (a rout: the morale test, then the removal it causes);
// event 4 a command of its own. The turn began at event 1.
const rout: Recorded[] = [
  ...command('create', 'MatchCreated'),
  ...command('test', 'MoraleTested', 'UnitRemoved'),
  ...command('next', 'Withdrew'),
];

const by = (actor: MatchLevelActor, c: MatchLevelCommand) => ({ command: c, actor, serverSeed: null });
const requestTo = (toRevision: number): MatchLevelCommand => ({
  type: 'RequestUndo',
  requestId: 'u1',
  toRevision,
  reason: 'misread',
});
const requested = (toRevision: number): Recorded => ({
  type: 'UndoRequested',
  data: { requestId: 'u1', toRevision, reason: 'misread', side: 'A' },
  metadata: { commandId: 'ask' },
});
const disputed: Recorded = {
  type: 'DisputeRaised',
  data: { disputeId: 'd1', revision: 2, claim: 'the dice were 3 and 4', side: 'B' },
  metadata: { commandId: 'dispute' },
};
const upheldWithBackup = (backupTo: number): MatchLevelCommand => ({
  type: 'RuleDispute',
  disputeId: 'd1',
  ruling: 'upheld',
  ruleId: 'HH-2',
  note: 'photo',
  backupTo,
});

describe('Q-32 targets of undo and backups are the last event of a command (match-level rules 2.1.0)', () => {
  it('Q-32 new matches are played under 2.1.0, and 1.0.0 stays known for the logs that record it', () => {
    expect(matchRulesFor('2.1.0')?.decider).toBe(matchLevelDeciderV2);
    expect(matchRulesFor('1.0.0')?.decider).toBe(matchLevelDecider);
    expect(matchRulesFor()?.version).toBe('1.0.0');
  });

  it("Q-32 an undo request to an event inside one command's events is refused, naming Q-32", () => {
    // given the rout at events 2–3, when side A asks to go back to the morale test (event 2)
    const refusal = v2
      .given(rout)
      .when(by(playerA, requestTo(2)))
      .thenRefuses('Q-32', 'invalid');
    expect(refusal.message).toContain('toRevision 2');
    // then going back to the end of that command (event 3) or of the one before (event 1) stands
    v2.given(rout)
      .when(by(playerA, requestTo(3)))
      .then([
        { type: 'UndoRequested', data: { requestId: 'u1', toRevision: 3, reason: 'misread', side: 'A' } },
      ]);
    v2.given(rout)
      .when(by(playerA, requestTo(1)))
      .then(([event]) => expect(event).toMatchObject({ data: { toRevision: 1 } }));
  });

  it("Q-32 agreeing to an undo whose target is inside one command's events is refused, and nothing is reverted", () => {
    // given a request that stands to event 2 (recorded before it was checked), when B agrees
    v2.given([...rout, requested(2)])
      .when(by(playerB, { type: 'AnswerUndo', requestId: 'u1', agree: true }))
      .thenRefuses('Q-32');
    // declining it still stands: nothing goes back
    v2.given([...rout, requested(2)])
      .when(by(playerB, { type: 'AnswerUndo', requestId: 'u1', agree: false }))
      .then([{ type: 'UndoDeclined', data: { requestId: 'u1', side: 'B' } }]);
  });

  it("Q-32 a judge's backup to an event inside one command's events is refused; to a command's last event it stands", () => {
    v2.given(rout)
      .when(by(judge, { type: 'OrderBackup', toRevision: 2, reason: 'wrong test' }))
      .thenRefuses('Q-32');
    v2.given(rout)
      .when(by(judge, { type: 'OrderBackup', toRevision: 3, reason: 'wrong test' }))
      .then(([backup]) => expect(backup).toMatchObject({ data: { toRevision: 3, fromRevision: 4 } }));
  });

  it('Q-32 a dispute upheld with a backup inside one command is refused whole: no ruling is recorded without its backup', () => {
    v2.given([...rout, disputed])
      .when(by(judge, upheldWithBackup(2)))
      .thenRefuses('Q-32');
    v2.given([...rout, disputed])
      .when(by(judge, upheldWithBackup(1)))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['DisputeRuled', 'ActionsReverted']));
  });

  it('Q-32 the events of an agreed undo are one command too: a later backup cannot land between the agreement and its revert', () => {
    const agreed: Recorded[] = [...rout, requested(3), ...command('agree', 'UndoAgreed', 'ActionsReverted')];
    // events 6 (UndoAgreed) and 7 (ActionsReverted) are one command
    v2.given(agreed)
      .when(by(judge, { type: 'OrderBackup', toRevision: 6, reason: 'r' }))
      .thenRefuses('Q-32');
    v2.given(agreed)
      .when(by(judge, { type: 'OrderBackup', toRevision: 5, reason: 'r' }))
      .then(([backup]) => expect(backup).toMatchObject({ data: { toRevision: 5 } }));
  });

  it('Q-32 C-3 under match-level rules 1.0.0 the same targets are still accepted, as the logs recorded under it were', () => {
    v1.given(rout)
      .when(by(playerA, requestTo(2)))
      .then(([event]) => expect(event).toMatchObject({ type: 'UndoRequested', data: { toRevision: 2 } }));
    v1.given([...rout, requested(2)])
      .when(by(playerB, { type: 'AnswerUndo', requestId: 'u1', agree: true }))
      .then(([, revert]) => expect(revert).toMatchObject({ data: { toRevision: 2, fromRevision: 3 } }));
    v1.given(rout)
      .when(by(judge, { type: 'OrderBackup', toRevision: 2, reason: 'wrong test' }))
      .then(([backup]) => expect(backup).toMatchObject({ data: { toRevision: 2 } }));
    v1.given([...rout, disputed])
      .when(by(judge, upheldWithBackup(2)))
      .then(([, revert]) => expect(revert).toMatchObject({ data: { toRevision: 2 } }));
  });
});
