import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import type { MatchLevelEvent } from '../../src/match/match-events.js';
import {
  decideMatchLevel,
  evolveMeta,
  initialMeta,
  type MatchLevelActor,
  type MatchMeta,
} from '../../src/match/match-level.js';
import { foldMatch } from '../../src/match/match-loader.js';
import { RuleViolation } from '../../src/rules/common/rule-violation.js';
import { handToHand } from '../../src/rules/hand-to-hand/index.js';
import { TableDice } from '../../src/rules/common/dice.js';

const playerA: MatchLevelActor = { role: 'player', side: 'A' };
const playerB: MatchLevelActor = { role: 'player', side: 'B' };
const judge: MatchLevelActor = { role: 'judge' };

function given(...events: { type: string; data: unknown }[]): MatchMeta {
  return events.reduce((meta, event, i) => evolveMeta(meta, event, i + 1, 0), initialMeta());
}

function refused(action: () => unknown, ruleId: string): void {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(RuleViolation);
    expect((error as RuleViolation).ruleId).toBe(ruleId);
    return;
  }
  throw new Error(`expected a ${ruleId} violation`);
}

describe('match-level decisions', () => {
  it('C-2 a client seed is taken once per side, and only before the first server roll', () => {
    // given a match with no roll yet
    const fresh = initialMeta();
    // when side A adds its seed
    const events = decideMatchLevel(fresh, { type: 'AddClientSeed', seed: 'lucky' }, playerA, {
      revision: 3,
      serverSeed: null,
    });
    // then it is recorded, and a second one from A is refused
    expect(events).toEqual([{ type: 'ClientSeedAdded', data: { side: 'A', seed: 'lucky' } }]);
    const seeded = evolveMeta(fresh, events[0]!, 4, 0);
    refused(
      () =>
        decideMatchLevel(seeded, { type: 'AddClientSeed', seed: 'again' }, playerA, {
          revision: 4,
          serverSeed: null,
        }),
      'C-2',
    );
    // and after a server roll nobody may add one
    const rolled = evolveMeta(seeded, { type: 'WillpowerTested', data: {} }, 5, 1);
    refused(
      () =>
        decideMatchLevel(rolled, { type: 'AddClientSeed', seed: 'late' }, playerB, {
          revision: 5,
          serverSeed: null,
        }),
      'C-2',
    );
  });

  it('C-5 an undo takes effect only when the opponent agrees, as a revert naming the range, reason and who agreed', () => {
    // given side A asked to undo back to event 4, at revision 6
    const requested = decideMatchLevel(
      initialMeta(),
      { type: 'RequestUndo', requestId: 'u1', toRevision: 4, reason: 'misread' },
      playerA,
      {
        revision: 6,
        serverSeed: null,
      },
    );
    const meta = given(
      { type: 'x', data: {} },
      { type: 'x', data: {} },
      { type: 'x', data: {} },
      { type: 'x', data: {} },
      { type: 'x', data: {} },
      { type: 'x', data: {} },
      requested[0]!,
    );
    // when A itself tries to agree, then B agrees
    refused(
      () =>
        decideMatchLevel(meta, { type: 'AnswerUndo', requestId: 'u1', agree: true }, playerA, {
          revision: 7,
          serverSeed: null,
        }),
      'C-5',
    );
    const agreed = decideMatchLevel(meta, { type: 'AnswerUndo', requestId: 'u1', agree: true }, playerB, {
      revision: 7,
      serverSeed: null,
    });
    // then the revert undoes events 5 … 8 (the agreement is event 8, the revert event 9)
    expect(agreed).toEqual([
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
    // given the current turn began at event 10
    const meta = { ...initialMeta(), turnStartedAt: 10 };
    refused(
      () =>
        decideMatchLevel(meta, { type: 'RequestUndo', requestId: 'u', toRevision: 5, reason: 'r' }, playerA, {
          revision: 12,
          serverSeed: null,
        }),
      'C-5',
    );
    const backup = decideMatchLevel(
      meta,
      { type: 'OrderBackup', toRevision: 5, reason: 'wrong phase' },
      judge,
      { revision: 12, serverSeed: null },
    );
    expect(backup[0]).toMatchObject({
      type: 'ActionsReverted',
      data: { toRevision: 5, fromRevision: 6, throughRevision: 12, orderedBy: 'judge' },
    });
    refused(
      () =>
        decideMatchLevel(meta, { type: 'OrderBackup', toRevision: 5, reason: 'r' }, playerA, {
          revision: 12,
          serverSeed: null,
        }),
      'C-5',
    );
  });

  it('C-5 an undo request lapses for good when its turn ends or the match is reverted', () => {
    // given side A asked to undo to event 4, then the turn ended
    const request = {
      type: 'UndoRequested',
      data: { requestId: 'u1', toRevision: 4, reason: 'r', side: 'A' },
    };
    const ended = given(request, { type: 'TurnEnded', data: {} });
    // when B agrees, and when A asks again in the new turn
    refused(
      () =>
        decideMatchLevel(ended, { type: 'AnswerUndo', requestId: 'u1', agree: true }, playerB, {
          revision: 8,
          serverSeed: null,
        }),
      'C-5',
    );
    const again = decideMatchLevel(
      ended,
      { type: 'RequestUndo', requestId: 'u2', toRevision: 7, reason: 'r' },
      playerA,
      {
        revision: 8,
        serverSeed: null,
      },
    );
    // then the old request is refused and the new one stands
    expect(again).toEqual([
      { type: 'UndoRequested', data: { requestId: 'u2', toRevision: 7, reason: 'r', side: 'A' } },
    ]);
    // and a judge's backup into the request's own turn does not bring it back
    const backedUp = evolveMeta(
      ended,
      { type: 'ActionsReverted', data: { toRevision: 1, fromRevision: 2, throughRevision: 2 } },
      3,
      0,
    );
    expect(backedUp.undoRequests[0]!.status).toBe('lapsed');
    refused(
      () =>
        decideMatchLevel(backedUp, { type: 'AnswerUndo', requestId: 'u1', agree: true }, playerB, {
          revision: 4,
          serverSeed: null,
        }),
      'C-5',
    );
  });

  it('C-5 a revert lapses a request still waiting for its answer', () => {
    const waiting = given({
      type: 'UndoRequested',
      data: { requestId: 'u1', toRevision: 1, reason: 'r', side: 'A' },
    });
    const reverted = evolveMeta(
      waiting,
      { type: 'ActionsReverted', data: { toRevision: 1, fromRevision: 2, throughRevision: 1 } },
      2,
      0,
    );
    expect(reverted.undoRequests[0]!.status).toBe('lapsed');
  });

  it('C-5 no going back to an event that was itself reverted', () => {
    const meta = { ...initialMeta(), reverted: [5, 6, 7] };
    refused(
      () =>
        decideMatchLevel(meta, { type: 'OrderBackup', toRevision: 6, reason: 'r' }, judge, {
          revision: 9,
          serverSeed: null,
        }),
      'C-5',
    );
  });

  it('C-4 the end reveals the server seed, and nothing but disputes follows it', () => {
    const events = decideMatchLevel(
      initialMeta(),
      { type: 'EndMatch', winner: 'B', note: 'held the hill' },
      judge,
      { revision: 20, serverSeed: 'ab'.repeat(32) },
    );
    expect(events).toEqual([
      {
        type: 'MatchEnded',
        data: { result: { winner: 'B', note: 'held the hill' }, serverSeed: 'ab'.repeat(32) },
      },
    ]);
    const ended = evolveMeta(initialMeta(), events[0] as MatchLevelEvent, 21, 0);
    refused(
      () =>
        decideMatchLevel(
          ended,
          { type: 'RequestUndo', requestId: 'u', toRevision: 20, reason: 'r' },
          playerA,
          { revision: 21, serverSeed: null },
        ),
      'C-4',
    );
    expect(
      decideMatchLevel(ended, { type: 'RaiseDispute', disputeId: 'd', revision: 20, claim: 'c' }, playerA, {
        revision: 21,
        serverSeed: null,
      }),
    ).toHaveLength(1);
  });

  it('C-5 a dispute upheld with a backup appends the ruling and the revert; only a judge rules', () => {
    const meta = given({
      type: 'DisputeRaised',
      data: { disputeId: 'd1', revision: 3, claim: 'wrong faces', side: 'B' },
    });
    refused(
      () =>
        decideMatchLevel(
          meta,
          { type: 'RuleDispute', disputeId: 'd1', ruling: 'upheld', ruleId: 'C-1', note: 'n' },
          playerB,
          { revision: 5, serverSeed: null },
        ),
      'C-5',
    );
    const ruled = decideMatchLevel(
      meta,
      { type: 'RuleDispute', disputeId: 'd1', ruling: 'upheld', ruleId: 'C-1', note: 'photo', backupTo: 2 },
      judge,
      {
        revision: 5,
        serverSeed: null,
      },
    );
    expect(ruled.map((e) => e.type)).toEqual(['DisputeRuled', 'ActionsReverted']);
    expect(ruled[1]).toMatchObject({
      data: { toRevision: 2, fromRevision: 3, throughRevision: 6, disputeId: 'd1' },
    });
  });
});

describe('folding a match with reverts', () => {
  function recorded(events: { type: string; data: unknown }[]): RecordedEvent[] {
    return events.map((event, i) => ({
      ...event,
      position: i + 1,
      metadata: {
        stream: 'match-m',
        revision: i + 1,
        commandId: `c${i}`,
        actor: { role: 'system' },
        at: '2026-11-30T10:00:00.000Z',
        ruleset: { id: 'hand-to-hand', version: '1.0.0', hash: 'h' },
        prevHash: '',
        hash: '',
      },
    }));
  }

  it('C-5 C-3 the state after a revert is the state as it stood after its target, and reverted events stay in the log', () => {
    // given a match with two units, a charge, and then a revert back to before the charge
    const { decider } = handToHand;
    let state = decider.initialState();
    const log: { type: string; data: unknown }[] = [];
    const run = (command: object, faces: number[] = []) => {
      const events = decider.decide(state, command as never, new TableDice(faces));
      for (const event of events) {
        log.push(event);
        state = decider.evolve(state, event);
      }
    };
    run({ type: 'CreateMatch', matchId: 'm', sides: { A: 'Zulus', B: 'British' }, diceMode: 'table' });
    run({ type: 'RegisterUnit', unitId: 'impi', name: 'Impi', side: 'A', morale: 8, move: 6 });
    run({ type: 'RegisterUnit', unitId: 'nnc', name: 'NNC', side: 'B', morale: 7, move: 6 });
    const beforeCharge = log.length;
    run(
      {
        type: 'Charge',
        chargeId: 'c1',
        attackerId: 'impi',
        defenderId: 'nnc',
        aspect: 'front',
        slope: 'level',
      },
      [1, 2],
    );
    const chargedState = state;
    log.push({
      type: 'ActionsReverted',
      data: {
        toRevision: beforeCharge,
        fromRevision: beforeCharge + 1,
        throughRevision: log.length,
        reason: 'r',
        requestedBy: 'judge',
        agreedBy: null,
        orderedBy: 'judge',
        requestId: null,
        disputeId: null,
      },
    });

    // when the match is folded
    const match = foldMatch('m', recorded(log));

    // then the state is the one before the charge, the charge's events are marked reverted, and history is exact
    expect(match.state).toEqual(match.stateAt(beforeCharge));
    expect((match.state as { charges: unknown[] }).charges).toEqual([]);
    expect(match.stateAt(log.length - 1)).toEqual(chargedState);
    expect([...match.reverted]).toEqual([4, 5, 6]);
    expect(foldMatch('m', recorded(log)).state).toEqual(match.state);
  });
});
