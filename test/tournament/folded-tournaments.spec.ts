import { InMemoryEventStore } from '../../src/event-store/memory/in-memory-event-store.js';
import type { EventStore } from '../../src/event-store/event-store.port.js';
import { fold } from '../../src/rules/common/decider.js';
import {
  tournamentDecider,
  type TournamentEvent,
  tournamentStream,
} from '../../src/rules/tournament/index.js';
import { FoldedTournaments } from '../../src/tournament/folded-tournaments.js';

/**
 * Tournaments kept folded (src/tournament/folded-tournaments.ts): each read answers the stream as it
 * stands now, the same as folding the whole stream, while reading only the events appended since the
 * kept revision; the state and events handed out are never changed by a later read, and a read
 * with nothing new hands out the kept fold itself.
 */
const actor = { role: 'organiser' as const, keyId: 'k' };
const created: TournamentEvent = {
  type: 'TournamentCreated',
  data: { tournamentId: 'cup', name: 'Cup', scoring: { win: 3, draw: 1, loss: 0 } },
};
const registered = (n: number): TournamentEvent => ({
  type: 'ParticipantRegistered',
  data: { participantId: `p${n}`, name: `Player ${n}` },
});

async function append(store: EventStore, events: TournamentEvent[], commandId: string): Promise<void> {
  const head = (await store.readStream(tournamentStream('cup'))).length;
  await store.append(tournamentStream('cup'), events, {
    expectedRevision: head === 0 ? 'no_stream' : head,
    commandId,
    actor,
  });
}

/** The store, counting the events each read hands back. */
function counting(store: EventStore): { store: EventStore; read: () => number } {
  let read = 0;
  const counted = Object.create(store) as EventStore;
  counted.readStream = async (stream, options) => {
    const events = await store.readStream(stream, options);
    read += events.length;
    return events;
  };
  return { store: counted, read: () => read };
}

describe('tournaments kept folded', () => {
  it('answers the stream as it stands, appends made elsewhere included, reading only what is new', async () => {
    const shared = new InMemoryEventStore();
    const { store, read } = counting(shared);
    const folded = new FoldedTournaments(store);
    expect(await folded.current('cup')).toBeUndefined();

    await append(shared, [created, registered(1)], 'c1');
    const first = await folded.current('cup');
    expect(first?.revision).toBe(2);
    expect(read()).toBe(2);

    // Another instance appends; the next read sees it and reads only it.
    await append(shared, [registered(2), registered(3)], 'c2');
    const second = (await folded.current('cup'))!;
    expect(read()).toBe(4);
    expect(second.revision).toBe(4);
    const whole = fold(
      tournamentDecider,
      (await shared.readStream(tournamentStream('cup'))) as unknown as TournamentEvent[],
    );
    expect(second.state).toEqual(whole);
    expect(second.events.map((e) => e.metadata.revision)).toEqual([1, 2, 3, 4]);

    // What was handed out before stays as it was.
    expect(first!.events).toHaveLength(2);
    expect(first!.state.created && first!.state.participants).toHaveLength(1);

    // Nothing new: nothing read, and the very fold kept (no copy of the day's events per read).
    const third = (await folded.current('cup'))!;
    expect(third.revision).toBe(4);
    expect(read()).toBe(4);
    expect(third.events).toBe(second.events);
  });
});
