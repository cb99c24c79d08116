import type { Principal } from '../../src/auth/principal.js';
import type { ReadStreamOptions, RecordedEvent } from '../../src/event-store/event-store.port.js';
import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import type { MatchCommandRequest } from '../../src/match/match-command-handler.js';
import { InMemorySnapshotStore } from '../../src/match/snapshots/snapshot-store.js';
import { commandPath } from '../support/command-path.js';

/** The in-memory store, counting how many events each kind of read hands back. */
class CountingStore extends InMemoryEventStore {
  eventsRead = 0;
  commandLookups = 0;
  override async findCommand(stream: string, prefix: string): Promise<RecordedEvent[]> {
    this.commandLookups += 1;
    return super.findCommand(stream, prefix);
  }
  override async readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const events = await super.readStream(stream, options);
    this.eventsRead += events.length;
    return events;
  }
}

const organiser: Principal = { keyId: 'org', role: 'organiser' };
const playerA: Principal = { keyId: 'pa', role: 'player', side: 'A', matchId: 'm1' };
const playerB: Principal = { keyId: 'pb', role: 'player', side: 'B', matchId: 'm1' };

/** A request answered with the whole play contract (no `Prefer: return=minimal`). */
type FullAnswer = MatchCommandRequest & { answer?: 'full' };

const create = (matchId = 'm1'): FullAnswer => ({
  matchId,
  commandId: `create-${matchId}`,
  principal: organiser,
  rulesetId: 'hand-to-hand',
  command: { type: 'CreateMatch', matchId, sides: { A: 'Zulus', B: 'British' }, diceMode: 'table' },
});

const register = (commandId: string, unitId: string, side: 'A' | 'B' = 'A', matchId = 'm1'): FullAnswer => ({
  matchId,
  commandId,
  principal: organiser,
  command: { type: 'RegisterUnit', unitId, name: unitId, side, morale: 8, move: 6 },
});

const endTurn = (commandId: string, principal: Principal): FullAnswer => ({
  matchId: 'm1',
  commandId,
  principal,
  command: { type: 'EndTurn' },
});

/** Plays `turns` empty turns, A then B: two events a turn (TurnEnded), nothing else. */
async function playTurns(
  commands: ReturnType<typeof commandPath>['commands'],
  turns: number,
  from = 0,
): Promise<void> {
  for (let t = from; t < from + turns; t++) {
    await commands.execute(endTurn(`end-${t}`, t % 2 === 0 ? playerA : playerB));
  }
}

