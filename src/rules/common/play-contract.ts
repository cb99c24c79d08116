import type { AwaitedCombat } from './roster.js';
import type { Side } from './sides.js';

/*
 * The play contract's command templates: the one shape in which a match tells a client what a side must
 * do now (`awaiting`) and what it may do (`available`). A client that knows no ruleset builds every
 * command from a template alone: it copies `body`, sets each choice's `path` to one of its allowed values,
 * adds the table dice a template asks for and a fresh `commandId`, and posts the result to `route`.
 */

/**
 * One value a player may pick for a choice, with the words a page shows for it. A value may be a small
 * object of named texts where a ruleset's command takes one (an orders card as { rank, suit }).
 */
export interface ChoiceOption {
  value: string | number | boolean | Readonly<Record<string, string>>;
  label: string;
}

/** Shared by every kind of choice. */
interface ChoiceBase {
  /** Where the chosen value goes in the body: a field name, dotted for a nested one (`card.rank`). */
  path: string;
  /** The question or field name as a page shows it ("Which enemy unit does it charge?"). */
  label: string;
  /** A choice the player may leave out: the field is then absent from the body. */
  optional?: boolean;
  /** Asked only when another choice has been given this value; otherwise the body keeps its default. */
  when?: { path: string; value: string | number | boolean };
}

/**
 * A field the player still chooses, with its allowed values: a unit, an aspect, a slope, an intent, a card,
 * a special action (`one-of`); a fact of the table such as "could it move back?" (`yes-no`); a number in a
 * range (a shooting penalty, a range in inches); or words (a claim, a reason, a figure's position).
 */
export type TemplateChoice =
  | (ChoiceBase & { kind: 'one-of'; options: ChoiceOption[] })
  | (ChoiceBase & { kind: 'yes-no' })
  | (ChoiceBase & { kind: 'integer'; min: number; max: number })
  | (ChoiceBase & {
      /** Words of one character or more, up to maxLength. */
      kind: 'text';
      maxLength: number;
      /** When the words must have a form (a rule id like `HH-7`): a regular expression they match whole. */
      pattern?: string;
    });

/**
 * The dice a step rolls (C-1). With `source: 'table'` the player enters exactly `count` faces of `sides`
 * into the body at `path`; with `source: 'server'` the service rolls them and the body carries none.
 */
export interface DiceNeeded {
  source: 'table' | 'server';
  count: number;
  sides: 6;
  /** What they are rolled for, in words ("impact roll", "morale test"). */
  purpose: string;
  /** The rule that rolls them. */
  ruleId: string;
  /** Table dice only: the body field the faces go in. */
  path?: string;
  /** How the faces are read: `each` on its own (AA-11: a hit on 4+); left out, they are added up (2D6). */
  read?: 'each';
}

/** A command template as a ruleset (or the match-level rules) states it, before the service adds its route. */
export interface TemplateDraft {
  /** A short stable name of what the action is ("charge", "end-turn", "undo-request"). */
  action: string;
  /** What the side does, in words ("Charge with the Impi", "End the turn"). */
  label: string;
  /** The command type it sends. */
  command: string;
  /** The side that sends it; absent for a judge's or an organiser's action (`role` says whose). */
  side?: Side;
  /** Who sends it when no side does: a judge key (a backup, a ruling) or a judge or organiser key (the end). */
  role?: 'judge' | 'organiser';
  /** The body with every field the service already knows filled in (no commandId: the client adds it). */
  body: Record<string, unknown>;
  /**
   * The body's fields that hold a new id the service picked (a unit's, a charge's): fresh for the state
   * now, and any other id not yet used does as well. A client that makes two such commands before the
   * first is answered (queued offline) gives the second another id, or the second is refused (C-6).
   */
  freshIds?: string[];
  /** The fields the player still chooses. */
  choices: TemplateChoice[];
  /** The dice it rolls, if any. */
  dice?: DiceNeeded;
  /** The rule that asks for it or allows it. */
  ruleId: string;
  unitId?: string;
  combat?: AwaitedCombat;
  /**
   * The route segment, when it is not the ruleset's route of `command`: a command whose route names what
   * it answers (`undo-requests/u1/answer`, `disputes/d1/ruling`).
   */
  routeSegment?: string;
}

/** A complete command template: a draft with the route it is posted to. */
export interface CommandTemplate extends TemplateDraft {
  method: 'POST';
  /** The route to post the finished body to (`/matches/{id}/impact-rolls`). */
  route: string;
}

/**
 * The first id `${prefix}${n}` (n counting up from `from`) that `taken` does not hold: a template fills in a
 * fresh id (a unit's, a charge's) so that posting it as given is accepted.
 */
export function freshId(taken: (id: string) => boolean, prefix: string, from: number): string {
  let n = from;
  while (taken(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}
