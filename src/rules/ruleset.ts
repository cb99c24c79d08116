import type { RuleTexts } from './common/rule-text.js';
import type { CommandDeclaration } from './common/command-declaration.js';
import type { Decider, DomainEvent } from './common/decider.js';
import type { Escrow, PrepareServices } from './common/escrow.js';
import type { TemplateDraft } from './common/play-contract.js';
import type { RulesetSchemas } from './common/json-schema.js';
import type { AwaitedInput, MatchProgress, RosterRow } from './common/roster.js';
import type { Side } from './common/sides.js';
import type { FieldPath, LogContext, LogLine } from './common/turn-log.js';
import type { UnitDescriber } from './common/unit-words.js';

/**
 * Who is looking. Hidden information (AA-2) is shown to the owning side only: a player of that side.
 * Everyone else (the opponent, spectators, judges, organisers) is a viewer without a side.
 */
export interface Viewer {
  side?: Side;
  /**
   * The key's role, for what it may do (a judge's actions in the play contract); what it may see is
   * decided by `side` alone.
   */
  role?: 'player' | 'judge' | 'organiser' | 'spectator';
}

/** A command as it reaches preparation and decide(): a type, and fields still to be checked. */
export type RulesetCommand = { type: string } & Record<string, unknown>;

/**
 * A ruleset: the one plug-in the match machinery knows. Pure data and pure functions; the only things
 * it is handed from outside are dice (decide) and crypto (prepare, views of escrowed cards).
 */
export interface Ruleset<
  State = unknown,
  Command extends { type: string } = { type: string },
  Event extends DomainEvent = DomainEvent,
  Parameters = unknown,
> {
  id: string;
  /** A match keeps the version it was created under for life (recorded in every event's metadata). */
  version: string;
  defaultParameters: Parameters;
  /** Every command type this ruleset decides; anything else is refused before it reaches the rules. */
  commandTypes: readonly Command['type'][];
  /**
   * The commands this ruleset takes over HTTP, each with its route segment, who may send it, its body's
   * schema and its documentation: the API serves, validates and documents them from this alone.
   * CreateMatch and EndTurn are the match's (POST /matches, POST /matches/{id}/end-turn), not here.
   */
  commands: readonly CommandDeclaration[];
  /**
   * The route segment of each command sent to a match: POST /matches/{id}/{segment}. The awaited steps,
   * the routes and the command names line up through this one table (CreateMatch is POST /matches),
   * made from `commands` (routesOf) and end-turn.
   */
  routes: Readonly<Partial<Record<Command['type'], string>>>;
  /** The texts of the rules this ruleset cites (its own ids), in players' words: GET /rulesets/…/rules. */
  ruleTexts?: RuleTexts;
  /**
   * A whole GET /matches/{id} answer of a match of this ruleset (its current version), as one viewer
   * reads it, for the API document. Optional: the document then shows the example ruleset's alone.
   */
  playContractExample?: { summary: string; answer: Readonly<Record<string, unknown>> };
  /** Every event type this ruleset records (match-level events are not among them). */
  eventTypes: readonly Event['type'][];
  decider: Decider<State, Command, Event>;
  /**
   * The side that must issue this command (a player may act only for its own side), or undefined
   * when either side may (e.g. creating the match). A unit is registered by the player of its side.
   */
  actingSide(state: State, command: Command): Side | undefined;
  /**
   * The command as decide() is to see it: a ruleset that keeps secrets for a side (AA-2) seals and
   * opens them here, with the crypto the service supplies. Most return the command as it is.
   */
  prepare(state: State, command: RulesetCommand, services: PrepareServices): RulesetCommand;
  /**
   * The state as this viewer may see it (JSON-serialisable). With the match's escrow, a side also
   * sees what the service holds sealed for it alone.
   */
  viewState(state: State, viewer: Viewer, escrow?: Escrow): unknown;
  /** The event as this viewer may see it: hidden parts replaced, never merely omitted by accident. */
  viewEvent(event: Event, viewer: Viewer, escrow?: Escrow): Event;
  /** The turn-log sentence of an event, as handed over (already viewed for whoever reads it). */
  describe(event: Event, context: LogContext): LogLine;
  /** The turn-log context after an event: names of sides and units, the turn and whose it is. */
  logContextAfter(context: LogContext, event: Event): LogContext;
  /** The rule a value at `path` of this event (['data', 'roll'], say) stands on. */
  ruleIdOf(event: Event, path?: FieldPath): string;
  /** The units of the match as the roster shows them: public facts only. */
  roster(state: State): RosterRow[];
  /**
   * A roster row's unit in a player's words ("base morale 8", "disordered"), the other units' names at
   * hand: the pages show these as given, so only the ruleset names its facts. Absent: each fact is said
   * from its name and the shape of its value (common/unit-words.ts genericUnitWords).
   */
  unitWords?: UnitDescriber;
  /** What the match waits for now, and from whom (empty: the side to play may do anything). */
  awaiting(state: State): AwaitedInput[];
  /**
   * The play contract: each step of awaiting(), in the same order, as a command template for this viewer
   * (common/play-contract.ts). A template shown to anyone but the owning side names no card it holds (AA-2).
   */
  awaitedTemplates?(state: State, viewer: Viewer, escrow?: Escrow): TemplateDraft[];
  /**
   * The play contract: what each side may do now beside what it must (declare a charge with its legal
   * attackers and targets, seal an order, end the turn …), as command templates for this viewer.
   */
  available?(state: State, viewer: Viewer, escrow?: Escrow): TemplateDraft[];
  /** The turn, the side to play and the phase, whatever the ruleset. */
  progress(state: State): MatchProgress;
  /**
   * AA-2, for the verifier: a reveal checked against its seal, on the state before it. Undefined for an
   * event that is no reveal; otherwise null when it matches, or what is wrong (never naming a card
   * still sealed). Absent for a ruleset that seals nothing.
   */
  checkReveal?(state: State, event: Event): string | null | undefined;
  /**
   * compatibility: the command behind a group of this ruleset's events, for a log recorded before the
   * commands were (the group's first event holds every field of it); undefined when it begins none.
   * Absent for a ruleset whose every log records its commands.
   */
  legacyCommandFrom?(events: readonly DomainEvent[]): RulesetCommand | undefined;
  /**
   * The JSON Schemas of each event type's data (as viewEvent hands it over) and of the state view,
   * every version's shapes: the API documents the ruleset's events and state from them alone.
   */
  schemas: RulesetSchemas<Event['type']>;
}
