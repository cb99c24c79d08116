/**
 * Where each command's events lie in an ESDB stream, so that idempotency by commandId does not read
 * the whole stream on every command (ESDB has no index on metadata; DESIGN.md: cost does not grow
 * with history). For each stream it holds the revision it has read up to and, for each commandId,
 * the revisions its events lie at (a command's events are appended together, so they are one run): a
 * lookup reads only the events appended since the last one, then the command's own events.
 *
 * Memory follows the number of commands of the streams held, not their events' size; the least
 * recently used streams are dropped past `maxStreams` and rebuilt from their start when next asked.
 */
export interface CommandSpan {
  commandId: string;
  /** The revisions its events lie at, as [from, to] runs (one run, unless the id was used again later). */
  runs: [from: number, to: number][];
}

/** The part of a commandId a lookup names it by: up to its first '#' (the fingerprint's separator). */
function sentPart(commandId: string): string | undefined {
  const at = commandId.indexOf('#');
  return at < 0 ? undefined : commandId.slice(0, at + 1);
}

export class StreamCommands {
  /** The last revision read into the index (0: none yet). */
  revision = 0;
  /** Every command, in the order of its first event. */
  private readonly spans: CommandSpan[] = [];
  private readonly byId = new Map<string, CommandSpan>();
  /** The first command for each sent part, the lookup the command handler makes. */
  private readonly bySent = new Map<string, CommandSpan>();

  /**
   * Takes the stream's next event. Events already taken (a lookup that raced another) are skipped;
   * false when the revision is past the next one (the stream is not what was read before): the
   * caller then rebuilds the index from the stream's start.
   */
  add(revision: number, commandId: string): boolean {
    if (revision <= this.revision) return true;
    if (revision !== this.revision + 1) return false;
    this.revision = revision;
    const known = this.byId.get(commandId);
    if (known) {
      const last = known.runs[known.runs.length - 1]!;
      if (last[1] === revision - 1) last[1] = revision;
      else known.runs.push([revision, revision]);
      return true;
    }
    const span: CommandSpan = { commandId, runs: [[revision, revision]] };
    this.spans.push(span);
    this.byId.set(commandId, span);
    const sent = sentPart(commandId);
    if (sent !== undefined && !this.bySent.has(sent)) this.bySent.set(sent, span);
    return true;
  }

  /** The command recorded with exactly this commandId. */
  command(commandId: string): CommandSpan | undefined {
    return this.byId.get(commandId);
  }

  /** The first command whose commandId starts with `prefix` (EventStore.findCommand's meaning). */
  first(prefix: string): CommandSpan | undefined {
    // A prefix that is exactly a sent part (one '#', at its end) is a map lookup; any other is looked
    // for in order, in memory.
    if (prefix.indexOf('#') === prefix.length - 1) return this.bySent.get(prefix);
    return this.spans.find((span) => span.commandId.startsWith(prefix));
  }
}

export class CommandIndex {
  private readonly streams = new Map<string, StreamCommands>();

  constructor(private readonly maxStreams = 1000) {}

  /** The stream's index, most recently used from now on; a fresh one when it was not held. */
  of(stream: string): StreamCommands {
    let held = this.streams.get(stream);
    if (held) {
      this.streams.delete(stream);
    } else {
      held = new StreamCommands();
    }
    this.streams.set(stream, held);
    if (this.streams.size > this.maxStreams) {
      const oldest = this.streams.keys().next().value;
      if (oldest !== undefined) this.streams.delete(oldest);
    }
    return held;
  }

  /** Forgets a stream whose index no longer matches it (rebuilt from its start when next asked). */
  forget(stream: string): void {
    this.streams.delete(stream);
  }
}