describe('the match command path', () => {
  let store: CountingStore;

  beforeEach(async () => {
    store = new CountingStore();
  });

  describe('two instances on one store', () => {
    it('C-3 on a conflict it reads the newer events and decides again, against the state the other left', async () => {
      // given two instances that both hold the match folded
      const one = commandPath(store);
      const two = commandPath(store);
      await one.commands.execute(create());
      await two.commands.execute(register('warm', 'u0'));
      await one.commands.execute(register('theirs', 'u1'));
      // when the second, which has not seen u1, registers the same unit id
      const ours = two.commands.execute(register('ours', 'u1'));
      // then it is decided again on the new state, where u1 exists, and refused; nothing of it is appended
      await expect(ours).rejects.toMatchObject({ ruleId: expect.stringMatching(/^(C-6|HH-1)$/) });
      const events = await store.readStream('match-m1');
      expect(events.filter((e) => e.metadata.commandId.startsWith('org:ours#'))).toEqual([]);
      expect(events.filter((e) => e.type === 'UnitRegistered')).toHaveLength(2);
    });

    it('C-3 a conflict with a command that does not clash ends with both appended, in order, and no stale answer', async () => {
      const one = commandPath(store);
      const two = commandPath(store);
      await one.commands.execute(create());
      await two.aggregates.current('m1');
      await one.commands.execute(register('theirs', 'u1'));
      const ours = await two.commands.execute(register('ours', 'u2'));
      expect(ours.revision).toBe(3);
      expect(Object.keys((ours.state as { units: object }).units)).toEqual(['u1', 'u2']);
      // and the first instance's reads see the second's append (no stale answer)
      const seen = await one.loader.load('m1');
      expect(seen.revision).toBe(3);
    });

    it('C-3 many commands racing from two instances lose none', async () => {
      const one = commandPath(store);
      const two = commandPath(store);
      await one.commands.execute(create());
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? one : two).commands.execute(register(`r${i}`, `u${i}`, i % 2 === 0 ? 'A' : 'B')),
        ),
      );
      const units = (await store.readStream('match-m1')).filter((e) => e.type === 'UnitRegistered');
      expect(units).toHaveLength(20);
      expect((await one.loader.load('m1')).revision).toBe(21);
      expect((await two.loader.load('m1')).revision).toBe(21);
    });
  });

  describe('idempotency by commandId', () => {
    it('C-6 a commandId sent again with another command is refused, not answered with the first result', async () => {
      const { commands } = commandPath(store);
      await commands.execute(create());
      await commands.execute(register('reused', 'u1'));
      await expect(commands.execute(register('reused', 'u2'))).rejects.toMatchObject({
        ruleId: 'C-6',
        message: expect.stringContaining('reused'),
      });
      expect((await store.readStream('match-m1')).filter((e) => e.type === 'UnitRegistered')).toHaveLength(1);
    });

    it('C-6 the same commandId twice appends once and answers exactly the first answer, state included', async () => {
      const { commands } = commandPath(store);
      await commands.execute(create());
      const first = await commands.execute(register('once', 'u1'));
      await commands.execute(register('later', 'u2'));
      const again = await commands.execute(register('once', 'u1'));
      expect(again).toEqual({ ...first, duplicate: true });
      expect(await store.readStream('match-m1')).toHaveLength(3);
    });

    it('C-6 a replay after the match moved on into later turns still gets the first state', async () => {
      const { commands } = commandPath(store, { snapshotEveryEvents: 10 });
      await commands.execute(create());
      await commands.execute(register('u1', 'u1'));
      const first = await commands.execute(register('u2', 'u2', 'B'));
      await playTurns(commands, 25);
      expect(await commands.execute(register('u2', 'u2', 'B'))).toEqual({ ...first, duplicate: true });
    });
  });

  describe('idempotency without the command index, where the aggregate knows', () => {
    it('C-6 a new commandId on a match this instance holds from its first event asks the index nothing', async () => {
      const { commands } = commandPath(store);
      await commands.execute(create());
      await commands.execute(register('u1', 'u1'));
      store.commandLookups = 0;
      await commands.execute(register('u2', 'u2', 'B'));
      await playTurns(commands, 4);
      expect(store.commandLookups).toBe(0);
      // and one it has seen is still looked up and answered as it was first
      await commands.execute(register('u2', 'u2', 'B'));
      expect(store.commandLookups).toBe(1);
    });

    it('C-6 a commandId first used through another instance, after this one last saw the match, gets the first answer or C-6', async () => {
      const one = commandPath(store);
      const two = commandPath(store);
      await one.commands.execute(create());
      await two.commands.execute(register('warm', 'u0'));
      const first = await one.commands.execute(register('shared', 'u1'));
      // the second instance still holds revision 2: the command it is sent again lands as a duplicate
      const again = await two.commands.execute(register('shared', 'u1'));
      expect(again).toEqual({ ...first, duplicate: true });
      await one.commands.execute(register('other', 'u2', 'B'));
      await expect(two.commands.execute(register('other', 'u3', 'B'))).rejects.toMatchObject({
        ruleId: 'C-6',
      });
      expect((await store.readStream('match-m1')).filter((e) => e.type === 'UnitRegistered')).toHaveLength(3);
    });

    it("C-6 a commandId that is another's up to a '#' is refused as before, held or looked up", async () => {
      // The lookup finds every recorded id that starts with `<key>:<commandId>#`: 'a' meets 'a#b'.
      const held = commandPath(store);
      await held.commands.execute(create());
      await held.commands.execute(register('a#b', 'u1'));
      await expect(held.commands.execute(register('a', 'u2'))).rejects.toMatchObject({ ruleId: 'C-6' });
      const cold = commandPath(store);
      await expect(cold.commands.execute(register('a', 'u2'))).rejects.toMatchObject({ ruleId: 'C-6' });
    });

    it('C-6 a match loaded from a snapshot does not know its earlier commandIds, and looks them up', async () => {
      const snapshots = new InMemorySnapshotStore();
      const writer = commandPath(store, { snapshotEveryEvents: 5 }, snapshots);
      await writer.commands.execute(create());
      const first = await writer.commands.execute(register('u1', 'u1'));
      await writer.commands.execute(register('u2', 'u2', 'B'));
      await playTurns(writer.commands, 6);
      await new Promise((resolve) => setImmediate(resolve)); // the snapshot is saved after the answer
      const reader = commandPath(store, { snapshotEveryEvents: 5 }, snapshots);
      store.commandLookups = 0;
      expect(await reader.commands.execute(register('u1', 'u1'))).toEqual({ ...first, duplicate: true });
      await expect(reader.commands.execute(register('u1', 'u3'))).rejects.toMatchObject({ ruleId: 'C-6' });
      expect(store.commandLookups).toBeGreaterThan(0);
    });
  });

  describe('cost does not grow with history', () => {
    it('a command on a match this instance holds reads no event it has already seen', async () => {
      const { commands } = commandPath(store);
      await commands.execute(create());
      await commands.execute(register('u1', 'u1'));
      await commands.execute(register('u2', 'u2', 'B'));
      await playTurns(commands, 40);
      store.eventsRead = 0;
      await playTurns(commands, 10, 40);
      expect(store.eventsRead).toBe(0);
    });

    it('a cold load is the latest snapshot and its tail; deleting the snapshots changes no answer', async () => {
      const snapshots = new InMemorySnapshotStore();
      const writer = commandPath(store, { snapshotEveryEvents: 20 }, snapshots);
      await writer.commands.execute(create());
      await writer.commands.execute(register('u1', 'u1'));
      await writer.commands.execute(register('u2', 'u2', 'B'));
      await playTurns(writer.commands, 95);
      await new Promise((resolve) => setImmediate(resolve)); // snapshots are saved after the answer
      expect(snapshots.count('match-m1')).toBeGreaterThanOrEqual(4);

      store.eventsRead = 0;
      const cold = await commandPath(store, { snapshotEveryEvents: 20 }, snapshots).loader.load('m1');
      expect(store.eventsRead).toBeLessThanOrEqual(21);
      const fromScratch = await commandPath(store, {}, new InMemorySnapshotStore()).loader.load('m1');
      expect(cold.revision).toBe(98);
      expect(cold.state).toEqual(fromScratch.state);
      expect(cold.meta).toEqual(fromScratch.meta);
    });

    it('a snapshot whose hash does not match the chain is ignored and discarded', async () => {
      const snapshots = new InMemorySnapshotStore();
      const writer = commandPath(store, { snapshotEveryEvents: 10 }, snapshots);
      await writer.commands.execute(create());
      await writer.commands.execute(register('u1', 'u1'));
      await playTurns(writer.commands, 12);
      await new Promise((resolve) => setImmediate(resolve));
      const latest = (await snapshots.latest('match-m1'))!;
      const forged = JSON.parse(latest.image) as { fold: { state: { turn: number } } };
      forged.fold.state.turn = 99;
      await snapshots.save({ ...latest, hash: 'f'.repeat(64), image: JSON.stringify(forged) });

      const cold = await commandPath(store, {}, snapshots).loader.load('m1');
      expect((cold.state as { turn: number }).turn).toBe(13);
      expect((await snapshots.latest('match-m1', latest.revision))?.hash).not.toBe('f'.repeat(64));
    });

    it('a small cache evicts matches and rebuilds them with the same answers', async () => {
      const { commands, loader } = commandPath(store, { matchCacheMatches: 1 });
      await commands.execute(create('m1'));
      await commands.execute(create('m2'));
      for (let i = 0; i < 5; i++) {
        await commands.execute(register(`a${i}`, `a${i}`, 'A', 'm1'));
        await commands.execute(register(`b${i}`, `b${i}`, 'B', 'm2'));
      }
      expect(Object.keys(((await loader.load('m1')).state as { units: object }).units)).toHaveLength(5);
      expect(Object.keys(((await loader.load('m2')).state as { units: object }).units)).toHaveLength(5);
    });
  });

  describe('states no longer in memory', () => {
    it('C-5 a judge backs the match up to an earlier turn: the state is rebuilt from a snapshot, here and cold', async () => {
      const snapshots = new InMemorySnapshotStore();
      const writer = commandPath(store, { snapshotEveryEvents: 10 }, snapshots);
      await writer.commands.execute(create());
      await writer.commands.execute(register('u1', 'u1'));
      await writer.commands.execute(register('u2', 'u2', 'B'));
      await playTurns(writer.commands, 30);
      const judge: Principal = { keyId: 'j', role: 'judge' };
      const backup = await writer.commands.execute({
        matchId: 'm1',
        commandId: 'backup',
        principal: judge,
        command: { type: 'OrderBackup', toRevision: 7, reason: 'a wrong report' },
      });
      // then the state is the state after event 7: turn 5 (events 4, 5, 6, 7 ended four turns)
      expect((backup.state as { turn: number }).turn).toBe(5);
      const fromScratch = await commandPath(store, {}, new InMemorySnapshotStore()).loader.load('m1');
      const cold = await commandPath(store, { snapshotEveryEvents: 10 }, snapshots).loader.load('m1');
      expect(fromScratch.state).toEqual(backup.state);
      expect(cold.state).toEqual(backup.state);
      expect(cold.meta).toEqual(fromScratch.meta);
      // and play goes on from there
      const next = await writer.commands.execute(endTurn('after-backup', playerA));
      expect((next.state as { turn: number }).turn).toBe(6);
    });

    it('C-5 state?at= of an old event is rebuilt from the nearest snapshot', async () => {
      const snapshots = new InMemorySnapshotStore();
      const path = commandPath(store, { snapshotEveryEvents: 10 }, snapshots);
      await path.commands.execute(create());
      await path.commands.execute(register('u1', 'u1'));
      await playTurns(path.commands, 40);
      const fromScratch = commandPath(store, {}, new InMemorySnapshotStore());
      await fromScratch.loader.load('m1');
      for (const at of [1, 2, 9, 10, 11, 25]) {
        expect(await path.loader.stateAt('m1', at)).toEqual(await fromScratch.loader.stateAt('m1', at));
        expect(((await path.loader.stateAt('m1', at)) as { turn: number }).turn).toBe(Math.max(1, at - 1));
      }
    });
  });

  describe('limits', () => {
    it('a match holds at most the configured units, and the refusal names the setting', async () => {
      const { commands } = commandPath(store, { maxUnitsPerMatch: 2 });
      await commands.execute(create());
      await commands.execute(register('u1', 'u1'));
      await commands.execute(register('u2', 'u2', 'B'));
      await expect(commands.execute(register('u3', 'u3'))).rejects.toMatchObject({
        message: expect.stringContaining('UMPIRE_MAX_UNITS_PER_MATCH'),
      });
    });
  });
});
