import type { Principal } from '../../src/auth/principal.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import type { MatchCommandRequest } from '../../src/match/match-command-handler.js';
import { commandPath } from '../support/command-path.js';

const organiser: Principal = { keyId: 'org', role: 'organiser' };
const player = (side: 'A' | 'B'): Principal => ({ keyId: `p${side}`, role: 'player', side, matchId: 'm1' });

const send = (commandId: string, principal: Principal, command: MatchCommandRequest['command']) => ({
  matchId: 'm1',
  commandId,
  principal,
  command,
  ...(command.type === 'CreateMatch' ? { rulesetId: 'hand-to-hand' } : {}),
});

/**
 * An answer as of an earlier revision (a spectator held behind live play, state?at=, a command's first
 * answer sent again) has that revision's own match-level part: open undo requests and disputes, the
 * end. Kept in memory for the current turn; rebuilt from a snapshot and its tail before it.
 */
describe('the match as it stood after an earlier event', () => {
  it('C-5 pending and the end as of any revision, kept or rebuilt, here and cold', async () => {
    const store = new InMemoryEventStore();
    const { commands, aggregates } = commandPath(store, { snapshotEveryEvents: 4 });
    await commands.execute(
      send('create', organiser, {
        type: 'CreateMatch',
        matchId: 'm1',
        sides: { A: 'Zulus', B: 'British' },
        diceMode: 'table',
      }),
    );
    // 2: a unit; 3: A asks for an undo; 4: B raises a dispute; 5: B declines the undo; 6, 7: two turns; 8: the end.
    await commands.execute(
      send('unit', organiser, {
        type: 'RegisterUnit',
        unitId: 'impi',
        name: 'Impi',
        side: 'A',
        morale: 8,
        move: 6,
      }),
    );
    await commands.execute(
      send('u', player('A'), { type: 'RequestUndo', requestId: 'u1', toRevision: 1, reason: 'r' }),
    );
    await commands.execute(
      send('d', player('B'), { type: 'RaiseDispute', disputeId: 'd1', revision: 1, claim: 'c' }),
    );
    await commands.execute(send('n', player('B'), { type: 'AnswerUndo', requestId: 'u1', agree: false }));
    await commands.execute(send('e1', player('A'), { type: 'EndTurn' }));
    await commands.execute(send('e2', player('B'), { type: 'EndTurn' }));
    await commands.execute(
      send('end', { keyId: 'j', role: 'judge' }, { type: 'EndMatch', winner: 'A', note: 'n' }),
    );

    const expected = {
      2: { undo: [], disputes: [], ended: null },
      3: { undo: ['u1'], disputes: [], ended: null },
      4: { undo: ['u1'], disputes: ['d1'], ended: null },
      5: { undo: [], disputes: ['d1'], ended: null },
      7: { undo: [], disputes: ['d1'], ended: null },
      8: { undo: [], disputes: ['d1'], ended: { winner: 'A', note: 'n' } },
    };
    const check = async (instance: ReturnType<typeof commandPath>) => {
      const aggregate = await instance.aggregates.current('m1');
      for (const [revision, want] of Object.entries(expected)) {
        const { meta } = await instance.aggregates.matchAt(aggregate, Number(revision));
        expect({
          revision,
          undo: meta.undoRequests.filter((r) => r.status === 'open').map((r) => r.requestId),
          disputes: meta.disputes.filter((d) => d.ruling === null).map((d) => d.disputeId),
          ended: meta.ended,
        }).toEqual({ revision, ...want });
      }
      expect((await instance.aggregates.matchAt(aggregate, 0)).meta.undoRequests).toEqual([]);
    };
    // Events 1 … 6 are before the current turn (it began at 7): rebuilt from the snapshot at 4 and on.
    const here = await aggregates.current('m1');
    expect(here.fold.keeps(3)).toBe(false);
    expect(here.fold.keeps(7)).toBe(true);
    await check({ ...commandPath(store), aggregates });
    // A cold instance on the same store: from the snapshot, with no kept meta at all.
    await check(commandPath(store));
  });
});
