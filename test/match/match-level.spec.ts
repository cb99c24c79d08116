import type { RecordedEvent } from '../../src/event-store/event-store.port.js';
import { foldMatch } from '../../src/match/match-loader.js';
import { handToHand } from '../../src/rules/hand-to-hand/index.js';
import { TableDice } from '../../src/rules/common/dice.js';

// The match-level decisions are rules: test/rules/match/match-level.spec.ts.
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
