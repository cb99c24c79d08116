import type { Decider, DomainEvent } from './common/decider.js';
import type { Side } from './common/sides.js';

/**
 * Who is looking. Hidden information (AA-2) is shown to the owning side only: a player of that side.
 * Everyone else (the opponent, spectators, judges, organisers) is a viewer without a side.
 */
export interface Viewer {
  side?: Side;
}

/** A ruleset as the match machinery uses it: pure data and pure functions. */
export interface Ruleset<
  State = unknown,
  Command extends { type: string } = { type: string },
  Event extends DomainEvent = DomainEvent,
  Parameters = unknown,
> {
  id: string;
  version: string;
  defaultParameters: Parameters;
  /** Every command type this ruleset decides; anything else is refused before it reaches the rules. */
  commandTypes: readonly Command['type'][];
  decider: Decider<State, Command, Event>;
  /**
   * The side that must issue this command (a player may act only for its own side), or undefined
   * when either side may (e.g. creating the match) .
   */
  actingSide(state: State, command: Command): Side | undefined;
  /** The state as this viewer may see it (JSON-serialisable). */
  viewState(state: State, viewer: Viewer): unknown;
  /** The event as this viewer may see it: hidden parts replaced, never merely omitted by accident. */
  viewEvent(event: Event, viewer: Viewer): Event;
}
