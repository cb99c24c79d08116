import type { EventShape, EventStore, ReadStreamOptions, RecordedEvent } from './event-store.port.js';

/**
 * The event types a stream may hold, as a value: the union's type names, which is all a read can check
 * without knowing each event's fields. The one place a row read from the store becomes a member of a
 * union is `isEventOf` below; everything else narrows from there by `type`, with no cast.
 */
export interface EventCatalog<E extends EventShape> {
  /** Who writes these events (a ruleset, the match-level rules, the tournament), for messages. */
  readonly name: string;
  readonly types: ReadonlySet<string>;
  /** Never set: keeps E in the type, so a catalog of one union is not taken for another's. */
  readonly _event?: E;
}

/**
 * A catalog from an object with one key for each type of the union: a type added to the union and
 * not here, or named here and not in the union, does not compile.
 */
export function catalogOfAll<E extends EventShape>(
  name: string,
  types: { readonly [T in E['type']]: true },
): EventCatalog<E> {
  return { name, types: new Set(Object.keys(types)) };
}

/**
 * The checked step: an event whose type the catalog names is that union's member of that type. The
 * type is checked here; the data is trusted as the union describes it, because the store holds only
 * what a decider produced for that type, and the hash chain proves it unchanged (C-3).
 */
export function isEventOf<E extends EventShape, R extends EventShape>(
  catalog: EventCatalog<E>,
  event: R,
): event is R & E {
  return catalog.types.has(event.type);
}

/** A stream held an event its catalog does not know: a store written by other code, or damaged. */
export class UnknownEventTypeError extends Error {
  constructor(
    readonly stream: string,
    readonly revision: number,
    readonly type: string,
    catalog: string,
  ) {
    super(`${stream} event ${revision} has type ${type}, which is none of ${catalog}'s events`);
    this.name = 'UnknownEventTypeError';
  }
}

/** Every event typed by the catalog, or an UnknownEventTypeError naming the first it does not know. */
export function typedEvents<E extends EventShape>(
  catalog: EventCatalog<E>,
  events: readonly RecordedEvent[],
): RecordedEvent<E>[] {
  const typed: RecordedEvent<E>[] = [];
  for (const event of events) {
    if (!isEventOf(catalog, event)) {
      throw new UnknownEventTypeError(
        event.metadata.stream,
        event.metadata.revision,
        event.type,
        catalog.name,
      );
    }
    typed.push(event);
  }
  return typed;
}

/** readStream, typed by the stream's catalog (see typedEvents). */
export async function readTypedStream<E extends EventShape>(
  store: Pick<EventStore, 'readStream'>,
  stream: string,
  catalog: EventCatalog<E>,
  options?: ReadStreamOptions,
): Promise<RecordedEvent<E>[]> {
  return typedEvents(catalog, await store.readStream(stream, options));
}

/**
 * The event, as its union's member of this type when it is one: narrows a typed read (R is a
 * RecordedEvent of some union) by `type`.
 */
export function hasType<R extends EventShape, T extends R['type']>(
  event: R,
  type: T,
): event is Extract<R, { type: T }> {
  return event.type === type;
}

/**
 * The event, which the stream's rules guarantee to be of this type (a tournament's first event is its
 * TournamentCreated): checked all the same, so that a store written by other code fails loudly here.
 */
export function expectType<R extends RecordedEvent, T extends R['type']>(
  event: R | undefined,
  type: T,
): Extract<R, { type: T }> {
  if (event && hasType(event, type)) return event;
  throw new Error(
    `expected a ${type} event, found ${event ? `${event.type} (event ${event.metadata.revision})` : 'none'}`,
  );
}
