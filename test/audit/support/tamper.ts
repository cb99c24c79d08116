import type { ExportedEvent } from '../../../src/audit/export-format.js';
import { eventHash, GENESIS_HASH } from '../../../src/event-store/hash-chain.js';

/**
 * Ways to forge a match log, for the verifier to catch. Each returns a new list; the input is never
 * touched. `rechain` recomputes every prevHash and hash from the first event, as a forger who knows the
 * published recipe would, so that the chain alone no longer shows the change.
 */
export function copy(events: readonly ExportedEvent[]): ExportedEvent[] {
  return JSON.parse(JSON.stringify(events)) as ExportedEvent[];
}

export function rechain(events: readonly ExportedEvent[]): ExportedEvent[] {
  let prevHash = GENESIS_HASH;
  return copy(events).map((event) => {
    const { hash: _old, ...rest } = event.metadata;
    const metadata = { ...rest, prevHash };
    const hash = eventHash({ type: event.type, data: event.data, metadata });
    prevHash = hash;
    return { type: event.type, data: event.data, metadata: { ...metadata, hash } };
  });
}

/** Edits the data (or anything) of the event at `revision`. */
export function edit(
  events: readonly ExportedEvent[],
  revision: number,
  change: (event: ExportedEvent & { data: any }) => void, // eslint-disable-line @typescript-eslint/no-explicit-any -- a forger edits any field
  options: { rechain?: boolean } = {},
): ExportedEvent[] {
  const forged = copy(events);
  const event = forged.find((e) => e.metadata.revision === revision);
  if (!event) throw new Error(`no event ${revision} to edit`);
  change(event);
  return options.rechain ? rechain(forged) : forged;
}

export function remove(events: readonly ExportedEvent[], revision: number): ExportedEvent[] {
  return copy(events).filter((e) => e.metadata.revision !== revision);
}

/** The events at two revisions trade places in the log (each keeps its own envelope). */
export function swap(events: readonly ExportedEvent[], a: number, b: number): ExportedEvent[] {
  const forged = copy(events);
  const i = forged.findIndex((e) => e.metadata.revision === a);
  const j = forged.findIndex((e) => e.metadata.revision === b);
  [forged[i], forged[j]] = [forged[j]!, forged[i]!];
  return forged;
}

/** An export's text; with `closing`, the signed checkpoint the service ends every export with. */
export function toNdjsonText(events: readonly ExportedEvent[], closing?: object): string {
  return (
    events.map((event) => JSON.stringify(event) + '\n').join('') +
    (closing ? JSON.stringify(closing) + '\n' : '')
  );
}

/**
 * A forger who renames the unit an event registers and covers the tracks: the recorded command says
 * the same, and every hash after it is recomputed. Only a checkpoint kept elsewhere can tell.
 */
export function renameConsistently(
  events: readonly ExportedEvent[],
  revision: number,
  name: string,
): ExportedEvent[] {
  return edit(
    events,
    revision,
    (e) => {
      e.data.name = name;
      if (e.metadata.command) e.metadata.command.name = name;
    },
    { rechain: true },
  );
}

/**
 * Every event's envelope, and MatchCreated's data, name other rules (another version, a wrong hash),
 * the chain recomputed as a forger (or a newer service) would: only the rules named are what is off.
 */
export function renameRules(
  events: readonly ExportedEvent[],
  change: (ruleset: { id: string; version: string; hash: string }) => void,
): ExportedEvent[] {
  const forged = copy(events);
  for (const event of forged) {
    if (event.metadata.ruleset) change(event.metadata.ruleset);
    if (event.type === 'MatchCreated') change((event.data as { ruleset: never }).ruleset);
  }
  return rechain(forged);
}
