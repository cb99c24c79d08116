import type { EventStore, RecordedEvent } from '../src/event-store/event-store.port.js';
import { InMemoryEventStore } from '../src/event-store/memory/in-memory-event-store.js';
import {
  everyAtomicAfricaStep,
  everyHandToHandStep,
  everyMatchLevelStep,
} from '../test/projections/support/scenarios.js';
import { createTournament, schedule, Table } from '../test/projections/support/table.js';

/**
 * A backlog of decided events: one tournament played through the rulesets' own deciders (every event
 * type of both rulesets, undo, disputes, ends; the projection tests' scenarios), copied under fresh
 * ids until the store holds `count` events. Appended straight into the store, batch by batch as the
 * service appended them, so the hash chains are the store's own.
 */
export async function fillBacklog(store: EventStore, count: number): Promise<number> {
  const template = await playedTournament();
  let appended = 0;
  for (let copy = 0; appended < count; copy++) {
    for (const batch of batches(template)) {
      const rename = (text: string) => text.replaceAll('tpl-', `c${copy}-`);
      const first = batch[0]!;
      await store.append(
        rename(first.metadata.stream),
        batch.map((e) => ({ type: e.type, data: JSON.parse(rename(JSON.stringify(e.data))) as unknown })),
        {
          expectedRevision: 'any',
          commandId: `${copy}-${first.metadata.commandId}`,
          actor: first.metadata.actor,
          ruleset: first.metadata.ruleset,
          at: first.metadata.at,
        },
      );
      appended += batch.length;
      if (appended >= count) break;
    }
  }
  return appended;
}

/** Three scheduled matches (a full hand-to-hand one with undo and a dispute, a draw, one in play) and an atomic-africa match. */
async function playedTournament(): Promise<RecordedEvent[]> {
  const store = new InMemoryEventStore();
  await createTournament(store, 'tpl-cup', { win: 3, draw: 1, loss: 0 });
  const hh = await everyHandToHandStep(store, 'tpl-m1');
  await schedule(store, 'tpl-cup', 'tpl-m1', 1, 1, { A: 'Alice', B: 'Bob' });
  await everyMatchLevelStep(hh);
  const m2 = await Table.create(store, 'tpl-m2', 'hand-to-hand', { A: 'Carol', B: 'Dan' });
  await schedule(store, 'tpl-cup', 'tpl-m2', 1, 2);
  await m2.record({ type: 'MatchEnded', data: { result: { winner: null, note: 'time' }, serverSeed: null } });
  const m3 = await Table.create(store, 'tpl-m3', 'hand-to-hand', { A: 'Alice', B: 'Carol' });
  await schedule(store, 'tpl-cup', 'tpl-m3', 2, 1);
  await m3.play({ type: 'RegisterUnit', unitId: 'u', name: 'U', side: 'A', morale: 7, move: 6 });
  await m3.as('A', { type: 'EndTurn' });
  await everyAtomicAfricaStep(store, 'tpl-aa');
  return store.readAll();
}

/** The events as they were appended together (same stream, same command). */
function batches(events: RecordedEvent[]): RecordedEvent[][] {
  const out: RecordedEvent[][] = [];
  for (const event of events) {
    const last = out[out.length - 1]?.[0];
    if (
      last &&
      last.metadata.stream === event.metadata.stream &&
      last.metadata.commandId === event.metadata.commandId
    ) {
      out[out.length - 1]!.push(event);
    } else out.push([event]);
  }
  return out;
}
