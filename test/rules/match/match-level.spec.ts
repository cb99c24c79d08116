import type { DomainEvent } from '../../../src/rules/common/decider.js';
import {
  type MatchLevelActor,
  type MatchLevelCommand,
  matchLevelDecider,
} from '../../../src/rules/match/index.js';
import { spec } from '../../support/decider-spec.js';

const match = spec(matchLevelDecider);
const playerA: MatchLevelActor = { role: 'player', side: 'A' };
const playerB: MatchLevelActor = { role: 'player', side: 'B' };
const judge: MatchLevelActor = { role: 'judge' };

/** `count` events of the ruleset's that the match-level rules only count (revisions). */
function others(count: number): DomainEvent[] {
  return Array.from({ length: count }, () => ({ type: 'x', data: {} }));
}

const by = (actor: MatchLevelActor, command: MatchLevelCommand, serverSeed: string | null = null) => ({
  command,
  actor,
  serverSeed,
});

describe('match-level decisions', () => {
  it('C-2 a client seed is taken once per side, and only before the first server roll', () => {
    // given a match with no roll yet, when side A adds its seed
    const [seed] = match
      .given(others(3))
      .when(by(playerA, { type: 'AddClientSeed', seed: 'lucky' }))
      // then it is recorded
      .then([{ type: 'ClientSeedAdded', data: { side: 'A', seed: 'lucky' } }]);
    // and a second one from A is refused
    const seeded = [...others(3), seed!];
    match
      .given(seeded)
      .when(by(playerA, { type: 'AddClientSeed', seed: 'again' }))
      .thenRefuses('C-2');
    // and after a server roll nobody may add one
    const roll = { purpose: 'willpower', faces: [1, 2], origin: 'server', side: 'A', index: 1 };
    match
      .given([...seeded, { type: 'WillpowerTested', data: { roll } }])
      .when(by(playerB, { type: 'AddClientSeed', seed: 'late' }))
      .thenRefuses('C-2');
  });

  it('C-5 an undo takes effect only when the opponent agrees, as a revert naming the range, reason and who agreed', () => {
    // side A's request to undo back to event 4, at revision 6, is recorded as such
    const requested = {
      type: 'UndoRequested',
      data: { requestId: 'u1', toRevision: 4, reason: 'misread', side: 'A' },
    };
    match
      .given(others(6))
      .when(by(playerA, { type: 'RequestUndo', requestId: 'u1', toRevision: 4, reason: 'misread' }))
      .then([requested]);
    // given that request stands (event 5), at revision 7
    const given = match.given([...others(4), requested, ...others(2)]);
    // when A itself tries to agree, then B agrees
    given.when(by(playerA, { type: 'AnswerUndo', requestId: 'u1', agree: true })).thenRefuses('C-5');
    // then the revert undoes events 5 … 8 (the agreement is event 8, the revert event 9)
    given.when(by(playerB, { type: 'AnswerUndo', requestId: 'u1', agree: true })).then([
      { type: 'UndoAgreed', data: { requestId: 'u1', side: 'B' } },
      {
        type: 'ActionsReverted',
        data: {
          toRevision: 4,
          fromRevision: 5,
          throughRevision: 8,
          reason: 'misread',
          requestedBy: 'A',
          agreedBy: 'B',
          orderedBy: 'players',
          requestId: 'u1',
          disputeId: null,
        },
      },
    ]);
  });

  it('C-5 a player may undo only within the current turn; a judge may back up to any event', () => {
    // given the current turn began at event 10, and the match is at event 12
    const given = match.given([...others(9), { type: 'TurnEnded', data: {} }, ...others(2)]);
    given
      .when(by(playerA, { type: 'RequestUndo', requestId: 'u', toRevision: 5, reason: 'r' }))
      .thenRefuses('C-5');
    given.when(by(judge, { type: 'OrderBackup', toRevision: 5, reason: 'wrong phase' })).then(([backup]) =>
      expect(backup).toMatchObject({
        type: 'ActionsReverted',
        data: { toRevision: 5, fromRevision: 6, throughRevision: 12, orderedBy: 'judge' },
      }),
    );
    given.when(by(playerA, { type: 'OrderBackup', toRevision: 5, reason: 'r' })).thenRefuses('C-5');
  });

  it("Q-16 C-5 a players' agreed undo reaches back to the current turn's first event and no further; earlier needs a judge", () => {
    // given turn 2 began with the TurnEnded at event 6, and the match is at event 8
    const given = match.given([...others(5), { type: 'TurnEnded', data: {} }, ...others(2)]);
    // when side B asks to go back to the turn's own first event (the TurnEnded), then it is recorded
    given
      .when(by(playerB, { type: 'RequestUndo', requestId: 'q16', toRevision: 6, reason: 'wrong unit' }))
      .then([
        {
          type: 'UndoRequested',
          data: { requestId: 'q16', toRevision: 6, reason: 'wrong unit', side: 'B' },
        },
      ]);
    // when it asks for the last event of the turn before, then it is refused: Q-16 bounds players to this turn
    const refusal = given
      .when(by(playerB, { type: 'RequestUndo', requestId: 'q16', toRevision: 5, reason: 'earlier' }))
      .thenRefuses('C-5', 'conflict');
    expect(refusal.message).toContain('a judge can order a backup');
    // and a judge may back up across the turn boundary
    given
      .when(by(judge, { type: 'OrderBackup', toRevision: 5, reason: 'earlier' }))
      .then(([backup]) => expect(backup).toMatchObject({ data: { toRevision: 5, orderedBy: 'judge' } }));
    // given the request to event 6 stood open and the turn then ended, when the opponent agrees, then it is refused
    const requested = {
      type: 'UndoRequested',
      data: { requestId: 'q16', toRevision: 6, reason: 'r', side: 'B' },
    };
    match
      .given([...others(5), { type: 'TurnEnded', data: {} }, requested, { type: 'TurnEnded', data: {} }])
      .when(by(playerA, { type: 'AnswerUndo', requestId: 'q16', agree: true }))
      .thenRefuses('C-5');
  });

  it('C-5 an undo request lapses for good when its turn ends or the match is reverted', () => {
    // given side A asked to undo to event 4, then the turn ended
    const request = {
      type: 'UndoRequested',
      data: { requestId: 'u1', toRevision: 4, reason: 'r', side: 'A' },
    };
    const ended = [request, { type: 'TurnEnded', data: {} }];
    // when B agrees, and when A asks again in the new turn
    const now = match.given([...ended, ...others(6)]);
    now.when(by(playerB, { type: 'AnswerUndo', requestId: 'u1', agree: true })).thenRefuses('C-5');
    // then the old request is refused and the new one stands
    now
      .when(by(playerA, { type: 'RequestUndo', requestId: 'u2', toRevision: 7, reason: 'r' }))
      .then([{ type: 'UndoRequested', data: { requestId: 'u2', toRevision: 7, reason: 'r', side: 'A' } }]);
    // and a judge's backup into the request's own turn does not bring it back
    const backedUp = [
      ...ended,
      { type: 'ActionsReverted', data: { toRevision: 1, fromRevision: 2, throughRevision: 2 } },
    ];
    expect(match.given(backedUp).state.meta.undoRequests[0]!.status).toBe('lapsed');
    match
      .given([...backedUp, ...others(1)])
      .when(by(playerB, { type: 'AnswerUndo', requestId: 'u1', agree: true }))
      .thenRefuses('C-5');
  });

  it('C-5 a revert lapses a request still waiting for its answer', () => {
    const { meta } = match.given([
      { type: 'UndoRequested', data: { requestId: 'u1', toRevision: 1, reason: 'r', side: 'A' } },
      { type: 'ActionsReverted', data: { toRevision: 1, fromRevision: 2, throughRevision: 1 } },
    ]).state;
    expect(meta.undoRequests[0]!.status).toBe('lapsed');
  });

  it('C-5 no going back to an event that was itself reverted', () => {
    // given events 5 … 7 were reverted (by event 8), at revision 9
    match
      .given([
        ...others(7),
        { type: 'ActionsReverted', data: { toRevision: 4, fromRevision: 5, throughRevision: 7 } },
        ...others(1),
      ])
      .when(by(judge, { type: 'OrderBackup', toRevision: 6, reason: 'r' }))
      .thenRefuses('C-5');
  });

  it('C-4 the end reveals the server seed, and nothing but disputes follows it', () => {
    const [end] = match
      .given(others(20))
      .when(by(judge, { type: 'EndMatch', winner: 'B', note: 'held the hill' }, 'ab'.repeat(32)))
      .then([
        {
          type: 'MatchEnded',
          data: { result: { winner: 'B', note: 'held the hill' }, serverSeed: 'ab'.repeat(32) },
        },
      ]);
    const ended = match.given([...others(20), end!]);
    ended
      .when(by(playerA, { type: 'RequestUndo', requestId: 'u', toRevision: 20, reason: 'r' }))
      .thenRefuses('C-4');
    ended
      .when(by(playerA, { type: 'RaiseDispute', disputeId: 'd', revision: 20, claim: 'c' }))
      .then((events) => expect(events).toHaveLength(1));
  });

  it('C-5 a dispute upheld with a backup appends the ruling and the revert; only a judge rules', () => {
    const given = match.given([
      { type: 'DisputeRaised', data: { disputeId: 'd1', revision: 3, claim: 'wrong faces', side: 'B' } },
      ...others(4),
    ]);
    given
      .when(by(playerB, { type: 'RuleDispute', disputeId: 'd1', ruling: 'upheld', ruleId: 'C-1', note: 'n' }))
      .thenRefuses('C-5');
    given
      .when(
        by(judge, {
          type: 'RuleDispute',
          disputeId: 'd1',
          ruling: 'upheld',
          ruleId: 'C-1',
          note: 'photo',
          backupTo: 2,
        }),
      )
      .then((ruled) => {
        expect(ruled.map((e) => e.type)).toEqual(['DisputeRuled', 'ActionsReverted']);
        expect(ruled[1]).toMatchObject({
          data: { toRevision: 2, fromRevision: 3, throughRevision: 6, disputeId: 'd1' },
        });
      });
  });

  it('C-5 C-6 given an answered request, a lapsed one and a ruled dispute, when they are answered or ruled again, then the refusal names them as the players know them, not by id', () => {
    const asked = (requestId: string, toRevision: number, side: 'A' | 'B') => ({
      type: 'UndoRequested',
      data: { requestId, toRevision, reason: 'r', side },
    });
    const given = match.given([
      ...others(3),
      asked('t-8a3612ef-u1', 2, 'A'),
      { type: 'UndoDeclined', data: { requestId: 't-8a3612ef-u1', side: 'B' } },
      { type: 'DisputeRaised', data: { disputeId: 't-8a3612ef-d1', revision: 3, claim: 'c', side: 'B' } },
      {
        type: 'DisputeRuled',
        data: { disputeId: 't-8a3612ef-d1', ruling: 'dismissed', ruleId: 'C-1', note: 'n', backupTo: null },
      },
    ]);
    const answered = given
      .when(by(playerB, { type: 'AnswerUndo', requestId: 't-8a3612ef-u1', agree: true }))
      .thenRefuses('C-5');
    expect(answered.message).toBe("C-5: the opponent's undo request back to event 2 was already declined");
    const ruled = given
      .when(
        by(judge, {
          type: 'RuleDispute',
          disputeId: 't-8a3612ef-d1',
          ruling: 'upheld',
          ruleId: 'C-1',
          note: 'n',
        }),
      )
      .thenRefuses('C-6');
    expect(ruled.message).toBe('C-6: the dispute of event 3 was already ruled on (dismissed)');
    const lapsed = match
      .given([...others(3), asked('t-8a3612ef-u2', 2, 'A'), { type: 'TurnEnded', data: {} }])
      .when(by(playerA, { type: 'AnswerUndo', requestId: 't-8a3612ef-u2', agree: true }));
    expect(lapsed.thenRefuses('C-5').message).toMatch(/^C-5: your undo request back to event 2 lapsed when/);
    for (const refusal of [answered, ruled]) expect(refusal.message).not.toContain('t-8a3612ef');
  });
});
